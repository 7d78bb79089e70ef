package io.pilotbench.stats;

import java.util.SplittableRandom;

/** Seeded series with a known truth, for the simulation tests of the statistics. */
public final class Simulated {
    private Simulated() {}

    /**
     * mean·(1 + cv·z_t) with z an AR(1) of unit variance and lag-1 correlation φ, started in its stationary
     * distribution: the true mean is {@code mean}, the long-run variance (mean·cv)²·(1 + φ)/(1 − φ).
     */
    public static double[] ar1(long seed, int n, double mean, double cv, double phi) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        double z = r.nextGaussian();
        double s = Math.sqrt(1 - phi * phi);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                z = phi * z + s * r.nextGaussian();
            }
            x[i] = mean * (1 + cv * z);
        }
        return x;
    }

    /** Independent normal samples: {@link #ar1} with φ = 0. */
    public static double[] normal(long seed, int n, double mean, double sd) {
        return ar1(seed, n, mean, sd / mean, 0);
    }

    /**
     * A Pareto distribution with tail index {@code tail} shifted and scaled to the given mean and standard deviation
     * (its third moment is infinite for tail ≤ 3).
     */
    public static double[] pareto(long seed, int n, double mean, double sd, double tail) {
        SplittableRandom r = new SplittableRandom(seed);
        double m = tail / (tail - 1);
        double v = tail / ((tail - 1) * (tail - 1) * (tail - 2));
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            double y = Math.pow(1 - r.nextDouble(), -1 / tail);
            x[i] = mean + (y - m) / Math.sqrt(v) * sd;
        }
        return x;
    }

    /** Lognormal samples with the given mean and coefficient of variation. */
    public static double[] lognormal(long seed, int n, double mean, double cv) {
        SplittableRandom r = new SplittableRandom(seed);
        double s2 = Math.log(1 + cv * cv);
        double mu = Math.log(mean) - s2 / 2;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = Math.exp(mu + Math.sqrt(s2) * r.nextGaussian());
        }
        return x;
    }

    /** Multiplies the first {@code length} values by 1 + amplitude (a step-shaped warm-up), in place. */
    public static double[] stepWarmup(double[] x, double amplitude, int length) {
        for (int i = 0; i < length && i < x.length; i++) {
            x[i] *= 1 + amplitude;
        }
        return x;
    }
}
