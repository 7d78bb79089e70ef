package io.pilotbench.core.engine;

import io.pilotbench.core.model.Defaults;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.EdmTracker;
import java.util.Arrays;
import java.util.OptionalInt;

/**
 * Round-by-round change-point tracking on a PI's readings (docs/original.md#readings-changepoints): once there are more
 * than {@value Defaults#READINGS_CHANGEPOINT_MIN} readings, after every new reading run EDM (Pilot's settings) on the
 * readings since the last change point and, if it finds change points, move the start to the last one. The start never
 * moves back. EDM rows are extended incrementally ({@link EdmTracker}), so a reading costs O(n) rather than a rerun of
 * O(n² log n).
 */
final class ReadingsTracker {
    private double[] values = new double[16];
    private int size;
    private int from;
    private EdmTracker tracker = EdmTracker.start(EdmSettings.pilot());

    void add(double value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
        tracker = tracker.append(value);
        if (size > Defaults.READINGS_CHANGEPOINT_MIN) {
            OptionalInt last = tracker.result().last();
            if (last.isPresent()) {
                from += last.getAsInt();
                tracker = EdmTracker.start(EdmSettings.pilot()).append(Arrays.copyOfRange(values, from, size));
            }
        }
    }

    /** Index of the first reading after the last change point. */
    int from() {
        return from;
    }

    int size() {
        return size;
    }

    double[] values() {
        return Arrays.copyOf(values, size);
    }
}
