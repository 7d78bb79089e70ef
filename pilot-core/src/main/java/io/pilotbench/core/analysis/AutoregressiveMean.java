package io.pilotbench.core.analysis;

import io.pilotbench.core.model.AnalysisSettings;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Descriptive;
import io.pilotbench.stats.LogScaleMeanInterval;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.SkewnessAdjustedInterval;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.steadystate.LongRunVariance;
import io.pilotbench.stats.steadystate.LongRunVarianceEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The AR method of {@link MeanAnalyzer}: the CI of a sample's mean from its long-run variance, with the margins,
 * fallbacks and stop rule that {@link MeanAnalyzer}'s class comment documents. Separate so that the analyser keeps
 * the dispatch by method and kind of PI, and this class the one construction with its steps. Pure.
 */
final class AutoregressiveMean {
    private AutoregressiveMean() {}

    /** The AR method's result for the whole sample y (its mean, variance and r1 computed by the caller). */
    static MetricResult analyze(
            double[] y,
            long removed,
            double variance,
            double r1,
            double mean,
            double target,
            AnalysisSettings s,
            boolean session) {
        int n = y.length;
        boolean harmonic = s.meanMethod() == MeanMethod.HARMONIC;
        double[] z = harmonic ? reciprocals(y) : y;
        LongRunVarianceEstimate e = LongRunVariance.estimate(z);
        int k = e.batches();
        List<String> fallbacks = new ArrayList<>();
        // too few blocks for an autocorrelation model (MeanAnalyzer): the batch means are taken as independent
        boolean fewBlocks = !e.white() && k < Defaults.WHITE_NOISE_CHECK_BELOW;
        if (fewBlocks) {
            fallbacks.add(String.format(
                    Locale.ROOT,
                    "%d %s too few for an autocorrelation model: taken as "
                            + "independent (lag-1 autocorrelation %.2f)",
                    k,
                    e.batchSize() > 1 ? "batch means" : "samples",
                    e.batchLag1()));
        }
        boolean white = e.white() || fewBlocks;
        double df = fewBlocks ? k - 1 : e.degreesOfFreedom();
        double longRun = fewBlocks ? e.batchSize() * e.batchVariance() : e.variance();
        double skewOfMean = skewnessOfMean(e, fewBlocks, df, n, s.confidence(), fallbacks);
        // a session's correlated samples: the variance estimate's own error, as an upper bound (MeanAnalyzer)
        double lrv = white || !session ? longRun : longRun * Math.exp(Defaults.VARIANCE_MARGIN * Math.sqrt(2 / df));
        double se = Math.sqrt(lrv / n);
        ConfidenceInterval ci = SkewnessAdjustedInterval.willink(e.mean(), se, df, skewOfMean, s.confidence());
        double min = Descriptive.min(z);
        if (ci.low() <= 0 && min > 0) {
            ci = positiveLowerEnd(ci, z, e, lrv, df, s.confidence(), fallbacks);
        } else if (ci.low() < 0 && min == 0) {
            // values ≥ 0 with zeros (rounds a shell's start-up cut to 0 s, a counter): their mean is ≥ 0, so an end
            // below it excludes nothing possible; there is no log scale for zeros, so the end is 0 itself
            fallbacks.add("data of zeros and positive values whose interval reached below zero: lower end at zero");
            ci = new ConfidenceInterval(ci.confidence(), ci.center(), 0, ci.high(), ci.high());
        }
        double halfTarget;
        if (harmonic) {
            ci = reciprocalInterval(ci, mean);
            halfTarget = target / 2 / (mean * mean);
        } else {
            halfTarget = target / 2;
        }
        Need need = need(n, df, lrv, ci, target, halfTarget, whiteShown(e, white), s);
        // In x's unit; for the harmonic mean by the delta method (d(1/z)/dz = −1/z² at z = 1/x̄).
        double scale = harmonic ? mean * mean : 1;
        MeanError error = error(e, fewBlocks, df, se * scale, lrv * scale * scale, skewOfMean, fallbacks);
        return new MetricResult(
                MetricResult.Status.OK, n, removed, mean, variance, r1, error, ci, target, need.samples(), need.met());
    }

    /**
     * Whether samples taken as white noise have shown it: from fewer than {@value Defaults#WHITE_NOISE_CHECK_BELOW}
     * blocks, a lag-1 autocorrelation of at most {@value Defaults#WHITE_NOISE_R1}/√k, and from there to {@value
     * Defaults#WHITE_NOISE_CONFIRM_BELOW} blocks at most {@value Defaults#WHITE_NOISE_R1_CONFIRM}/√k (MeanAnalyzer).
     */
    private static boolean whiteShown(LongRunVarianceEstimate e, boolean white) {
        int k = e.batches();
        if (!white || k >= Defaults.WHITE_NOISE_CONFIRM_BELOW || !Double.isFinite(e.batchLag1())) {
            return true;
        }
        double bound = k < Defaults.WHITE_NOISE_CHECK_BELOW ? Defaults.WHITE_NOISE_R1 : Defaults.WHITE_NOISE_R1_CONFIRM;
        return e.batchLag1() <= bound / Math.sqrt(k);
    }

