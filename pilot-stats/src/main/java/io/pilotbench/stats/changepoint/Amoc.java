package io.pilotbench.stats.changepoint;

/**
 * {@link AmocScan}'s EDMX scan restricted to candidate τ₁ and τ₂ (same statistic, same floating-point operations,
 * same tie rules), with {@link RangeMedian} medians: O(k₁ k₂ log n) for k₁ and k₂ candidates.
 */
final class Amoc {
    private Amoc() {}

    record Best(int tau1, int tau2, double stat) {}

    /**
     * For each τ₁ = tau1s[i]: the best statistic over the τ₂ in tau2s with τ₂ ≥ τ₁ + m into stat[i] (−1 if none) and
     * the smallest τ₂ reaching it into tau2[i].
     */
    static void scan(RangeMedian medians, int[] tau1s, int[] tau2s, int m, double[] stat, int[] tau2) {
        int[] from = new int[tau2s.length];
        double[] right = new double[tau2s.length];
        for (int i = 0; i < tau1s.length; i++) {
            int tau1 = tau1s[i];
            double left = medians.median(0, tau1);
            double localBest = -1;
            int localTau2 = -1;
            int first = tau2s.length;
            while (first > 0 && tau2s[first - 1] >= tau1 + m) {
                first--;
            }
            int count = tau2s.length - first;
            java.util.Arrays.fill(from, 0, count, tau1);
            medians.medians(from, java.util.Arrays.copyOfRange(tau2s, first, tau2s.length), count, right);
            for (int j = tau2s.length - 1; j >= first; j--) {
                int t2 = tau2s[j];
                double d = left - right[j - first];
                double s = (d * d) * ((double) tau1 * (t2 - tau1) / t2);
                if (s >= localBest) { // descending τ₂: ">=" keeps the smallest τ₂ of a tie
                    localBest = s;
                    localTau2 = t2;
                }
            }
            stat[i] = localBest;
            tau2[i] = localTau2;
        }
    }

    /** The best (τ₁, τ₂) over the candidates as {@link AmocScan#scan}, or null if no statistic is above 0. */
    static Best best(RangeMedian medians, int[] tau1s, int[] tau2s, int m) {
        double[] stat = new double[tau1s.length];
        int[] tau2 = new int[tau1s.length];
        scan(medians, tau1s, tau2s, m, stat, tau2);
        return best(tau1s, tau2, stat);
    }

    /** The best of a {@link #scan} result (ascending tau1s): the first largest statistic above 0, or null. */
    static Best best(int[] tau1s, int[] tau2, double[] stat) {
        double best = 0;
        Best found = null;
        for (int i = 0; i < tau1s.length; i++) {
            if (stat[i] > best) {
                best = stat[i];
                found = new Best(tau1s[i], tau2[i], stat[i]);
            }
        }
        return found;
    }

    /**
     * The better of two results under AmocScan's order: the larger statistic, then the smaller τ₁, then the smaller
     * τ₂ (what one scan over the union of the two candidate sets would return); null counts as no change.
     */
    static Best better(Best a, Best b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        if (a.stat() != b.stat()) {
            return a.stat() > b.stat() ? a : b;
        }
        if (a.tau1() != b.tau1()) {
            return a.tau1() < b.tau1() ? a : b;
        }
        return a.tau2() <= b.tau2() ? a : b;
    }
}
