package io.pilotbench.core.compare;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.RatioOfMeans;
import io.pilotbench.stats.SampleStats;
import io.pilotbench.stats.TTest;
import io.pilotbench.stats.TTestResult;
import io.pilotbench.stats.sequential.StudentSequence;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Two contenders compared (paper §III-F; Auto-pilot's Getstats: Wright et al., USENIX ATC 2005, §3.3,
 * docs/references.md#wright-2005): the difference of their means with its CI, the ratio with Fieller's CI, Welch's and
 * the pooled t-test, and a verdict.
 *
 * <p><b>Verdict of a finished sample</b> (stored files and sessions, {@code sequential} off): <b>different</b> (a&lt;b
 * or a&gt;b) when the CIs do not overlap (paper: "we can be sure that one is greater than the other at the confidence
 * level used") or the chosen test's two-sided p &lt; α; otherwise <b>equivalent</b> when the CI of the difference lies
 * inside ±margin (the margin a fraction of the better mean); otherwise <b>undecided</b>.
 *
 * <p><b>Verdict while the workloads run</b> ({@code sequential} on, {@code pilot compare}): the comparison is looked at
 * again and again and stops at the first verdict, so a fixed-sample test would spend its α at every look (4.5–11%
 * false differences at α = 1% were measured). The verdict there comes from confidence sequences, valid at every look
 * at once and at any n ({@link StudentSequence}: a t-mixture, where a normal boundary on an estimated variance was
 * narrower at 2 degrees of freedom than one fixed-sample t-interval): <b>different</b> when the α-sequence excludes
 * no difference; <b>equivalent</b> when the sequence at 2(1 − confidence) — two one-sided sequences at
 * 1 − confidence, the TOST of bioequivalence — lies inside ±margin.
 * <ul>
 *   <li>Two workloads run in the same interleaved cycles are compared <b>cycle by cycle</b> ({@link PairedCycles}):
 *       the sequence is that of the mean per-cycle difference, so load that hits both in a cycle cancels.</li>
 *   <li>Otherwise (a stored baseline, unit readings) the sequence is that of the difference of means, with the two
 *       standard errors and Welch's degrees of freedom.</li>
 * </ul>
 * The false-difference rate over all looks is then at most α, and a false equivalence at most 1 − confidence
 * (measured with {@code pilot simulate}: bench/README.md).
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
 * @param paired          for two workloads run in the same interleaved cycles: their cycle-by-cycle analysis, on
 *                        which the verdict then rests (and {@code ratio} is its paired Fieller interval); null otherwise
 */
public record PairComparison(
        Contender a,
        Contender b,
        ConfidenceInterval difference,
        ConfidenceInterval ratio,
        TTestResult welch,
        TTestResult pooled,
        ConfidenceInterval sequence,
        double anytimeP,
        Verdict verdict,
        boolean cisOverlap,
        double margin,
        double requiredGrowth,
        PairedCycles paired) {

    /** Compares {@code a} with {@code b}. */
    public static PairComparison of(Contender a, Contender b, CompareSettings s, Direction direction) {
        Optional<SampleStats> sa = a.stats();
        Optional<SampleStats> sb = b.stats();
        if (sa.isEmpty() || sb.isEmpty()) {
            return new PairComparison(
                    a,
                    b,
                    null,
                    null,
                    null,
                    null,
                    null,
                    Double.NaN,
                    Verdict.UNDECIDED,
                    true,
                    Double.NaN,
                    Double.NaN,
                    null);
        }
        TTestResult welch = TTest.welch(sa.get(), sb.get(), s.confidence());
        TTestResult pooled = TTest.pooled(sa.get(), sb.get(), s.confidence());
        TTestResult chosen = s.test() == CompareSettings.Test.WELCH ? welch : pooled;
        ConfidenceInterval ratio =
                RatioOfMeans.fieller(sa.get(), sb.get(), s.confidence()).orElse(null);
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
        return new PairComparison(
                a, b, diff, ratio, welch, pooled, null, Double.NaN, verdict, overlap, margin, growth, null);
    }

    private static PairComparison sequential(
            Contender a,
            Contender b,
            CompareSettings s,
            TTestResult welch,
            TTestResult pooled,
            ConfidenceInterval ratio,
            boolean overlap,
            double d,
            double margin,
            ConfidenceInterval diff) {
        double equivalenceAlpha = Math.min(0.5, 2 * (1 - s.confidence()));
        Optional<PairedCycles> cycles = a.live() && b.live()
                ? PairedCycles.of(a.cycles(), b.cycles(), s.confidence(), s.alpha())
                : Optional.empty();
        if (cycles.isPresent()) {
            PairedCycles c = cycles.get();
            Verdict verdict;
            if (c.different()) {
                verdict = c.meanA() < c.meanB() ? Verdict.A_LOWER : Verdict.A_HIGHER;
            } else if (s.equivalence() > 0 && c.equivalentWithin(s.equivalence(), equivalenceAlpha, s.horizon())) {
                verdict = Verdict.EQUIVALENT;
            } else {
                verdict = Verdict.UNDECIDED;
            }
            double growth = verdict.decided()
                    ? 1
                    : c.growthForVerdict(s.equivalence(), s.alpha(), equivalenceAlpha, s.horizon());
            return new PairComparison(
                    a, b, diff, c.ratio(), welch, pooled, null, c.anytimeP(), verdict, overlap, margin, growth, c);
        }
        if (a.live() && b.live() && a.cycles() != null && b.cycles() != null) {
            // run in cycles, but fewer than two with both: a cycle's rounds are the samples (a fork's iterations
            // share its JVM's level), so nothing is decided on one
            return new PairComparison(
                    a, b, diff, ratio, welch, pooled, null, Double.NaN, Verdict.UNDECIDED, overlap, margin, 2, null);
        }
        // not paired (a stored baseline, a file): the two sides' standard errors, with Welch's degrees of
        // freedom standing for the samples behind them, in the Student sequence (valid at small n, unlike a normal
        // boundary on an estimated variance)
        double se = Math.sqrt(a.squaredStandardError() + b.squaredStandardError());
        long ne = Math.max(2, (long) Math.floor(welch.df()) + 1);
        StudentSequence different = new StudentSequence(s.alpha());
        double half = sequenceHalf(different, se, ne);
        ConfidenceInterval seq = new ConfidenceInterval(1 - s.alpha(), d, d - half, d + half, 2 * half);
        double p = se > 0 ? StudentSequence.pValue(d, se * Math.sqrt(ne), ne) : d == 0 ? 1 : 0;
        StudentSequence equivalent = margin <= 0
                ? null
                : PairedCycles.forEquivalence(equivalenceAlpha, s.horizon() > 0 ? Math.max(2, s.horizon()) : 0);
        Verdict verdict;
        if (d != 0 && Math.abs(d) > half) {
            verdict = d < 0 ? Verdict.A_LOWER : Verdict.A_HIGHER;
        } else if (equivalent != null && Math.abs(d) + sequenceHalf(equivalent, se, ne) <= margin) {
            verdict = Verdict.EQUIVALENT;
        } else {
            verdict = Verdict.UNDECIDED;
        }
        double growth = 1;
        if (!verdict.decided()) {
            growth = Double.NaN;
            boolean grows = a.live() || b.live();
            for (double g = 1.1; grows && g < 1e6; g *= 1.1) {
                // the live sides' samples grow by g: their squared standard errors shrink by it
                double v = (a.live() ? a.squaredStandardError() / g : a.squaredStandardError())
                        + (b.live() ? b.squaredStandardError() / g : b.squaredStandardError());
                long n = (long) Math.ceil(ne * g);
                double seG = Math.sqrt(v);
                if (d != 0 && sequenceHalf(different, seG, n) < Math.abs(d)
                        || equivalent != null && Math.abs(d) + sequenceHalf(equivalent, seG, n) <= margin) {
                    growth = g;
                    break;
                }
            }
        }
        return new PairComparison(a, b, diff, ratio, welch, pooled, seq, p, verdict, overlap, margin, growth, null);
    }

    /** The Student sequence's half-width for a mean with standard error {@code se} from {@code n} samples. */
    private static double sequenceHalf(StudentSequence cs, double se, long n) {
        return se > 0 ? cs.halfWidth(se * Math.sqrt(n), n) : 0;
    }

    /**
     * Paper eq. 6 for a finished sample: the growth at which the difference seen now would reach p = α, or (when it
     * is inside the margin) at which the difference CI would fit inside it; the smaller of the two.
     */
    private static double fixedGrowth(
            Contender a, Contender b, SampleStats sa, SampleStats sb, double d, double margin, CompareSettings s) {
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
        // relative to the sample that grows: the live one; of two stored samples, the smaller (both need `best`
        // each), so the answer does not depend on the order the inputs were given in
        long now = a.live() == b.live() && !a.live() ? Math.min(sa.n(), sb.n()) : a.live() ? sa.n() : sb.n();
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
        return new ConfidenceInterval(
                ratio.confidence(),
                1 / ratio.center(),
                1 / ratio.high(),
                1 / ratio.low(),
                1 / ratio.low() - 1 / ratio.high());
    }
}
