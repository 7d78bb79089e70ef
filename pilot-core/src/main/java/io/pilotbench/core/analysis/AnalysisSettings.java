package io.pilotbench.core.analysis;

import io.pilotbench.core.Defaults;
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
 */
public record AnalysisSettings(double confidence, double autocorrelationLimit, CiTarget ciTarget, MeanMethod meanMethod,
        long minSubsessions, WarmupRemoval warmupRemoval) {

    public AnalysisSettings {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), e.g. 0.95; got " + confidence);
        }
        if (!(autocorrelationLimit > 0 && autocorrelationLimit <= 1)) {
            throw new IllegalArgumentException("autocorrelation limit must be in (0, 1], e.g. 0.1; got "
                    + autocorrelationLimit);
        }
        if (ciTarget == null || meanMethod == null || warmupRemoval == null) {
            throw new IllegalArgumentException("CI target, mean method and warm-up removal are required");
        }
        if (minSubsessions < 0) {
            throw new IllegalArgumentException("minimum subsession count must be >= 0, got " + minSubsessions);
        }
    }

    /**
     * 95% confidence, |r1| ≤ 0.1, CI 10% of the mean, arithmetic mean, at least 30 subsessions, no warm-up removal
     * (the analysis of existing data keeps every sample unless asked; it still reports the change points).
     */
    public static AnalysisSettings defaults() {
        return new AnalysisSettings(Defaults.CONFIDENCE, Defaults.AUTOCORRELATION_LIMIT,
                CiTarget.ofMean(Defaults.CI_WIDTH_FRACTION), MeanMethod.ARITHMETIC, Defaults.MIN_SUBSESSIONS,
                WarmupRemoval.NONE);
    }

    /** The defaults with a preset's autocorrelation limit, CI width and minimum subsession count. */
    public static AnalysisSettings of(Preset preset) {
        return new AnalysisSettings(Defaults.CONFIDENCE, preset.autocorrelationLimit(),
                CiTarget.ofMean(preset.ciWidthFraction()), MeanMethod.ARITHMETIC, preset.minSubsessions(),
                WarmupRemoval.NONE);
    }

    public AnalysisSettings withConfidence(double value) {
        return new AnalysisSettings(value, autocorrelationLimit, ciTarget, meanMethod, minSubsessions, warmupRemoval);
    }

    public AnalysisSettings withAutocorrelationLimit(double value) {
        return new AnalysisSettings(confidence, value, ciTarget, meanMethod, minSubsessions, warmupRemoval);
    }

    public AnalysisSettings withCiTarget(CiTarget value) {
        return new AnalysisSettings(confidence, autocorrelationLimit, value, meanMethod, minSubsessions, warmupRemoval);
    }

    public AnalysisSettings withMeanMethod(MeanMethod value) {
        return new AnalysisSettings(confidence, autocorrelationLimit, ciTarget, value, minSubsessions, warmupRemoval);
    }

    public AnalysisSettings withMinSubsessions(long value) {
        return new AnalysisSettings(confidence, autocorrelationLimit, ciTarget, meanMethod, value, warmupRemoval);
    }

    public AnalysisSettings withWarmupRemoval(WarmupRemoval value) {
        return new AnalysisSettings(confidence, autocorrelationLimit, ciTarget, meanMethod, minSubsessions, value);
    }
}
