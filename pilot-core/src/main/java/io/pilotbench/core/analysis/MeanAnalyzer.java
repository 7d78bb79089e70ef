package io.pilotbench.core.analysis;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.stats.BinomialProportion;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.LogScaleMeanInterval;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.SampleSize;
import io.pilotbench.stats.SkewnessAdjustedInterval;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.Subsessions;
import io.pilotbench.stats.steadystate.LongRunVariance;
import java.util.Arrays;
import java.util.OptionalInt;

/**
 * One sample → {@link MetricResult}: the mean, its confidence interval and the stop rule, by the settings' {@link
 * CiMethod}. Shared by sessions (per PI, at every look) and {@code pilot analyze}. Pure; never throws on data, it
 * reports a status instead.
 *
 * <p><b>AR method</b> (default). CI: mean ± Willink(t_df, skewness) × √(σ²/n) ({@link LongRunVariance}; {@link
 * SkewnessAdjustedInterval}), with two margins for what a session that stops on its own estimates does not see
 * (measured with {@code pilot simulate}, 2 × 1,000 sessions each; bench/README.md):
 * <ul>
 *   <li>the skewness of the mean is that of the batch means over √k, moved away from 0 by up to
 *       {@value Defaults#SKEWNESS_HEDGE} standard errors se = √(6/k) in its own direction (1.25·se·tanh(g/se): none for a
 *       symmetric sample, where a full step for either sign doubled a small interval): a heavy right tail that a short
 *       sample has not yet shown is the usual way a CI of benchmark times misses (Pareto tail 2.5: coverage 90.8% without
 *       the hedge, 93.1% with 1 SE, 94.0% with 1.25; normal samples: 94.8%, 94.8%, 95.0%);</li>
 *   <li>in a session (not for a finished sample of existing data), for correlated samples σ² is the long-run variance
 *       times exp({@value Defaults#VARIANCE_MARGIN}·√(2/df)), an
 *       upper bound of it by the estimate's own standard error on the log scale: a session stops when its estimate is
 *       low, so an unbiased estimate is too small at the stop (AR(1) φ = 0.9: coverage 92.2% without the margin,
 *       94.7% with it, for 10% more rounds; a fixed sample of the same size covers 95–96% either way).</li>
 * </ul>
 * Where these constructions do not hold, the CI falls back, and {@link MeanError#fallback()} says so (measured on
 * 2,000 seeded i.i.d. samples per cell, n = 5…30, normal with cv 10% and 30%, lognormal σ 0.5 and 1: {@code
 * SmallSampleIntervalTest}):
 * <ul>
 *   <li>fewer than {@value Defaults#WHITE_NOISE_CHECK_BELOW} blocks: no autocorrelation model. BIC picks a spurious
 *       AR model for 3–4% of such independent samples, and its bias-corrected φ with one or two degrees of freedom
 *       made those CIs up to 50 times the Student-t interval's width. The blocks are taken as independent and the stop
 *       rule's lag-1 check (below) guards a session against stopping on correlated ones;</li>
 *   <li>a hedged skewness beyond Willink's valid range ({@link SkewnessAdjustedInterval#largestValidSkewness}),
 *       which at n below about 10 is every sample (the hedge alone is 1.25·√(6/n)/√n): capped at the range's end.
 *       Uncapped, one end fell back inside the data (n = 9: [0.83, 1.33] around a mean of 1.25 of samples up to
 *       1.48) and normal samples of 5–12 covered 90.5–93.8%; capped, 93–95% (the t-interval 94–95%);</li>
 *   <li>positive data whose interval still reaches zero or below: the lower end from Cox's log-scale interval
 *       ({@link LogScaleMeanInterval}), which is positive, the upper end kept. On lognormal σ = 1 samples of 5 the
 *       t-interval covers 82%, this 92% (the whole of Cox's interval was up to 190 times as wide as the t-interval,
 *       the lower end alone costs no width).</li>
 * </ul>
 * The stop rule (target met) needs all of:
 * <ul>
 *   <li>the CI no wider than the target;</li>
 *   <li>at least {@value Defaults#MIN_SAMPLES} samples and {@value Defaults#MIN_DEGREES_OF_FREEDOM} degrees of
 *       freedom: a variance known only roughly is how an early stop picks a lucky, too narrow CI;</li>
 *   <li>when the samples look independent from fewer than {@value Defaults#WHITE_NOISE_CHECK_BELOW} blocks, a lag-1
 *       autocorrelation of at most {@value Defaults#WHITE_NOISE_R1}/√k: an AR(1) with φ = 0.9 looks white in 20
 *       samples one time in ten by BIC, but shows r1 above this bound in 99% of them (a session that fails this
 *       check looks again after 10% more samples); from there to {@value Defaults#WHITE_NOISE_CONFIRM_BELOW} blocks,
 *       at most {@value Defaults#WHITE_NOISE_R1_CONFIRM}/√k, so the check does not end in a cliff where BIC's own
 *       decision is still weak (an AR(1) with φ = 0.5 passes BIC as white at 40 blocks with r1 up to 0.3);</li>
 * </ul>
 * (A warm-up is cut only while it is at most {@value Defaults#WARMUP_MAX_FRACTION} of the samples, so a session
 * that cut one has run at least four times as long since.)
 * The required sample size is the largest of (t·√σ²_LR/(w/2))², the floors above (the degrees of freedom grow about
 * linearly with n), and n itself once the CI is narrow enough.
 *
 * <p><b>Pilot method</b>: the original's subsessions, unchanged (docs/original.md#subsessions).
 *
 * <p>Ratio PIs use the harmonic mean: the AR method works on the reciprocals and maps the CI back (1/x is monotone).
 * Binary PIs use Wilson's score interval (within [0, 1], with a width when every sample agrees); with the PILOT
 * method the original's binomial proportion CI (a Student-t interval on p(1 − p)), kept inside [0, 1].
 */
