package io.pilotbench.core.compare;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RatioOfMeans;
import io.pilotbench.stats.SampleStats;
import io.pilotbench.stats.StudentT;
import io.pilotbench.stats.TTest;
import io.pilotbench.stats.TTestResult;
import io.pilotbench.stats.sequential.ConfidenceSequence;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.DoublePredicate;

/**
 * Two contenders compared (paper §III-F; Auto-pilot's Getstats, seeds/002 §3.3): the difference of their means with
 * its CI, the ratio with Fieller's CI, Welch's and the pooled t-test, and a verdict.
 *
 * <p><b>Verdict of a finished sample</b> (stored files and sessions, {@code sequential} off): <b>different</b> (a&lt;b
 * or a&gt;b) when the CIs do not overlap (paper: "we can be sure that one is greater than the other at the confidence
 * level used") or the chosen test's two-sided p &lt; α; otherwise <b>equivalent</b> when the CI of the difference lies
 * inside ±margin (the margin a fraction of the better mean); otherwise <b>undecided</b>.
 *
 * <p><b>Verdict while the workloads run</b> ({@code sequential} on, {@code pilot compare}): the comparison is looked at
 * again and again and stops at the first verdict, so a fixed-sample test would spend its α at every look (4.5–11%
 * false differences at α = 1% were measured). The verdict there comes from confidence sequences of the difference
 * ({@link ConfidenceSequence}; Howard et al. 2021), valid at every look at once: <b>different</b> when the α-sequence
 * excludes 0; <b>equivalent</b> when the sequence at 2(1 − confidence) — two one-sided sequences at 1 − confidence,
 * the TOST of bioequivalence — lies inside ±margin. With I = 1/(se_a² + se_b²) the information, the difference's
 * sequence is tuned to be narrowest where both sides meet their CI targets, the equivalence's where its half-width is
 * half the margin. The false-difference rate over all looks is then at most α, and a false equivalence at most
 * 1 − confidence (measured with {@code pilot simulate}: bench/README.md).
 *
 * @param a               the first contender (the baseline, for stored comparisons)
 * @param b               the second
 * @param difference      mean a − mean b with its (fixed-sample) CI; null without both samples
 * @param ratio           mean a / mean b with Fieller's CI; null without both samples or when it is unbounded
 * @param welch           Welch's test of a − b; null without both samples
 * @param pooled          the pooled t-test; null without both samples
 * @param sequence        the confidence sequence of a − b at α (sequential verdicts only; null otherwise)
 * @param anytimeP        the anytime-valid p-value of "no difference" (sequential only; NaN otherwise)
 * @param verdict         the verdict
 * @param cisOverlap      whether the two CIs of the means overlap (true while one is missing)
 * @param margin          the equivalence margin in the PI's unit (0 when off)
 * @param requiredGrowth  for an undecided pair: the factor by which the live sides' samples must grow for a verdict, as
 *                        far as can be foreseen now (the smaller of "different" and "equivalent"); 1 when decided, NaN
 *                        when unknown
 */
