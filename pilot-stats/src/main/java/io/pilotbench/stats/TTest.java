package io.pilotbench.stats;

import java.util.OptionalLong;

/**
 * Two-sample t-tests: Welch's (unequal variances) and the pooled-variance Student test, plus Pilot's optimal sample
 * size for deciding an equality test.
 *
 * <p>Sources: B. L. Welch, "The generalization of Student's problem when several different population variances are
 * involved", Biometrika 34 (1947); F. E. Satterthwaite (1946) for the degrees of freedom
 * ν = (s1²/n1 + s2²/n2)² / ((s1²/n1)²/(n1−1) + (s2²/n2)²/(n2−1)), not floored (as the original Pilot,
 * docs/original.md#welch, and R's {@code t.test}); the Pilot paper (Li et al., MASCOTS 2016, §III-F;
 * docs/references.md#li-2016) for the sample-size relation. Results equal R's {@code t.test(x, y)} and
 * {@code t.test(x, y, var.equal = TRUE)}.
 */
public final class TTest {
    private TTest() {}

    /**
     * Welch's t-test. Example (docs/original.md#vectors-statistics): 98.105/0.699²/65 vs 98.394/0.743²/65 gives ν ≈
     * 127.526, two-sided p = 0.024022856222597727 and 95% CI [−0.5393713479, −0.0386286521].
     *
     * @param confidence level of the CI of the difference, in (0, 1)
     */
    public static TTestResult welch(SampleStats a, SampleStats b, double confidence) {
        double se = Math.sqrt(a.squaredStandardError() + b.squaredStandardError());
        return result(a.mean() - b.mean(), se, welchDf(a, b), confidence);
    }

    /** Welch's t-test on raw samples (each at least 2 finite values). */
    public static TTestResult welch(double[] a, double[] b, double confidence) {
        return welch(SampleStats.of(a), SampleStats.of(b), confidence);
    }

    /**
     * Student's two-sample t-test with pooled variance s² = ((n1−1)s1² + (n2−1)s2²)/(n1 + n2 − 2), df n1 + n2 − 2.
     *
     * @param confidence level of the CI of the difference, in (0, 1)
     */
    public static TTestResult pooled(SampleStats a, SampleStats b, double confidence) {
        double df = a.n() + b.n() - 2.0;
        double pooledVariance = ((a.n() - 1) * a.variance() + (b.n() - 1) * b.variance()) / df;
        double se = Math.sqrt(pooledVariance * (1.0 / a.n() + 1.0 / b.n()));
        return result(a.mean() - b.mean(), se, df, confidence);
    }

    /** The pooled t-test on raw samples. */
    public static TTestResult pooled(double[] a, double[] b, double confidence) {
        return pooled(SampleStats.of(a), SampleStats.of(b), confidence);
    }

    private static TTestResult result(double d, double se, double df, double confidence) {
        double t = d / se;
        double pLess;
        double pGreater;
        double pTwo;
        if (Double.isNaN(t)) {
            pLess = pGreater = pTwo = 1;
        } else {
            pLess = StudentT.cdf(t, df);
            pGreater = StudentT.cdf(-t, df);
            pTwo = Math.min(1, 2 * StudentT.cdf(-Math.abs(t), df));
        }
        double half = StudentT.critical(confidence, df) * se;
        ConfidenceInterval ci = new ConfidenceInterval(confidence, d, d - half, d + half, 2 * half);
        return new TTestResult(t, df, pTwo, pLess, pGreater, ci, se);
    }

