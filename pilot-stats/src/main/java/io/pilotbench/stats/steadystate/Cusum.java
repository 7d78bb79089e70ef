package io.pilotbench.stats.steadystate;

/**
 * The CUSUM test for a change in the mean of a weakly dependent series, and the Kolmogorov distribution it refers to.
 *
 * <p>With S_k = Σ_{i&lt;k}(x_i − x̄), the statistic at k is |S_k|/√(n·σ²_LR); under a constant mean the process
 * S_{⌊nt⌋}/√(n·σ²_LR) tends to a Brownian bridge, so sup_k of it has the Kolmogorov distribution,
 * P(sup|B| &gt; c) = 2Σ_{j≥1}(−1)^{j−1}e^{−2j²c²} (Kolmogorov 1933; for dependent data with the long-run variance:
 * Csörgő &amp; Horváth, <i>Limit Theorems in Change-Point Analysis</i>, 1997, §2.1; for initialization bias in
 * simulation output, the standardized time series of Schruben, Singh &amp; Tierney, Operations Research 31, 1983).
 * Critical values: 1.358 at 5%, 1.628 at 1%, 1.949 at 0.1%.
 */
public final class Cusum {
    private Cusum() {}

    /** The partial sums S_k = Σ_{i&lt;k}(x_i − x̄) for k = 0..n (S_0 = S_n = 0 up to rounding). */
    static double[] partialSums(double[] x, int from, int to) {
        int n = to - from;
        double mean = 0;
        for (int i = from; i < to; i++) {
            mean += x[i];
        }
        mean /= n;
        double[] s = new double[n + 1];
        for (int i = 0; i < n; i++) {
            s[i + 1] = s[i] + (x[from + i] - mean);
        }
        s[n] = 0;
        return s;
    }

    /**
     * The k in [first, last] that maximises S_k² / (k (n − k)), S_k the partial sums of {@link #partialSums} (the
     * least-squares two-level split of x[from, to), relative to from), or 0 when none is above 0. The sums are
     * carried as k grows, in the order {@link #partialSums} adds them, so the answer is the same, without an array of
     * n + 1 values: on a file of 10⁶ values the warm-up tests made four of them, 32 MB to collect.
     */
    static int bestSplit(double[] x, int from, int to, int first, int last) {
        int n = to - from;
        double mean = 0;
        for (int i = from; i < to; i++) {
            mean += x[i];
        }
        mean /= n;
        double s = 0;
        int best = 0;
        double max = 0;
        for (int k = 1; k <= last; k++) {
            s += x[from + k - 1] - mean;
            if (k >= first) {
                double v = s * s / ((double) k * (n - k));
                if (v > max) {
                    max = v;
                    best = k;
                }
            }
        }
        return best;
    }

    /** The k in 1..n−1 that maximises |S_k| (the least-squares location of a single shift), or 0 for n &lt; 2. */
    static int argMax(double[] partialSums) {
        int best = 0;
        double max = -1;
        for (int k = 1; k < partialSums.length - 1; k++) {
            double a = Math.abs(partialSums[k]);
            if (a > max) {
                max = a;
                best = k;
            }
        }
        return best;
    }

    /**
     * P(sup_t |B(t)| &gt; c) for a Brownian bridge B: the asymptotic p-value of a CUSUM statistic c.
     *
     * @return 1 for c ≤ 0.2 (the series is then numerically 1), the alternating series otherwise
     */
    public static double kolmogorovTail(double c) {
        if (!(c > 0.2)) {
            return 1;
        }
        double sum = 0;
        for (int j = 1; j <= 100; j++) {
            double term = Math.exp(-2.0 * j * j * c * c);
            sum += (j % 2 == 1 ? term : -term);
            if (term < 1e-17) {
                break;
            }
        }
        return Math.min(1, Math.max(0, 2 * sum));
    }
}
