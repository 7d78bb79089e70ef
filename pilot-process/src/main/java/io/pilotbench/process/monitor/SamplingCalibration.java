package io.pilotbench.process.monitor;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.stats.RateSearch;
import io.pilotbench.stats.SampleStats;

/**
 * Chooses how often {@link MonitoredWorkload} samples within a round (Pilot paper §III-B, step 4): the highest rate
 * whose overhead on the workload stays within a limit, found by {@link RateSearch}'s Newton iteration. The overhead at
 * a rate is measured as the paper says, with and without monitoring: {@code pairs} rounds of each, alternating so
 * that drift hits both alike, compared by their mean durations (mean with / mean without − 1). Calibration rounds are
 * not part of the session; they are numbered −1, −2, … so that a command's round directories do not collide with the
 * session's.
 */
public final class SamplingCalibration {
    /** The lowest and highest rates tried, per second. */
    public static final double LOWEST_HZ = 1;

    public static final double HIGHEST_HZ = 1000;

    private final MonitoredWorkload monitored;
    private final int pairs;
    private int nextRound = -1;
    /** The durations with and without sampling measured at each rate. */
    private final java.util.Map<Double, double[][]> measured = new java.util.HashMap<>();

    /** @param pairs the rounds with and without monitoring per measured rate, at least 2 */
    public SamplingCalibration(MonitoredWorkload monitored, int pairs) {
        if (pairs < 2) {
            throw new IllegalArgumentException("at least 2 pairs of rounds are needed, got " + pairs);
        }
        this.monitored = monitored;
        this.pairs = pairs;
    }

    /** The overhead of sampling at {@code hz}: mean duration with it over mean duration without it, less one. */
    public double overheadAt(double hz) throws Exception {
        double[] with = new double[pairs];
        double[] without = new double[pairs];
        double saved = 0;
        for (int i = 0; i < pairs; i++) {
            without[i] = duration(monitored.delegate().run(nextRound--, 0));
            monitored.sampleAt(hz);
            try {
                with[i] = duration(monitored.delegateSampled(nextRound--));
            } finally {
                monitored.sampleAt(saved);
            }
        }
        measured.put(hz, new double[][] {with, without});
        return SampleStats.of(with).mean() / SampleStats.of(without).mean() - 1;
    }

    /**
     * The 95% confidence interval of the overhead measured at {@code hz} (Fieller's, for the ratio of the two mean
     * durations, less one), or null when that rate was not measured or the interval is unbounded.
     */
    public io.pilotbench.stats.ConfidenceInterval overheadCi(double hz) {
        double[][] m = measured.get(hz);
        if (m == null) {
            return null;
        }
        return io.pilotbench.stats.RatioOfMeans.fieller(SampleStats.of(m[0]), SampleStats.of(m[1]), 0.95)
                .map(ci -> new io.pilotbench.stats.ConfidenceInterval(
                        ci.confidence(), ci.center() - 1, ci.low() - 1, ci.high() - 1, ci.width()))
                .orElse(null);
    }

    /** The highest rate within {@code limit} (a fraction, 0.01 for 1%), with at most {@code maxEvaluations} rates. */
    public RateSearch.Result choose(double limit, int maxEvaluations) {
        return RateSearch.highestRate(
                hz -> {
                    try {
                        return overheadAt(hz);
                    } catch (Exception e) {
                        throw new IllegalStateException("calibration round failed: " + e.getMessage(), e);
                    }
                },
                limit,
                LOWEST_HZ,
                HIGHEST_HZ,
                0.2,
                maxEvaluations);
    }

    private static double duration(RoundResult r) {
        if (r == null || r.failed() || r.durationNanos().isEmpty()) {
            throw new IllegalStateException(
                    "a calibration round failed" + (r == null || r.message() == null ? "" : ": " + r.message()));
        }
        return r.durationNanos().getAsLong();
    }
}