    /**
     * Pilot's optimal sample size for an equality test (paper §III-F, eq. 6; docs/original.md#welch): how many
     * samples (subsessions) the {@code candidate} needs so that Welch's test against the {@code baseline} reaches
     * two-sided significance {@code alpha}, assuming both means and variances stay as estimated:
     * n = s_c² / ((d/t)² − s_b²/n_b), d = x̄_b − x̄_c, t = the α/2 quantile of t(ν) at the current ν.
     *
     * <p>The original truncates n to an integer (so 65.00000000000003 gives 65 but 64.99999998 gives 64) and returns
     * garbage when the denominator is ≤ 0. Here n is rounded <em>up</em> — fewer samples would not reach α — after
     * discarding a relative 1e-9 of floating-point noise, and an unreachable α (the baseline's own uncertainty
     * already exceeds the difference, or the means are equal) gives an empty result.
     *
     * @param alpha the required two-sided p-value, in (0, 1)
     * @return the required candidate sample size, or empty when no size can reach alpha
     */
    public static OptionalLong requiredSampleSize(SampleStats baseline, SampleStats candidate, double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        double raw = requiredSampleSizeRaw(baseline, candidate, alpha);
        if (!(raw > 0) || Double.isInfinite(raw)) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(2, (long) Math.ceil(raw * (1 - 1e-9))));
    }

    /** The unrounded n of {@link #requiredSampleSize}; ≤ 0, ∞ or NaN when alpha cannot be reached. */
    static double requiredSampleSizeRaw(SampleStats baseline, SampleStats candidate, double alpha) {
        double t = StudentT.quantile(alpha / 2, welchDf(baseline, candidate));
        double d = baseline.mean() - candidate.mean();
        double denominator = (d / t) * (d / t) - baseline.squaredStandardError();
        return denominator > 0 ? candidate.variance() / denominator : Double.NaN;
    }

    /**
     * How many samples <em>each</em> side needs, both growing alike with their variances as estimated, for the
     * half-width of the {@code confidence} interval of the difference, t·√((s1² + s2²)/n), to shrink to
     * {@code halfWidth} (the symmetric form of paper eq. 6, for live comparisons where both workloads keep running).
     * With halfWidth = |x̄1 − x̄2| and confidence 1 − α this is the size at which Welch's test reaches p = α; with
     * halfWidth = margin − |x̄1 − x̄2|, the size at which the difference CI fits inside ±margin (equivalence).
     * ν is the Welch–Satterthwaite value at n each, (s1² + s2²)²(n − 1)/(s1⁴ + s2⁴), iterated to a fixed point.
     *
     * @return the size (at least 2), or empty when halfWidth ≤ 0 or not finite
     */
    public static OptionalLong requiredSampleSizeEach(
            SampleStats a, SampleStats b, double halfWidth, double confidence) {
        if (!(halfWidth > 0) || Double.isInfinite(halfWidth)) {
            return OptionalLong.empty();
        }
        double sum = a.variance() + b.variance();
        if (sum == 0) {
            return OptionalLong.of(2);
        }
        double dfPerN = sum * sum / (a.variance() * a.variance() + b.variance() * b.variance());
        double perT2 = sum / (halfWidth * halfWidth);
        // met(n): t(ν(n))² · (s1² + s2²)/h² ≤ n. The left side falls and the right grows with n, so met is monotone:
        // bracket by doubling, then bisect for the smallest n (a fixed-point iteration can cycle, e.g. 37, 38, 37).
        java.util.function.LongPredicate met = n -> {
            double t = StudentT.critical(confidence, dfPerN * (n - 1));
            return t * t * perT2 <= n;
        };
        long hi = 2;
        while (!met.test(hi)) {
            if (hi > (1L << 50)) {
                return OptionalLong.of(Long.MAX_VALUE);
            }
            hi *= 2;
        }
        long lo = hi / 2; // not met (or below 2)
        if (lo < 2) {
            return OptionalLong.of(2);
        }
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (met.test(mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        long n = hi;
        return OptionalLong.of(n);
    }

    /** Welch–Satterthwaite degrees of freedom; n1 + n2 − 2 when both variances are 0 (the equal-variance limit). */
    private static double welchDf(SampleStats a, SampleStats b) {
        double va = a.squaredStandardError();
        double vb = b.squaredStandardError();
        double se2 = va + vb;
        double df = se2 * se2 / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        return Double.isNaN(df) ? a.n() + b.n() - 2 : df;
    }
}
