package io.pilotbench.simulate;

import io.pilotbench.core.model.Defaults;

/**
 * What every simulated strategy is asked for: the same confidence level and CI width, so that their coverage and
 * time can be compared; and for comparisons, the same α and equivalence margin.
 *
 * @param confidence  confidence level of every CI, in (0, 1)
 * @param ciWidth     the CI full width to reach, as a fraction of the mean (Pilot's default 10%, the paper's Table I)
 * @param maxRounds   the round limit of a session (per workload in a comparison), ≥ 10
 * @param alpha       significance level of the comparisons' tests, in (0, 1)
 * @param equivalence Pilot's equivalence margin in comparisons, a fraction of the better mean, ≥ 0
 * @param sharedLoad  comparisons: the coefficient of variation of a background-load factor (lognormal, mean 1) that
 *                    multiplies every workload's round; rounds run at the same time (one cycle of an interleaved
 *                    comparison) share it, rounds run apart (A's rounds, then B's) draw it apart; 0 for none
 */
public record SimulationSettings(
        double confidence, double ciWidth, int maxRounds, double alpha, double equivalence, double sharedLoad) {
    /** Pilot's defaults: 95%, 10% of the mean, 20,000 rounds, α = 0.01, ±1%. */
    public static final SimulationSettings DEFAULTS =
            new SimulationSettings(Defaults.CONFIDENCE, Defaults.CI_WIDTH_FRACTION, 20_000, 0.01, 0.01, 0);

    /** Settings without a shared load. */
    public SimulationSettings(double confidence, double ciWidth, int maxRounds, double alpha, double equivalence) {
        this(confidence, ciWidth, maxRounds, alpha, equivalence, 0);
    }

    public SimulationSettings {
        if (!(confidence > 0 && confidence < 1) || !(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("confidence and alpha must be in (0, 1)");
        }
        if (!(ciWidth > 0) || Double.isInfinite(ciWidth)) {
            throw new IllegalArgumentException("CI width must be a fraction of the mean > 0, got " + ciWidth);
        }
        if (maxRounds < 10) {
            throw new IllegalArgumentException(
                    "the round limit must be >= 10 (the fixed strategies need 10), got " + maxRounds);
        }
        if (!(equivalence >= 0) || Double.isInfinite(equivalence)) {
            throw new IllegalArgumentException("equivalence margin must be >= 0, got " + equivalence);
        }
        if (!(sharedLoad >= 0) || Double.isInfinite(sharedLoad)) {
            throw new IllegalArgumentException("the shared load's CV must be >= 0, got " + sharedLoad);
        }
    }

    public SimulationSettings withConfidence(double value) {
        return new SimulationSettings(value, ciWidth, maxRounds, alpha, equivalence, sharedLoad);
    }

    public SimulationSettings withMaxRounds(int value) {
        return new SimulationSettings(confidence, ciWidth, value, alpha, equivalence, sharedLoad);
    }

    public SimulationSettings withAlpha(double value) {
        return new SimulationSettings(confidence, ciWidth, maxRounds, value, equivalence, sharedLoad);
    }

    public SimulationSettings withEquivalence(double value) {
        return new SimulationSettings(confidence, ciWidth, maxRounds, alpha, value, sharedLoad);
    }

    /** These settings with a background load of coefficient of variation {@code cv} (see {@code sharedLoad}). */
    public SimulationSettings withSharedLoad(double cv) {
        return new SimulationSettings(confidence, ciWidth, maxRounds, alpha, equivalence, cv);
    }
}
