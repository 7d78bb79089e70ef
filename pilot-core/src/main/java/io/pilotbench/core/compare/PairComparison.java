package io.pilotbench.core.compare;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RatioOfMeans;
import io.pilotbench.stats.SampleStats;
import io.pilotbench.stats.TTest;
import io.pilotbench.stats.TTestResult;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Two contenders compared (paper §III-F; Auto-pilot's Getstats, seeds/002 §3.3): the difference of their means with
 * its CI, the ratio with Fieller's CI, Welch's and the pooled t-test, and a verdict.
 *
 * <p>The verdict: <b>different</b> (a&lt;b or a&gt;b) when both have a CI and either the CIs do not overlap (paper:
 * "we can be sure that one is greater than the other at the confidence level used") or the chosen test's two-sided
 * p &lt; α; otherwise <b>equivalent</b> when the CI of the difference lies inside ±margin (the margin a fraction of
 * the better mean), so that identical programs end instead of running forever; otherwise <b>undecided</b>.
 *
 * @param a            the first contender (the baseline, for stored comparisons)
 * @param b            the second
 * @param difference   mean a − mean b with its CI; null without both samples
 * @param ratio        mean a / mean b with Fieller's CI; null without both samples or when it is unbounded
 * @param welch        Welch's test of a − b; null without both samples
 * @param pooled       the pooled t-test; null without both samples
 * @param verdict      the verdict
 * @param cisOverlap   whether the two CIs of the means overlap (true while one is missing)
 * @param margin       the equivalence margin in the PI's unit (0 when off)
 * @param requiredSubsessions subsessions the undecided pair would need for a verdict (each side for two live
 *                     contenders or two stored ones, the live side against a stored one), the smaller of the size that would reach
 *                     p = α and the size that would show equivalence; 0 when decided, −1 when unknown
 */
public record PairComparison(Contender a, Contender b, ConfidenceInterval difference, ConfidenceInterval ratio,
        TTestResult welch, TTestResult pooled, Verdict verdict, boolean cisOverlap, double margin,
        long requiredSubsessions) {

    /** Compares {@code a} with {@code b}. */
    public static PairComparison of(Contender a, Contender b, CompareSettings s, Direction direction) {
        Optional<SampleStats> sa = a.stats();
        Optional<SampleStats> sb = b.stats();
        if (sa.isEmpty() || sb.isEmpty()) {
            return new PairComparison(a, b, null, null, null, null, Verdict.UNDECIDED, true, Double.NaN, -1);
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
        Verdict verdict;
        if (d != 0 && (!overlap || chosen.pTwoSided() < s.alpha())) {
            verdict = d < 0 ? Verdict.A_LOWER : Verdict.A_HIGHER;
        } else if (margin > 0 && diff.low() >= -margin && diff.high() <= margin) {
            verdict = Verdict.EQUIVALENT;
        } else {
            verdict = Verdict.UNDECIDED;
        }
        long required = verdict.decided() ? 0 : required(a, b, sa.get(), sb.get(), Math.abs(d), margin, s);
        return new PairComparison(a, b, diff, ratio, welch, pooled, verdict, overlap, margin, required);
    }

    /**
     * Paper eq. 6: the sample size at which the difference seen now would reach p = α, or (when the difference is
     * inside the margin) at which the difference CI would fit inside it; the smaller of the two.
     */
    private static long required(Contender a, Contender b, SampleStats sa, SampleStats sb, double d, double margin,
            CompareSettings s) {
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
        return best == Long.MAX_VALUE ? -1 : best;
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
