package io.pilotbench.stats.changepoint;

import java.util.Arrays;

/**
 * The median of any slice Z[from..to−1] in O(log n), after an O(n log n) build: a wavelet matrix over the samples'
 * ranks in (value, index) order, the order of {@link RankedList} and {@link ExactDp}. The value returned is the one
 * those compute (the middle value, or the mean of the two middle values computed as {@code (a + b) / 2}), so a
 * statistic built from it is bit-for-bit the same. Memory: about ⌈log₂ n⌉ · 2n bits plus the ranks and the sorted
 * values. Not thread-safe ({@link #medians} uses scratch arrays).
 */
final class RangeMedian {
    private final int n;
    private final int levels;
    private final double[] valueOfRank;
    /** rank[i]: the rank of Z[i] in (value, index) order */
    private final int[] rank;
    /**
     * Per level (bit lv of the rank, most significant first when querying): interleaved pairs
     * {ones before word w, word w} of the level's bit vector, so that a rank query reads one cache line.
     */
    private final long[][] bits;
    /** Per level: the number of zero bits (they are stably moved to the front for the next level). */
    private final int[] zeros;
    /** scratch for {@link #medians}: one entry per order statistic */
    private int[] ql;

    private int[] qr;
    private int[] qk;
    private int[] qres;

