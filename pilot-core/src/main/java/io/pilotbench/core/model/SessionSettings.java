package io.pilotbench.core.model;

import io.pilotbench.stats.MeanMethod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything that decides how a session runs and when it stops. Immutable; build with {@link #builder()}; every
 * default is in {@link Defaults}. How a CI is built and when it is narrow enough (confidence, autocorrelation limit,
 * CI target, subsessions, warm-up removal, CI method) is the session's {@link AnalysisSettings}, which holds and
 * checks those fields; the accessors of the same names read them from it.
 *
 * @param pis             the performance indices, in order (their index is their position); may be empty only
 *                        when WPS is {@link WpsMode#REQUIRED}
 * @param analysis        how every metric's CI is built and when it is narrow enough: confidence (default 0.95),
 *                        autocorrelation limit (pilot method, default 0.1), CI target (default 10% of the mean),
 *                        minimum subsessions (pilot method, default 30), warm-up removal (default {@code auto}: a
 *                        prefix, of unit readings also a suffix, cut only when a test finds one) and CI method
 *                        (default {@link CiMethod#AR}); its mean is the arithmetic one, each metric's is chosen by
 *                        {@link #analysisSettings(MeanMethod)}
 * @param workAmount      the valid work-amount range, or null for a workload whose work amount is fixed
 * @param fixedWorkAmount the work amount of every round when there is no range (passed to the workload), ≥ 0
 * @param shortRound      rounds shorter than this are left out of the analysis and the work amount is raised (only
 *                        with a work-amount range); default 1 s
 * @param wps             the work-per-second regression; default OFF
 * @param wpsFirstResult  t of paper eq. 5: the time in which WPS should give a first result; default 60 s
 * @param minRounds       the session runs at least this many rounds, ≥ 0
 * @param maxRounds       the session stops after this many rounds; 0 = no limit
 * @param maxDuration     the session stops once it has run this long; null = no limit
 * @param maxFailures     failed rounds tolerated before the session stops, ≥ 0; default 0 (fail fast)
 */
public record SessionSettings(
        List<PerformanceIndex> pis,
        AnalysisSettings analysis,
        WorkAmountRange workAmount,
        long fixedWorkAmount,
        Duration shortRound,
        WpsMode wps,
        Duration wpsFirstResult,
        int minRounds,
        int maxRounds,
        Duration maxDuration,
        int maxFailures) {

    public SessionSettings {
        pis = List.copyOf(pis);
        Set<String> names = new HashSet<>();
        for (PerformanceIndex pi : pis) {
            if (!names.add(pi.name())) {
                throw new IllegalArgumentException(
                        "two performance indices are named '" + pi.name() + "'; names must be unique");
            }
        }
        if (wps == null) {
            throw new IllegalArgumentException("WPS mode is required (OFF, REPORT or REQUIRED)");
        }
        if (pis.isEmpty() && wps != WpsMode.REQUIRED) {
            throw new IllegalArgumentException(
                    "no performance index: declare at least one PI (or require WPS " + "with a work-amount range)");
        }
        if (analysis == null) {
            throw new IllegalArgumentException("the analysis settings are required");
        }
        analysis = analysis.withMeanMethod(MeanMethod.ARITHMETIC);
        if (fixedWorkAmount < 0) {
            throw new IllegalArgumentException("work amount must be >= 0, got " + fixedWorkAmount);
        }
        if (shortRound == null || shortRound.isNegative()) {
            throw new IllegalArgumentException("short-round threshold must be >= 0, got " + shortRound);
        }
        if (wps != WpsMode.OFF && workAmount == null) {
            throw new IllegalArgumentException("WPS analysis needs a work-amount range (MIN:MAX)");
        }
        if (wpsFirstResult == null || wpsFirstResult.isNegative() || wpsFirstResult.isZero()) {
            throw new IllegalArgumentException("WPS first-result time must be > 0, got " + wpsFirstResult);
        }
        if (minRounds < 0 || maxRounds < 0 || maxFailures < 0) {
            throw new IllegalArgumentException("round limits and the failure allowance must be >= 0");
        }
        if (maxRounds > 0 && minRounds > maxRounds) {
            throw new IllegalArgumentException(
                    "minimum rounds (" + minRounds + ") exceed the maximum (" + maxRounds + ")");
        }
        if (maxDuration != null && (maxDuration.isNegative() || maxDuration.isZero())) {
            throw new IllegalArgumentException("session time limit must be > 0, got " + maxDuration);
        }
    }

    /** Confidence level of every CI, in (0, 1). */
    public double confidence() {
        return analysis.confidence();
    }

    /** Pilot method: largest accepted |r1| of subsession means, in (0, 1]. */
    public double autocorrelationLimit() {
        return analysis.autocorrelationLimit();
    }

    /** The CI full width to reach. */
    public CiTarget ciTarget() {
        return analysis.ciTarget();
    }

    /** Pilot method: fewest subsessions a CI may rest on, ≥ 0. */
    public long minSubsessions() {
        return analysis.minSubsessions();
    }

    /** How warm-up is removed from the readings and from each round's unit readings. */
    public WarmupRemoval warmupRemoval() {
        return analysis.warmupRemoval();
    }

    /** How the CI of a mean is built: {@link CiMethod#AR} or the original's subsessions. */
    public CiMethod method() {
        return analysis.method();
    }

    /** A builder with every default. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.pis.addAll(pis);
        b.confidence = confidence();
        b.autocorrelationLimit = autocorrelationLimit();
        b.ciTarget = ciTarget();
        b.minSubsessions = minSubsessions();
        b.warmupRemoval = warmupRemoval();
        b.method = method();
        b.workAmount = workAmount;
        b.fixedWorkAmount = fixedWorkAmount;
        b.shortRound = shortRound;
        b.wps = wps;
        b.wpsFirstResult = wpsFirstResult;
        b.minRounds = minRounds;
        b.maxRounds = maxRounds;
        b.maxDuration = maxDuration;
        b.maxFailures = maxFailures;
        return b;
    }

    /** The analysis settings of one metric of this session, with the given mean. */
    public AnalysisSettings analysisSettings(MeanMethod meanMethod) {
        return analysis.withMeanMethod(meanMethod);
    }

    /** Whether the workload's work amount varies within a range. */
    public boolean hasWorkAmountRange() {
        return workAmount != null;
    }

    /** Builds {@link SessionSettings}; setters validate when {@link #build()} is called. */
    public static final class Builder {
        private static final AnalysisSettings DEFAULT_ANALYSIS = AnalysisSettings.defaults();

        private final List<PerformanceIndex> pis = new ArrayList<>();
        // the analysis settings are kept apart until build(), which checks them: a setter never throws
        private double confidence = DEFAULT_ANALYSIS.confidence();
        private double autocorrelationLimit = DEFAULT_ANALYSIS.autocorrelationLimit();
        private CiTarget ciTarget = DEFAULT_ANALYSIS.ciTarget();
        private long minSubsessions = DEFAULT_ANALYSIS.minSubsessions();
        private WarmupRemoval warmupRemoval = DEFAULT_ANALYSIS.warmupRemoval();
        private CiMethod method = DEFAULT_ANALYSIS.method();
        private WorkAmountRange workAmount;
        private long fixedWorkAmount;
        private Duration shortRound = Defaults.SHORT_ROUND;
        private WpsMode wps = WpsMode.OFF;
        private Duration wpsFirstResult = Defaults.WPS_FIRST_RESULT;
        private int minRounds;
        private int maxRounds;
        private Duration maxDuration;
        private int maxFailures;

        private Builder() {}

        /** Adds a performance index (its index is the number added before it). */
        public Builder pi(PerformanceIndex value) {
            pis.add(value);
            return this;
        }

        /** Replaces the performance indices. */
        public Builder pis(List<PerformanceIndex> values) {
            pis.clear();
            pis.addAll(values);
            return this;
        }

        /** Applies a preset's autocorrelation limit, CI width, minimum subsessions and short-round threshold. */
        public Builder preset(Preset preset) {
            autocorrelationLimit = preset.autocorrelationLimit();
            ciTarget = CiTarget.ofMean(preset.ciWidthFraction());
            minSubsessions = preset.minSubsessions();
            shortRound = Duration.ofMillis(Math.round(preset.shortRoundSeconds() * 1000));
            return this;
        }

        public Builder confidence(double value) {
            confidence = value;
            return this;
        }

        public Builder autocorrelationLimit(double value) {
            autocorrelationLimit = value;
            return this;
        }

        public Builder ciTarget(CiTarget value) {
            ciTarget = value;
            return this;
        }

        public Builder minSubsessions(long value) {
            minSubsessions = value;
            return this;
        }

        public Builder warmupRemoval(WarmupRemoval value) {
            warmupRemoval = value;
            return this;
        }

        /** How the CI of a mean is built (default {@link CiMethod#AR}). */
        public Builder method(CiMethod value) {
            method = value;
            return this;
        }

        /** A work-amount range (a, b); the planner chooses each round's work amount in it. */
        public Builder workAmount(WorkAmountRange value) {
            workAmount = value;
            return this;
        }

        /** A work-amount range (a, b). */
        public Builder workAmount(long min, long max) {
            return workAmount(new WorkAmountRange(min, max));
        }

        /** The work amount of every round of a workload without a range (default 0). */
        public Builder fixedWorkAmount(long value) {
            fixedWorkAmount = value;
            return this;
        }

        public Builder shortRound(Duration value) {
            shortRound = value;
            return this;
        }

        public Builder wps(WpsMode value) {
            wps = value;
            return this;
        }

        public Builder wpsFirstResult(Duration value) {
            wpsFirstResult = value;
            return this;
        }

        public Builder minRounds(int value) {
            minRounds = value;
            return this;
        }

        public Builder maxRounds(int value) {
            maxRounds = value;
            return this;
        }

        public Builder maxDuration(Duration value) {
            maxDuration = value;
            return this;
        }

        public Builder maxFailures(int value) {
            maxFailures = value;
            return this;
        }

        /** @throws IllegalArgumentException naming the first setting that is out of range */
        public SessionSettings build() {
            return new SessionSettings(
                    pis,
                    new AnalysisSettings(
                            confidence,
                            autocorrelationLimit,
                            ciTarget,
                            MeanMethod.ARITHMETIC,
                            minSubsessions,
                            warmupRemoval,
                            method),
                    workAmount,
                    fixedWorkAmount,
                    shortRound,
                    wps,
                    wpsFirstResult,
                    minRounds,
                    maxRounds,
                    maxDuration,
                    maxFailures);
        }
    }
}
