package io.pilotbench.stats.changepoint;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Test series builders. */
final class Series {
    private Series() {}

    /** Concatenates runs: {@code runs(30, 1.1, 30, 5.1)} is 30×1.1 then 30×5.1. */
    static double[] runs(double... countValuePairs) {
        int n = 0;
        for (int i = 0; i < countValuePairs.length; i += 2) {
            n += (int) countValuePairs[i];
        }
        double[] out = new double[n];
        int at = 0;
        for (int i = 0; i < countValuePairs.length; i += 2) {
            int count = (int) countValuePairs[i];
            Arrays.fill(out, at, at + count, countValuePairs[i + 1]);
            at += count;
        }
        return out;
    }

    static double[] concat(double[]... parts) {
        int n = Arrays.stream(parts).mapToInt(p -> p.length).sum();
        double[] out = new double[n];
        int at = 0;
        for (double[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** Student-t noise with 3 degrees of freedom (heavy tails), scaled by sigma. */
    static double heavyTail(SplittableRandom rnd, double sigma) {
        double normal = gaussian(rnd);
        double chi2 = 0;
        for (int k = 0; k < 3; k++) {
            double g = gaussian(rnd);
            chi2 += g * g;
        }
        return sigma * normal / Math.sqrt(chi2 / 3);
    }

    static double gaussian(SplittableRandom rnd) {
        double u = 1 - rnd.nextDouble();
        double v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