    RangeMedian(double[] z) {
        n = z.length;
        rank = ranks(z);
        valueOfRank = new double[n];
        for (int i = 0; i < n; i++) {
            valueOfRank[rank[i]] = z[i];
        }
        int[] current = rank.clone();
        levels = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, n - 1)));
        bits = new long[levels][];
        zeros = new int[levels];
        int words = (n >>> 6) + 1;
        int[] next = new int[n];
        for (int lv = levels - 1; lv >= 0; lv--) {
            // the ranks are a permutation of 0..n-1: count those with bit lv clear
            int period = 1 << lv;
            int zeroCount = (n >>> (lv + 1)) * period + Math.min(n & ((period << 1) - 1), period);
            long[] data = new long[2 * words];
            int z0 = 0;
            int z1 = zeroCount;
            long word = 0;
            int ones = 0;
            for (int i = 0; i < n; i++) {
                int r = current[i];
                int bit = (r >>> lv) & 1;
                word |= (long) bit << i;
                next[z0 + ((z1 - z0) & -bit)] = r; // branch-free stable partition
                z0 += bit ^ 1;
                z1 += bit;
                if ((i & 63) == 63) {
                    int w = i >>> 6;
                    data[2 * w] = ones;
                    data[2 * w + 1] = word;
                    ones += Long.bitCount(word);
                    word = 0;
                }
            }
            int w = n >>> 6; // the partial last word (possibly empty)
            data[2 * w] = ones;
            data[2 * w + 1] = word;
            bits[lv] = data;
            zeros[lv] = zeroCount;
            int[] swap = current;
            current = next;
            next = swap;
        }
    }

    int size() {
        return n;
    }

    /** The rank of Z[i] in (value, index) order, 0 … n−1. */
    int rank(int i) {
        return rank[i];
    }

    /** The value of rank r. */
    double valueOfRank(int r) {
        return valueOfRank[r];
    }

    /**
     * Ranks in (value, index) order, as {@link RankedList}'s (−0.0 before 0.0, as {@code Arrays.sort}), by a stable
     * least-significant-digit radix sort of the values' order-preserving bit patterns: O(n) passes over memory
     * instead of n binary searches.
     */
    static int[] ranks(double[] z) {
        int n = z.length;
        long[] keys = new long[n];
        int[] index = new int[n];
        for (int i = 0; i < n; i++) {
            long bits = Double.doubleToRawLongBits(z[i]);
            keys[i] = bits ^ ((bits >> 63) | Long.MIN_VALUE); // unsigned order = numeric order
            index[i] = i;
        }
        long[] keys2 = new long[n];
        int[] index2 = new int[n];
        int[] count = new int[257];
        for (int shift = 0; shift < 64; shift += 8) {
            Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(int) (keys[i] >>> shift) & 0xFF]++;
            }
            if (n == 0 || count[(int) (keys[0] >>> shift) & 0xFF] == n) {
                continue; // every key has this digit: the pass would not move anything
            }
            int sum = 0;
            for (int d = 0; d < 256; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int d = (int) (keys[i] >>> shift) & 0xFF;
                int to = count[d]++;
                keys2[to] = keys[i];
                index2[to] = index[i];
            }
            long[] k = keys;
            keys = keys2;
            keys2 = k;
            int[] x = index;
            index = index2;
            index2 = x;
        }
        int[] rank = index2; // the spare buffer
        for (int r = 0; r < n; r++) {
            rank[index[r]] = r;
        }
        return rank;
    }

    /** The median of Z[from..to−1], from &lt; to; an even count averages the two middle values. */
    double median(int from, int to) {
        int size = to - from;
        int k = (size - 1) >> 1;
        if ((size & 1) != 0) {
            return valueOfRank[kth(from, to, k)];
        }
        return (valueOfRank[kth(from, to, k)] + valueOfRank[kth(from, to, k + 1)]) / 2;
    }

    /**
     * out[i] = median(Z[from[i]..to[i]−1]) for i &lt; count (each from[i] &lt; to[i]), the same values as
     * {@link #median}. The queries descend the levels together, which overlaps their memory accesses: several
     * times faster than one query at a time once the levels outgrow the caches.
     */
    void medians(int[] from, int[] to, int count, double[] out) {
        int q = 0;
        for (int i = 0; i < count; i++) {
            q += 2 - ((to[i] - from[i]) & 1);
        }
        if (ql == null || ql.length < q) {
            int size = Math.max(q, 16);
            ql = new int[size];
            qr = new int[size];
            qk = new int[size];
            qres = new int[size];
        }
        final int[] l = ql;
        final int[] r = qr;
        final int[] k = qk;
        final int[] res = qres;
        q = 0;
        for (int i = 0; i < count; i++) {
            int size = to[i] - from[i];
            int mid = (size - 1) >> 1;
            l[q] = from[i];
            r[q] = to[i];
            k[q] = mid;
            res[q++] = 0;
            if ((size & 1) == 0) {
                l[q] = from[i];
                r[q] = to[i];
                k[q] = mid + 1;
                res[q++] = 0;
            }
        }
        for (int lv = levels - 1; lv >= 0; lv--) {
            final long[] data = bits[lv];
            final int z = zeros[lv];
            final int bit = 1 << lv;
            for (int j = 0; j < q; j++) {
                int a = l[j];
                int b = r[j];
                int onesL = ones(data, a);
                int onesR = ones(data, b);
                int zeroCount = (b - onesR) - (a - onesL);
                int kj = k[j];
                int low = (kj - zeroCount) >> 31; // -1: the k-th is among the zeros; branch-free
                l[j] = ((a - onesL) & low) | ((z + onesL) & ~low);
                r[j] = ((b - onesR) & low) | ((z + onesR) & ~low);
                k[j] = kj - (zeroCount & ~low);
                res[j] |= bit & ~low;
            }
        }
        q = 0;
        for (int i = 0; i < count; i++) {
            if (((to[i] - from[i]) & 1) != 0) {
                out[i] = valueOfRank[res[q++]];
            } else {
                out[i] = (valueOfRank[res[q]] + valueOfRank[res[q + 1]]) / 2;
                q += 2;
            }
        }
    }

    /** The rank of the k-th smallest (0-based) of Z[from..to−1]. */
    private int kth(int from, int to, int k) {
        int l = from;
        int r = to;
        int result = 0;
        for (int lv = levels - 1; lv >= 0; lv--) {
            long[] data = bits[lv];
            int onesL = ones(data, l);
            int onesR = ones(data, r);
            int zeroCount = (r - onesR) - (l - onesL);
            if (k < zeroCount) {
                l -= onesL;
                r -= onesR;
            } else {
                k -= zeroCount;
                int z = zeros[lv];
                l = z + onesL;
                r = z + onesR;
                result |= 1 << lv;
            }
        }
        return result;
    }

    /** The number of one bits before position i. */
    private static int ones(long[] data, int i) {
        int w = i >>> 6;
        return (int) data[2 * w] + Long.bitCount(data[2 * w + 1] & ((1L << i) - 1));
    }
}
