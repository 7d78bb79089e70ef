package io.pilotbench.core;

import java.time.Duration;

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
    /**
     * Rounds shorter than this are kept on disk but left out of the analysis, and the work amount is doubled until a
     * round is long enough (paper §III-A; PILOT-ORIGINAL.md §2.3). Applies only to workloads with a work-amount range
     * (a fixed workload cannot be made longer). 1 s, as the original's {@code simple_runner}; presets quick, normal
     * and strict use 3, 10 and 20 s.
     */
    public static final Duration SHORT_ROUND = Duration.ofSeconds(1);
    /** Warm-up removal for sessions: E-Divisive with Medians (paper §III-A). */
    public static final String WARMUP_REMOVAL = "edm";
    /**
     * The time t of paper eq. 5 in which the WPS method should give a first result: the initial work-amount span is
     * chosen so that about 10 rounds, each k seconds longer than the last, take 60 s.
     */
    public static final Duration WPS_FIRST_RESULT = Duration.ofSeconds(60);
    /**
     * Fewest subsessions a WPS regression must rest on before its CI can end a session: 20 (the original's
     * {@code kWPSSubsessionSampleSizeThreshold}; each subsession is one point of the regression, and the slope's
     * t-quantile has h − 2 degrees of freedom).
     */
    public static final int WPS_MIN_SUBSESSIONS = 20;
    /** Safety factor on the planned work amount of the next round (PILOT-ORIGINAL.md §2.3): 1.2. */
    public static final double WORK_AMOUNT_SAFETY_FACTOR = 1.2;
    /** Soft cap: the next work amount is at most 5 times the average of the previous rounds' (§2.3). */
    public static final double WORK_AMOUNT_SOFT_CAP = 5;
    /** Readings change points are looked for once a session has more than 30 readings (§2.4). */
    public static final int READINGS_CHANGEPOINT_MIN = 30;

    private Defaults() {
    }
}
