package io.pilotbench.core.compare;

import io.pilotbench.core.analysis.SeriesAnalysis;
import io.pilotbench.core.api.MetricResult;
import io.pilotbench.core.api.PerformanceIndex;
import io.pilotbench.core.api.PiResult;
import io.pilotbench.core.api.SessionResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.SampleStats;
import java.util.Optional;

/**
 * One side of a comparison: a workload's (or a stored sample's) analysed metric, reduced to what the tests need.
 * The tests run on subsession means (paper §III-D: the t-test assumes independent samples), so {@link #stats()} is
 * (mean, subsession variance, number of subsessions); with subsessions of 1 it is the plain sample.
 *
 * @param name           the workload's name
 * @param pi             the PI compared
 * @param unitReadings   whether the PI's unit readings (rather than its readings) are compared
 * @param n              samples analysed (after warm-up removal)
 * @param mean           their mean; NaN without data
 * @param ci             the CI of the mean, or null while there is none
 * @param subsessionSize q, 0 while there is none
 * @param subsessionVariance the variance of the q-sample means
 * @param targetMet      whether the CI meets its width target on enough subsessions
 * @param rounds         rounds analysed (the samples of a stored file count as rounds of one sample)
 * @param samplesPerRound samples one round adds, on average (1 for readings)
 * @param live           whether more rounds can be run (false for a stored baseline or a file)
 * @param source         where the data are (a session directory, a file), or null
 */
public record Contender(String name, PerformanceIndex pi, boolean unitReadings, int n, double mean,
        ConfidenceInterval ci, int subsessionSize, double subsessionVariance, boolean targetMet, int rounds,
        double samplesPerRound, boolean live, String source) {

    /**
     * The compared metric of a session: the named PI (the first when {@code piName} is null), its unit readings when
     * they must meet a target and there are any, its readings otherwise.
     *
     * @throws IllegalArgumentException when the session has no PI of that name
     */
    public static Contender of(String name, SessionResult result, String piName, boolean live) {
        PiResult p = piName == null ? result.pis().get(0) : result.pi(piName);
        boolean ur = p.unitReadings().n() > 0
                && (p.pi().unitReadingsMustSatisfy() || !p.pi().readingsMustSatisfy());
        MetricResult m = ur ? p.unitReadings() : p.readings();
        int rounds = result.analysedRounds();
        return new Contender(name, p.pi(), ur, m.n(), m.mean(), m.status() == MetricResult.Status.OK ? m.ci() : null,
                m.subsessionSize(), m.subsessionVariance(), m.targetMet(), rounds,
                rounds == 0 ? 1 : Math.max(1, (double) m.n() / rounds), live,
                result.directory() == null ? null : result.directory().toString());
    }

    /** A stored sample analysed by {@code pilot analyze}'s analyser. */
    public static Contender of(String name, PerformanceIndex pi, SeriesAnalysis a) {
        SeriesAnalysis.Subsession s = a.subsession();
        return new Contender(name, pi, false, a.n(), a.mean(), a.ci(), s == null ? 0 : s.size(),
                s == null ? Double.NaN : s.variance(), a.targetMet(), a.n(), 1, false, a.source());
    }

    /** The sample a t-test sees: subsession means; empty while there is no CI or fewer than 2 subsessions. */
    public Optional<SampleStats> stats() {
        if (ci == null || subsessionSize < 1 || n / subsessionSize < 2 || !Double.isFinite(mean)
                || !(subsessionVariance >= 0)) {
            return Optional.empty();
        }
        return Optional.of(new SampleStats(mean, subsessionVariance, n / subsessionSize));
    }

    /** Whether a CI exists (the first condition of the stop rule). */
    public boolean valid() {
        return stats().isPresent();
    }

    /** This contender with another name (the same data). */
    public Contender named(String value) {
        return new Contender(value, pi, unitReadings, n, mean, ci, subsessionSize, subsessionVariance, targetMet,
                rounds, samplesPerRound, live, source);
    }
}
