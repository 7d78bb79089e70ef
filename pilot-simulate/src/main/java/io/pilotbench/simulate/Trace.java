package io.pilotbench.simulate;

import java.util.Arrays;
import java.util.Map;

/**
 * A recorded series, replayed one value per round by {@code pilot simulate evaluate --trace}, with what is known of
 * its truth.
 *
 * @param name        where it came from (a file, or a benchmark and its fork)
 * @param group       the benchmark it belongs to (forks of one benchmark share it); its name when alone
 * @param values      the series in time order, one value per round
 * @param steadyStart the index of the first value of the labelled steady part; {@link #NO_STEADY_STATE} when the
 *                    series has none, {@link #UNLABELLED} when nothing is known of its phases
 * @param truth       the value an honest CI should hold: the mean of the steady part, or a value given with the
 *                    trace; NaN when unknown (a series without a steady state has none)
 * @param windows     other benchmarking practices' measurement windows on this series, by name ({@code
 *                    {first, last}}, 0-based inclusive; {@code {-1, -1}} when that practice's rule never fired)
 */
public record Trace(
        String name, String group, double[] values, int steadyStart, double truth, Map<String, int[]> windows) {
    /** {@link #steadyStart} of a series labelled as never reaching a steady state. */
    public static final int NO_STEADY_STATE = -1;
    /** {@link #steadyStart} of a series without labels. */
    public static final int UNLABELLED = -2;

    public Trace {
        if (values.length == 0) {
            throw new IllegalArgumentException(name + ": an empty series");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(name + ": a value that is not a finite number (" + v + ")");
            }
        }
        if (steadyStart >= values.length) {
            throw new IllegalArgumentException(
                    name + ": its steady part starts at " + steadyStart + ", after its " + values.length + " values");
        }
        windows = Map.copyOf(windows);
    }

    /** A series labelled with where its steady part starts (or {@link #NO_STEADY_STATE}); truth = its mean. */
    public static Trace labelled(
            String name, String group, double[] values, int steadyStart, Map<String, int[]> windows) {
        double truth = steadyStart >= 0 ? mean(values, steadyStart, values.length) : Double.NaN;
        return new Trace(name, group, values, steadyStart, truth, windows);
    }

    /** Whether the series is labelled as reaching a steady state. */
    public boolean steady() {
        return steadyStart >= 0;
    }

    /** Whether the series is labelled as never reaching one. */
    public boolean neverSteady() {
        return steadyStart == NO_STEADY_STATE;
    }

    /** The mean of values[from, to]: a practice's estimate over its window (inclusive bounds). */
    public double windowMean(int[] window) {
        return mean(values, window[0], window[1] + 1);
    }

    static double mean(double[] x, int from, int to) {
        return Arrays.stream(x, from, to).sum() / (to - from);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Trace t && name.equals(t.name) && Arrays.equals(values, t.values);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name + " (" + values.length + " values)";
    }
}
