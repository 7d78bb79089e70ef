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
public record LongRunVarianceEstimate(
        int n,
        double mean,
        int batchSize,
        int batches,
        double variance,
        double[] coefficients,
        int order,
        double degreesOfFreedom,
        double sampleVariance,
        double batchVariance,
        double batchLag1,
        double batchSkewness,
        boolean white) {

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
     * The skewness of the mean's distribution: G₁ of the batch means over √k, times the factor by which correlation
     * raises it ({@link #skewnessFactor}); 0 when unknown.
     */
    public double skewnessOfMean() {
        return Double.isFinite(batchSkewness) ? batchSkewness * skewnessFactor() / Math.sqrt(batches) : 0;
    }

    /**
     * For a linear process x_t = Σψ_j ε_{t−j} (the AR model of the batch means, ψ its impulse response), the mean of k
     * values has skewness γ_ε/√k while the values themselves have γ_x = γ_ε·Σψ³/(Σψ²)^{3/2}: positive correlation
     * makes the mean more skewed than G₁/√k says, by (Σψ²)^{3/2}/Σψ³ (cumulants of linear processes: Brillinger,
     * <i>Time Series: Data Analysis and Theory</i>, §2.8). 1 for independent batch means; (1 − φ³)/(1 − φ²)^{3/2}
     * for an AR(1): 1.1 at φ = 0.3, 3.3 at φ = 0.9.
     */
    public double skewnessFactor() {
        if (coefficients.length == 0) {
            return 1;
        }
        int p = coefficients.length;
        double[] psi = new double[2000];
        psi[0] = 1;
        double s2 = 1;
        double s3 = 1;
        for (int j = 1; j < psi.length; j++) {
            double v = 0;
            for (int i = 1; i <= p && i <= j; i++) {
                v += coefficients[i - 1] * psi[j - i];
            }
            psi[j] = v;
            s2 += v * v;
            s3 += v * v * v;
            if (Math.abs(v) < 1e-12 && j > p) {
                break;
            }
        }
        return s3 > 0 ? Math.pow(s2, 1.5) / s3 : 1;
    }

    /** Whether the samples looked non-stationary at this resolution (a unit root: a trend, a random walk). */
    public boolean unitRoot() {
        return !white && degreesOfFreedom == 1 && variance == batchVariance * batchSize * batches;
    }

    /**
     * The samples' integrated autocorrelation time σ²_LR/s²: how many samples are worth one independent one (1 for
     * independent samples, (1 + φ)/(1 − φ) for an AR(1)); NaN for constant data.
     */
    public double autocorrelationTime() {
        return sampleVariance > 0 ? variance / sampleVariance : Double.NaN;
    }
}
