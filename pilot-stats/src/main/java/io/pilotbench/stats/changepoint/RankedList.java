package io.pilotbench.stats.changepoint;

import java.util.Arrays;

/**
 * A slice Z[from..to−1] in (value, index) order, as a doubly linked list over ranks with a pointer at the lower
 * median: {@link #median()} is O(1) and {@link #delete(int)} is O(1), because deleting one element moves the median
 * rank by at most one step. Building it costs one sort, O(k log k) for k samples.
 */
final class RankedList {
    private final int offset;
    /** values in ascending order */
    private final double[] sortedValues;
    /** rank of sample offset+j */
    private final int[] rankOf;

    private final int[] indexOfRank;
    private final int[] next;
    private final int[] before;
    private final int sentinel;
    private int lo;
    private int size;

    /** Sorts Z[from..to−1] and links every element. */
    RankedList(double[] z, int from, int to) {
        offset = from;
        int k = to - from;
        sortedValues = Arrays.copyOfRange(z, from, to);
        Arrays.sort(sortedValues);
        rankOf = new int[k];
        int[] used = new int[k];
        for (int j = 0; j < k; j++) {
            int first = lowerBound(sortedValues, z[from + j]);
            rankOf[j] = first + used[first]++; // equal values keep index order
        }
        indexOfRank = new int[k];
        for (int j = 0; j < k; j++) {
            indexOfRank[rankOf[j]] = from + j;
        }
        next = new int[k + 1];
        before = new int[k + 1];
        sentinel = k;
        relinkAll();
    }

    /** Links all elements again, undoing every deletion: O(k). */
    void relinkAll() {
        int last = sentinel;
        for (int r = 0; r < sentinel; r++) {
            next[last] = r;
            before[r] = last;
            last = r;
        }
        next[last] = sentinel;
        before[sentinel] = last;
        size = sentinel;
        lo = (size - 1) >> 1;
    }

    /** Links only the samples whose index is in [from, to): O(k). */
    void relink(int from, int to) {
        int last = sentinel;
        int count = 0;
        int target = (to - from - 1) >> 1;
        for (int r = 0; r < sentinel; r++) {
            int i = indexOfRank(r);
            if (i < from || i >= to) {
                continue;
            }
            next[last] = r;
            before[r] = last;
            last = r;
            if (count++ == target) {
                lo = r;
            }
        }
        next[last] = sentinel;
        before[sentinel] = last;
        size = to - from;
    }

    private int indexOfRank(int r) {
        return indexOfRank[r];
    }

    int size() {
        return size;
    }

    /** Median of the linked elements (size ≥ 1); even sizes average the two middle values. */
    double median() {
        return (size & 1) != 0 ? sortedValues[lo] : (sortedValues[lo] + sortedValues[next[lo]]) / 2;
    }

    /** Unlinks sample {@code index}, which must be linked. */
    void delete(int index) {
        int r = rankOf[index - offset];
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

    /** First position of v in ascending a (Double.compare order, as Arrays.sort). */
    static int lowerBound(double[] a, double v) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Double.compare(a[mid], v) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
