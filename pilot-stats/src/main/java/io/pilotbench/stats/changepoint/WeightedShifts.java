package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Level shifts in a history of results that each carry their own uncertainty: per-commit means with standard errors
 * (issue 21). Apache Otava finds such shifts with E-divisive on the means alone; here each point is weighted by its
 * precision, so a noisy point moves the answer less than a precise one, and a difference smaller than the points'
 * own uncertainty is not called a shift.
 *
 * <p>Within a segment the means are modelled as m_i = μ + e_i with e_i ~ N(0, s_i² + τ²): s_i the point's standard
 * error, τ² the spread between commits that their errors do not explain (DerSimonian and Laird's moment estimator,
 * "Meta-analysis in clinical trials", Controlled Clinical Trials 7, 1986, eq. 3; 0 when the points agree within
 * their errors). For every split the statistic is the difference of the two sides' inverse-variance weighted means
 * over its standard error; the largest is tested by a seeded permutation test (the points' order shuffled, 999
 * times), which holds its level whatever the split search does. Binary segmentation (Vostrikova 1981) splits the
 * segments while the test rejects at α.
 */
public final class WeightedShifts {
    /** Fewest points on each side of a shift. */
    public static final int MIN_SEGMENT = 3;
    private static final int PERMUTATIONS = 999;

    private WeightedShifts() {
    }

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
    public record Shift(int index, double before, double after, double seBefore, double seAfter, double pValue) {
    }

    /**
     * @param means  the points' means, in history order
     * @param errors their standard errors (≥ 0)
     * @param alpha  the level of each test, in (0, 1)
     * @param seed   the permutations' seed
     * @return the shifts, by index
     */
    public static List<Shift> find(double[] means, double[] errors, double alpha, long seed) {
        if (means.length != errors.length) {
            throw new IllegalArgumentException("one error per mean: " + means.length + " means, " + errors.length
                    + " errors");
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
        List<Shift> out = new ArrayList<>();
        split(means, errors, 0, means.length, alpha, new SplittableRandom(seed), out);
        out.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return out;
    }

    private static void split(double[] m, double[] s, int from, int to, double alpha, SplittableRandom random,
            List<Shift> out) {
        int n = to - from;
        if (n < 2 * MIN_SEGMENT) {
            return;
        }
        double[] mm = java.util.Arrays.copyOfRange(m, from, to);
        double[] ss = java.util.Arrays.copyOfRange(s, from, to);
        double tau2 = tau2(mm, ss);
        double[] found = search(mm, ss, tau2);
        int best = (int) found[0];
        double observed = found[1];
        // the permutation test: the same search on shuffled orders (the points, with their errors, exchangeable
        // when there is no shift)
        int atLeast = 0;
        Integer[] order = new Integer[n];
        double[] pm = new double[n];
        double[] ps = new double[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int p = 0; p < PERMUTATIONS; p++) {
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
            if (search(pm, ps, tau2)[1] >= observed) {
                atLeast++;
            }
        }
        double pValue = (atLeast + 1.0) / (PERMUTATIONS + 1.0);
        if (pValue >= alpha) {
            return;
        }
        double[] left = weighted(mm, ss, tau2, 0, best);
        double[] right = weighted(mm, ss, tau2, best, n);
        out.add(new Shift(from + best, left[0], right[0], Math.sqrt(left[1]), Math.sqrt(right[1]), pValue));
        split(m, s, from, from + best, alpha, random, out);
        split(m, s, from + best, to, alpha, random, out);
    }

    /**
     * {the split k (MIN_SEGMENT ≤ k ≤ n − MIN_SEGMENT) with the largest statistic, that statistic}, from prefix sums
     * of the weights and weighted means: O(n), so that a permutation test of 999 shuffles stays cheap.
     */
    private static double[] search(double[] m, double[] s, double tau2) {
        int n = m.length;
        double totalW = 0;
        double totalWm = 0;
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            double v = s[i] * s[i] + tau2;
            w[i] = v > 0 ? 1 / v : 1e300;
            totalW += w[i];
            totalWm += w[i] * m[i];
        }
        double sw = 0;
        double swm = 0;
        int best = MIN_SEGMENT;
        double max = -1;
        for (int k = 1; k <= n - MIN_SEGMENT; k++) {
            sw += w[k - 1];
            swm += w[k - 1] * m[k - 1];
            if (k < MIN_SEGMENT) {
                continue;
            }
            double a = swm / sw;
            double b = (totalWm - swm) / (totalW - sw);
            double se = Math.sqrt(1 / sw + 1 / (totalW - sw));
            double z = se > 0 ? Math.abs(a - b) / se : (a == b ? 0 : Double.POSITIVE_INFINITY);
            if (z > max) {
                max = z;
                best = k;
            }
        }
        return new double[] {best, max};
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

    /** DerSimonian–Laird: τ² = max(0, (Q − (k − 1)) / (Σw − Σw²/Σw)), w = 1/s². */
    static double tau2(double[] m, double[] s) {
        int k = m.length;
        boolean exact = false;
        for (double e : s) {
            exact |= e == 0;
        }
        if (exact) {
            // a point with no error: the spread between points is all there is
            double mean = 0;
            for (double x : m) {
                mean += x / k;
            }
            double ss = 0;
            for (double x : m) {
                ss += (x - mean) * (x - mean);
            }
            return k > 1 ? ss / (k - 1) : 0;
        }
        double sw = 0;
        double sw2 = 0;
        double swm = 0;
        for (int i = 0; i < k; i++) {
            double w = 1 / (s[i] * s[i]);
            sw += w;
            sw2 += w * w;
            swm += w * m[i];
        }
        double mean = swm / sw;
        double q = 0;
        for (int i = 0; i < k; i++) {
            q += (m[i] - mean) * (m[i] - mean) / (s[i] * s[i]);
        }
        return Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
    }

    /** The shifts' indices (for tests and reports). */
    public static List<Integer> indices(List<Shift> shifts) {
        List<Integer> out = new ArrayList<>();
        shifts.forEach(s -> out.add(s.index()));
        return Collections.unmodifiableList(out);
    }
}
