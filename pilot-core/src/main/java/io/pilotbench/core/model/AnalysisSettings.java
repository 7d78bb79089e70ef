package io.pilotbench.core.model;

import io.pilotbench.stats.MeanMethod;

/**
 * How a sample is analysed: confidence level, autocorrelation limit, the CI width target, the mean, and the floor on
 * the subsession count.
 *
 * @param confidence           CI confidence level, in (0, 1)
 * @param autocorrelationLimit largest accepted |r1| of subsession means, in (0, 1]; 1 turns subsession merging off
 * @param ciTarget             the required CI full width
 * @param meanMethod           arithmetic (durations) or harmonic (rates)
 * @param minSubsessions       the smallest number of subsessions a result may rest on, ≥ 0
 * @param warmupRemoval        how warm-up and cool-down samples are cut before the analysis
 * @param method               how the CI is built: {@link CiMethod#AR} (default) or the original's subsessions
 */
public record AnalysisSettings(
        double confidence,
        double autocorrelationLimit,
        CiTarget ciTarget,
        MeanMethod meanMethod,
        long minSubsessions,
        WarmupRemoval warmupRemoval,
        CiMethod method) {

    public AnalysisSettings {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), e.g. 0.95; got " + confidence);
        }
        if (!(autocorrelationLimit > 0 && autocorrelationLimit <= 1)) {
            throw new IllegalArgumentException(
                    "autocorrelation limit must be in (0, 1], e.g. 0.1; got " + autocorrelationLimit);
        }
        if (ciTarget == null || meanMethod == null || warmupRemoval == null || method == null) {
            throw new IllegalArgumentException("CI target, mean method, warm-up removal and CI method are required");
        }
        if (minSubsessions < 0) {
            throw new IllegalArgumentException("minimum subsession count must be >= 0, got " + minSubsessions);
        }
    }

    /**
     * 95% confidence, CI 10% of the mean, arithmetic mean, the AR method, warm-up (and cool-down) cut only when a
     * test finds one; for the pilot method |r1| ≤ 0.1 and at least 30 subsessions.
     */
    public static AnalysisSettings defaults() {
        return new AnalysisSettings(
                Defaults.CONFIDENCE,
                Defaults.AUTOCORRELATION_LIMIT,
                CiTarget.ofMean(Defaults.CI_WIDTH_FRACTION),
                MeanMethod.ARITHMETIC,
                Defaults.MIN_SUBSESSIONS,
                WarmupRemoval.parse(Defaults.WARMUP_REMOVAL),
                CiMethod.parse(Defaults.CI_METHOD));
    }

    /** The defaults with a preset's autocorrelation limit, CI width and minimum subsession count. */
    public static AnalysisSettings of(Preset preset) {
        return defaults()
                .withAutocorrelationLimit(preset.autocorrelationLimit())
                .withCiTarget(CiTarget.ofMean(preset.ciWidthFraction()))
                .withMinSubsessions(preset.minSubsessions());
    }

    public AnalysisSettings withConfidence(double value) {
        return new AnalysisSettings(
                value, autocorrelationLimit, ciTarget, meanMethod, minSubsessions, warmupRemoval, method);
    }

    public AnalysisSettings withAutocorrelationLimit(double value) {
        return new AnalysisSettings(confidence, value, ciTarget, meanMethod, minSubsessions, warmupRemoval, method);
    }

    public AnalysisSettings withCiTarget(CiTarget value) {
        return new AnalysisSettings(
                confidence, autocorrelationLimit, value, meanMethod, minSubsessions, warmupRemoval, method);
    }

    public AnalysisSettings withMeanMethod(MeanMethod value) {
        return new AnalysisSettings(
                confidence, autocorrelationLimit, ciTarget, value, minSubsessions, warmupRemoval, method);
    }

    public AnalysisSettings withMinSubsessions(long value) {
        return new AnalysisSettings(
                confidence, autocorrelationLimit, ciTarget, meanMethod, value, warmupRemoval, method);
    }

    public AnalysisSettings withWarmupRemoval(WarmupRemoval value) {
        return new AnalysisSettings(
                confidence, autocorrelationLimit, ciTarget, meanMethod, minSubsessions, value, method);
    }

    public AnalysisSettings withMethod(CiMethod value) {
        return new AnalysisSettings(
                confidence, autocorrelationLimit, ciTarget, meanMethod, minSubsessions, warmupRemoval, value);
    }
}
