package io.pilotbench.core.analysis;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.SampleSize;
import io.pilotbench.stats.changepoint.StableSegment;
import java.util.List;

/**
 * The analysis of one sample: descriptive statistics, the subsession size that removes autocorrelation, the CI at
 * that size, and the sample size the CI target needs.
 *
 * @param source          the input's name
 * @param column          the column's label
 * @param settings        the settings used
 * @param totalSamples    samples in the input, before warm-up removal
 * @param changePoints    E-Divisive-with-Medians change points of the whole input (Pilot's settings)
 * @param stable          the stable segment of the whole input, or null when there is none
 * @param analysedFrom    first analysed sample (0-based): the warm-up removed
 * @param n               analysed sample size
 * @param mean            mean by {@code settings.meanMethod()}
 * @param median          median
 * @param min             smallest value
 * @param max             largest value
 * @param variance        sample variance (n − 1)
 * @param stddev          sample standard deviation
 * @param autocorrelation lag-1 autocorrelation of the raw samples (q = 1)
 * @param subsession      the optimal subsession, or null when no size brings |r1| under the limit
 * @param ci              the CI at the optimal subsession size, or null with no valid subsession size
 * @param targetWidth     the CI target as an absolute full width
 * @param required        the samples the target needs, or null when unknown (no valid subsession size)
 * @param warnings        plain-language warnings, empty when all is well
 */
public record SeriesAnalysis(String source, String column, AnalysisSettings settings, int totalSamples,
        List<Integer> changePoints, StableSegment stable, int analysedFrom, int n, double mean,
        double median, double min, double max, double variance, double stddev, double autocorrelation,
        Subsession subsession, ConfidenceInterval ci, double targetWidth, SampleSize required, List<String> warnings) {

    /**
     * The subsession summary.
     *
     * @param size            samples per subsession (q)
     * @param count           whole subsessions, ⌊n/q⌋
     * @param variance        variance of the subsession means
     * @param autocorrelation lag-1 autocorrelation of the subsession means
     */
    public record Subsession(int size, int count, double variance, double autocorrelation) {
    }

    public SeriesAnalysis {
        warnings = List.copyOf(warnings);
        changePoints = List.copyOf(changePoints);
    }

    /** Whether the CI exists and the sample already has the samples the target needs. */
    public boolean targetMet() {
        return ci != null && required != null && required.isMetBy(n);
    }
}
