package io.pilotbench.core.analysis;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Defaults;
import io.pilotbench.core.model.MeanError;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.Phases;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.steadystate.SteadyState;
import java.util.Locale;

/**
 * Does the kept sample show a steady level, and does its CI allow for the level still moving? Shared by sessions
 * (at every look) and {@code pilot analyze}, so that one series gets one interval. Pure.
 *
 * <p>Two rules, measured on the {@code pilot simulate} presets and on real JMH forks replayed through the defaults
 * (bench/README.md, "Real JMH data"):
 * <ol>
 *   <li><b>No stop while the level trends.</b> The kept samples' least-squares slope is tested against the long-run
 *       variance of its residuals ({@link SteadyState}); at p &lt; {@value Defaults#STEADY_ALPHA} a session whose CI
 *       is narrow enough looks again after a tenth more samples, and a session that a limit ends reports that it
 *       found no steady state.</li>
 *   <li><b>The CI reaches what the later half says</b> when the level may still be moving: after a warm-up was cut,
 *       or when the slope's p is below {@value Defaults#DRIFT_ALPHA}. A warm-up that decays gradually leaves its
 *       tail in what is kept — the cut stops where the decay is no longer significant against the noise, yet the
 *       tail still biases the kept mean by more than its standard error (a +40% decay with τ = 10 rounds under CV
 *       10%: +3.4% at the stop, a CI of ±2.8%). So the end of the interval on the side the level moves to is taken
 *       to the later half's own interval, m₂ ∓ √2·h (h the CI's half-width, √2 for half the samples), when that lies
 *       beyond it. Where the level is steady the later half's interval lies within the CI's reach; where it is not,
 *       the CI is wider — and a session needs more samples for the same target.</li>
 * </ol>
 * Measured, 500 sessions each (seed 1): the +40%/τ = 10 warm-up covered 54.4% with the first rule alone and 92.4%
 * with both (median rounds 63 → 79); a +10%, τ = 50 warm-up under CV 2% 52.6% → 84%; i.i.d. normal, Pareto,
 * lognormal, bimodal and AR(1) sessions unchanged within a point and within 2 median rounds; warm-up + AR(1) 93.6%
 * → 95.2% at 1,453 rounds instead of 1,202. Tried and not kept: widening by half the halves' difference (the bias
 * the later half implies, 78.8%), by all of it (87.8%), and widening every session toward its later half (i.i.d.
 * normal 22 → 28 median rounds, lognormal 146 → 194).
 */
public final class SteadyLevel {
    /**
     * The checked analysis.
     *
     * @param phases the phases with the kept samples' trend test (unchanged when not tested)
     * @param result the result, its CI widened toward the later half and its target not met while the level trends
     */
    public record Checked(Phases phases, MetricResult result) {}

    private SteadyLevel() {}

    /**
     * Checks the analysis {@code m} of x[from, to) with phases {@code phases}. Tested for the AR method on an
     * arithmetic mean with a CI (not for proportions or ratio PIs); other results are returned unchanged.
     *
     * @param arithmetic whether m is an arithmetic mean (a ratio PI's harmonic mean is left as it is)
     * @param session    whether a session stops on the result (then a trending level holds the target unmet)
     */
    public static Checked check(
            double[] x, int from, int to, Phases phases, MetricResult m, boolean arithmetic, boolean session) {
        int n = to - from;
        MeanError e = m.error();
        if (!arithmetic
                || n < SteadyState.MIN_SAMPLES
                || m.ci() == null
                || e == null
                || e.method() != CiMethod.AR
                || !(m.ci().width() >= 0)) {
            return new Checked(phases, m);
        }
        SteadyState.Trend trend = SteadyState.trend(x, from, to);
        Phases p = phases.withTrend(trend.slope(), trend.pValue());
        MetricResult r = m;
        if ((p.warmup() > 0 || trend.pValue() < Defaults.DRIFT_ALPHA) && n >= 2 * SteadyState.MIN_SAMPLES) {
            r = towardLaterHalf(x, from, to, p, r);
        }
        if (session && r.targetMet() && p.trending()) {
            r = r.needing(r.n() + Math.max(1, r.n() / 10));
        }
        return new Checked(p, r);
    }

    /** {@code m} with its CI reaching the later half's interval on the side the level moves to (class comment). */
    private static MetricResult towardLaterHalf(double[] x, int from, int to, Phases p, MetricResult m) {
        int mid = from + (to - from) / 2;
        double earlier = mean(x, from, mid);
        double later = mean(x, mid, to);
        // the side the level moves to: away from a cut warm-up, else from the earlier half toward the later one
        double down = p.warmup() > 0 && Double.isFinite(p.warmupMean())
                ? Math.signum(p.warmupMean() - m.mean())
                : Math.signum(earlier - later);
        ConfidenceInterval ci = m.ci();
        double reach = Math.sqrt(2) * ci.width() / 2;
        double low = down > 0 ? later - reach : ci.low();
        if (low <= 0 && ci.low() > 0 && later > 0 && positive(x, from, to)) {
            // positive data keep a positive lower end (MeanAnalyzer): the same reach on the log scale
            low = later * Math.exp(-reach / later);
        } else if (low < 0 && ci.low() >= 0 && nonNegative(x, from, to)) {
            low = 0; // values ≥ 0 with zeros: their mean is ≥ 0 (AutoregressiveMean)
        }
        double high = down < 0 ? later + reach : ci.high();
        double width = Math.max(high, ci.high()) - Math.min(low, ci.low());
        long required = m.targetWidth() > 0 ? (long) Math.ceil(m.n() * Math.pow(width / m.targetWidth(), 2)) + 1 : -1;
        String note = String.format(
                Locale.ROOT,
                "the level may still be moving (%s): the interval reaches the later half's, whose mean is %s",
                p.warmup() > 0
                        ? "a warm-up was cut"
                        : "a trend at p = " + String.format(Locale.ROOT, "%.2g", p.trendPValue()),
                relativeTo(later, m.mean()));
        return m.widened(low, high, note, required);
    }

    /**
     * "0.24% lower", "1.2% higher": a level against the estimate's mean, without the PI's unit, which this
     * text cannot know (a raw "0.0345155" stood in a line of milliseconds).
     */
    static String relativeTo(double level, double mean) {
        double d = (level - mean) / Math.abs(mean);
        if (!Double.isFinite(d)) {
            return String.format(Locale.ROOT, "%.6g", level);
        }
        if (Math.abs(d) < 5e-5) {
            return "the same";
        }
        double percent = 100 * Math.abs(d);
        // two significant digits, without %g's exponent from 100% up
        return String.format(
                Locale.ROOT, percent >= 10 ? "%.0f%% %s" : "%.2g%% %s", percent, d < 0 ? "lower" : "higher");
    }

    private static boolean nonNegative(double[] x, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!(x[i] >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean positive(double[] x, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!(x[i] > 0)) {
                return false;
            }
        }
        return true;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }
}
