package io.pilotbench.core.compare;

import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.SampleStats;
import java.util.Optional;

/**
 * One side of a comparison: a workload's (or a stored sample's) analysed metric, reduced to what the tests need: the
 * mean, its standard error and the degrees of freedom behind it (paper §III-F: the tests need independent samples,
 * so the standard error is that of the autocorrelation-aware analysis, not of the raw samples).
 *
 * @param name            the workload's name
 * @param pi              the PI compared
 * @param unitReadings    whether the PI's unit readings (rather than its readings) are compared
 * @param n               samples analysed (after warm-up removal)
 * @param mean            their mean; NaN without data
 * @param ci              the CI of the mean, or null while there is none
 * @param error           what the CI rests on (standard error, degrees of freedom, block size), or null
 * @param targetWidth     the CI full width the session's target asks for; NaN for a stored sample
 * @param targetMet       whether the CI meets its width target on enough samples
 * @param rounds          rounds analysed (the samples of a stored file count as rounds of one sample)
 * @param samplesPerRound samples one round adds, on average (1 for readings)
 * @param live            whether more rounds can be run (false for a stored baseline or a file)
 * @param source          where the data are (a session directory, a file), or null
 * @param cycles          for a workload run in interleaved cycles: its reading in each cycle, indexed by cycle (NaN
 *                        where it did not run, failed, or was in its warm-up), so that contenders of one comparison
 *                        can be paired cycle by cycle ({@link PairedCycles}); null otherwise
 */
public record Contender(
        String name,
        PerformanceIndex pi,
        boolean unitReadings,
        int n,
        double mean,
        ConfidenceInterval ci,
        MeanError error,
        double targetWidth,
        boolean targetMet,
        int rounds,
        double samplesPerRound,
        boolean live,
        String source,
        double[] cycles) {

    /**
     * The compared metric of a session: the named PI (the first when {@code piName} is null), its unit readings when
     * they must meet a target and there are any, its readings otherwise.
     *
     * @throws IllegalArgumentException when the session has no PI of that name
     */
    public static Contender of(String name, SessionResult result, String piName, boolean live) {
        PiResult p = piName == null ? result.pis().get(0) : result.pi(piName);
        boolean ur = p.unitReadings().n() > 0 && (p.pi().unitReadingsMustSatisfy() || !p.pi().readingsMustSatisfy());
        MetricResult m = ur ? p.unitReadings() : p.readings();
        int rounds = result.analysedRounds();
        boolean ok = m.status() == MetricResult.Status.OK;
        return new Contender(
                name,
                p.pi(),
                ur,
                m.n(),
                m.mean(),
                ok ? m.ci() : null,
                ok ? m.error() : null,
                m.targetWidth(),
                m.targetMet(),
                rounds,
                rounds == 0 ? 1 : Math.max(1, (double) m.n() / rounds),
                live,
                result.directory() == null ? null : result.directory().toString(),
                null);
    }

    /** A stored sample analysed by {@code pilot analyze}'s analyser. */
    public static Contender of(String name, PerformanceIndex pi, SeriesAnalysis a) {
        return new Contender(
                name,
                pi,
                false,
                a.n(),
                a.mean(),
                a.ci(),
                a.error(),
                Double.NaN,
                a.targetMet(),
                a.n(),
                1,
                false,
                a.source(),
                null);
    }

    /** The block size the CI rests on (subsessions or batches); 0 without a CI. */
    public int subsessionSize() {
        return error == null ? 0 : error.blockSize();
    }

    /** The squared standard error of the mean; NaN without a CI. */
    public double squaredStandardError() {
        return error == null ? Double.NaN : error.standardError() * error.standardError();
    }

    /**
     * The sample a two-sample t-test sees: an equivalent of n_e = df + 1 independent samples (rounded) whose variance
     * makes variance/n_e the squared standard error — so that Welch's test gets the right standard error and about
     * the right degrees of freedom (the original's subsessions give exactly (subsession variance, h)). Empty while
     * there is no CI.
     */
    public Optional<SampleStats> stats() {
        if (ci == null
                || error == null
                || !Double.isFinite(mean)
                || !(error.standardError() >= 0)
                || !(error.degreesOfFreedom() >= 1)) {
            return Optional.empty();
        }
        long ne = Math.max(2, Math.round(error.degreesOfFreedom() + 1));
        return Optional.of(new SampleStats(mean, squaredStandardError() * ne, ne));
    }

    /** Whether a CI exists (the first condition of the stop rule). */
    public boolean valid() {
        return stats().isPresent();
    }

    /** This contender with another name (the same data). */
    public Contender named(String value) {
        return new Contender(
                value,
                pi,
                unitReadings,
                n,
                mean,
                ci,
                error,
                targetWidth,
                targetMet,
                rounds,
                samplesPerRound,
                live,
                source,
                cycles);
    }

    /** This contender with its readings by cycle (see the record's {@code cycles}). */
    public Contender withCycles(double[] values) {
        return new Contender(
                name,
                pi,
                unitReadings,
                n,
                mean,
                ci,
                error,
                targetWidth,
                targetMet,
                rounds,
                samplesPerRound,
                live,
                source,
                values == null ? null : values.clone());
    }
}
