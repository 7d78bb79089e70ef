package io.pilotbench.stats.changepoint;

import java.util.List;

/**
 * The stable (dominant) segment of a series split by change points: the part of a benchmark run between its
 * warm-up and its cool-down.
 *
 * <p>Rule (the original Pilot's {@code pilot_find_dominant_segment}, docs/original.md#dominant-segment; paper §III-A):
 * walk the segments [0, c₁), [c₁, c₂), …, [c_k, n) from the left while tracking the longest one so far; the first time
 * the longest is longer than n/2 (integer division) it is the stable segment. Otherwise there is none. Fewer than
 * minSize samples give {@link Status#NOT_ENOUGH_DATA}.
 *
 * <p>Examples (min size 30): 30×1.1, 130×5.1, 30×1.1 has change points [30, 131] and the stable segment [30, 131)
 * with a warm-up of 30 and a cool-down of 59 samples; [1.0]×40 + [2.0]×60 has the change point [50] and no
 * stable segment (50 is not &gt; 100/2).
 *
 * @param status whether a segment was found, and why not
 * @param begin  first sample of the segment (0-based, inclusive); only meaningful when found
 * @param end    one past its last sample (exclusive); only meaningful when found
 * @param n      the number of samples of the whole series
 */
public record StableSegment(Status status, int begin, int end, int n) {

    /** The outcome of the search. */
    public enum Status {
        /** a segment longer than n/2 exists */
        FOUND,
        /** fewer than minSize samples (the original's ERR_NOT_ENOUGH_DATA) */
        NOT_ENOUGH_DATA,
        /** no segment is longer than n/2 (the original's ERR_NO_DOMINANT_SEGMENT) */
        NO_DOMINANT_SEGMENT
    }

    /** @throws IllegalArgumentException if the bounds are inconsistent */
    public StableSegment {
        if (status == null) {
            throw new IllegalArgumentException("status must not be null");
        }
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        if (status == Status.FOUND ? !(0 <= begin && begin < end && end <= n) : begin != 0 || end != 0) {
            throw new IllegalArgumentException(
                    "bad stable segment [" + begin + ", " + end + ") of " + n + " samples for status " + status);
        }
    }

    /**
     * Applies the dominant-segment rule.
     *
     * @param changePoints ascending 0-based indices in (0, n), each the first sample of a new segment
     * @param n            number of samples, ≥ 0
     * @param minSize      fewer samples than this give {@link Status#NOT_ENOUGH_DATA}
     * @throws IllegalArgumentException if the change points are not strictly increasing inside (0, n)
     */
    public static StableSegment of(List<Integer> changePoints, int n, int minSize) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, got " + n);
        }
        int previous = 0;
        for (int c : changePoints) {
            if (c <= previous || c >= n) {
                throw new IllegalArgumentException(
                        "change points must be strictly increasing inside (0, " + n + "), got " + changePoints);
            }
            previous = c;
        }
        if (n < minSize || n == 0) {
            return new StableSegment(Status.NOT_ENOUGH_DATA, 0, 0, n);
        }
        int half = n / 2;
        int segmentStart = 0;
        int bestBegin = 0;
        int bestLength = 0;
        for (int i = 0; i <= changePoints.size(); i++) {
            int segmentEnd = i < changePoints.size() ? changePoints.get(i) : n;
            if (segmentEnd - segmentStart > bestLength) {
                bestLength = segmentEnd - segmentStart;
                bestBegin = segmentStart;
            }
            if (bestLength > half) {
                return new StableSegment(Status.FOUND, bestBegin, bestBegin + bestLength, n);
            }
            segmentStart = segmentEnd;
        }
        return new StableSegment(Status.NO_DOMINANT_SEGMENT, 0, 0, n);
    }

    /** Whether a stable segment exists. */
    public boolean isFound() {
        return status == Status.FOUND;
    }

    /** Number of samples in the segment. @throws IllegalStateException if none was found */
    public int length() {
        requireFound();
        return end - begin;
    }

    /** Samples before the segment (the warm-up), = begin. @throws IllegalStateException if none was found */
    public int warmUpLength() {
        requireFound();
        return begin;
    }

    /** Samples after the segment (the cool-down), = n − end. @throws IllegalStateException if none was found */
    public int coolDownLength() {
        requireFound();
        return n - end;
    }

    private void requireFound() {
        if (!isFound()) {
            throw new IllegalStateException("no stable segment: " + status);
        }
    }
}
