package io.pilotbench.stats;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * Subsession analysis of a sample, exactly as the original Pilot computes it, for removing autocorrelation before a
 * confidence interval is built.
 *
 * <p>Source: Li, Gupta, Miller &amp; Long, "Pilot: A Framework that Understands How to Do Performance Benchmarks the
 * Right Way", MASCOTS 2016, §III-D (docs/references.md#li-2016); the original's {@code libpilotcpp.h}
 * (docs/original.md#subsessions). Consecutive samples are merged into subsessions (blocks) of q samples; their means
 * are close to independent once the lag-1 autocorrelation of the block means is small, and the CI is then built from
 * the block means (the batch-means method).
 *
 * <ul>
 *   <li>There are h = ⌊n/q⌋ blocks; the last n mod q samples are dropped.</li>
 *   <li>A block's value is its mean by the chosen {@link MeanMethod}.</li>
 *   <li>The subsession variance is Σ(b_i − m)²/(h − 1), where m is the mean of <em>all n</em> samples.</li>
 *   <li>The autocovariance is Σ_{i≥1}(b_{i−1} − m)(b_i − m)/(h − 1); the autocorrelation is their ratio, taken as
 *       1 when h &lt; 2 or when it is NaN (zero variance), so that such a q never qualifies.</li>
 *   <li>The optimal q is the smallest q in 1..⌊n/3⌋ with |r1(q)| ≤ limit (at least three subsessions).</li>
 * </ul>
 *
 * <p>Cost: building the object is O(n) (prefix sums of the centred data); every per-q quantity is then O(n/q), so
 * searching all q up to n/3 costs O(n log n) instead of the original's O(n²).
 *
 * <p>Instances are immutable and keep a private copy of the data's prefix sums.
 */
public final class Subsessions {
    private final int n;
    private final MeanMethod method;
    private final double mean;
    /** Prefix sums of the centred data (arithmetic: x − m; harmonic: 1/x − 1/m), prefix[0] = 0. */
    private final double[] prefix;

    private Subsessions(int n, MeanMethod method, double mean, double[] prefix) {
        this.n = n;
        this.method = method;
        this.mean = mean;
        this.prefix = prefix;
    }

    /**
     * Prepares the subsession analysis of {@code data}.
     *
     * @throws IllegalArgumentException on NaN/∞, or (harmonic) a value ≤ 0
     */
    public static Subsessions of(double[] data, MeanMethod method) {
        Descriptive.requireFinite(data);
        int n = data.length;
        double m = method.of(data, 0, n);
        double[] prefix = new double[n + 1];
        double sum = 0;
        double c = 0;
        for (int i = 0; i < n; i++) {
            double y = method == MeanMethod.ARITHMETIC ? data[i] - m : 1 / data[i] - 1 / m;
            double t = sum + y;
            c += Math.abs(sum) >= Math.abs(y) ? (sum - t) + y : (y - t) + sum;
            sum = t;
            prefix[i + 1] = sum + c;
        }
        return new Subsessions(n, method, m, prefix);
    }

    /** Number of samples. */
    public int size() {
        return n;
    }

    /** The mean of all n samples by the chosen method (NaN for n = 0). */
    public double mean() {
        return mean;
    }

    /** The mean method. */
    public MeanMethod meanMethod() {
        return method;
    }

    /** Number of whole subsessions of size q, ⌊n/q⌋. */
    public int count(int q) {
        checkQ(q);
        return n / q;
    }

    /** The h = ⌊n/q⌋ subsession means (the tail of n mod q samples dropped). */
    public double[] blockMeans(int q) {
        int h = count(q);
        double[] means = new double[h];
        for (int i = 0; i < h; i++) {
            means[i] = mean + deviation(i, q);
        }
        return means;
    }

    /** b_i − m for block i of size q, computed from the centred prefix sums without cancellation. */
    private double deviation(int i, int q) {
        double d = prefix[(i + 1) * q] - prefix[i * q];
        if (method == MeanMethod.ARITHMETIC) {
            return d / q;
        }
        return -mean * d / (q / mean + d);
    }

    /**
     * Subsession variance Σ(b_i − m)²/(h − 1) about the mean m of all samples. Dataset F: q=1 gives
     * 0.073474423758865273, q=4 gives 0.05264711174242424.
     *
     * @return NaN when h &lt; 2
     */
    public double variance(int q) {
        int h = count(q);
        if (h < 2) {
            return Double.NaN;
        }
        double ss = 0;
        for (int i = 0; i < h; i++) {
            double d = deviation(i, q);
            ss += d * d;
        }
        return ss / (h - 1);
    }

    /**
     * Lag-1 autocovariance of the subsession means, Σ_{i=1}^{h−1}(b_{i−1} − m)(b_i − m)/(h − 1).
     *
     * @return NaN when h &lt; 2
     */
    public double autocovariance(int q) {
        int h = count(q);
        if (h < 2) {
            return Double.NaN;
        }
        double s = 0;
        double prev = deviation(0, q);
        for (int i = 1; i < h; i++) {
            double d = deviation(i, q);
            s += prev * d;
            prev = d;
        }
        return s / (h - 1);
    }

    /**
     * Lag-1 autocorrelation of the subsession means, autocovariance/variance. Dataset F: q=1 gives
     * 0.63655574361384437, q=4 gives 0.08230986644266707.
     *
     * @return 1 when h &lt; 2 or when the ratio is NaN (constant data), as the original does, so that such a q never
     *     passes an autocorrelation limit
     */
    public double autocorrelation(int q) {
        int h = count(q);
        if (h < 2) {
            return 1;
        }
        double r = autocovariance(q) / variance(q);
        return Double.isNaN(r) ? 1 : r;
    }

    /**
     * The smallest subsession size q in 1..⌊n/3⌋ whose |autocorrelation| ≤ limit. Dataset F: limit 0.1 gives 4,
     * 0.8 gives 1, 0.01 gives none.
     *
     * @param limit the autocorrelation limit, in (0, 1]
     * @return empty when no q qualifies: n &lt; 3, constant data (r1 is taken as 1), or autocorrelation that no
     *     q up to n/3 brings under the limit
     */
    public OptionalInt optimalSize(double limit) {
        if (!(limit > 0 && limit <= 1)) {
            throw new IllegalArgumentException("autocorrelation limit must be in (0, 1], got " + limit);
        }
        for (int q = 1; q <= n / 3; q++) {
            if (Math.abs(autocorrelation(q)) <= limit) {
                return OptionalInt.of(q);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The confidence interval of the mean from subsessions of size q: m ± T·√(var_q/h), T the two-sided Student-t
     * critical value with h − 1 degrees of freedom (docs/original.md#student-t-ci). Dataset F, q=4, 95%: full width
     * 0.29157062128900485.
     *
     * @return empty when h &lt; 2
     */
    public Optional<ConfidenceInterval> confidenceInterval(int q, double confidence) {
        int h = count(q);
        if (h < 2) {
            return Optional.empty();
        }
        double t = StudentT.critical(confidence, h - 1);
        double width = 2 * t * Math.sqrt(variance(q) / h);
        return Optional.of(ConfidenceInterval.around(mean, width, confidence));
    }

    /**
     * Pilot's required sample size for a target CI full width (docs/original.md#required-sample-size; paper §III-E):
     * with the optimal q, h = ⌊n/q⌋, T = t critical value at h − 1 df and e = width/2, the required number of
     * subsessions is ⌈var_q·(T/e)²⌉, raised to {@code minSubsessions}; the required number of samples is q times
     * that. T is taken at the current h, so the estimate tightens as data arrive. Dataset F, width 10% of its mean,
     * 95%, limit 0.1: q = 4, 34 subsessions.
     *
     * @param targetWidth    the required full CI width, &gt; 0, in the data's unit
     * @param confidence     in (0, 1)
     * @param acLimit        autocorrelation limit in (0, 1]
     * @param minSubsessions a floor on the subsession count (the original's min_sample_size), ≥ 0
     * @return empty when no q qualifies (see {@link #optimalSize}): the CI would not be valid, so no size can be
     *     promised
     */
    public Optional<SampleSize> requiredSampleSize(
            double targetWidth, double confidence, double acLimit, long minSubsessions) {
        if (!(targetWidth > 0)) {
            throw new IllegalArgumentException("target CI width must be > 0, got " + targetWidth);
        }
        if (minSubsessions < 0) {
            throw new IllegalArgumentException("minimum subsession count must be >= 0, got " + minSubsessions);
        }
        OptionalInt q = optimalSize(acLimit);
        if (q.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                requiredSampleSize(q.getAsInt(), variance(q.getAsInt()), targetWidth, confidence, minSubsessions));
    }

    /** The sample-size rule for a given q and subsession variance; shared with the binomial case. */
    SampleSize requiredSampleSize(int q, double varianceQ, double targetWidth, double confidence, long minSubsessions) {
        int h = count(q);
        double t = StudentT.critical(confidence, h - 1);
        double e = targetWidth / 2;
        double required = Math.ceil(varianceQ * (t / e) * (t / e));
        long subsessions = Math.max((long) required, minSubsessions);
        return new SampleSize(q, subsessions, subsessions * q);
    }

    private void checkQ(int q) {
        if (q < 1) {
            throw new IllegalArgumentException("subsession size must be >= 1, got " + q);
        }
    }
}