    /** The error record of the AR method, its standard error and long-run variance already in x's unit. */
    private static MeanError error(
            LongRunVarianceEstimate e,
            boolean fewBlocks,
            double df,
            double se,
            double lrv,
            double skewOfMean,
            List<String> fallbacks) {
        boolean white = e.white() || fewBlocks;
        return new MeanError(
                CiMethod.AR,
                se,
                df,
                e.batchSize(),
                e.batches(),
                e.batchVariance(),
                e.batchLag1(),
                lrv,
                white ? 0 : e.order(),
                skewOfMean,
                !fewBlocks && e.unitRoot(),
                String.join("; ", fallbacks));
    }

    private static double[] reciprocals(double[] y) {
        double[] z = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            z[i] = 1 / y[i];
        }
        return z;
    }

    /**
     * The skewness of the mean: the batch means' skewness over √k, hedged away from 0, and capped at the end of
     * Willink's valid range (MeanAnalyzer), which is then recorded in {@code fallbacks}.
     */
    private static double skewnessOfMean(
            LongRunVarianceEstimate e, boolean fewBlocks, double df, int n, double confidence, List<String> fallbacks) {
        int k = e.batches();
        double g = e.batchSkewness();
        // the hedge grows with the skewness seen, to its full size once that is beyond its standard error: a full
        // step for any sign (copySign) pushed a symmetric sample (10, 12, 11, 13, 9, 11) to the right, and a skewness
        // of -0.004 to the left, doubling the interval
        double se = Math.sqrt(6.0 / k);
        double hedged = Double.isFinite(g) ? g + Defaults.SKEWNESS_HEDGE * se * Math.tanh(g / se) : 0;
        double skewOfMean = hedged * (fewBlocks ? 1 : e.skewnessFactor()) / Math.sqrt(k);
        double validSkewness = SkewnessAdjustedInterval.largestValidSkewness(confidence, df);
        if (Math.abs(skewOfMean) > validSkewness) {
            // beyond it Willink's transformation folds back on itself (MeanAnalyzer)
            fallbacks.add(String.format(
                    Locale.ROOT,
                    "skewness correction out of its valid range at n = %d " + "(%.2f): capped at %.2f",
                    n,
                    skewOfMean,
                    Math.copySign(validSkewness, skewOfMean)));
            skewOfMean = Math.copySign(validSkewness, skewOfMean);
        }
        return skewOfMean;
    }

    /**
     * Positive data whose interval reached zero or below: a mean ≤ 0 is impossible, so the lower end comes from the
     * log scale (MeanAnalyzer), which is recorded in {@code fallbacks}.
     */
    private static ConfidenceInterval positiveLowerEnd(
            ConfidenceInterval ci,
            double[] z,
            LongRunVarianceEstimate e,
            double lrv,
            double df,
            double confidence,
            List<String> fallbacks) {
        double tau = e.sampleVariance() > 0 ? lrv / e.sampleVariance() : 1;
        double low = Math.min(LogScaleMeanInterval.cox(z, confidence, tau, df).low(), e.mean());
        fallbacks.add(String.format(
                Locale.ROOT,
                "positive data whose interval reached %s: lower end from " + "Cox's log-scale interval",
                ci.low() == 0 ? "zero" : "below zero"));
        return new ConfidenceInterval(ci.confidence(), ci.center(), low, ci.high(), ci.high() - low);
    }

    /** The CI of 1/x mapped back to x: [1/high, 1/low]; a width w in x is about w/x̄² in 1/x. */
    private static ConfidenceInterval reciprocalInterval(ConfidenceInterval ci, double mean) {
        return new ConfidenceInterval(
                ci.confidence(),
                mean,
                1 / ci.high(),
                ci.low() > 0 ? 1 / ci.low() : Double.POSITIVE_INFINITY,
                (ci.low() > 0 ? 1 / ci.low() : Double.POSITIVE_INFINITY) - 1 / ci.high());
    }

    /** How many samples the target needs, and whether the ones at hand meet it. */
    private record Need(long samples, boolean met) {}

    /**
     * The autoregressive analysis's stop rule: the CI no wider than the target, enough degrees of freedom, and, for
     * samples taken as white noise, their lag-1 autocorrelation shown small ({@code whiteShown}).
     */
    private static Need need(
            int n,
            double df,
            double lrv,
            ConfidenceInterval ci,
            double target,
            double halfTarget,
            boolean whiteShown,
            AnalysisSettings s) {
        double t = StudentT.critical(s.confidence(), df);
        double byWidth = halfTarget > 0 ? Math.ceil(t * t * lrv / (halfTarget * halfTarget)) : Double.POSITIVE_INFINITY;
        boolean narrow = ci.width() <= target;
        if (!narrow && target > 0) {
            // Willink's interval of a skewed mean is wider than 2t·se: scale by the width itself (∝ 1/√n)
            double ratio = ci.width() / target;
            byWidth = Math.max(byWidth, Math.ceil(n * ratio * ratio));
        }
        boolean enoughDf = df >= Defaults.MIN_DEGREES_OF_FREEDOM;
        long floor = Defaults.MIN_SAMPLES;
        double required = Math.max(byWidth, floor);
        if (!enoughDf) {
            required = Math.max(required, Math.ceil(n * Defaults.MIN_DEGREES_OF_FREEDOM / df));
        }
        if (!whiteShown) {
            // look again soon: r1 moves as samples come in
            required = Math.max(required, Math.ceil(n * 1.1));
        }
        boolean met = narrow && enoughDf && whiteShown && n >= floor;
        if (met) {
            required = Math.min(required, n);
        } else if (required <= n) {
            required = n + 1;
        }
        return new Need(Double.isFinite(required) ? (long) Math.min(required, Long.MAX_VALUE / 4) : -1, met);
    }
}
