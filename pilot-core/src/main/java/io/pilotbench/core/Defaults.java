package io.pilotbench.core;

/**
 * Pilot's default settings, in one place so that help texts and documentation can quote them.
 *
 * <p>Sources: Pilot paper (seeds/000) §III-D/E and the original implementation (PILOT-ORIGINAL.md §2.10).
 */
public final class Defaults {
    /** Confidence level of every interval: 95%. */
    public static final double CONFIDENCE = 0.95;
    /** Target CI full width as a fraction of the mean: 10% ("--ci-width 10%"). */
    public static final double CI_WIDTH_FRACTION = 0.10;
    /** Largest |lag-1 autocorrelation| of subsession means accepted as independent: 0.1. */
    public static final double AUTOCORRELATION_LIMIT = 0.1;
    /**
     * Floor on the number of subsessions a CI must rest on before it is trusted: 30, the usual rule of thumb for the
     * central limit theorem and the original command line's default (preset quick). The paper (§III-E) suggests
     * "greater than 50 in most cases"; the original library's default was 200; presets normal and strict use 50 and
     * 200.
     */
    public static final long MIN_SUBSESSIONS = 30;
    /** Getstats' z-score warning threshold (Auto-pilot, seeds/002 §4). */
    public static final double OUTLIER_Z = 2.0;

    private Defaults() {
    }
}
