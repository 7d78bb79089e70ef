package io.pilotbench.stats.timeseries;

/**
 * An autoregressive model of order p fitted to a demeaned series: x_t − μ = φ₁(x_{t−1} − μ) + … + φ_p(x_{t−p} − μ)
 * + ε_t, with Var(ε_t) = σ².
 *
 * <p>Its spectral density at frequency zero, σ²/(1 − Σφ_i)², is the long-run variance of the series: n·Var(x̄) tends
 * to it as n grows (Brockwell &amp; Davis, <i>Time Series: Theory and Methods</i>, 2nd ed., §7.1 and Thm 7.1.1).
 *
 * @param mean                the series mean μ that was removed before the fit
 * @param coefficients        φ₁ … φ_p (a copy is kept; p = 0 is white noise)
 * @param innovationVariance  σ², &gt; 0 for a non-constant series; Burg's recursive estimate Σx²/n·Π(1 − κ_i²) (R's
 *                            {@code ar.burg(var.method = 1)$var.pred})
 * @param n                   the number of samples fitted
 */
public record ArModel(double mean, double[] coefficients, double innovationVariance, int n) {

    public ArModel {
        coefficients = coefficients.clone();
    }

    /** The order p. */
    public int order() {
        return coefficients.length;
    }

    /** φ_i for i in 1..p. */
    public double coefficient(int i) {
        return coefficients[i - 1];
    }

    @Override
    public double[] coefficients() {
        return coefficients.clone();
    }

    /** Σφ_i; 0 for white noise. A stationary fit (every Burg fit) has Σφ_i &lt; 1. */
    public double coefficientSum() {
        double s = 0;
        for (double c : coefficients) {
            s += c;
        }
        return s;
    }

    /** σ² corrected for the p + 1 fitted parameters, σ²·n/(n − p − 1); NaN when n ≤ p + 1. */
    public double predictionVariance() {
        return n > order() + 1 ? innovationVariance * n / (n - order() - 1) : Double.NaN;
    }

    /**
     * The spectral density at frequency zero, σ²/(1 − Σφ)², in R's convention ({@code spec.ar(...)$spec[1]}): the
     * long-run variance the model implies.
     */
    public double spectrumAtZero() {
        double s = 1 - coefficientSum();
        return innovationVariance / (s * s);
    }
}
