package io.pilotbench.core.model;

import java.time.Duration;

/**
 * Pilot's default settings, in one place so that help texts and documentation can quote them.
 *
 * <p>Sources: the Pilot paper (Li et al., MASCOTS 2016, §III-D/E; docs/references.md#li-2016) and the original
 * implementation (docs/original.md#defaults).
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
    /**
     * Getstats' z-score warning threshold (Wright et al., Auto-pilot, USENIX ATC 2005, §3.3;
     * docs/references.md#wright-2005).
     */
    public static final double OUTLIER_Z = 2.0;
    /**
     * While the work amount ramps up, rounds shorter than this are kept on disk but left out of the analysis, and the
     * work amount is doubled until a round is long enough (paper §III-A; docs/original.md#planner); after that only a
     * round asked for less work than that one is left out, however long any round takes. Applies only to workloads with a work-amount range
     * (a fixed workload cannot be made longer). 1 s, as the original's {@code simple_runner}; presets quick, normal
     * and strict use 3, 10 and 20 s.
     */
    public static final Duration SHORT_ROUND = Duration.ofSeconds(1);
    /**
     * Warm-up removal, for sessions and for {@code pilot analyze}: {@code auto}, a prefix cut only when a test says
     * its level differs ({@link io.pilotbench.stats.steadystate.WarmupDetector}, false alarms {@value #WARMUP_ALPHA}
     * per analysis).
     */
    public static final String WARMUP_REMOVAL = "auto";
    /** The CI method: {@code ar} (see {@link io.pilotbench.core.model.CiMethod}). */
    public static final String CI_METHOD = "ar";
    /** False-alarm rate of one warm-up (and cool-down) test: 1%. */
    public static final double WARMUP_ALPHA = 0.01;
    /** False-alarm rate of each test for a level shift (reported, never cut): 1%. */
    public static final double SHIFT_ALPHA = 0.01;
    /**
     * A session stops only when its kept samples show no trend at this level ({@link
     * io.pilotbench.stats.steadystate.SteadyState}): a narrow CI of samples that still move is not an answer. 1%: on
     * stationary presets it changes no median round count (i.i.d. normal 21, AR(1) φ = 0.9 538 against 534), while a
     * +40% warm-up decaying with τ = 10 rounds, seen whole by a session of 25 rounds, shows a slope at p &lt; 1% in 93% of series (SteadyStateTest).
     */
    public static final double STEADY_ALPHA = 0.01;
    /**
     * The kept samples' CI reaches the later half's interval when a warm-up was cut or their slope's p is below this
     * ({@link io.pilotbench.core.analysis.SteadyLevel}): 5%.
     */
    public static final double DRIFT_ALPHA = 0.05;
    /**
     * Unit readings that come in rounds meet a target only after this many rounds: the spread between rounds (new
     * processes, JMH forks) is seen only across rounds ({@link io.pilotbench.core.analysis.BetweenRounds}).
     */
    public static final int MIN_ROUNDS_FOR_UNITS = 3;
    /** The shortest stretch between two reported level shifts: 10 samples. */
    public static final int SHIFT_MIN_SEGMENT = 10;
    /**
     * AR method: a CI may end a session only when it rests on at least 20 samples. The i.i.d. normal workload of
     * {@code pilot simulate} (cv 10%, CI 10% of the mean) needs 18 by its oracle; 20 keeps the median at 22 rounds.
     */
    public static final int MIN_SAMPLES = 20;
    /**
     * AR method: ... and on at least 10 degrees of freedom of its variance estimate (an AR(1) with φ = 0.9 gets
     * about 10 from 400 samples). Measured on that workload: 5 gave 57% coverage, 10 gave 93.7%, 15 gave 83%
     * (with other rules then still missing), and each step costs rounds.
     */
    public static final double MIN_DEGREES_OF_FREEDOM = 10;
    /**
     * AR method: samples that look independent are checked for lag-1 autocorrelation at r1 ≤ 0.5/√k below this many
     * blocks (beyond it, BIC finds an AR(1) with φ = 0.9 in practically every series; from here to {@link
     * #WHITE_NOISE_CONFIRM_BELOW} blocks the bound is 1/√k). Measured on i.i.d. normal sessions: with 60,
     * one session in ten ran to 63 rounds before the check stopped applying; with 40 the median fell from 22–25 to
     * 22–23 rounds, at the same coverage of AR(1) sessions.
     */
    public static final int WHITE_NOISE_CHECK_BELOW = 40;
    /** AR method: ... and must show r1 ≤ 0.5/√k (k blocks) before their CI may end a session. */
    public static final double WHITE_NOISE_R1 = 0.5;
    /**
     * AR method: from {@value #WHITE_NOISE_CHECK_BELOW} up to this many blocks, samples that BIC takes as independent
     * must still show r1 ≤ {@value #WHITE_NOISE_R1_CONFIRM}/√k, a one-sided test at about 16%, before their CI may end
     * a session. BIC's penalty (ln k) lets an AR(1) with φ = 0.5 pass as white noise at 40 blocks with r1 up to 0.3:
     * {@code ar1-0.5} sessions stopped in a cluster at exactly 40 rounds, a third of them with a CI that missed (its
     * long-run variance a fifth to a third of the truth). Measured with {@code pilot simulate evaluate -w ar1-0.5 -k
     * 500 -s pilot}, seeds 1, 2 and 3: coverage 90.0%, 89.0%, 88.8% without this check, 93.2%, 90.6%, 90.4% with it,
     * the median rounds 79 → 82, 85 → 85, 82.5 → 85; the medians of normal, heavy and bimodal sessions did not move,
     * warm-up-exp's went from 78 to 79. The check fails about one white series in six at each look, so the tail of
     * i.i.d. sessions grows: 4,000 normal sessions (seed 7) needed 41 rounds at the 90th percentile before and 43 now,
     * 54 at the 99th before and 81 now, at the same median (22) and coverage (94.8%, 94.6%).
     */
    public static final int WHITE_NOISE_CONFIRM_BELOW = 80;
    /** AR method: ... the bound of that check, in standard errors 1/√k of r1. */
    public static final double WHITE_NOISE_R1_CONFIRM = 1.0;
    /**
     * AR method: the skewness of the mean used by Willink's interval is moved away from 0 by up to this many of its
     * standard errors (see {@link io.pilotbench.core.analysis.MeanAnalyzer}).
     */
    public static final double SKEWNESS_HEDGE = 1.25;
    /**
     * AR method, correlated samples: the long-run variance is multiplied by exp(0.75·√(2/df)) (see {@link
     * io.pilotbench.core.analysis.MeanAnalyzer}).
     */
    public static final double VARIANCE_MARGIN = 0.75;
    /**
     * A warm-up (or cool-down) is at most a fifth of the samples; a change of level later is a level shift, reported
     * and never cut (a session stops only once any warm-up it cut is at most a fifth of its samples: a warm-up that
     * has only just been seen may go on). The MSER literature allows half (White 1997), but a session that changes
     * level at round 143 of 400 has not warmed up for 143 rounds: it has changed.
     */
    public static final double WARMUP_MAX_FRACTION = 0.2;
    /**
     * Rounds too short for the warm-up test of one series (fewer unit readings than it needs, e.g. a JMH fork of 5
     * iterations) are tested across rounds ({@link io.pilotbench.stats.steadystate.RunsWarmup}); a warm-up there may
     * be up to half a round: the round has a fixed length, so what follows it cannot be a later change of level.
     */
    public static final double RUNS_WARMUP_MAX_FRACTION = 0.5;
    /**
     * The false-alarm rate of the across-rounds warm-up test (see {@link #RUNS_WARMUP_MAX_FRACTION}). Looser than
     * {@link #WARMUP_ALPHA}: a missed warm-up biases the mean, a false cut only drops a few readings of each round.
     * Measured with {@code pilot simulate evaluate --strategy pilot} (400 sessions each, model {@code units} with
     * {@code cooldown=step:0:1}): 5 readings a round, cv 0.05, no warm-up: something cut in 5 sessions, coverage 94.8%;
     * the same with the first 2 readings +30%: cut exactly in 400/400, coverage 95.3% (no removal: 0%, bias +12%);
     * 10 readings, φ 0.5, cv 0.1, the first 3 +30%: found in 374/400 (343 at α = 1%), coverage 85.5% (80% at 1%,
     * 0.75% without removal), where the same model without a warm-up covers 89.5%: short autocorrelated rounds are
     * where the AR interval is weakest.
     */
    public static final double RUNS_WARMUP_ALPHA = 0.05;
    /**
     * A session's analysis is redone (a "look") when the samples reach what the last look said the target needs, or
     * have grown by this factor since, whichever comes first: the total analysis cost of a session is then linear in
     * its samples, and the stop rule is consulted about 10 + log(n)/log(1.25) times instead of after every round.
     */
    public static final double LOOK_GROWTH = 1.25;
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
    /** Safety factor on the planned work amount of the next round (docs/original.md#planner): 1.2. */
    public static final double WORK_AMOUNT_SAFETY_FACTOR = 1.2;
    /**
     * Soft cap: the next work amount is at most 5 times the average of the previous rounds'
     * (docs/original.md#planner).
     */
    public static final double WORK_AMOUNT_SOFT_CAP = 5;
    /**
     * EDM warm-up removal (the original's): readings change points are looked for beyond 30 readings
     * (docs/original.md#readings-changepoints).
     */
    public static final int READINGS_CHANGEPOINT_MIN = 30;

    private Defaults() {}
}