public final class MeanAnalyzer {
    private MeanAnalyzer() {}

    /**
     * Analyses x[from, to).
     *
     * @param removed     samples left out before from (and after to), for the record
     * @param proportion  whether the values are 0/1 outcomes (a binary PI)
     * @param settings    confidence, target, method (and, for the pilot method, the autocorrelation limit and the
     *                    minimum number of subsessions); its mean method picks arithmetic or harmonic
     * @param session     whether the sample is a session's, which stops on its own estimates (the AR method then
     *                    adds the variance margin; a finished sample of existing data needs none)
     */
    public static MetricResult analyze(
            double[] x,
            int from,
            int to,
            long removed,
            boolean proportion,
            AnalysisSettings settings,
            boolean session) {
        int n = to - from;
        if (n == 0) {
            return MetricResult.empty(Double.NaN);
        }
        double[] y = from == 0 && to == x.length ? x : Arrays.copyOfRange(x, from, to);
        double variance = n >= 2 ? Descriptive.variance(y) : Double.NaN;
        double r1 = n >= 3 ? Descriptive.lag1Autocorrelation(y) : Double.NaN;
        MeanMethod method = settings.meanMethod();
        if (method == MeanMethod.HARMONIC && Descriptive.min(y) <= 0) {
            return new MetricResult(
                    MetricResult.Status.INVALID_FOR_KIND,
                    n,
                    removed,
                    Descriptive.mean(y),
                    variance,
                    r1,
                    null,
                    null,
                    Double.NaN,
                    -1,
                    false);
        }
        double mean = Descriptive.mean(y, method);
        double target = settings.ciTarget().widthFor(mean);
        if (proportion) {
            return proportion(y, removed, variance, r1, mean, target, settings);
        }
        if (n < 3) {
            return notEnough(n, removed, mean, variance, r1, target);
        }
        if (variance == 0) {
            // Constant data: the estimate is exact (width 0), but it still has to rest on enough samples.
            ConfidenceInterval ci = ConfidenceInterval.around(mean, 0, settings.confidence());
            long required =
                    settings.method() == CiMethod.PILOT ? Math.max(settings.minSubsessions(), 3) : Defaults.MIN_SAMPLES;
            MeanError error = new MeanError(settings.method(), 0, n - 1, 1, n, 0, Double.NaN, 0, 0, 0, false);
            return new MetricResult(
                    MetricResult.Status.OK,
                    n,
                    removed,
                    mean,
                    0,
                    Double.NaN,
                    error,
                    ci,
                    target,
                    required,
                    n >= required);
        }
        return settings.method() == CiMethod.PILOT
                ? subsessions(y, removed, variance, r1, mean, target, settings)
                : AutoregressiveMean.analyze(y, removed, variance, r1, mean, target, settings, session);
    }

