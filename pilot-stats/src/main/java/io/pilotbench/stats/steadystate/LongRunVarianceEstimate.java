package io.pilotbench.stats.steadystate;

/**
 * The estimate of {@link LongRunVariance}: what the variance of the mean rests on.
 *
 * @param n                  samples
 * @param mean               their mean
 * @param batchSize          b, samples per batch (1 below {@code maxBatches} samples)
 * @param batches            k = ⌊n/b⌋
 * @param variance           σ²_LR, the long-run variance per sample: Var(x̄) ≈ σ²_LR/n; 0 for constant batches
 * @param coefficients       the AR coefficients of the batch means (empty when treated as independent)
 * @param order              the AR order BIC chose (before the floor; 0 = white noise)
 * @param degreesOfFreedom   of the Student-t quantile for a CI of the mean, in [1, k − 1]
 * @param sampleVariance     the plain sample variance s² of the samples
 * @param batchVariance      the sample variance of the batch means
 * @param batchLag1          the lag-1 autocorrelation of the batch means (NaN for constant batches)
 * @param batchSkewness      the adjusted sample skewness G₁ of the batch means (NaN below 3 batches)
 * @param white              whether the batch means were treated as independent (order 0, or the floor applied)
 */
public record LongRunVarianceEstimate(int n, double mean, int batchSize, int batches, double variance,
        double[] coefficients, int order, double degreesOfFreedom, double sampleVariance, double batchVariance,
        double batchLag1, double batchSkewness, boolean white) {

    public LongRunVarianceEstimate {
        coefficients = coefficients.clone();
    }

    @Override
    public double[] coefficients() {
        return coefficients.clone();
    }

    /** The standard error of the mean, √(σ²_LR/n). */
    public double standardError() {
        return Math.sqrt(variance / n);
    }

    /**
     * The skewness of the mean's distribution, estimated as G₁ of the batch means over √k (each batch mean is an
     * average, and the mean an average of k of them); 0 when unknown.
     */
    public double skewnessOfMean() {
        return Double.isFinite(batchSkewness) ? batchSkewness / Math.sqrt(batches) : 0;
    }

    /**
     * The samples' integrated autocorrelation time σ²_LR/s²: how many samples are worth one independent one (1 for
     * independent samples, (1 + φ)/(1 − φ) for an AR(1)); NaN for constant data.
     */
    public double autocorrelationTime() {
        return sampleVariance > 0 ? variance / sampleVariance : Double.NaN;
    }
}
