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
 * @param slower the tolerated slow-down as a fraction (0.05 = 5%), or NaN for no gate
 * @param faster the tolerated speed-up as a fraction, or NaN for no gate
 */
public record Gate(double slower, double faster) {

    /** No gate. */
    public static final Gate NONE = new Gate(Double.NaN, Double.NaN);

    public Gate {
        if (slower < 0 || faster < 0) {
            throw new IllegalArgumentException("a gate's tolerance must be >= 0%");
        }
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
     * @param limit     the tolerated factor, 1 + PCT
     */
    public record Finding(String candidate, boolean slower, ConfidenceInterval factor, double limit) {
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
            if (worse && !Double.isNaN(slower) && slowDown != null && slowDown.low() > 1 + slower) {
                out.add(new Finding(cand.name(), true, slowDown, 1 + slower));
            }
            if (better && !Double.isNaN(faster) && speedUp != null && speedUp.low() > 1 + faster) {
                out.add(new Finding(cand.name(), false, speedUp, 1 + faster));
            }
        }
        return out;
    }
}
