package io.pilotbench.core.model;

import java.util.List;

/**
 * What the analysis cut from a series as warm-up and cool-down, and the level shifts it saw in what it kept.
 *
 * <p>For a PI's readings the samples are its rounds' readings (in analysed rounds); for unit readings, warm-up and
 * cool-down are counted per round (every round's first {@code warmup} and last {@code cooldown} unit readings), and
 * shifts are not looked for.
 *
 * @param warmup          samples cut at the start (per round, for unit readings)
 * @param warmupPValue    the p-value of the test that decided it (1 when nothing was tested; NaN when the warm-up
 *                        removal cuts without a test: fixed, edm)
 * @param warmupMean      the mean of what was cut (NaN when nothing was)
 * @param cooldown        samples cut at the end (per round, for unit readings)
 * @param cooldownPValue  the p-value of that test
 * @param cooldownMean    the mean of what was cut there
 * @param warmupPending   sessions: where a warm-up that the test found ends when it is longer than a fifth of the
 *                        samples ({@link io.pilotbench.core.model.Defaults#WARMUP_MAX_FRACTION}): not cut yet, and the
 *                        session runs until it is short enough to cut whole; 0 when none
 * @param shifts          level shifts in the kept samples, in order
 * @param trendSlope      the least-squares slope of the kept samples per sample, when a session tested it before
 *                        it could stop (the evidence of a steady state, {@link
 *                        io.pilotbench.stats.steadystate.SteadyState}); NaN when not tested
 * @param trendPValue     that slope's p-value (NaN when not tested)
 */
public record Phases(
        int warmup,
        double warmupPValue,
        double warmupMean,
        int cooldown,
        double cooldownPValue,
        double cooldownMean,
        int warmupPending,
        List<LevelShift> shifts,
        double trendSlope,
        double trendPValue) {

    /** Nothing cut, nothing tested. */
    public static final Phases NONE = new Phases(0, 1, Double.NaN, 0, 1, Double.NaN, 0, List.of());

    /** Phases without a trend test. */
    public Phases(
            int warmup,
            double warmupPValue,
            double warmupMean,
            int cooldown,
            double cooldownPValue,
            double cooldownMean,
            int warmupPending,
            List<LevelShift> shifts) {
        this(
                warmup,
                warmupPValue,
                warmupMean,
                cooldown,
                cooldownPValue,
                cooldownMean,
                warmupPending,
                shifts,
                Double.NaN,
                Double.NaN);
    }

    public Phases {
        shifts = List.copyOf(shifts);
    }

    /** A cut of {@code warmup} samples made without a test (fixed fraction, EDM). */
    public static Phases untested(int warmup, int cooldown) {
        return new Phases(
                warmup,
                warmup > 0 ? Double.NaN : 1,
                Double.NaN,
                cooldown,
                cooldown > 0 ? Double.NaN : 1,
                Double.NaN,
                0,
                List.of());
    }

    /** The samples a session needs before its pending warm-up can be cut whole; 0 without one. */
    public long samplesForPendingWarmup() {
        return warmupPending == 0
                ? 0
                : (long) Math.ceil(warmupPending / io.pilotbench.core.model.Defaults.WARMUP_MAX_FRACTION);
    }

    /**
     * The samples {@code [begin, end)} of {@code n} that these phases keep: the warm-up cut from the start and the
     * cool-down from the end (each round's unit readings, cut alike).
     */
    public int[] kept(int n) {
        int begin = Math.min(warmup, n);
        int end = Math.max(begin, n - cooldown);
        return new int[] {begin, end};
    }

    /** This with other shifts. */
    public Phases withShifts(List<LevelShift> value) {
        return new Phases(
                warmup,
                warmupPValue,
                warmupMean,
                cooldown,
                cooldownPValue,
                cooldownMean,
                warmupPending,
                value,
                trendSlope,
                trendPValue);
    }

    /** This with the kept samples' trend test. */
    public Phases withTrend(double slope, double pValue) {
        return new Phases(
                warmup,
                warmupPValue,
                warmupMean,
                cooldown,
                cooldownPValue,
                cooldownMean,
                warmupPending,
                shifts,
                slope,
                pValue);
    }

    /** Whether the kept samples still trend: the trend test rejected a steady level at {@link Defaults#STEADY_ALPHA}. */
    public boolean trending() {
        return trendPValue < Defaults.STEADY_ALPHA;
    }

    /**
     * Why the kept samples do not show a steady state, in words, or null when they do: a warm-up seen but not yet cut,
     * a trend, or level shifts.
     */
    public String steadyStateProblem() {
        if (warmupPending > 0) {
            return "a warm-up that lasts about " + warmupPending + " samples was found and not yet cut";
        }
        if (trending()) {
            return "the kept samples still trend (" + Formats.number(trendSlope) + " per sample, "
                    + Formats.pValue(trendPValue) + ")";
        }
        if (!shifts.isEmpty()) {
            return "the level shifts " + shifts.size() + (shifts.size() == 1 ? " time" : " times");
        }
        return null;
    }
}
