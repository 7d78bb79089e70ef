package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@link ExactDp}'s dynamic programme restricted to a set of candidate change points: rows are computed only for the
 * candidates and for n, and each row searches t only over the candidates. Everything else is ExactDp's: the
 * statistic F[t] + (t−p)(s−t)/(s−p)² · (median(Z[p..t−1]) − median(Z[t..s−1]))² − cost[t] with the medians of the
 * samples themselves and the same floating-point operations, the row initialisation, the penalty rule and the tie
 * rule (strict {@code >} in ascending t: the first t wins). With every position in [m, n−m] as a candidate the
 * result is ExactDp's, change point for change point.
 *
 * <p>Cost: the right medians median(Z[t..s−1]) of a leading run of consecutive candidates m, m+1, … come from
 * deleting from one ranked list of Z[m..s−1] that grows with s (ExactDp's dancing links), O(1) per (t, s) pair and
 * O(n) in all to grow the list; every other median is a {@link RangeMedian} query, O(log n). For d leading and k
 * other candidates: O(n + (d + k)·d + (k² + d·k) log n) on top of the O(n log n) {@link RangeMedian}.
 */
final class CandidateDp {
    private CandidateDp() {}

    /**
     * The change points of the series behind {@code medians}, chosen among {@code candidates}.
     *
     * @param candidates strictly increasing positions, each in [m, n−m]
     */
    static List<Integer> changePoints(RangeMedian medians, int[] candidates, int minSize, Penalty penalty, int degree) {
        final int n = medians.size();
        final int m = minSize;
        final boolean beta = penalty.family() == Penalty.Family.BETA;
        final double pen = penalty.value();
        final double initial = beta ? -3 : 0;
        final int k = candidates.length;
        int dense = 0; // candidates[0..dense-1] = m, m+1, ...
        while (dense < k && candidates[dense] == m + dense) {
            dense++;
        }
        GrowingList list = dense > 0 ? new GrowingList(medians, m) : null;
        double[] right = new double[k];
        int[] from = new int[k];
        int[] to = new int[k];
        double[] sparse = new double[k];
        // Row j < k is candidate j; row k is n.
        double[] f = new double[k + 1];
        int[] prev = new int[k + 1];
        int[] prevRow = new int[k + 1];
        int[] number = new int[k + 1];
        double[] leftMedian = new double[k + 1];
        double[] cost = new double[k + 1];
        int usable = 0; // candidates[0..usable-1] are <= s - m for the current row (s ascending)
        for (int j = 0; j <= k; j++) {
            int s = j < k ? candidates[j] : n;
            double ds = s;
            f[j] = initial;
            prev[j] = 0;
            prevRow[j] = -1;
            number[j] = 0;
            if (s >= 2 * m) {
                while (usable < k && candidates[usable] <= s - m) {
                    usable++;
                }
                rightMedians(medians, list, candidates, dense, usable, s, right, from, to, sparse);
                double best = initial;
                int at = -1;
                for (int i = 0; i < usable; i++) {
                    int t = candidates[i];
                    double p = prev[i];
                    double d = leftMedian[i] - right[i];
                    double v = f[i] + ((t - p) * (ds - t)) / ((ds - p) * (ds - p)) * (d * d) - cost[i];
                    if (v > best) {
                        best = v;
                        at = i;
                    }
                }
                if (at >= 0) {
                    f[j] = best;
                    prev[j] = candidates[at];
                    prevRow[j] = at;
                    number[j] = number[at] + 1;
                    if (!beta && f[j] - f[at] < pen * g(degree, number[at]) * f[at]) {
                        number[j] = number[at];
                        f[j] = f[at];
                        prev[j] = prev[at];
                        prevRow[j] = prevRow[at];
                    }
                }
            }
            leftMedian[j] = medians.median(prev[j], s);
            cost[j] = beta ? pen * g(degree, number[j]) : 0.0;
        }
        List<Integer> out = new ArrayList<>();
        for (int row = prevRow[k]; row >= 0; row = prevRow[row]) {
            out.add(candidates[row]);
        }
        Collections.reverse(out);
        return out;
    }

    /**
     * Into {@code right[0..usable)}: the median of each segment from candidate i to {@code s}; the dense leading
     * candidates from the growing list, the others from range medians ({@code from}, {@code to} and {@code sparse}
     * are scratch arrays the caller keeps, so that the loop allocates nothing).
     */
    private static void rightMedians(
            RangeMedian medians,
            GrowingList list,
            int[] candidates,
            int dense,
            int usable,
            int s,
            double[] right,
            int[] from,
            int[] to,
            double[] sparse) {
        int fromList = Math.min(usable, dense);
        if (fromList > 0) {
            list.growTo(s);
            list.rightMedians(right, fromList);
        }
        int count = usable - fromList;
        if (count > 0) {
            System.arraycopy(candidates, fromList, from, 0, count);
            java.util.Arrays.fill(to, 0, count, s);
            medians.medians(from, to, count, sparse);
            System.arraycopy(sparse, 0, right, fromList, count);
        }
    }

    private static double g(int degree, int k) {
        return ExactDp.g(degree, k);
    }

    /**
     * Z[m..to−1] as a doubly linked list over ranks with a pointer at the lower median, grown one sample at a time:
     * all of Z[m..n−1] is linked, then unlinked from the end, so that relinking in index order is O(1) each
     * (dancing links), as in {@link ExactDp}.
     */
    private static final class GrowingList {
        private final RangeMedian medians;
        private final int m;
        private final int[] next;
        private final int[] before;
        private int low;
        private int to;

        GrowingList(RangeMedian medians, int m) {
            this.medians = medians;
            this.m = m;
            int n = medians.size();
            next = new int[n + 1];
            before = new int[n + 1];
            boolean[] linked = new boolean[n];
            for (int i = m; i < n; i++) {
                linked[medians.rank(i)] = true;
            }
            int sentinel = n;
            int last = sentinel;
            for (int r = 0; r < n; r++) {
                if (linked[r]) {
                    next[last] = r;
                    before[r] = last;
                    last = r;
                }
            }
            next[last] = sentinel;
            before[sentinel] = last;
            // Only Z[m] stays linked: it is its own median.
            for (int i = n - 1; i > m; i--) {
                int r = medians.rank(i);
                next[before[r]] = next[r];
                before[next[r]] = before[r];
            }
            low = medians.rank(m);
            to = m + 1;
        }

        /** Links Z[to..s−1]. */
        void growTo(int s) {
            while (to < s) {
                int r = medians.rank(to);
                next[before[r]] = r;
                before[next[r]] = r;
                int size = to - m + 1;
                if ((size & 1) != 0) {
                    low = r < low ? low : next[low]; // the median rank grew by one
                } else {
                    low = r < low ? before[low] : low; // same rank, one more element below it
                }
                to++;
            }
        }

        /** out[i] = median(Z[m+i..to−1]) for i &lt; count, by deleting Z[m], Z[m+1], … and then restoring them. */
        void rightMedians(double[] out, int count) {
            int lo = low;
            int size = to - m;
            for (int i = 0; ; i++) {
                out[i] = (size & 1) != 0
                        ? medians.valueOfRank(lo)
                        : (medians.valueOfRank(lo) + medians.valueOfRank(next[lo])) / 2;
                if (i == count - 1) {
                    break;
                }
                int r = medians.rank(m + i);
                if ((size & 1) == 0) {
                    if (r <= lo) {
                        lo = next[lo];
                    }
                } else if (r >= lo) {
                    lo = before[lo];
                }
                int a = before[r];
                int b = next[r];
                next[a] = b;
                before[b] = a;
                size--;
            }
            for (int i = count - 2; i >= 0; i--) {
                int r = medians.rank(m + i);
                next[before[r]] = r;
                before[next[r]] = r;
            }
        }
    }
}
