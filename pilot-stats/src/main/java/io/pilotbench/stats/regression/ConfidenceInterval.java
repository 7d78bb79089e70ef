package io.pilotbench.stats.regression;

/**
 * A two-sided confidence interval {@code estimate ± halfWidth}.
 *
 * @param estimate   the point estimate (same unit as the coefficient or slope)
 * @param halfWidth  t_{(1+confidence)/2, df} · standard error; NaN when the standard error is NaN (zero residual df)
 * @param confidence the confidence level in (0, 1), e.g. 0.95
 */
public record ConfidenceInterval(double estimate, double halfWidth, double confidence) {

    /** The lower bound, {@code estimate − halfWidth}. */
    public double lower() {
        return estimate - halfWidth;
    }

    /** The upper bound, {@code estimate + halfWidth}. */
    public double upper() {
        return estimate + halfWidth;
    }

    /** Whether {@code value} lies in the closed interval; false when the interval is NaN. */
    public boolean contains(double value) {
        return value >= lower() && value <= upper();
    }
}
