package io.pilotbench.stats;

/**
 * A confidence interval for the mean of positive, right-skewed data built on the log scale, so that it never reaches
 * below zero: Cox's method for the mean of a lognormal distribution.
 *
 * <p>Source: C. E. Land, "An evaluation of approximate confidence interval estimation methods for lognormal means",
 * Technometrics 14 (1972) 145–158 (Cox's method); X.-H. Zhou and S. Gao, "Confidence intervals for the log-normal
 * mean", Statistics in Medicine 16 (1997) 783–790, who recommend it with a Student-t quantile. With y = ln x, the
 * log of the mean is ȳ + s²_y/2, of variance about s²_y/n + s⁴_y/(2(n − 1)); the interval is
 * exp(ȳ + s²_y/2 ± t·√(s²_y/n + s⁴_y/(2(n − 1)))). For correlated samples the first term is scaled by the
 * autocorrelation time τ (n/τ samples' worth of information) and n − 1 becomes the degrees of freedom of the variance.
 */
public final class LogScaleMeanInterval {
    private LogScaleMeanInterval() {}

    /**
     * Cox's interval.
     *
     * @param x                   the samples, all &gt; 0, at least 2
     * @param confidence          in (0, 1)
     * @param autocorrelationTime τ ≥ 1 (1 for independent samples)
     * @param df                  degrees of freedom of the t quantile and of the variance (n − 1 for independent
     *                            samples), &gt; 0
     * @throws IllegalArgumentException for fewer than 2 values or a value ≤ 0
     */
    public static ConfidenceInterval cox(double[] x, double confidence, double autocorrelationTime, double df) {
        int n = x.length;
        if (n < 2) {
            throw new IllegalArgumentException("Cox's interval needs at least 2 values, got " + n);
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(x[i] > 0) || Double.isInfinite(x[i])) {
                throw new IllegalArgumentException("Cox's interval needs finite values > 0, got " + x[i]);
            }
            y[i] = Math.log(x[i]);
        }
        double mean = Descriptive.mean(y);
        double v = Descriptive.variance(y);
        double tau = Double.isFinite(autocorrelationTime) ? Math.max(1, autocorrelationTime) : 1;
        double t = StudentT.critical(confidence, df);
        double half = t * Math.sqrt(tau * v / n + v * v / (2 * df));
        double low = Math.exp(mean + v / 2 - half);
        double high = Math.exp(mean + v / 2 + half);
        return new ConfidenceInterval(confidence, Math.exp(mean + v / 2), low, high, high - low);
    }
}
