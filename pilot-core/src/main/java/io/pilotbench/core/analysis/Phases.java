package io.pilotbench.core.analysis;

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
 * @param shifts          level shifts in the kept samples, in order
 */
public record Phases(int warmup, double warmupPValue, double warmupMean, int cooldown, double cooldownPValue,
        double cooldownMean, List<LevelShift> shifts) {

    /** Nothing cut, nothing tested. */
    public static final Phases NONE = new Phases(0, 1, Double.NaN, 0, 1, Double.NaN, List.of());

    public Phases {
        shifts = List.copyOf(shifts);
    }

    /** A cut of {@code warmup} samples made without a test (fixed fraction, EDM). */
    public static Phases untested(int warmup, int cooldown) {
        return new Phases(warmup, warmup > 0 ? Double.NaN : 1, Double.NaN, cooldown, cooldown > 0 ? Double.NaN : 1,
                Double.NaN, List.of());
    }

    /** This with other shifts. */
    public Phases withShifts(List<LevelShift> value) {
        return new Phases(warmup, warmupPValue, warmupMean, cooldown, cooldownPValue, cooldownMean, value);
    }
}
