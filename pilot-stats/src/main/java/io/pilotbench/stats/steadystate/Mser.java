package io.pilotbench.stats.steadystate;

/**
 * MSER-m truncation: where to cut a warm-up so that the mean of what is kept is most precise.
 *
 * <p>Source: K. P. White Jr., "An effective truncation heuristic for bias reduction in simulation output",
 * Simulation 69(6), 1997; K. P. White, M. J. Cobb &amp; S. C. Spratt, "A comparison of five steady-state truncation
 * heuristics", WSC 2000. Over the means Z_j of batches of m samples, choose the d in [0, ⌊k·maxFraction⌋] that
 * minimises MSER(d) = Σ_{j ≥ d}(Z_j − Z̄_d)²/(k − d)², the squared standard error of the kept mean; the cut is d·m
 * samples. K. Hoad, S. Robinson &amp; R. Davies (JORS 61, 2010) rated MSER-5 the best of 44 warm-up methods. The
 * search stops at half the data (White's rule: a later minimum means the run is too short to tell).
 *
 * <p>MSER alone truncates stationary data too (its minimum is seldom exactly at 0), so {@link WarmupDetector} tests
 * the cut before it is made.
 */
public final class Mser {
    private Mser() {}

    /**
     * The MSER-m truncation point, in samples (a multiple of m).
     *
     * @param x           the series
     * @param m           batch size, ≥ 1 (5 in MSER-5)
     * @param maxFraction the largest fraction of the batches that may be cut, in (0, 1)
     * @return the number of leading samples to cut; 0 with fewer than 4 batches
     */
    public static int truncation(double[] x, int m, double maxFraction) {
        if (m < 1 || !(maxFraction > 0 && maxFraction < 1)) {
            throw new IllegalArgumentException("MSER needs a batch size >= 1 and a fraction in (0, 1)");
        }
        int k = x.length / m;
        if (k < 4) {
            return 0;
        }
        double[] z = new double[k];
        for (int j = 0; j < k; j++) {
            double s = 0;
            for (int i = 0; i < m; i++) {
                s += x[j * m + i];
            }
            z[j] = s / m;
        }
        // Suffix sums about a shift (the first batch mean) to keep the sums of squares accurate.
        double shift = z[0];
        int dMax = (int) Math.floor(k * maxFraction);
        double sum = 0;
        double sumSq = 0;
        double[] crit = new double[k];
        for (int j = k - 1; j >= 0; j--) {
            double y = z[j] - shift;
            sum += y;
            sumSq += y * y;
            int count = k - j;
            crit[j] = (sumSq - sum * sum / count) / ((double) count * count);
        }
        int best = 0;
        for (int d = 1; d <= dMax; d++) {
            if (crit[d] < crit[best]) {
                best = d;
            }
        }
        return best * m;
    }
}
