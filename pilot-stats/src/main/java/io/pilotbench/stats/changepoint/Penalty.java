package io.pilotbench.stats.changepoint;

/**
 * How EDM decides whether one more change point is worth it.
 *
 * <ul>
 *   <li>{@link #percent(double) percent(p)} (BreakoutDetection {@code EDM_percent}, used by the original Pilot with
 *       p = 0.25): a new change point must raise the optimal statistic by at least p·G(k) of its previous value, where
 *       k is the number of change points already before it and G depends on the degree (0 → 0, 1 → 1, 2 → 2k+1). The
 *       rule is invariant under affine rescaling of the data, so the data are used as given. Example: with p = 0.25
 *       and degree 1, every extra change point must add 25% to the statistic.</li>
 *   <li>{@link #beta(double) beta(b)} (BreakoutDetection {@code EDM_multi}, R {@code breakout(method='multi')},
 *       default b = 0.008): each change point costs b·G(k) in absolute statistic units. Like the R wrapper, the data
 *       are first rescaled to [0, 1] by (x − min)/(max − min), so b is unit-free; constant data have no change
 *       points.</li>
 * </ul>
 *
 * @param family which rule
 * @param value  p or b, finite and ≥ 0
 */
public record Penalty(Family family, double value) {

    /** The two penalty families of BreakoutDetection. */
    public enum Family {
        /** relative improvement, {@code EDM_percent} */
        PERCENT,
        /** absolute cost per change point on [0, 1]-rescaled data, {@code EDM_multi} */
        BETA
    }

    /** @throws IllegalArgumentException if family is null or value is negative, NaN or infinite */
    public Penalty {
        if (family == null) {
            throw new IllegalArgumentException("penalty family must not be null");
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    family.name().toLowerCase(java.util.Locale.ROOT) + " must be finite and >= 0, got " + value);
        }
    }

    /** The percent rule with p ≥ 0 (Pilot: 0.25). */
    public static Penalty percent(double p) {
        return new Penalty(Family.PERCENT, p);
    }

    /** The beta rule with b ≥ 0 (BreakoutDetection default: 0.008). */
    public static Penalty beta(double b) {
        return new Penalty(Family.BETA, b);
    }
}
