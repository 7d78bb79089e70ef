package io.pilotbench.stats.changepoint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A deliberately plain O(n² log n) EDM, written from the description of BreakoutDetection's {@code EDM_percent},
 * {@code EDM_multi} and {@code EDMX} (two ordered multisets for a running median, the left set moved to prev[t] at
 * each t, the right set shrunk by one), to cross-check the fast implementations. Test code only.
 */
final class ReferenceEdm {
    private ReferenceEdm() {}

    /** A running median over a multiset: lower half and upper half as counted tree maps. */
    static final class RunningMedian {
        private final TreeMap<Double, Integer> lower = new TreeMap<>();
        private final TreeMap<Double, Integer> upper = new TreeMap<>();
        private int lowerSize;
        private int upperSize;

        void add(double value) {
            double x = value + 0.0; // C++'s multiset<double> holds -0.0 and 0.0 as equal keys; so do we
            if (upperSize == 0 || x < upper.firstKey()) {
                put(lower, x);
                lowerSize++;
            } else {
                put(upper, x);
                upperSize++;
            }
            balance();
        }

        void remove(double value) {
            double x = value + 0.0;
            if (upperSize > 0 && x >= upper.firstKey()) {
                take(upper, x);
                upperSize--;
            } else {
                take(lower, x);
                lowerSize--;
            }
            balance();
        }

        void clear() {
            lower.clear();
            upper.clear();
            lowerSize = 0;
            upperSize = 0;
        }

        double median() {
            if (lowerSize > upperSize) {
                return lower.lastKey();
            }
            if (upperSize > lowerSize) {
                return upper.firstKey();
            }
            return (lower.lastKey() + upper.firstKey()) / 2;
        }

        private void balance() {
            if (upperSize > lowerSize + 1) {
                double x = upper.firstKey();
                take(upper, x);
                upperSize--;
                put(lower, x);
                lowerSize++;
            } else if (lowerSize > upperSize + 1) {
                double x = lower.lastKey();
                take(lower, x);
                lowerSize--;
                put(upper, x);
                upperSize++;
            }
        }

        private static void put(TreeMap<Double, Integer> map, double x) {
            map.merge(x, 1, Integer::sum);
        }

        private static void take(TreeMap<Double, Integer> map, double x) {
            Map.Entry<Double, Integer> e = map.floorEntry(x);
            if (e == null || e.getKey() != x) {
                throw new AssertionError("removing absent " + x);
            }
            if (e.getValue() == 1) {
                map.remove(x);
            } else {
                map.put(x, e.getValue() - 1);
            }
        }
    }

    /** EDM_percent (beta = false) or EDM_multi (beta = true, data already rescaled). */
    static List<Integer> multi(double[] z, int minSize, boolean beta, double penalty, int degree) {
        int n = z.length;
        int[] prev = new int[n + 1];
        int[] number = new int[n + 1];
        double[] f = new double[n + 1];
        if (beta) {
            java.util.Arrays.fill(f, -3);
        }
        RunningMedian left = new RunningMedian();
        RunningMedian right = new RunningMedian();
        for (int s = 2 * minSize; s <= n; s++) {
            left.clear();
            right.clear();
            for (int i = prev[minSize - 1]; i < minSize - 1; i++) {
                left.add(z[i]);
            }
            for (int i = minSize - 1; i < s; i++) {
                right.add(z[i]);
            }
            for (int t = minSize; t <= s - minSize; t++) {
                left.add(z[t - 1]);
                right.remove(z[t - 1]);
                for (int i = prev[t - 1]; i < prev[t]; i++) {
                    left.remove(z[i]);
                }
                for (int i = prev[t]; i < prev[t - 1]; i++) {
                    left.add(z[i]);
                }
                double d = left.median() - right.median();
                double normalize = (double) ((t - prev[t]) * (s - t)) / Math.pow(s - prev[t], 2);
                double stat = f[t] + normalize * Math.pow(d, 2);
                if (beta) {
                    stat -= penalty * g(degree, number[t]);
                }
                if (stat > f[s]) {
                    number[s] = number[t] + 1;
                    f[s] = stat;
                    prev[s] = t;
                }
            }
            if (!beta && prev[s] != 0) {
                int p = prev[s];
                if (f[s] - f[p] < penalty * g(degree, number[p]) * f[p]) {
                    number[s] = number[p];
                    f[s] = f[p];
                    prev[s] = prev[p];
                }
            }
        }
        List<Integer> out = new ArrayList<>();
        for (int at = n; at != 0; at = prev[at]) {
            if (prev[at] != 0) {
                out.add(prev[at]);
            }
        }
        Collections.sort(out);
        return out;
    }

    /** EDMX: the best (τ₁, statistic), or τ₁ = −1 when n &lt; 2m. */
    static double[] amoc(double[] z, int minSize) {
        int n = z.length;
        RunningMedian left = new RunningMedian();
        for (int i = 0; i < minSize - 1; i++) {
            left.add(z[i]);
        }
        double best = -3;
        int bestTau1 = -1;
        for (int tau1 = minSize; tau1 < n - minSize + 1; tau1++) {
            left.add(z[tau1 - 1]);
            RunningMedian right = new RunningMedian();
            for (int i = tau1; i < tau1 + minSize - 1; i++) {
                right.add(z[i]);
            }
            for (int tau2 = tau1 + minSize; tau2 <= n; tau2++) {
                right.add(z[tau2 - 1]);
                double stat = Math.pow(left.median() - right.median(), 2);
                stat *= (double) tau1 * (tau2 - tau1) / tau2;
                if (stat > best) {
                    best = stat;
                    bestTau1 = tau1;
                }
            }
        }
        return new double[] {bestTau1, best};
    }

    private static double g(int degree, int k) {
        return degree == 0 ? 0 : degree == 1 ? 1 : 2.0 * k + 1;
    }
}
