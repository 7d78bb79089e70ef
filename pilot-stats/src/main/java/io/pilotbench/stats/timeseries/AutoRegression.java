package io.pilotbench.stats.timeseries;

import java.util.ArrayList;
import java.util.List;

/**
 * Autoregressive fits by Burg's method, and the choice of order by the Bayesian information criterion.
 *
 * <p>Burg's method estimates each reflection coefficient κ_k from the forward and backward prediction errors of the
 * order-(k − 1) fit, κ_k = 2Σf_t b_{t−1} / Σ(f_t² + b_{t−1}²), and extends the coefficients by the Levinson recursion.
 * Every fit is stationary (|κ_k| &lt; 1), and it is less biased than Yule–Walker for strongly correlated series —
 * the case that matters for benchmarks (J. P. Burg, 1968/1975; Brockwell &amp; Davis, <i>Introduction to Time Series
 * and Forecasting</i>, 2nd ed., §5.1.2). The recursion is that of R's {@code ar.burg} ({@code src/library/stats/src/
 * burg.c}), whose coefficients and recursive innovation variance the tests reproduce.
 *
 * <p>Order selection: BIC(p) = n·ln σ²_p + ln(n)·(p + 1) (Schwarz 1978). BIC rather than AIC because AIC keeps
 * spurious terms with probability about 16% on white noise, and a spurious negative coefficient shrinks the long-run
 * variance and the confidence interval built on it (measured with {@code pilot simulate}: coverage of i.i.d. normal
 * sessions fell from 93% to 91% with AIC).
 */
public final class AutoRegression {
    private AutoRegression() {}

    /**
     * Burg fits of every order 0..maxOrder of {@code x} (demeaned by its mean). Stops early, with fewer models, when
     * the prediction errors vanish (an exactly predictable series).
     *
     * @param x        the series, at least 2 finite values
     * @param maxOrder the largest order, 0 ≤ maxOrder &lt; x.length
     * @return the models of orders 0, 1, … in order
     * @throws IllegalArgumentException for fewer than 2 values, a non-finite value or a bad maxOrder
     */
    public static List<ArModel> burg(double[] x, int maxOrder) {
        int n = x.length;
        if (n < 2) {
            throw new IllegalArgumentException("an AR fit needs at least 2 values, got " + n);
        }
        if (maxOrder < 0 || maxOrder >= n) {
            throw new IllegalArgumentException("AR order must be in [0, " + (n - 1) + "], got " + maxOrder);
        }
        double mean = 0;
        for (double v : x) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("an AR fit needs finite values, got " + v);
            }
            mean += v;
        }
        mean /= n;
        double[] f = new double[n];
        double[] b = new double[n];
        double ss = 0;
        for (int t = 0; t < n; t++) {
            f[t] = x[t] - mean;
            b[t] = f[t];
            ss += f[t] * f[t];
        }
        List<ArModel> models = new ArrayList<>();
        double v = ss / n;
        double[] phi = new double[0];
        models.add(new ArModel(mean, phi, v, n));
        for (int k = 1; k <= maxOrder && v > 0; k++) {
            double num = 0;
            double den = 0;
            for (int t = k; t < n; t++) {
                num += f[t] * b[t - 1];
                den += f[t] * f[t] + b[t - 1] * b[t - 1];
            }
            if (!(den > 0)) {
                break;
            }
            double kappa = 2 * num / den;
            // b is updated from the back so that b[t − 1] is still the order-(k − 1) error when b[t] is computed.
            for (int t = n - 1; t >= k; t--) {
                double ft = f[t];
                f[t] = ft - kappa * b[t - 1];
                b[t] = b[t - 1] - kappa * ft;
            }
            double[] next = new double[k];
            for (int j = 0; j < k - 1; j++) {
                next[j] = phi[j] - kappa * phi[k - 2 - j];
            }
            next[k - 1] = kappa;
            phi = next;
            v *= 1 - kappa * kappa;
            models.add(new ArModel(mean, phi, v, n));
        }
        return models;
    }

    /**
     * The Burg fit of the order in 0..maxOrder with the smallest BIC. Example: white noise gives order 0 almost
     * always; an AR(1) with φ = 0.9 and 200 values gives order 1 and φ̂ ≈ 0.88.
     *
     * @throws IllegalArgumentException as {@link #burg}
     */
    public static ArModel bic(double[] x, int maxOrder) {
        List<ArModel> fits = burg(x, maxOrder);
        ArModel best = fits.get(0);
        double bestScore = Double.POSITIVE_INFINITY;
        int n = x.length;
        for (ArModel m : fits) {
            if (!(m.innovationVariance() > 0)) {
                continue;
            }
            double score = n * Math.log(m.innovationVariance()) + Math.log(n) * (m.order() + 1);
            if (score < bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /**
     * The biased sample autocovariances γ̂(0..maxLag) of {@code x} about its mean, Σ(x_t − x̄)(x_{t+h} − x̄)/n (R's
     * {@code acf(type = "covariance")}).
     */
    public static double[] autocovariances(double[] x, int maxLag) {
        int n = x.length;
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        double[] g = new double[maxLag + 1];
        for (int h = 0; h <= maxLag && h < n; h++) {
            double s = 0;
            for (int t = 0; t + h < n; t++) {
                s += (x[t] - mean) * (x[t + h] - mean);
            }
            g[h] = s / n;
        }
        return g;
    }
}