public record PairComparison(Contender a, Contender b, ConfidenceInterval difference, ConfidenceInterval ratio,
        TTestResult welch, TTestResult pooled, ConfidenceInterval sequence, double anytimeP, Verdict verdict,
        boolean cisOverlap, double margin, double requiredGrowth) {

    /** Compares {@code a} with {@code b}. */
    public static PairComparison of(Contender a, Contender b, CompareSettings s, Direction direction) {
        Optional<SampleStats> sa = a.stats();
        Optional<SampleStats> sb = b.stats();
        if (sa.isEmpty() || sb.isEmpty()) {
            return new PairComparison(a, b, null, null, null, null, null, Double.NaN, Verdict.UNDECIDED, true,
                    Double.NaN, Double.NaN);
        }
        TTestResult welch = TTest.welch(sa.get(), sb.get(), s.confidence());
        TTestResult pooled = TTest.pooled(sa.get(), sb.get(), s.confidence());
        TTestResult chosen = s.test() == CompareSettings.Test.WELCH ? welch : pooled;
        ConfidenceInterval ratio = RatioOfMeans.fieller(sa.get(), sb.get(), s.confidence()).orElse(null);
        boolean overlap = a.ci().low() <= b.ci().high() && b.ci().low() <= a.ci().high();
        double d = a.mean() - b.mean();
        double better = direction.better(a.mean(), b.mean()) ? a.mean() : b.mean();
        double margin = s.equivalence() * Math.abs(better);
        ConfidenceInterval diff = chosen.difference();
        if (s.sequential()) {
            return sequential(a, b, s, welch, pooled, ratio, overlap, d, margin, diff);
        }
        Verdict verdict;
        if (d != 0 && (!overlap || chosen.pTwoSided() < s.alpha())) {
            verdict = d < 0 ? Verdict.A_LOWER : Verdict.A_HIGHER;
        } else if (margin > 0 && diff.low() >= -margin && diff.high() <= margin) {
            verdict = Verdict.EQUIVALENT;
        } else {
            verdict = Verdict.UNDECIDED;
        }
        double growth = verdict.decided() ? 1 : fixedGrowth(a, b, sa.get(), sb.get(), Math.abs(d), margin, s);
        return new PairComparison(a, b, diff, ratio, welch, pooled, null, Double.NaN, verdict, overlap, margin,
                growth);
    }

    private static PairComparison sequential(Contender a, Contender b, CompareSettings s, TTestResult welch,
            TTestResult pooled, ConfidenceInterval ratio, boolean overlap, double d, double margin,
            ConfidenceInterval diff) {
        double v = a.squaredStandardError() + b.squaredStandardError();
        double info = v > 0 ? 1 / v : Double.POSITIVE_INFINITY;
        ConfidenceSequence different = differenceSequence(a, b, s, info);
        ConfidenceInterval seq = different.interval(d, info);
        double p = different.pValue(d, info);
        ConfidenceSequence equivalent = margin > 0 ? equivalenceSequence(margin, s, horizonInformation(a, b, s))
                : null;
        Verdict verdict;
        if (d != 0 && Math.abs(d) > different.halfWidth(info)) {
            verdict = d < 0 ? Verdict.A_LOWER : Verdict.A_HIGHER;
        } else if (equivalent != null && Math.abs(d) + equivalent.halfWidth(info) <= margin) {
            verdict = Verdict.EQUIVALENT;
        } else {
            verdict = Verdict.UNDECIDED;
        }
        double growth = 1;
        if (!verdict.decided()) {
            double need = Double.POSITIVE_INFINITY;
            if (d != 0) {
                need = informationWhere(i -> different.halfWidth(i) < Math.abs(d), info);
            }
            if (equivalent != null && Math.abs(d) < margin) {
                need = Math.min(need, informationWhere(i -> Math.abs(d) + equivalent.halfWidth(i) <= margin, info));
            }
            growth = growthFor(a, b, need, info);
        }
        return new PairComparison(a, b, diff, ratio, welch, pooled, seq, p, verdict, overlap, margin, growth);
    }

    /** The α-sequence of the difference, narrowest where both sides' CIs meet their width targets. */
    private static ConfidenceSequence differenceSequence(Contender a, Contender b, CompareSettings s, double info) {
        double z = StudentT.critical(s.confidence(), Double.POSITIVE_INFINITY);
        double target = 0;
        for (Contender c : new Contender[] {a, b}) {
            double half = c.targetWidth() / 2 / z;
            // a stored side keeps its standard error; a side without a target is taken at its current one
            target += c.live() && half > 0 ? half * half : c.squaredStandardError();
        }
        double at = target > 0 ? 1 / target : Double.isFinite(info) ? info : 1;
        return ConfidenceSequence.tunedFor(at, s.alpha());
    }

    /**
     * The TOST sequence at 2(1 − confidence), narrowest where its half-width is half the margin, or at the round limit
     * if that comes first (equivalence cannot be shown later than that).
     */
    private static ConfidenceSequence equivalenceSequence(double margin, CompareSettings s, double horizon) {
        double alpha = Math.min(0.5, 2 * (1 - s.confidence()));
        double at = 8 * Math.log(2 / (alpha * alpha)) / (margin * margin);
        return ConfidenceSequence.tunedFor(Math.min(at, horizon), alpha);
    }

    /** The information at the round limit, the live sides' standard errors shrinking as 1/n; +∞ without one. */
    private static double horizonInformation(Contender a, Contender b, CompareSettings s) {
        if (s.horizon() <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double v = 0;
        for (Contender c : new Contender[] {a, b}) {
            double se2 = c.squaredStandardError();
            if (c.live()) {
                double samplesAtLimit = s.horizon() * c.samplesPerRound();
                se2 *= c.n() / Math.max(c.n(), samplesAtLimit);
            }
            v += se2;
        }
        return v > 0 ? 1 / v : Double.POSITIVE_INFINITY;
    }

    /** The smallest information ≥ the current at which {@code ok} holds (bisection; +∞ when beyond 10¹² × it). */
    private static double informationWhere(DoublePredicate ok, double info) {
        if (!Double.isFinite(info) || ok.test(info)) {
            return info;
        }
        double lo = info;
        double hi = info * 2;
        while (!ok.test(hi)) {
            lo = hi;
            hi *= 2;
            if (hi > info * 1e12) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int k = 0; k < 60; k++) {
            double mid = Math.sqrt(lo * hi);
            if (ok.test(mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /**
     * The growth of the live sides' samples that raises the information from {@code info} to {@code need}: every live
     * side's squared standard error shrinks as 1/growth, a stored side's stays.
     */
    private static double growthFor(Contender a, Contender b, double need, double info) {
        if (!Double.isFinite(need)) {
            return Double.NaN;
        }
        double fixed = 0;
        double growing = 0;
        for (Contender c : new Contender[] {a, b}) {
            if (c.live()) {
                growing += c.squaredStandardError();
            } else {
                fixed += c.squaredStandardError();
            }
        }
        double room = 1 / need - fixed;
        if (!(growing > 0) || !(room > 0)) {
            return Double.NaN;
        }
        return Math.max(1, growing / room);
    }

    /**
     * Paper eq. 6 for a finished sample: the growth at which the difference seen now would reach p = α, or (when it
     * is inside the margin) at which the difference CI would fit inside it; the smaller of the two.
     */
    private static double fixedGrowth(Contender a, Contender b, SampleStats sa, SampleStats sb, double d,
            double margin, CompareSettings s) {
        OptionalLong significant;
        OptionalLong equivalent;
        if (a.live() == b.live()) {
            significant = TTest.requiredSampleSizeEach(sa, sb, d, 1 - s.alpha());
            equivalent = TTest.requiredSampleSizeEach(sa, sb, margin - d, s.confidence());
        } else {
            SampleStats fixed = a.live() ? sb : sa;
            SampleStats grows = a.live() ? sa : sb;
            significant = d > 0 ? TTest.requiredSampleSize(fixed, grows, s.alpha()) : OptionalLong.empty();
            equivalent = OptionalLong.empty();
        }
        long best = Long.MAX_VALUE;
        if (significant.isPresent()) {
            best = significant.getAsLong();
        }
        if (equivalent.isPresent()) {
            best = Math.min(best, equivalent.getAsLong());
        }
        if (best == Long.MAX_VALUE) {
            return Double.NaN;
        }
        long now = a.live() ? sa.n() : sb.n();
        return Math.max(1, (double) best / now);
    }

    /** The p-value of the test the verdict uses; NaN without both samples. */
    public double p(CompareSettings.Test test) {
        TTestResult r = test == CompareSettings.Test.WELCH ? welch : pooled;
        return r == null ? Double.NaN : r.pTwoSided();
    }

    /** The ratio b/a with its CI (Fieller's interval is invariant under inversion: [1/high, 1/low]), or null. */
    public ConfidenceInterval inverseRatio() {
        if (ratio == null || ratio.low() <= 0) {
            return null;
        }
        return new ConfidenceInterval(ratio.confidence(), 1 / ratio.center(), 1 / ratio.high(), 1 / ratio.low(),
                1 / ratio.low() - 1 / ratio.high());
    }
}
