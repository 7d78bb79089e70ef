package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 *   <li>the left median of t, median(Z[prev[t]..t−1]), depends only on t once prev[t] is final, so it is stored
 *       once, when row t is done: prev[t] is 0 (the prefix median) or one of row t's own split points, whose
 *       right-set median row t has just computed;</li>
 *   <li>every sample gets its rank in (value, index) order (one sort per {@link #append}, O(n log n)); the prefix
 *       Z[0..s−1] and the set Z[m..s−1] are doubly linked lists over ranks with a pointer at the median. They are
 *       built for the whole data, then the samples not yet reached are unlinked from the end; linking them back
 *       in order as s grows is O(1) each (Knuth's dancing links), and moves the median pointer by at most one
 *       step;</li>
 *   <li>for row s the right sets Z[t..s−1], t = m, m+1, …, are nested: for each t read the median at the pointer,
 *       then delete Z[t], moving the pointer by at most one step: O(1) each. The deletions are then undone in
 *       reverse order (Knuth's dancing links), O(1) each, which restores the list for the next row;</li>
 *   <li>so O(s) per row, O(n²) in all with a small constant (about 2(s − 2m) pointer updates per row), O(n)
 *       memory.</li>
 * </ul>
 * The median values, and hence every floating-point operation of the statistic, are the reference's, so the change
 * points are identical (checked against a straightforward port in the tests). Working over ranks keeps the median pointer's walk local
 * in memory. Not thread-safe; {@link #copy(int)} it.
 */
final class ExactDp {
    private final int minSize;
    private final boolean beta;
    private final double penalty;
    private final int degree;
    private final double initial;

    private int n;
    private double[] z;
    /** DP rows 0..n */
    private double[] f;

    private int[] prev;
    private int[] number;
    private double[] leftMedian;
    /** beta·G(number[t]) for the beta family, 0 for percent: fixed once row t is final */
    private double[] cost;

    // Rebuilt by every append: ranks, and the two linked lists over ranks (sentinel = slot n of the new size).
    private int[] rank;
    private double[] valueOfRank;
    private int[] rightNext;
    private int[] rightBefore;
    private int rightLow;
    private int[] prefixNext;
    private int[] prefixBefore;
    private int prefixLow;
    /** scratch: the median of Z[t..s−1] for each t of the current row */
    private double[] rightMedian;
    /** the statistic at the t returned by {@link #bestSplit} */
    private double bestValue;

    ExactDp(int minSize, Penalty penalty, int degree) {
        this.minSize = minSize;
        this.beta = penalty.family() == Penalty.Family.BETA;
        this.penalty = penalty.value();
        this.degree = degree;
        this.initial = beta ? -3 : 0;
        resize(16);
    }

    private ExactDp(ExactDp o, int capacity) {
        minSize = o.minSize;
        beta = o.beta;
        penalty = o.penalty;
        degree = o.degree;
        initial = o.initial;
        n = o.n;
        z = Arrays.copyOf(o.z, capacity);
        f = Arrays.copyOf(o.f, capacity + 1);
        prev = Arrays.copyOf(o.prev, capacity + 1);
        number = Arrays.copyOf(o.number, capacity + 1);
        leftMedian = Arrays.copyOf(o.leftMedian, capacity + 1);
        cost = Arrays.copyOf(o.cost, capacity + 1);
    }

    /** The exact change points of {@code data} (already rescaled for beta). */
    static List<Integer> changePoints(double[] data, int minSize, Penalty penalty, int degree) {
        ExactDp dp = new ExactDp(minSize, penalty, degree);
        dp.append(data, 0, data.length);
        return dp.changePoints();
    }

    /** A deep copy of the rows with room for {@code extra} more samples: O(n). */
    ExactDp copy(int extra) {
        return new ExactDp(this, n + extra);
    }

    int size() {
        return n;
    }

    /** Appends data[from..to−1] and computes their rows: O(n log n) for the ranks + O((to − from) · n). */
    void append(double[] data, int from, int to) {
        int oldN = n;
        int newN = oldN + (to - from);
        if (newN == oldN) {
            return;
        }
        resize(newN);
        System.arraycopy(data, from, z, oldN, to - from);
        rankAll(newN);
        final int m = minSize;
        // Link the whole data, then unlink the new samples from the end; they come back one by one below.
        prefixLow = linkAll(prefixNext, prefixBefore, 0, newN);
        rightLow = linkAll(rightNext, rightBefore, m, newN);
        for (int i = newN - 1; i >= oldN; i--) {
            prefixLow = unlink(prefixNext, prefixBefore, prefixLow, i + 1, rank[i]);
            if (i >= m) {
                rightLow = unlink(rightNext, rightBefore, rightLow, i - m + 1, rank[i]);
            }
        }
        for (int i = oldN; i < newN; i++) {
            prefixLow = relink(prefixNext, prefixBefore, prefixLow, i + 1, rank[i]);
            if (i >= m) {
                rightLow = relink(rightNext, rightBefore, rightLow, i - m + 1, rank[i]);
            }
            int s = i + 1;
            n = s;
            f[s] = initial;
            prev[s] = 0;
            number[s] = 0;
            if (s >= 2 * m) {
                computeRow(s);
            }
            if (s >= m) {
                // prev[s] is 0 or one of the t of row s, whose right set Z[t..s-1] is the left set of s.
                int p = prev[s];
                leftMedian[s] = p == 0 ? median(prefixNext, prefixLow, s) : rightMedian[p];
            }
            // EDM_multi subtracts beta·G(number[t]) after adding the statistic; x - 0.0 == x keeps percent exact.
            cost[s] = beta ? penalty * g(number[s]) : 0.0;
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
        Collections.reverse(out);
        return out;
    }

    private void computeRow(int s) {
        final int m = minSize;
        final int last = s - m;
        rightMedians(s, last);
        int bestT = bestSplit(s, last);
        double best = bestT == 0 ? initial : bestValue;
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

    /**
     * The first t in [m, last] with the largest statistic F[t] + (t−p)(s−t)/(s−p)² · d² − cost[t] if it exceeds the
     * initial F[s], else 0 (the reference's sequential strict {@code >} scan); the value goes to {@link #bestValue}.
     * The operations are the reference's; (t−p)(s−t) &lt; 2^53 is exact in double, like its int product. Two
     * interleaved running maxima (even and odd t, each keeping its first maximum) shorten the compare-and-select
     * dependency chain; nothing is stored per t, which keeps the loop free of store-to-load stalls.
     */
    private int bestSplit(int s, int last) {
        final double[] f = this.f;
        final double[] cost = this.cost;
        final double[] leftMedian = this.leftMedian;
        final double[] rightMedian = this.rightMedian;
        final int[] prev = this.prev;
        final double ds = s;
        double best0 = initial;
        double best1 = initial;
        int at0 = 0;
        int at1 = 0;
        int t = minSize;
        for (; t < last; t += 2) {
            double p0 = prev[t];
            double d0 = leftMedian[t] - rightMedian[t];
            double v0 = f[t] + ((t - p0) * (ds - t)) / ((ds - p0) * (ds - p0)) * (d0 * d0) - cost[t];
            int u = t + 1;
            double p1 = prev[u];
            double d1 = leftMedian[u] - rightMedian[u];
            double v1 = f[u] + ((u - p1) * (ds - u)) / ((ds - p1) * (ds - p1)) * (d1 * d1) - cost[u];
            if (v0 > best0) {
                best0 = v0;
                at0 = t;
            }
            if (v1 > best1) {
                best1 = v1;
                at1 = u;
            }
        }
        if (t == last) {
            double p0 = prev[t];
            double d0 = leftMedian[t] - rightMedian[t];
            double v0 = f[t] + ((t - p0) * (ds - t)) / ((ds - p0) * (ds - p0)) * (d0 * d0) - cost[t];
            if (v0 > best0) {
                best0 = v0;
                at0 = t;
            }
        }
        // at1 != 0 implies best1 > initial; on equal values the smaller t was first in the reference's scan.
        if (best1 > best0 || (best1 == best0 && at1 != 0 && at1 < at0)) {
            bestValue = best1;
            return at1;
        }
        bestValue = best0;
        return at0;
    }

    /** rightMedian[t] = median(Z[t..s−1]) for t = m..last, by deleting Z[t] from the list, then restoring it. */
    private void rightMedians(int s, int last) {
        final int m = minSize;
        final double[] value = this.valueOfRank;
        final int[] next = this.rightNext;
        final int[] before = this.rightBefore;
        final int[] rank = this.rank;
        final double[] rightMedian = this.rightMedian;
        int lo = rightLow; // the list holds Z[m..s-1]
        int t = m;
        // The right set Z[t..s-1] has s - t elements; its parity alternates, so the loop takes two t at a time.
        if (((s - t) & 1) == 0) {
            int hi = next[lo];
            rightMedian[t] = (value[lo] + value[hi]) / 2; // even size: mean of ranks lo and next[lo]
            if (t < last) {
                int k = rank[t];
                lo = k <= lo ? hi : lo;
                int a = before[k];
                int b = next[k];
                next[a] = b;
                before[b] = a;
            }
            t++;
        }
        while (t <= last) {
            rightMedian[t] = value[lo]; // odd size
            if (t == last) {
                break;
            }
            int k = rank[t];
            int below = before[lo];
            lo = k >= lo ? below : lo;
            int a = before[k];
            int b = next[k];
            next[a] = b;
            before[b] = a;
            t++;

            int hi = next[lo];
            rightMedian[t] = (value[lo] + value[hi]) / 2; // even size
            if (t == last) {
                break;
            }
            k = rank[t];
            lo = k <= lo ? hi : lo;
            a = before[k];
            b = next[k];
            next[a] = b;
            before[b] = a;
            t++;
        }
        // Undo the deletions (m .. last-1) in reverse order: each deleted node still points at its old neighbours
        // (dancing links).
        for (int u = last - 1; u >= m; u--) {
            int k = rank[u];
            next[before[k]] = k;
            before[next[k]] = k;
        }
    }

    /** rank[i] for i &lt; count, in (value, index) order, and the values by rank. */
    private void rankAll(int count) {
        double[] values = Arrays.copyOf(z, count);
        Arrays.sort(values);
        int[] used = new int[count];
        for (int i = 0; i < count; i++) {
            int first = RankedList.lowerBound(values, z[i]);
            rank[i] = first + used[first]++;
        }
        valueOfRank = values;
    }

    /** Links the ranks of samples from..count−1 in order; returns the lower median's rank. */
    private int linkAll(int[] next, int[] before, int from, int count) {
        int sentinel = count;
        int[] byRank = new int[count];
        Arrays.fill(byRank, -1);
        for (int i = from; i < count; i++) {
            byRank[rank[i]] = i;
        }
        int last = sentinel;
        int linked = 0;
        int target = (count - from - 1) >> 1;
        int low = -1;
        for (int r = 0; r < count; r++) {
            if (byRank[r] < 0) {
                continue;
            }
            next[last] = r;
            before[r] = last;
            last = r;
            if (linked++ == target) {
                low = r;
            }
        }
        next[last] = sentinel;
        before[sentinel] = last;
        return low;
    }

    /** Unlinks rank k from a list of {@code size} elements with lower median {@code low}; returns the new one. */
    private static int unlink(int[] next, int[] before, int low, int size, int k) {
        if ((size & 1) == 0) {
            if (k <= low) {
                low = next[low];
            }
        } else if (k >= low) {
            low = before[low];
        }
        next[before[k]] = next[k];
        before[next[k]] = before[k];
        return low;
    }

    /** Links rank k back (dancing links) to make {@code size} elements; returns the new lower median. */
    private static int relink(int[] next, int[] before, int low, int size, int k) {
        next[before[k]] = k;
        before[next[k]] = k;
        if (size == 1) {
            return k;
        }
        if ((size & 1) != 0) {
            return k < low ? low : next[low]; // the median rank grew by one
        }
        return k < low ? before[low] : low; // same rank, one more element below it
    }

    private double median(int[] next, int low, int size) {
        return (size & 1) != 0 ? valueOfRank[low] : (valueOfRank[low] + valueOfRank[next[low]]) / 2;
    }

    private double g(int k) {
        return g(degree, k);
    }

    /** BreakoutDetection's penalty growth G(k) for degree 0, 1, 2: 0, 1, 2k + 1 (shared with CandidateDp). */
    static double g(int degree, int k) {
        switch (degree) {
            case 0:
                return 0;
            case 1:
                return 1;
            default:
                return 2.0 * k + 1;
        }
    }

    /** Room for {@code count} samples; the rank and list arrays are sized exactly for it. */
    private void resize(int count) {
        if (z == null || count > z.length) {
            int capacity = Math.max(count, z == null ? 0 : z.length + (z.length >> 1));
            z = z == null ? new double[capacity] : Arrays.copyOf(z, capacity);
            f = f == null ? new double[capacity + 1] : Arrays.copyOf(f, capacity + 1);
            prev = prev == null ? new int[capacity + 1] : Arrays.copyOf(prev, capacity + 1);
            number = number == null ? new int[capacity + 1] : Arrays.copyOf(number, capacity + 1);
            leftMedian = leftMedian == null ? new double[capacity + 1] : Arrays.copyOf(leftMedian, capacity + 1);
            cost = cost == null ? new double[capacity + 1] : Arrays.copyOf(cost, capacity + 1);
        }
        if (rank == null || rank.length != count) {
            rank = new int[count];
            rightNext = new int[count + 1];
            rightBefore = new int[count + 1];
            prefixNext = new int[count + 1];
            prefixBefore = new int[count + 1];
            rightMedian = new double[count + 1];
        }
    }
}
