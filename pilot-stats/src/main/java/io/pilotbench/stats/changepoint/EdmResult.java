package io.pilotbench.stats.changepoint;

import java.util.List;
import java.util.OptionalInt;

/**
 * The change points EDM found in a series.
 *
 * @param n            number of samples analysed
 * @param minSize      the minimum segment length used
 * @param changePoints ascending 0-based indices, each the first sample of a new segment (so [30, 60] splits 90
 *                     samples into [0, 30), [30, 60), [60, 90)); empty when none. Unmodifiable.
 * @param method       the algorithm that ran: {@link EdmSettings.Mode#EXACT} or {@link EdmSettings.Mode#SCALABLE}
 */
public record EdmResult(int n, int minSize, List<Integer> changePoints, EdmSettings.Mode method) {

    /** Copies the change points; checks they are strictly increasing inside (0, n). */
    public EdmResult {
        changePoints = List.copyOf(changePoints);
        int last = 0;
        for (int c : changePoints) {
            if (c <= last || c >= n) {
                throw new IllegalArgumentException(
                        "change points must be strictly increasing inside (0, " + n + "), got " + changePoints);
            }
            last = c;
        }
        if (method == null || method == EdmSettings.Mode.AUTO) {
            throw new IllegalArgumentException("method must be EXACT or SCALABLE, got " + method);
        }
    }

    /**
     * The last change point, if any: the original Pilot's {@code pilot_find_one_changepoint} (30×1.1 + 30×5.1 gives
     * 30; with another 30×1.1 appended it gives 60).
     */
    public OptionalInt last() {
        return changePoints.isEmpty() ? OptionalInt.empty() : OptionalInt.of(changePoints.get(changePoints.size() - 1));
    }

    /** The stable segment under the dominant-segment rule, see {@link StableSegment#of}. */
    public StableSegment stableSegment() {
        return StableSegment.of(changePoints, n, minSize);
    }
}
