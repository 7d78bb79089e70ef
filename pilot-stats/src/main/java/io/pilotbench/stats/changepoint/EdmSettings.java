package io.pilotbench.stats.changepoint;

/**
 * Immutable EDM configuration; change one field at a time with the {@code with…} methods, starting from
 * {@link #pilot()} or {@link #breakout()}.
 *
 * <p>Example: {@code EdmSettings.pilot().withMinSize(24).withPercent(0)} is BreakoutDetection's
 * {@code EDM_percent} with its C++ defaults.
 *
 * @param minSize minimum segment length in samples, ≥ 2 (Pilot: 30). Data with fewer than 2·minSize samples
 *                have no change point.
 * @param penalty the penalty rule (Pilot: percent 0.25)
 * @param degree  the penalty degree: 0 (constant, G = 0), 1 (linear, G = 1), 2 (quadratic, G = 2k+1); Pilot: 1
 * @param amoc    "at most one change": BreakoutDetection's {@code method='amoc'} ({@code EDMX} statistic,
 *                exact, no permutation test); the penalty and degree are then ignored
 * @param mode    which algorithm: {@link Mode#EXACT}, {@link Mode#SCALABLE} or {@link Mode#AUTO}
 */
public record EdmSettings(int minSize, Penalty penalty, int degree, boolean amoc, Mode mode) {

    /** Pilot's minimum segment length ({@code MIN_CHANGEPOINT_DETECTION_SAMPLE_SIZE}). */
    public static final int DEFAULT_MIN_SIZE = 30;
    /**
     * Pilot's percent penalty (docs/original.md#readings-changepoints; the original's comment says 30% but uses
     * 0.25).
     */
    public static final double DEFAULT_PERCENT = 0.25;
    /** Pilot's and BreakoutDetection's {@code multi} default degree (linear). */
    public static final int DEFAULT_DEGREE = 1;
    /** BreakoutDetection's default beta for {@code method='multi'}. */
    public static final double DEFAULT_BETA = 0.008;
    /**
     * {@link Mode#AUTO} uses the exact algorithm up to this many samples and the scalable one above: where the two cost
     * the same (JMH, n = 4,000: exact 53 ms, scalable 49 ms; bench/README.md), so the time grows smoothly with n. At
     * 10,000 the switch made 9,999 samples 2.5× slower to analyse than 10,001.
     */
    public static final int AUTO_EXACT_LIMIT = 4_000;

    /** Which algorithm computes the change points. */
    public enum Mode {
        /**
         * The reference dynamic programme, bit-for-bit the same change points as BreakoutDetection, in
         * O(n²) time (about 0.35 s at n = 8,000 on 2 shared cores, bench/README.md) and O(n) memory. See {@link Edm}.
         */
        EXACT,
        /**
         * The exact programme restricted to about 2,000 candidate positions (the start of the series, a grid, and
         * the neighbourhood of the change points a coarse pass on block medians finds), with true sample medians:
         * O(n log n) time for 10⁴–10⁶ samples and more; change points within 1% of n of the exact ones on
         * planted-shift data, not always equal to them. See {@code ScalableEdm}.
         */
        SCALABLE,
        /** {@link #EXACT} for n ≤ {@value EdmSettings#AUTO_EXACT_LIMIT}, {@link #SCALABLE} above. */
        AUTO
    }

    /** @throws IllegalArgumentException with a one-line message naming the bad field */
    public EdmSettings {
        if (minSize < 2) {
            throw new IllegalArgumentException("minSize must be >= 2, got " + minSize);
        }
        if (penalty == null) {
            throw new IllegalArgumentException("penalty must not be null");
        }
        if (degree < 0 || degree > 2) {
            throw new IllegalArgumentException("degree must be 0, 1 or 2, got " + degree);
        }
        if (mode == null) {
            throw new IllegalArgumentException("mode must not be null");
        }
    }

    /** The original Pilot's settings: min size 30, percent 0.25, degree 1, multiple change points, AUTO mode. */
    public static EdmSettings pilot() {
        return new EdmSettings(DEFAULT_MIN_SIZE, Penalty.percent(DEFAULT_PERCENT), DEFAULT_DEGREE, false, Mode.AUTO);
    }

    /** R {@code breakout(Z, min.size = 30, method = 'multi')} defaults: beta 0.008, degree 1, AUTO mode. */
    public static EdmSettings breakout() {
        return new EdmSettings(DEFAULT_MIN_SIZE, Penalty.beta(DEFAULT_BETA), DEFAULT_DEGREE, false, Mode.AUTO);
    }

    public EdmSettings withMinSize(int newMinSize) {
        return new EdmSettings(newMinSize, penalty, degree, amoc, mode);
    }

    public EdmSettings withPenalty(Penalty newPenalty) {
        return new EdmSettings(minSize, newPenalty, degree, amoc, mode);
    }

    /** Shorthand for {@code withPenalty(Penalty.percent(p))}. */
    public EdmSettings withPercent(double p) {
        return withPenalty(Penalty.percent(p));
    }

    /** Shorthand for {@code withPenalty(Penalty.beta(b))}. */
    public EdmSettings withBeta(double b) {
        return withPenalty(Penalty.beta(b));
    }

    public EdmSettings withDegree(int newDegree) {
        return new EdmSettings(minSize, penalty, newDegree, amoc, mode);
    }

    public EdmSettings withAmoc(boolean newAmoc) {
        return new EdmSettings(minSize, penalty, degree, newAmoc, mode);
    }

    public EdmSettings withMode(Mode newMode) {
        return new EdmSettings(minSize, penalty, degree, amoc, newMode);
    }

    /** The algorithm {@link Mode#AUTO} resolves to for n samples (EXACT or SCALABLE are returned unchanged). */
    Mode resolve(int n) {
        if (mode != Mode.AUTO) {
            return mode;
        }
        return n <= AUTO_EXACT_LIMIT ? Mode.EXACT : Mode.SCALABLE;
    }
}
