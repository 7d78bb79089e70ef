package io.pilotbench.core.compare;

import io.pilotbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.List;

/**
 * CI gating ({@code --fail-if-slower PCT}, {@code --fail-if-faster PCT}): a candidate trips the gate only when it is
 * <em>significantly</em> worse (or better) than the baseline — the pair's verdict says so — and by more than PCT with
 * confidence: the lower end of Fieller's CI of the slow-down (or speed-up) factor exceeds 1 + PCT. A difference that
 * is real but smaller than PCT, or large but not significant, passes. This is the criterion.rs rule (a change is a
 * regression when its whole CI lies beyond the noise threshold and p &lt; α) with the ratio in place of the relative
 * difference.
 *
 * <p><b>A stored baseline cannot tell a change from drift.</b> Measured at another time, the same command differs
 * from its own baseline by what the machine did in between (1.39× three minutes later on a busy machine; on this
 * project's quiet CI machine: bench/README.md, "Gating against a stored baseline"). Against a contender that was not
 * measured in the same cycles, the tolerated factor is therefore (1 + PCT) × (1 + drift): a slow-down the drift can
 * explain never trips the gate, and the report says so. Workloads compared cycle by cycle share the machine's state
 * and are gated on PCT alone — the honest workflow, which the report recommends.
 *
 * @param slower the tolerated slow-down as a fraction (0.05 = 5%), or NaN for no gate
 * @param faster the tolerated speed-up as a fraction, or NaN for no gate
 * @param drift  the drift a stored baseline may differ by without a change, as a fraction (≥ 0)
 */
public record Gate(double slower, double faster, double drift) {

    /** No gate. */
    public static final Gate NONE = new Gate(Double.NaN, Double.NaN);

    public Gate {
        if (slower < 0 || faster < 0) {
            throw new IllegalArgumentException("a gate's tolerance must be >= 0%");
        }
        if (!(drift >= 0) || Double.isInfinite(drift)) {
            throw new IllegalArgumentException("the drift allowance must be >= 0%, got " + drift * 100 + "%");
        }
    }

    /** A gate without a drift allowance. */
    public Gate(double slower, double faster) {
        this(slower, faster, 0);
    }

    /** Whether any gate is set. */
    public boolean active() {
        return !Double.isNaN(slower) || !Double.isNaN(faster);
    }

    /**
     * A candidate that tripped the gate.
     *
     * @param candidate the candidate's name
     * @param slower    true for a slow-down, false for a speed-up
     * @param factor    the factor (&gt; 1) with its CI
     * @param limit     the tolerated factor: 1 + PCT, times 1 + drift against a stored baseline
     * @param stored    whether the candidate was gated against a contender not measured in the same cycles
     */
    public record Finding(String candidate, boolean slower, ConfidenceInterval factor, double limit, boolean stored) {}

    /** Whether {@code p} compares contenders measured apart (not cycle by cycle): drift may explain it. */
    public static boolean apart(PairComparison p) {
        return p.paired() == null && (!p.a().live() || !p.b().live());
    }

    /** Every candidate (each contender after the first) that trips the gate against the first. */
    public List<Finding> check(Comparison c) {
        List<Finding> out = new ArrayList<>();
        if (!active()) {
            return out;
        }
        Contender base = c.contenders().get(0);
        for (Contender cand : c.contenders().subList(1, c.contenders().size())) {
            PairComparison p = c.pair(base, cand);
            boolean lowerBetter = c.direction() == Direction.LOWER_IS_BETTER;
            // a = baseline, b = candidate; ratio = a/b, inverse = b/a
            boolean candidateLower = p.verdict() == Verdict.A_HIGHER;
            boolean candidateHigher = p.verdict() == Verdict.A_LOWER;
            boolean worse = lowerBetter ? candidateHigher : candidateLower;
            boolean better = lowerBetter ? candidateLower : candidateHigher;
            // the slow-down factor is worse/better-mean: b/a when lower is better, a/b otherwise
            ConfidenceInterval slowDown = lowerBetter ? p.inverseRatio() : p.ratio();
            ConfidenceInterval speedUp = lowerBetter ? p.ratio() : p.inverseRatio();
            boolean apart = apart(p);
            double d = apart ? 1 + drift : 1;
            if (worse && !Double.isNaN(slower) && slowDown != null && slowDown.low() > (1 + slower) * d) {
                out.add(new Finding(cand.name(), true, slowDown, (1 + slower) * d, apart));
            }
            if (better && !Double.isNaN(faster) && speedUp != null && speedUp.low() > (1 + faster) * d) {
                out.add(new Finding(cand.name(), false, speedUp, (1 + faster) * d, apart));
            }
        }
        return out;
    }
}
