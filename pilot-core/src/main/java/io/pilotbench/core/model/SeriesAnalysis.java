package io.pilotbench.core.model;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.changepoint.StableSegment;
import java.util.List;

/**
 * The analysis of one sample of existing data ({@code pilot analyze}): descriptive statistics, what was cut as
 * warm-up and cool-down, the level shifts in the rest, the CI of the mean and how many samples the CI target needs.
 *
 * @param source       the input's name
 * @param column       the column's label
 * @param settings     the settings used
 * @param totalSamples samples in the input, before warm-up removal
 * @param changePoints E-Divisive-with-Medians change points of the whole input (only with {@code edm} removal)
 * @param stable       EDM's stable segment of the whole input (only with {@code edm} removal), or null
 * @param phases       the warm-up and cool-down cut (or, with {@code none}, found but kept) and the level shifts
 * @param analysedFrom first analysed sample (0-based): the warm-up removed
 * @param median       median of the analysed samples
 * @param min          smallest analysed value
 * @param max          largest analysed value
 * @param stddev       sample standard deviation
 * @param estimate     the mean, its CI and the target ({@code MeanAnalyzer})
 * @param warnings     plain-language warnings, empty when all is well
 */
public record SeriesAnalysis(
        String source,
        String column,
        AnalysisSettings settings,
        int totalSamples,
        List<Integer> changePoints,
        StableSegment stable,
        Phases phases,
        int analysedFrom,
        double median,
        double min,
        double max,
        double stddev,
        MetricResult estimate,
        List<String> warnings) {

    /**
     * The subsession (pilot method) or batch (AR method) summary.
     *
     * @param size            samples per block (q)
     * @param count           whole blocks, ⌊n/q⌋
     * @param variance        variance of the block means
     * @param autocorrelation lag-1 autocorrelation of the block means
     */
    public record Subsession(int size, int count, double variance, double autocorrelation) {}

    public SeriesAnalysis {
        warnings = List.copyOf(warnings);
        changePoints = List.copyOf(changePoints);
    }

    /** Analysed sample size. */
    public int n() {
        return estimate.n();
    }

    /** The mean by {@code settings.meanMethod()}. */
    public double mean() {
        return estimate.mean();
    }

    /** Sample variance (n − 1). */
    public double variance() {
        return estimate.variance();
    }

    /** Lag-1 autocorrelation of the analysed samples. */
    public double autocorrelation() {
        return estimate.autocorrelation();
    }

    /** The CI of the mean, or null without one (too autocorrelated for the pilot method). */
    public ConfidenceInterval ci() {
        return estimate.ci();
    }

    /** The CI target as an absolute full width. */
    public double targetWidth() {
        return estimate.targetWidth();
    }

    /** The samples the target needs; −1 when unknown. */
    public long requiredSamples() {
        return estimate.requiredSamples();
    }

    /** What the CI's uncertainty rests on, or null without a CI. */
    public MeanError error() {
        return estimate.error();
    }

    /** The blocks the CI rests on, or null without a CI. */
    public Subsession subsession() {
        MeanError e = estimate.error();
        return e == null
                ? null
                : new Subsession(e.blockSize(), e.blocks(), e.blockVariance(), e.blockAutocorrelation());
    }

    /** Whether the CI exists and meets the target on enough samples. */
    public boolean targetMet() {
        return estimate.targetMet();
    }
}
