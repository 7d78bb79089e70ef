package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Level shifts in a history of results that each carry their own uncertainty: per-commit means with standard errors.
 * Apache Otava finds such shifts with E-divisive on the means alone; here each point is weighted by its precision, so a
 * noisy point moves the answer less than a precise one, and a difference smaller than the points' own uncertainty is
 * not called a shift.
 *
 * <p>Within a segment the means are modelled as m_i = μ + e_i with e_i ~ N(0, s_i² + τ²): s_i the point's standard
 * error, τ² the spread between commits that their errors do not explain (estimated from successive differences,
 * {@link #tau2}; 0 when the points agree within their errors). The search is circular binary segmentation (Olshen,
 * Venkatraman, Lucito and Wigler, "Circular binary segmentation for the analysis of array-based DNA copy number
 * data", Biostatistics 5, 2004): for every stretch [i, j) of a segment the statistic is the difference between the
 * stretch's inverse-variance weighted mean and the rest's, over its standard error, so a regression that was later
 * reverted (a stretch unlike both sides) is found as readily as a lasting step (a stretch that runs to the end),
 * which plain binary segmentation misses. The largest statistic is tested by a seeded permutation test (the points'
 * order shuffled, 999 times), which holds its level whatever the search does; a significant stretch adds its one or
 * two ends as shifts, and each piece is searched again while the test rejects at α. Each shift's size is then
 * measured between the final segments on its two sides.
 */
public final class WeightedShifts {
    /** Fewest points in a segment between shifts. */
    public static final int MIN_SEGMENT = 3;

    private static final int PERMUTATIONS = 999;

    private WeightedShifts() {}

    /**
     * A shift between point {@code index - 1} and point {@code index}.
     *
     * @param index   the first point of the new level (0-based)
     * @param before  the weighted mean of the segment before it
     * @param after   the weighted mean of the segment after it
     * @param seBefore the standard error of {@code before}
     * @param seAfter  the standard error of {@code after}
     * @param pValue  the permutation test's p-value
     */
    public record Shift(int index, double before, double after, double seBefore, double seAfter, double pValue) {}

    /**
     * @param means  the points' means, in history order
     * @param errors their standard errors (≥ 0)
     * @param alpha  the level of each test, in (0, 1)
     * @param seed   the permutations' seed
     * @return the shifts, by index
     */
    public static List<Shift> find(double[] means, double[] errors, double alpha, long seed) {
        if (means.length != errors.length) {
            throw new IllegalArgumentException(
                    "one error per mean: " + means.length + " means, " + errors.length + " errors");
        }
        for (int i = 0; i < means.length; i++) {
            if (!Double.isFinite(means[i]) || !(errors[i] >= 0) || Double.isInfinite(errors[i])) {
                throw new IllegalArgumentException("point " + i + ": mean " + means[i] + ", error " + errors[i]
                        + "; means must be finite and errors finite and >= 0");
            }
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        List<Integer> cuts = new ArrayList<>();
        List<Double> pValues = new ArrayList<>();
        split(means, errors, 0, means.length, alpha, new SplittableRandom(seed), cuts, pValues);
        // each shift measured between the final segments on its sides
        Integer[] order = new Integer[cuts.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Integer.compare(cuts.get(x), cuts.get(y)));
        List<Shift> out = new ArrayList<>();
        for (int k = 0; k < order.length; k++) {
            int at = cuts.get(order[k]);
            int from = k == 0 ? 0 : cuts.get(order[k - 1]);
            int to = k + 1 == order.length ? means.length : cuts.get(order[k + 1]);
            double[] left = segmentMean(means, errors, from, at);
            double[] right = segmentMean(means, errors, at, to);
            out.add(new Shift(at, left[0], right[0], Math.sqrt(left[1]), Math.sqrt(right[1]), pValues.get(order[k])));
        }
        return out;
    }

    /** {weighted mean, its variance} of the segment [from, to), with the segment's own τ². */
    private static double[] segmentMean(double[] m, double[] s, int from, int to) {
        double[] mm = java.util.Arrays.copyOfRange(m, from, to);
        double[] ss = java.util.Arrays.copyOfRange(s, from, to);
        return weighted(mm, ss, tau2(mm, ss), 0, mm.length);
    }

    private static void split(
            double[] m,
            double[] s,
            int from,
            int to,
            double alpha,
            SplittableRandom random,
            List<Integer> cuts,
            List<Double> pValues) {
        int n = to - from;
        if (n < 2 * MIN_SEGMENT) {
            return;
        }
        double[] mm = java.util.Arrays.copyOfRange(m, from, to);
        double[] ss = java.util.Arrays.copyOfRange(s, from, to);
        double tau2 = tau2(mm, ss);
        double[] found = search(mm, ss, tau2);
        double observed = found[2];
        // the permutation test: the same search on shuffled orders (the points, with their errors, exchangeable
        // when there is no shift); it stops as soon as the p-value cannot fall below alpha
        int atLeast = 0;
        Integer[] order = new Integer[n];
        double[] pm = new double[n];
        double[] ps = new double[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int p = 0; p < PERMUTATIONS && (atLeast + 1.0) / (PERMUTATIONS + 1.0) < alpha; p++) {
            for (int i = n - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                Integer t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int i = 0; i < n; i++) {
                pm[i] = mm[order[i]];
                ps[i] = ss[order[i]];
            }
            if (search(pm, ps, tau2)[2] >= observed) {
                atLeast++;
            }
        }
        double pValue = (atLeast + 1.0) / (PERMUTATIONS + 1.0);
        if (pValue >= alpha) {
            return;
        }
        int i = (int) found[0];
        int j = (int) found[1];
        List<Integer> bounds = new ArrayList<>(List.of(0));
        for (int cut : new int[] {i, j}) {
            if (cut > 0 && cut < n) {
                cuts.add(from + cut);
                pValues.add(pValue);
                bounds.add(cut);
            }
        }
        bounds.add(n);
        for (int k = 0; k + 1 < bounds.size(); k++) {
            split(m, s, from + bounds.get(k), from + bounds.get(k + 1), alpha, random, cuts, pValues);
        }
    }

    /**
     * {i, j, statistic (z²)}: the stretch [i, j) whose weighted mean is furthest from the rest's, in standard errors,
     * over every stretch with at least {@link #MIN_SEGMENT} points in it and in each piece it leaves (i = 0 or
     * j = n: one shift), from prefix sums of the weights and weighted means: O(n²).
     */
    private static double[] search(double[] m, double[] s, double tau2) {
        int n = m.length;
        double[] sw = new double[n + 1];
        double[] swm = new double[n + 1];
        for (int i = 0; i < n; i++) {
            double v = s[i] * s[i] + tau2;
            double w = v > 0 ? 1 / v : 1e300;
            sw[i + 1] = sw[i] + w;
            swm[i + 1] = swm[i] + w * m[i];
        }
        double totalW = sw[n];
        double totalWm = swm[n];
        // compared as z² = (a − b)² / (1/win + 1/wout), without a square root per stretch
        int bestI = 0;
        int bestJ = MIN_SEGMENT;
        double max = -1;
        for (int i = 0; i + MIN_SEGMENT <= n; i++) {
            if (i > 0 && i < MIN_SEGMENT) {
                continue;
            }
            double swi = sw[i];
            double swmi = swm[i];
            int last = i == 0 ? n - MIN_SEGMENT : n;
            for (int j = i + MIN_SEGMENT; j <= last; j++) {
                if (j < n && n - j < MIN_SEGMENT) {
                    continue;
                }
                double win = sw[j] - swi;
                double wout = totalW - win;
                double inside = swm[j] - swmi;
                double d = inside / win - (totalWm - inside) / wout;
                double z2 = d * d * win * wout / totalW; // 1/(1/win + 1/wout) = win·wout/(win + wout)
                if (z2 > max) {
                    max = z2;
                    bestI = i;
                    bestJ = j;
                }
            }
        }
        double[] best = {bestI, bestJ, max};
        return best;
    }

    /** {weighted mean, its variance} of [from, to) with weights 1/(s² + τ²). */
    private static double[] weighted(double[] m, double[] s, double tau2, int from, int to) {
        double sw = 0;
        double swm = 0;
        for (int i = from; i < to; i++) {
            double v = s[i] * s[i] + tau2;
            double w = v > 0 ? 1 / v : 1e300;
            sw += w;
            swm += w * m[i];
        }
        return new double[] {swm / sw, 1 / sw};
    }

    /**
     * τ², the spread between neighbouring commits that their errors do not explain, from successive differences:
     * E[(m_{i+1} − m_i)²] = s_i² + s_{i+1}² + 2τ² within a level, so τ² = max(0, Σ(d_i² − s_i² − s_{i+1}²) / (2(k − 1)))
     * (von Neumann's mean square successive difference, Ann. Math. Statist. 12, 1941, with the known errors taken
     * out). A shift adds one difference, not a spread over the whole segment, so unlike an estimate about the
     * segment's mean (DerSimonian–Laird's, used before) it does not hide the shifts it is meant to find: with that one,
     * a 5% regression over 15 of 100 commits, then reverted, was missed (WeightedShiftsOtavaTest).
     */
    static double tau2(double[] m, double[] s) {
        int k = m.length;
        if (k < 2) {
            return 0;
        }
        double sum = 0;
        for (int i = 0; i + 1 < k; i++) {
            double d = m[i + 1] - m[i];
            sum += d * d - s[i] * s[i] - s[i + 1] * s[i + 1];
        }
        return Math.max(0, sum / (2.0 * (k - 1)));
    }

    /** The shifts' indices (for tests and reports). */
    public static List<Integer> indices(List<Shift> shifts) {
        List<Integer> out = new ArrayList<>();
        shifts.forEach(s -> out.add(s.index()));
        return Collections.unmodifiableList(out);
    }
}
