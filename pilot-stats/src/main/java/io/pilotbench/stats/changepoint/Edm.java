package io.pilotbench.stats.changepoint;

import java.util.List;

/**
 * E-Divisive with Medians (EDM) change-point detection, as in Twitter's BreakoutDetection and the original Pilot.
 *
 * <p>EDM splits a series where the median shifts. For change points … &lt; p &lt; t &lt; s the dynamic programme
 * scores the last change t of the prefix Z[0..s−1] by F[t] + (t−p)(s−t)/(s−p)² · (median(Z[p..t−1]) −
 * median(Z[t..s−1]))², keeps the best (strict {@code >}: the first t wins a tie) and then applies the
 * {@link Penalty}. The median of an even number of values is the mean of the two middle ones. Source: N. A. James,
 * A. Kejariwal, D. S. Matteson, arXiv:1411.7955 (2014); BreakoutDetection {@code src/edm-per.cpp},
 * {@code src/edm-multi.cpp}, {@code src/edmx.cpp}, {@code R/breakout.R}; Pilot paper §III-A.
 *
 * <p>Worked examples with {@link EdmSettings#pilot()} (min size 30, percent 0.25, degree 1): 30×1.1, 30×5.1, 30×1.1
 * gives [30, 60]; [1.0]×40 + [2.0]×60 gives [50] (EDM's median statistic pulls a noise-free step toward the balanced
 * split); [5.0]×20 + [1.0]×200 gives [30] (forced by the min size); Ferrari's dataset F (48 values) gives [].
 *
 * <p>Algorithms ({@link EdmSettings.Mode}):
 * <ul>
 *   <li>EXACT: the same change points as BreakoutDetection (and the original Pilot) in O(n²) time and O(n) memory
 *       instead of the reference's O(n² log n): the left median of each t is computed once, and the right medians
 *       of the nested sets Z[t..s−1] come from deleting from a sorted linked list while a median pointer moves one
 *       step at a time. The reference needs 27 s at n = 8,000 (docs/original.md#edm-performance); see bench/README.md
 *       for ours.</li>
 *   <li>SCALABLE: the exact programme over about 2,000 candidate positions chosen by a coarse pass on block
 *       medians; O(n log n); within 1% of n of EXACT on planted shifts, not always equal (see {@code ScalableEdm}).</li>
 *   <li>AUTO (default): EXACT up to {@value EdmSettings#AUTO_EXACT_LIMIT} samples, SCALABLE above.</li>
 * </ul>
 * With {@link EdmSettings#amoc()} the {@code EDMX} statistic finds at most one change (O(n²) exact).
 *
 * <p>Boundaries: n &lt; 2·minSize (including n = 0 and 1) gives no change point; constant data give none; NaN and
 * ±∞ are rejected. For appending data round by round, use {@link EdmTracker}.
 */
public final class Edm {
    private Edm() {}

    /** {@link #detect(double[], EdmSettings)} with {@link EdmSettings#pilot()}. */
    public static EdmResult detect(double[] data) {
        return detect(data, EdmSettings.pilot());
    }

    /**
     * The change points of {@code data}.
     *
     * @param data     the series, finite values; not modified
     * @param settings min size, penalty, degree, amoc, mode
     * @return change points as 0-based indices of the first sample of each new segment, ascending
     * @throws IllegalArgumentException if data or settings is null or data holds NaN or ±∞
     */
    public static EdmResult detect(double[] data, EdmSettings settings) {
        requireFinite(data);
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        int n = data.length;
        int m = settings.minSize();
        EdmSettings.Mode method = settings.resolve(n);
        if (n < 2 * m) {
            return new EdmResult(n, m, List.of(), method);
        }
        double[] z = prepare(data, settings.penalty(), settings.amoc());
        if (z == null) {
            return new EdmResult(n, m, List.of(), method);
        }
        List<Integer> changePoints;
        if (method == EdmSettings.Mode.SCALABLE) {
            changePoints = ScalableEdm.changePoints(z, settings);
        } else if (settings.amoc()) {
            AmocScan.Best best = AmocScan.scan(z, m);
            changePoints = best == null ? List.of() : List.of(best.tau1());
        } else {
            changePoints = ExactDp.changePoints(z, m, settings.penalty(), settings.degree());
        }
        return new EdmResult(n, m, changePoints, method);
    }

    /**
     * The series the algorithms see: as given for percent and amoc (both are invariant under affine rescaling),
     * rescaled to [0, 1] for beta as R's {@code breakout}; null when beta meets constant data (R would compute
     * 0/0 and find nothing).
     */
    static double[] prepare(double[] data, Penalty penalty, boolean amoc) {
        if (amoc || penalty.family() != Penalty.Family.BETA) {
            return data;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : data) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return rescale(data, min, max);
    }

    static double[] rescale(double[] data, double min, double max) {
        double range = max - min;
        if (!(range > 0) || Double.isInfinite(range)) {
            return null;
        }
        double[] z = new double[data.length];
        for (int i = 0; i < z.length; i++) {
            z[i] = (data[i] - min) / range;
        }
        return z;
    }

    static void requireFinite(double[] data) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        for (int i = 0; i < data.length; i++) {
            if (!Double.isFinite(data[i])) {
                throw new IllegalArgumentException("data[" + i + "] is " + data[i] + "; EDM needs finite values");
            }
        }
    }
}
