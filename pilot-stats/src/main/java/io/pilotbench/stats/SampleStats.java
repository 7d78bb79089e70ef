package io.pilotbench.stats;

/**
 * The three numbers a two-sample test needs from each sample: its mean, its variance and its size. Pilot compares
 * subsession means, so {@code n} is then the number of subsessions and {@code variance} the subsession variance.
 *
 * @param mean     the sample mean
 * @param variance the unbiased sample variance, ≥ 0
 * @param n        the sample size, ≥ 2
 */
public record SampleStats(double mean, double variance, long n) {
    public SampleStats {
        if (n < 2) {
            throw new IllegalArgumentException("a two-sample test needs at least 2 samples per side, got " + n);
        }
        if (!Double.isFinite(mean)) {
            throw new IllegalArgumentException("mean must be finite, got " + mean);
        }
        if (!(variance >= 0) || Double.isInfinite(variance)) {
            throw new IllegalArgumentException("variance must be finite and >= 0, got " + variance);
        }
    }

    /** Mean, variance (n − 1) and size of {@code data}. */
    public static SampleStats of(double[] data) {
        return new SampleStats(Descriptive.mean(data), Descriptive.variance(data), data.length);
    }

    /** The squared standard error of the mean, variance/n. */
    double squaredStandardError() {
        return variance / n;
    }
}
