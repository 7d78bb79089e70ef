package io.pilotbench.stats.steadystate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Shifts of level in a series (after its warm-up): where the mean moves and stays, by binary segmentation with the
 * CUSUM test. Reported to the user, never cut: a shift in the middle of a session is a finding about the workload or
 * the machine, not a warm-up.
 *
 * <p>Method: test the segment with the sup-CUSUM statistic max_k|S_k|/√(n·σ²_LR) ({@link Cusum}; σ²_LR by
 * {@link LongRunVariance} on the segment demeaned between the partial sums' maximum and minimum, so that a shift and
 * its return do not hide in the variance); if p &lt; α, split at the maximising k and test both halves again (binary segmentation: Vostrikova 1981; Scott &amp; Knott 1974). Segments shorter than
 * {@code minSegment} are not split, and at most {@value #MAX_SHIFTS} shifts are reported.
 */
public final class LevelShifts {
    /** The most shifts reported. */
    public static final int MAX_SHIFTS = 10;

    /**
     * A stretch of the series with one level.
     *
     * @param from             first sample (absolute index)
     * @param to               one past the last sample
     * @param mean             its mean
     * @param standardError    its standard error (long-run variance); NaN below 3 samples
     * @param degreesOfFreedom of the standard error
     */
    public record Segment(int from, int to, double mean, double standardError, double degreesOfFreedom) {}

    /**
     * A shift between two segments.
     *
     * @param index  the first sample at the new level (absolute index)
     * @param before the segment before
     * @param after  the segment after
     * @param pValue the CUSUM test's p-value when the shift was found
     */
    public record Shift(int index, Segment before, Segment after, double pValue) {}

    private LevelShifts() {}

    /**
     * The shifts of x[from, to).
     *
     * @param minSegment the shortest segment a split may leave, ≥ 5
     * @param alpha      the false-alarm rate of each test, in (0, 1)
     * @return the shifts in order of index; empty when the level is steady
     */
    public static List<Shift> find(double[] x, int from, int to, int minSegment, double alpha) {
        if (minSegment < 5 || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("level shifts need a minimum segment >= 5 and alpha in (0, 1)");
        }
        TreeSet<Integer> cuts = new TreeSet<>();
        List<double[]> found = new ArrayList<>();
        split(x, from, to, minSegment, alpha, cuts, found);
        List<Integer> bounds = new ArrayList<>();
        bounds.add(from);
        bounds.addAll(cuts);
        bounds.add(to);
        List<Segment> segments = new ArrayList<>();
        for (int i = 0; i + 1 < bounds.size(); i++) {
            segments.add(segment(x, bounds.get(i), bounds.get(i + 1)));
        }
        List<Shift> shifts = new ArrayList<>();
        for (int i = 1; i < segments.size(); i++) {
            int at = bounds.get(i);
            double p = found.stream()
                    .filter(f -> f[0] == at)
                    .mapToDouble(f -> f[1])
                    .findFirst()
                    .orElse(Double.NaN);
            shifts.add(new Shift(at, segments.get(i - 1), segments.get(i), p));
        }
        return shifts;
    }

    private static void split(
            double[] x, int from, int to, int minSegment, double alpha, TreeSet<Integer> cuts, List<double[]> found) {
        int n = to - from;
        if (n < 2 * minSegment || cuts.size() >= MAX_SHIFTS || constant(x, from, to)) {
            return;
        }
        double[] s = Cusum.partialSums(x, from, to);
        int k = Cusum.argMax(s);
        if (k < minSegment || n - k < minSegment) {
            // the largest deviation is at an edge: move to the best admissible k
            k = minSegment;
            for (int j = minSegment; j <= n - minSegment; j++) {
                if (Math.abs(s[j]) > Math.abs(s[k])) {
                    k = j;
                }
            }
        }
        // The long-run variance of the segment with its levels removed on both sides of the CUSUM's maximum and of
        // its minimum: a bump (up at one point, back at another) would otherwise inflate it and hide itself.
        int other = 0;
        for (int j = 1; j < n; j++) {
            if (j != k && Math.signum(s[j]) != Math.signum(s[k]) && Math.abs(s[j]) > Math.abs(s[other])) {
                other = j;
            }
        }
        int[] levels = other == 0 ? new int[] {0, k, n} : new int[] {0, Math.min(k, other), Math.max(k, other), n};
        double[] y = new double[n];
        for (int c = 0; c + 1 < levels.length; c++) {
            double level = WarmupDetector.mean(x, from + levels[c], from + levels[c + 1]);
            for (int i = levels[c]; i < levels[c + 1]; i++) {
                y[i] = x[from + i] - level;
            }
        }
        double lrv = LongRunVariance.estimate(y).variance();
        double stat = lrv > 0 ? Math.abs(s[k]) / Math.sqrt(n * lrv) : (s[k] == 0 ? 0 : Double.POSITIVE_INFINITY);
        double p = Cusum.kolmogorovTail(stat);
        if (!(p < alpha)) {
            return;
        }
        cuts.add(from + k);
        found.add(new double[] {from + k, p});
        split(x, from, from + k, minSegment, alpha, cuts, found);
        split(x, from + k, to, minSegment, alpha, cuts, found);
    }

    /**
     * Whether {@code x[from, to)} is one value up to rounding. Its CUSUM is then rounding noise (about 1e-17 for
     * readings all 0.1) over a long-run variance of 0, an infinite statistic: "level shift … 0.1 → 0.1 (+0%, p <
     * 0.001)" was reported of readings that the same report called all equal.
     */
    private static boolean constant(double[] x, int from, int to) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            min = Math.min(min, x[i]);
            max = Math.max(max, x[i]);
        }
        return max - min <= 1e-12 * Math.max(Math.abs(max), Math.abs(min));
    }

    private static Segment segment(double[] x, int from, int to) {
        double[] part = Arrays.copyOfRange(x, from, to);
        if (part.length < 3) {
            return new Segment(from, to, WarmupDetector.mean(x, from, to), Double.NaN, Double.NaN);
        }
        LongRunVarianceEstimate e = LongRunVariance.estimate(part);
        return new Segment(from, to, e.mean(), e.standardError(), e.degreesOfFreedom());
    }
}