    private static MetricResult subsessions(
            double[] y, long removed, double variance, double r1, double mean, double target, AnalysisSettings s) {
        int n = y.length;
        Subsessions sub = Subsessions.of(y, s.meanMethod());
        OptionalInt q = sub.optimalSize(s.autocorrelationLimit());
        if (q.isEmpty()) {
            return new MetricResult(
                    MetricResult.Status.TOO_AUTOCORRELATED,
                    n,
                    removed,
                    mean,
                    variance,
                    r1,
                    null,
                    null,
                    target,
                    -1,
                    false);
        }
        int size = q.getAsInt();
        ConfidenceInterval ci = sub.confidenceInterval(size, s.confidence()).orElseThrow();
        long required = -1;
        if (target > 0) {
            SampleSize req = sub.requiredSampleSize(
                            target, s.confidence(), s.autocorrelationLimit(), s.minSubsessions())
                    .orElseThrow();
            required = req.samples();
        }
        int h = sub.count(size);
        double varQ = sub.variance(size);
        MeanError error = new MeanError(
                CiMethod.PILOT,
                Math.sqrt(varQ / h),
                h - 1,
                size,
                h,
                varQ,
                sub.autocorrelation(size),
                size * varQ,
                -1,
                0,
                false);
        return new MetricResult(
                MetricResult.Status.OK,
                n,
                removed,
                mean,
                variance,
                r1,
                error,
                ci,
                target,
                required,
                required >= 0 && n >= required);
    }

    private static MetricResult proportion(
            double[] x,
            long removed,
            double variance,
            double r1,
            double mean,
            double target,
            AnalysisSettings settings) {
        int n = x.length;
        if (n < 2) {
            return notEnough(n, removed, mean, variance, r1, target);
        }
        for (double v : x) {
            if (v < 0 || v > 1) {
                return new MetricResult(
                        MetricResult.Status.INVALID_FOR_KIND,
                        n,
                        removed,
                        mean,
                        variance,
                        r1,
                        null,
                        null,
                        target,
                        -1,
                        false);
            }
        }
        boolean original = settings.method() == CiMethod.PILOT;
        long floor = original ? settings.minSubsessions() : Defaults.MIN_SAMPLES;
        ConfidenceInterval ci;
        long required = -1;
        if (original) {
            // the original's t interval on p(1 − p) (docs/original.md), kept inside [0, 1] where it reached beyond
            ci = clipped(BinomialProportion.confidenceInterval(x, settings.confidence()));
            if (target > 0 && variance > 0) {
                required = BinomialProportion.requiredSampleSize(x, target, settings.confidence(), floor)
                        .samples();
            } else if (variance == 0) {
                required = Math.max(floor, 2);
            }
        } else {
            // Wilson's interval: within [0, 1], and a width when every sample agrees (20 of 20 is not 1 ± 0)
            ci = BinomialProportion.wilson(x, settings.confidence());
            if (target > 0) {
                required = BinomialProportion.wilsonSampleSize(mean, target, settings.confidence(), floor);
            } else if (variance == 0) {
                // a proportion of 0 against a relative width (10% of 0): no width meets it, as before the floor ends it
                required = Math.max(floor, 2);
            }
        }
        MeanError error = new MeanError(
                settings.method(),
                original
                        ? ci.halfWidth() / StudentT.critical(settings.confidence(), n - 1)
                        : Math.sqrt(mean * (1 - mean) / n),
                n - 1,
                1,
                n,
                variance,
                r1,
                variance,
                settings.method() == CiMethod.PILOT ? -1 : 0,
                0,
                false);
        return new MetricResult(
                MetricResult.Status.OK,
                n,
                removed,
                mean,
                variance,
                r1,
                error,
                ci,
                target,
                required,
                required >= 0 && n >= required);
    }

    private static ConfidenceInterval clipped(ConfidenceInterval ci) {
        double low = Math.max(0, ci.low());
        double high = Math.min(1, ci.high());
        return new ConfidenceInterval(ci.confidence(), ci.center(), low, high, high - low);
    }

    private static MetricResult notEnough(int n, long removed, double mean, double variance, double r1, double target) {
        return new MetricResult(
                MetricResult.Status.NOT_ENOUGH_DATA, n, removed, mean, variance, r1, null, null, target, -1, false);
    }
}
