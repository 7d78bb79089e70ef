package io.pilotbench.core.model;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Spread;

/**
 * The analysis of one sample: a PI's readings or unit readings, after (or before) warm-up removal.
 *
 * @param status          whether a CI could be built, and if not, why
 * @param n               samples analysed
 * @param removed         samples left out as warm-up or cool-down
 * @param mean            the mean (harmonic for ratio PIs, the proportion for binary ones); NaN without data
 * @param variance        sample variance (n − 1 divisor); NaN for n &lt; 2
 * @param autocorrelation lag-1 autocorrelation of the samples; NaN for n &lt; 3
 * @param error           what the CI's uncertainty rests on (block size, standard error, degrees of freedom); null
 *                        without a CI
 * @param ci              the confidence interval of the mean, or null
 * @param targetWidth     the CI full width the settings ask for, in the PI's unit
 * @param requiredSamples the samples the target needs (with every floor of the stop rule); −1 when unknown
 * @param targetMet       whether the CI meets the target on enough samples and degrees of freedom: the stop rule
 * @param spread          the samples' order statistics, outliers and modality, or null when not computed (the
 *                        session engine computes it for readings, where one value is one round)
 */
public record MetricResult(
        Status status,
        int n,
        long removed,
        double mean,
        double variance,
        double autocorrelation,
        MeanError error,
        ConfidenceInterval ci,
        double targetWidth,
        long requiredSamples,
        boolean targetMet,
        Spread spread) {

    /** A result without a spread. */
    public MetricResult(
            Status status,
            int n,
            long removed,
            double mean,
            double variance,
            double autocorrelation,
            MeanError error,
            ConfidenceInterval ci,
            double targetWidth,
            long requiredSamples,
            boolean targetMet) {
        this(
                status,
                n,
                removed,
                mean,
                variance,
                autocorrelation,
                error,
                ci,
                targetWidth,
                requiredSamples,
                targetMet,
                null);
    }

    /** This result with {@code value} as its spread. */
    public MetricResult withSpread(Spread value) {
        return copy(error, ci, requiredSamples, targetMet, value);
    }

    /** This result with the fields that its copy-with methods change replaced, the others (the sample's) kept. */
    private MetricResult copy(
            MeanError newError, ConfidenceInterval newCi, long required, boolean met, Spread newSpread) {
        return new MetricResult(
                status,
                n,
                removed,
                mean,
                variance,
                autocorrelation,
                newError,
                newCi,
                targetWidth,
                required,
                met,
                newSpread);
    }

    /** Why a CI is (not) available. */
    public enum Status {
        /** A CI and a required sample size were computed. */
        OK,
        /** No samples at all. */
        NO_DATA,
        /** Fewer than 3 samples (2 for a proportion). */
        NOT_ENOUGH_DATA,
        /** No subsession size up to n/3 brings the autocorrelation under the limit (pilot method): more data are needed. */
        TOO_AUTOCORRELATED,
        /** A ratio PI with a value ≤ 0, whose harmonic mean is undefined, or a binary PI with a value outside 0..1. */
        INVALID_FOR_KIND
    }

    /** A result without data. */
    public static MetricResult empty(double targetWidth) {
        return new MetricResult(
                Status.NO_DATA, 0, 0, Double.NaN, Double.NaN, Double.NaN, null, null, targetWidth, -1, false);
    }

    /**
     * This result with at least {@code samples} needed before the target can be met (a warm-up seen but not yet cut,
     * say): not met while n is below it.
     */
    public MetricResult needing(long samples) {
        if (samples <= n || status != Status.OK) {
            return this;
        }
        return copy(error, ci, requiredSamples < 0 ? samples : Math.max(requiredSamples, samples), false, spread);
    }

    /**
     * This result with its CI widened to [{@code low}, {@code high}] (never narrowed) for the reason {@code note}: the
     * target stays met only if the wider CI meets it, and otherwise needs at least {@code required} samples.
     */
    public MetricResult widened(double low, double high, String note, long required) {
        if (ci == null || low >= ci.low() && high <= ci.high()) {
            return this;
        }
        double l = Math.min(low, ci.low());
        double h = Math.max(high, ci.high());
        ConfidenceInterval wider = new ConfidenceInterval(ci.confidence(), ci.center(), l, h, h - l);
        boolean met = targetMet && wider.width() <= targetWidth;
        return copy(
                error == null ? null : error.withNote(note),
                wider,
                met ? requiredSamples : Math.max(requiredSamples, required),
                met,
                spread);
    }

    /**
     * This result with the CI [{@code low}, {@code high}] in place of its own, wider or narrower, resting on
     * {@code basis} (the rounds' means of unit readings, say), with the target met as {@code met} says, and otherwise
     * at least {@code required} samples needed (−1: not known, as when more of the same rounds cannot meet it).
     */
    public MetricResult withInterval(double low, double high, MeanError basis, boolean met, long required) {
        if (ci == null) {
            return this;
        }
        ConfidenceInterval other = new ConfidenceInterval(ci.confidence(), ci.center(), low, high, high - low);
        return copy(
                basis,
                other,
                met ? Math.min(Math.max(requiredSamples, 0), n) : required < 0 ? -1 : Math.max(required, n + 1),
                met,
                spread);
    }

    /** Samples still needed to meet the target; 0 when met, −1 when unknown. */
    public long moreSamples() {
        if (targetMet) {
            return 0;
        }
        return requiredSamples < 0 ? -1 : Math.max(1, requiredSamples - n);
    }

    /**
     * Why a CI as narrow as the target does not meet it, in words — the stop rule's floors (MeanAnalyzer): too few
     * samples, degrees of freedom or subsessions, samples taken as independent whose lag-1 autocorrelation is still
     * above the white-noise check's bound, or a level that may still be moving (SteadyLevel) — or null when the CI
     * is wider than the target, missing, or the target met.
     *
     * @param method         the CI method
     * @param minSubsessions the subsessions the original's method needs
     */
    public String shortfall(CiMethod method, long minSubsessions) {
        if (targetMet || ci == null || error == null || !(ci.width() <= targetWidth)) {
            return null;
        }
        if (method == CiMethod.PILOT) {
            return String.format(
                    java.util.Locale.ROOT,
                    "it rests on too little (at least %d subsessions of %d)",
                    minSubsessions,
                    subsessionSize());
        }
        if (n < Defaults.MIN_SAMPLES || error.degreesOfFreedom() < Defaults.MIN_DEGREES_OF_FREEDOM) {
            return "it rests on too little (at least " + Defaults.MIN_SAMPLES + " samples and "
                    + Formats.number(Defaults.MIN_DEGREES_OF_FREEDOM) + " degrees of freedom; it has " + n + " and "
                    + Formats.number(error.degreesOfFreedom()) + ")";
        }
        int k = error.blocks();
        double bound =
                (k < Defaults.WHITE_NOISE_CHECK_BELOW ? Defaults.WHITE_NOISE_R1 : Defaults.WHITE_NOISE_R1_CONFIRM)
                        / Math.sqrt(k);
        if (error.arOrder() == 0 && k < Defaults.WHITE_NOISE_CONFIRM_BELOW && error.blockAutocorrelation() > bound) {
            return "samples taken as independent must show a lag-1 autocorrelation of at most "
                    + Formats.significant(bound, 2) + " at " + k + " blocks, and it is "
                    + Formats.significant(error.blockAutocorrelation(), 2);
        }
        return "the level may still be moving";
    }

    /** The block (subsession or batch) size the CI rests on; 0 without a CI. */
    public int subsessionSize() {
        return error == null ? 0 : error.blockSize();
    }

    /** The variance of the block means; NaN without a CI. */
    public double subsessionVariance() {
        return error == null ? Double.NaN : error.blockVariance();
    }

    /** The lag-1 autocorrelation of the block means; NaN without a CI. */
    public double subsessionAutocorrelation() {
        return error == null ? Double.NaN : error.blockAutocorrelation();
    }
}
