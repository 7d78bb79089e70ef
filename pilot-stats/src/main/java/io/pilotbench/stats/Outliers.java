package io.pilotbench.stats;

import java.util.stream.IntStream;

/**
 * z-scores and outlier flags, as Auto-pilot's Getstats highlights them (Wright et al., "Auto-pilot: A Platform for
 * System Software Benchmarking", USENIX ATC 2005, §3.3, docs/references.md#wright-2005: "the z-score is the difference
 * between the value and the mean, divided by the standard deviation. If the z-score is greater than a configurable
 * value (by default 2), a warning is printed").
 */
public final class Outliers {
    /** Getstats' default z-score threshold. */
    public static final double DEFAULT_Z_THRESHOLD = 2.0;

    private Outliers() {}

    /**
     * z_i = (x_i − x̄)/s with s the sample standard deviation (n − 1).
     *
     * @return all zeros for constant data (no value stands out); an empty array for n = 0; {0} for n = 1
     * @throws IllegalArgumentException on NaN/∞
     */
    public static double[] zScores(double[] data) {
        double mean = Descriptive.mean(data);
        double sd = Descriptive.stddev(data);
        double[] z = new double[data.length];
        if (!(sd > 0)) {
            return z;
        }
        for (int i = 0; i < data.length; i++) {
            z[i] = (data[i] - mean) / sd;
        }
        return z;
    }

    /**
     * Indices (ascending) of the values whose |z| exceeds {@code threshold}.
     *
     * @param threshold &gt; 0, e.g. {@link #DEFAULT_Z_THRESHOLD}
     */
    public static int[] byZScore(double[] data, double threshold) {
        if (!(threshold > 0)) {
            throw new IllegalArgumentException("z-score threshold must be > 0, got " + threshold);
        }
        double[] z = zScores(data);
        return IntStream.range(0, z.length)
                .filter(i -> Math.abs(z[i]) > threshold)
                .toArray();
    }

    /**
     * Indices (ascending) of the values outside Tukey's fences [Q1 − k·IQR, Q3 + k·IQR] (J. W. Tukey, Exploratory
     * Data Analysis, 1977; quartiles by {@link Descriptive#percentile}). Robust where the z-score is not: one huge
     * value inflates the sd and hides itself.
     *
     * @param k the fence factor, &gt; 0 (1.5 flags "outliers", 3 "far out")
     */
    public static int[] byTukeyFences(double[] data, double k) {
        if (!(k > 0)) {
            throw new IllegalArgumentException("fence factor must be > 0, got " + k);
        }
        if (data.length == 0) {
            return new int[0];
        }
        double q1 = Descriptive.percentile(data, 25);
        double q3 = Descriptive.percentile(data, 75);
        double lo = q1 - k * (q3 - q1);
        double hi = q3 + k * (q3 - q1);
        return IntStream.range(0, data.length)
                .filter(i -> data[i] < lo || data[i] > hi)
                .toArray();
    }
}
