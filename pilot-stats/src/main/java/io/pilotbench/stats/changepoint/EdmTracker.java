package io.pilotbench.stats.changepoint;

import java.util.Arrays;
import java.util.List;

/**
 * Exact EDM over a series that grows round by round, without redoing the history on each round.
 *
 * <p>Immutable: {@link #append} returns a new tracker and leaves this one valid.
 * <pre>{@code
 * EdmTracker tracker = EdmTracker.start(EdmSettings.pilot());
 * tracker = tracker.append(roundOfUnitReadings);         // after every round
 * StableSegment stable = tracker.result().stableSegment();
 * }</pre>
 *
 * <p>What is incremental, exactly: row s of the EDM dynamic programme (F[s], prev[s], number[s] and the left
 * median of s) reads only Z[0..s−1] and rows t &lt; s, so rows already computed never change when data are appended.
 * Appending k samples to n costs O(n) to copy the state plus O(k·(n + k)) for the k new rows, instead of the
 * O((n + k)²) of a rerun (the original Pilot reruns an O(n² log n) EDM after every round). The change points are
 * read back from the rows in O(number of change points). The result equals {@link Edm#detect} in
 * {@link EdmSettings.Mode#EXACT} on the whole series (tested on seeded data).
 *
 * <p>Not incremental: with a {@link Penalty#beta beta} penalty the data are rescaled to [0, 1] by their minimum
 * and maximum, so a round that widens the range changes every value and the rows are recomputed from scratch (a
 * round within the range stays incremental). Amoc and {@link EdmSettings.Mode#SCALABLE} are rejected (their results
 * depend on the whole series); {@link EdmSettings.Mode#AUTO} means EXACT here.
 */
public final class EdmTracker {
    private final EdmSettings settings;
    private final double[] data;
    private final double min;
    private final double max;
    /** null while the beta family sees constant data (no change points) */
    private final ExactDp dp;

    private EdmTracker(EdmSettings settings, double[] data, double min, double max, ExactDp dp) {
        this.settings = settings;
        this.data = data;
        this.min = min;
        this.max = max;
        this.dp = dp;
    }

    /**
     * An empty tracker.
     *
     * @throws IllegalArgumentException if settings is null, amoc, or SCALABLE
     */
    public static EdmTracker start(EdmSettings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        if (settings.amoc()) {
            throw new IllegalArgumentException("amoc cannot be tracked incrementally: its statistic depends on the "
                    + "whole series; use Edm.detect");
        }
        if (settings.mode() == EdmSettings.Mode.SCALABLE) {
            throw new IllegalArgumentException("incremental tracking is exact: use mode EXACT or AUTO, not SCALABLE");
        }
        ExactDp dp = beta(settings) ? null : new ExactDp(settings.minSize(), settings.penalty(), settings.degree());
        return new EdmTracker(settings, new double[0], Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, dp);
    }

    /**
     * This series with {@code values} appended.
     *
     * @param values finite values (a round's unit readings, say); may be empty
     * @throws IllegalArgumentException if values is null or holds NaN or ±∞
     */
    public EdmTracker append(double... values) {
        Edm.requireFinite(values);
        if (values.length == 0) {
            return this;
        }
        double[] all = Arrays.copyOf(data, data.length + values.length);
        System.arraycopy(values, 0, all, data.length, values.length);
        if (!beta(settings)) {
            ExactDp next = dp.copy(values.length);
            next.append(values, 0, values.length);
            return new EdmTracker(settings, all, min, max, next);
        }
        double newMin = min;
        double newMax = max;
        for (double v : values) {
            newMin = Math.min(newMin, v);
            newMax = Math.max(newMax, v);
        }
        if (dp != null && newMin == min && newMax == max) {
            ExactDp next = dp.copy(values.length);
            double[] scaled = Edm.rescale(values, min, max);
            next.append(scaled, 0, scaled.length);
            return new EdmTracker(settings, all, min, max, next);
        }
        double[] scaled = Edm.rescale(all, newMin, newMax);
        ExactDp fresh = null;
        if (scaled != null) {
            fresh = new ExactDp(settings.minSize(), settings.penalty(), settings.degree());
            fresh.append(scaled, 0, scaled.length);
        }
        return new EdmTracker(settings, all, newMin, newMax, fresh);
    }

    /** Number of samples so far. */
    public int size() {
        return data.length;
    }

    /** The settings this tracker was started with. */
    public EdmSettings settings() {
        return settings;
    }

    /** The exact change points of everything appended so far; O(number of change points). */
    public EdmResult result() {
        List<Integer> changePoints = dp == null ? List.of() : dp.changePoints();
        return new EdmResult(data.length, settings.minSize(), changePoints, EdmSettings.Mode.EXACT);
    }

    private static boolean beta(EdmSettings settings) {
        return settings.penalty().family() == Penalty.Family.BETA;
    }
}
