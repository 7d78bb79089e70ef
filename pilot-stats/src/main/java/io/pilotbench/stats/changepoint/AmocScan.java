package io.pilotbench.stats.changepoint;

/**
 * "At most one change": BreakoutDetection's {@code EDMX} ({@code method='amoc'}, exact, no permutation test).
 *
 * <p>Statistic for a change at τ₁ seen in the prefix Z[0..τ₂−1]:
 * (median(Z[0..τ₁−1]) − median(Z[τ₁..τ₂−1]))² · τ₁(τ₂−τ₁)/τ₂, maximised over m ≤ τ₁ ≤ n−m and τ₁+m ≤ τ₂ ≤ n
 * (James, Kejariwal & Matteson 2014, arXiv:1411.7955). Ties go to the first (τ₁, τ₂) in lexicographic order, as the
 * reference's strict {@code >}. One deliberate difference: the reference always reports a location, even when the
 * statistic is 0 everywhere (constant data); here a statistic of 0 means no change.
 *
 * <p>Cost: the prefix medians by deleting from the end of one ranked list, O(n log n); for each τ₁ the right medians
 * for all τ₂ by relinking Z[τ₁..n−1] (O(n)) and deleting from the end (O(1) each): O(n²) in all, O(n) memory.
 */
final class AmocScan {
    private AmocScan() {}

    /** The best split, or null when n &lt; 2m or the best statistic is 0. */
    record Best(int tau1, int tau2, double stat) {}

    static Best scan(double[] z, int m) {
        int n = z.length;
        if (n < 2 * m) {
            return null;
        }
        RankedList list = new RankedList(z, 0, n);
        double[] leftMedian = new double[n - m + 1];
        list.relink(0, n - m);
        for (int tau1 = n - m; tau1 >= m; tau1--) {
            leftMedian[tau1] = list.median();
            if (tau1 > m) {
                list.delete(tau1 - 1);
            }
        }
        double best = 0;
        Best found = null;
        for (int tau1 = m; tau1 <= n - m; tau1++) {
            list.relink(tau1, n);
            double localBest = -1;
            int localTau2 = -1;
            for (int tau2 = n; ; tau2--) {
                double d = leftMedian[tau1] - list.median();
                double stat = (d * d) * ((double) tau1 * (tau2 - tau1) / tau2);
                if (stat >= localBest) { // descending τ₂: ">=" keeps the smallest τ₂ of a tie
                    localBest = stat;
                    localTau2 = tau2;
                }
                if (tau2 == tau1 + m) {
                    break;
                }
                list.delete(tau2 - 1);
            }
            if (localBest > best) {
                best = localBest;
                found = new Best(tau1, localTau2, localBest);
            }
        }
        return found;
    }
}
