package io.pilotbench.stats;

/**
 * Confidence interval and required sample size for a proportion (a "binary" performance index: success/failure,
 * hit/miss), as the original Pilot computes them (docs/original.md#binomial-proportion).
 *
 * <p>Samples are taken as independent (q = 1). With p the sample mean and n the sample size, the interval is
 * p ± T·√(p(1 − p)/n), T the two-sided Student-t critical value with n − 1 degrees of freedom — the Wald interval
 * with a t instead of a z quantile, slightly wider for small n. The required sample size uses the sample variance
 * (n − 1 divisor, = p(1 − p)·n/(n − 1) for 0/1 data), as the original does.
 *
 * <p>Like every Wald interval it is poor near p = 0 or 1 (it collapses to zero width when all samples agree); the
 * sample-size rule still asks for at least {@code minSamples}.
 */
public final class BinomialProportion {
    private BinomialProportion() {}

    /**
     * The CI of the proportion. Dataset B (20 values, p = 0.55), 95%: full width 0.46566845477273205.
     *
     * @param data       values in [0, 1] (normally 0 or 1)
     * @param confidence in (0, 1)
     * @return the interval; NaN bounds for n &lt; 2
     * @throws IllegalArgumentException when a value is outside [0, 1] or not finite
     */
    public static ConfidenceInterval confidenceInterval(double[] data, double confidence) {
        requireUnitInterval(data);
        int n = data.length;
        double p = Descriptive.mean(data, 0, n);
        if (n < 2) {
            return ConfidenceInterval.around(p, Double.NaN, confidence);
        }
        double t = StudentT.critical(confidence, n - 1);
        return ConfidenceInterval.around(p, 2 * t * Math.sqrt(p * (1 - p) / n), confidence);
    }

    /**
     * The number of samples needed for the CI full width to reach {@code targetWidth}: ⌈s²·(T/e)²⌉ with s² the sample
     * variance, T at n − 1 df and e = width/2, raised to {@code minSamples}. Dataset B, width 0.495, 95%: 19.
     *
     * @return the estimate, with q = 1
     * @throws IllegalArgumentException for n &lt; 2, values outside [0, 1], or a width ≤ 0
     */
    public static SampleSize requiredSampleSize(double[] data, double targetWidth, double confidence, long minSamples) {
        requireUnitInterval(data);
        if (data.length < 2) {
            throw new IllegalArgumentException(
                    "a proportion's sample size needs at least 2 samples, got " + data.length);
        }
        if (!(targetWidth > 0)) {
            throw new IllegalArgumentException("target CI width must be > 0, got " + targetWidth);
        }
        Subsessions s = Subsessions.of(data, MeanMethod.ARITHMETIC);
        return s.requiredSampleSize(1, Descriptive.variance(data), targetWidth, confidence, minSamples);
    }

    private static void requireUnitInterval(double[] data) {
        Descriptive.requireFinite(data);
        for (int i = 0; i < data.length; i++) {
            if (data[i] < 0 || data[i] > 1) {
                throw new IllegalArgumentException(
                        "a proportion's samples must be in [0, 1], got " + data[i] + " at index " + i);
            }
        }
    }

    /**
     * The Wilson score interval of a proportion of {@code successes} in {@code n} trials (Wilson 1927), as R's
     * {@code prop.test(x, n, correct = FALSE)}: unlike the t interval above it stays inside [0, 1] and keeps a width
     * when every trial succeeded, so it suits coverage counts near 100%. (Three lines of arithmetic; hipparchus-stat's
     * {@code WilsonScoreInterval} would add a dependency for them.)
     *
     * @throws IllegalArgumentException unless 0 ≤ successes ≤ n and n ≥ 1
     */
    public static ConfidenceInterval wilson(long successes, long n, double confidence) {
        if (n < 1 || successes < 0 || successes > n) {
            throw new IllegalArgumentException("need 0 <= successes <= n and n >= 1, got " + successes + " of " + n);
        }
        return wilsonOf((double) successes / n, n, confidence);
    }

    /**
     * The Wilson score interval of samples in [0, 1], their mean as the proportion of successes in n trials: the
     * interval of a binary PI with the default (AR) method. Unlike the original's t interval it stays inside [0, 1]
     * and keeps a width when every sample agrees (20 successes of 20: [0.839, 1], not 1 ± 0).
     *
     * @return the interval; NaN bounds for n &lt; 2
     * @throws IllegalArgumentException when a value is outside [0, 1] or not finite
     */
    public static ConfidenceInterval wilson(double[] data, double confidence) {
        requireUnitInterval(data);
        int n = data.length;
        double p = Descriptive.mean(data, 0, n);
        if (n < 2) {
            return ConfidenceInterval.around(p, Double.NaN, confidence);
        }
        return wilsonOf(p, n, confidence);
    }

    /**
     * The fewest trials, at least {@code minSamples}, at which the Wilson interval of proportion {@code p} is no wider
     * than {@code targetWidth} (its width falls as n grows); −1 beyond 2⁵⁰.
     *
     * @throws IllegalArgumentException for p outside [0, 1] or a width ≤ 0
     */
    public static long wilsonSampleSize(double p, double targetWidth, double confidence, long minSamples) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("a proportion must be in [0, 1], got " + p);
        }
        if (!(targetWidth > 0)) {
            throw new IllegalArgumentException("target CI width must be > 0, got " + targetWidth);
        }
        long high = 1;
        while (wilsonOf(p, high, confidence).width() > targetWidth) {
            if (high > 1L << 50) {
                return -1;
            }
            high *= 2;
        }
        long low = high / 2; // wider than the target (or 0)
        while (high - low > 1) {
            long mid = low + (high - low) / 2;
            if (wilsonOf(p, mid, confidence).width() > targetWidth) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return Math.max(minSamples, high);
    }

    private static ConfidenceInterval wilsonOf(double p, long n, double confidence) {
        double z = StudentT.critical(confidence, Double.POSITIVE_INFINITY);
        double z2n = z * z / n;
        double center = (p + z2n / 2) / (1 + z2n);
        double half = z / (1 + z2n) * Math.sqrt(p * (1 - p) / n + z2n / (4 * n));
        double low = Math.max(0, center - half);
        double high = Math.min(1, center + half);
        return new ConfidenceInterval(confidence, p, low, high, high - low);
    }
}
