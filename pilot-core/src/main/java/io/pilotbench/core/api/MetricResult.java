package io.pilotbench.core.api;

import io.pilotbench.stats.ConfidenceInterval;

/**
 * The analysis of one sample: a PI's readings or unit readings, after (or before) warm-up removal.
 *
 * @param status                    whether a CI could be built, and if not, why
 * @param n                         samples analysed
 * @param removed                   samples left out as warm-up or cool-down
 * @param mean                      the mean (harmonic for ratio PIs, the proportion for binary ones); NaN without data
 * @param variance                  sample variance (n − 1 divisor); NaN for n &lt; 2
 * @param autocorrelation           lag-1 autocorrelation of the samples; NaN for n &lt; 3
 * @param subsessionSize            q, the smallest block size whose means are uncorrelated; 0 when none
 * @param subsessionVariance        variance of the q-block means; NaN when q = 0
 * @param subsessionAutocorrelation lag-1 autocorrelation of the q-block means; NaN when q = 0
 * @param ci                        the confidence interval of the mean, or null
 * @param targetWidth               the CI full width the settings ask for, in the PI's unit
 * @param requiredSamples           the samples the target needs (including the minimum subsession count); −1 when
 *                                  unknown
 * @param targetMet                 whether {@code n ≥ requiredSamples}, i.e. the CI meets the target on enough
 *                                  subsessions
 */
public record MetricResult(Status status, int n, long removed, double mean, double variance, double autocorrelation,
        int subsessionSize, double subsessionVariance, double subsessionAutocorrelation, ConfidenceInterval ci,
        double targetWidth, long requiredSamples, boolean targetMet) {

    /** Why a CI is (not) available. */
    public enum Status {
        /** A CI and a required sample size were computed. */
        OK,
        /** No samples at all. */
        NO_DATA,
        /** Fewer than 3 samples (2 for a proportion). */
        NOT_ENOUGH_DATA,
        /** No subsession size up to n/3 brings the autocorrelation under the limit: more data are needed. */
        TOO_AUTOCORRELATED,
        /** A ratio PI with a value ≤ 0, whose harmonic mean is undefined. */
        INVALID_FOR_KIND
    }

    /** A result without data. */
    public static MetricResult empty(double targetWidth) {
        return new MetricResult(Status.NO_DATA, 0, 0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN,
                null, targetWidth, -1, false);
    }

    /** Samples still needed to meet the target; 0 when met, −1 when unknown. */
    public long moreSamples() {
        if (targetMet) {
            return 0;
        }
        return requiredSamples < 0 ? -1 : Math.max(1, requiredSamples - n);
    }
}
