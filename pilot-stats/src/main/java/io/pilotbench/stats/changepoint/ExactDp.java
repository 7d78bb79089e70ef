package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The EDM dynamic programme of BreakoutDetection's {@code EDM_percent} / {@code EDM_multi} (James, Kejariwal &
 * Matteson 2014, arXiv:1411.7955), computed row by row so that rows can be added when data are appended.
 *
 * <p>Row s (s = 2m … n, m = min size) is the best segmentation of the prefix Z[0..s−1]:
 * F[s] = max over t ∈ [m, s−m] of F[t] + (t−p)(s−t)/(s−p)² · (median(Z[p..t−1]) − median(Z[t..s−1]))², p = prev[t],
 * with strict {@code >} (the first t wins ties), then the penalty. Rows below 2m are F = 0 (percent) or −3 (beta,
 * as in {@code EDM_multi}), prev = number = 0. A row only reads Z[0..s−1] and rows t &lt; s, so appending data
 * never changes a computed row: that is what {@link EdmTracker} relies on.
 *
 * <p>Cost model (replacing the reference's two red-black-tree running medians, O(n² log n)):
 * <ul>
 *   <li>the left median of t depends only on t once prev[t] is final, so it is computed once, when row t is done,
 *       by a scan of the sorted prefix: O(t);</li>
 *   <li>for row s the right sets Z[t..s−1], t = m, m+1, …, are nested: link Z[m..s−1] in (value, index) order
 *       into a doubly linked list (O(s), from the sorted prefix kept by insertion, an O(s) array move), then for
 *       each t read the median at a pointer and delete Z[t], moving the pointer by at most one step: O(1) each;</li>
 *   <li>so O(s) per row, O(n²) in all with a small constant, O(n) memory.</li>
 * </ul>
 * The median values, and hence every floating-point operation of the statistic, are the reference's, so the change
 * points are identical (checked against a straightforward port in the tests). Not thread-safe; {@link #copy()} it.
 */
final class ExactDp {
    private final int minSize;
    private final boolean beta;
    private final double penalty;
    private final int degree;
    private final double initial;

    private int n;
    private double[] z;
    /** indices 0..n−1 ordered by (value, index) */
    private int[] sorted;
    private double[] f;
    private int[] prev;
    private int[] number;
    private double[] leftMedian;
    /** scratch doubly linked list over data indices; the sentinel is the last slot */
    private int[] next;
    private int[] before;

    ExactDp(int minSize, Penalty penalty, int degree) {
        this.minSize = minSize;
        this.beta = penalty.family() == Penalty.Family.BETA;
        this.penalty = penalty.value();
        this.degree = degree;
        this.initial = beta ? -3 : 0;
        allocate(16);
    }

    private ExactDp(ExactDp o, int capacity) {
        minSize = o.minSize;
        beta = o.beta;
        penalty = o.penalty;
        degree = o.degree;
        initial = o.initial;
        n = o.n;
        z = Arrays.copyOf(o.z, capacity);
        sorted = Arrays.copyOf(o.sorted, capacity);
        f = Arrays.copyOf(o.f, capacity + 1);
        prev = Arrays.copyOf(o.prev, capacity + 1);
        number = Arrays.copyOf(o.number, capacity + 1);
        leftMedian = Arrays.copyOf(o.leftMedian, capacity + 1);
        next = new int[capacity + 1];
        before = new int[capacity + 1];
    }

    /** The exact change points of {@code data} (already rescaled for beta). */
    static List<Integer> changePoints(double[] data, int minSize, Penalty penalty, int degree) {
        ExactDp dp = new ExactDp(minSize, penalty, degree);
        dp.append(data, 0, data.length);
        return dp.changePoints();
    }

    /** A deep copy with room for {@code extra} more samples. */
    ExactDp copy(int extra) {
        return new ExactDp(this, Math.max(16, n + extra));
    }

    int size() {
        return n;
    }

    /** Appends data[from..to−1] and computes their rows: O((to − from) · n). */
    void append(double[] data, int from, int to) {
        int newN = n + (to - from);
        if (newN > z.length) {
            grow(Math.max(newN, z.length + (z.length >> 1)));
        }
        for (int k = from; k < to; k++) {
            addSample(data[k]);
        }
    }

    /** Backtracks prev[] from n: ascending change points, 0 excluded. */
    List<Integer> changePoints() {
        List<Integer> out = new ArrayList<>();
        for (int at = n; at != 0; at = prev[at]) {
            if (prev[at] != 0) {
                out.add(prev[at]);
            }
        }
        java.util.Collections.reverse(out);
        return out;
    }

    private void addSample(double v) {
        int i = n;
        z[i] = v;
        // Insert after every equal value: indices are increasing, so the order stays (value, index).
        int lo = 0;
        int hi = i;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (z[sorted[mid]] <= v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        System.arraycopy(sorted, lo, sorted, lo + 1, i - lo);
        sorted[lo] = i;
        n = i + 1;
        int s = n;
        f[s] = initial;
        prev[s] = 0;
        number[s] = 0;
        if (s >= 2 * minSize) {
            computeRow(s);
        }
        if (s >= minSize) {
            leftMedian[s] = medianFrom(prev[s], s);
        }
    }

    private void computeRow(int s) {
        final int m = minSize;
        final double[] z = this.z;
        final int[] next = this.next;
        final int[] before = this.before;
        final int sentinel = next.length - 1;
        // Link Z[m..s-1] in (value, index) order; lo = the lower median (rank (size-1)/2).
        int target = (s - m - 1) >> 1;
        int last = sentinel;
        int count = 0;
        int lo = -1;
        for (int k = 0; k < s; k++) {
            int i = sorted[k];
            if (i < m) {
                continue;
            }
            next[last] = i;
            before[i] = last;
            last = i;
            if (count++ == target) {
                lo = i;
            }
        }
        next[last] = sentinel;
        before[sentinel] = last;

        double best = initial;
        int bestT = 0;
        for (int t = m; ; t++) {
            int size = s - t; // the right set is Z[t..s-1]
            double right = (size & 1) != 0 ? z[lo] : (z[lo] + z[next[lo]]) / 2;
            int p = prev[t];
            double d = leftMedian[t] - right;
            double normalize = (double) ((long) (t - p) * (s - t)) / ((double) (s - p) * (double) (s - p));
            double stat = f[t] + normalize * (d * d);
            if (beta) {
                stat -= penalty * g(number[t]);
            }
            if (stat > best) {
                best = stat;
                bestT = t;
            }
            if (t == s - m) {
                break;
            }
            // Delete Z[t]; keep lo at rank (size-2)/2 of the remaining size-1 elements.
            double zt = z[t];
            double zlo = z[lo];
            boolean below = t != lo && (zt < zlo || (zt == zlo && t < lo));
            if ((size & 1) == 0) {
                if (t == lo || below) {
                    lo = next[lo];
                }
            } else if (!below) {
                lo = before[lo];
            }
            int a = before[t];
            int b = next[t];
            next[a] = b;
            before[b] = a;
        }
        f[s] = best;
        if (bestT != 0) {
            prev[s] = bestT;
            number[s] = number[bestT] + 1;
        }
        if (!beta && prev[s] != 0) {
            int p = prev[s];
            if (f[s] - f[p] < penalty * g(number[p]) * f[p]) {
                number[s] = number[p];
                f[s] = f[p];
                prev[s] = prev[p];
            }
        }
    }

    /** Median of Z[from..to−1] (to = n): even sizes average the two middle values. */
    private double medianFrom(int from, int to) {
        int size = to - from;
        int lowRank = (size - 1) >> 1;
        int highRank = size >> 1;
        if (from == 0) {
            return average(z[sorted[lowRank]], z[sorted[highRank]], size);
        }
        int count = 0;
        double low = 0;
        for (int k = 0; ; k++) {
            int i = sorted[k];
            if (i < from) {
                continue;
            }
            if (count == lowRank) {
                low = z[i];
            }
            if (count == highRank) {
                return average(low, z[i], size);
            }
            count++;
        }
    }

    private static double average(double low, double high, int size) {
        return (size & 1) != 0 ? low : (low + high) / 2;
    }

    private double g(int k) {
        switch (degree) {
            case 0:
                return 0;
            case 1:
                return 1;
            default:
                return 2.0 * k + 1;
        }
    }

    private void grow(int capacity) {
        z = Arrays.copyOf(z, capacity);
        sorted = Arrays.copyOf(sorted, capacity);
        f = Arrays.copyOf(f, capacity + 1);
        prev = Arrays.copyOf(prev, capacity + 1);
        number = Arrays.copyOf(number, capacity + 1);
        leftMedian = Arrays.copyOf(leftMedian, capacity + 1);
        next = new int[capacity + 1];
        before = new int[capacity + 1];
    }

    private void allocate(int capacity) {
        z = new double[capacity];
        sorted = new int[capacity];
        f = new double[capacity + 1];
        prev = new int[capacity + 1];
        number = new int[capacity + 1];
        leftMedian = new double[capacity + 1];
        next = new int[capacity + 1];
        before = new int[capacity + 1];
    }
}
