package io.pilotbench.stats.regression;

import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.StudentT;

/**
 * The outcome of {@link Trend#test}.
 *
 * @param n             number of readings
 * @param intercept     fitted value at reading 0 (series unit)
 * @param slope         change per reading (series unit per reading); negative free memory means a leak
 * @param standardError standard error of the slope; NaN when n = 2, 0 for an exactly linear series
 * @param t             slope / standardError; NaN when undefined (n = 2 or a constant series)
 * @param df            residual degrees of freedom, n − 2
 * @param pValue        two-sided p-value of slope = 0; NaN when t is NaN
 * @param alpha         the significance level the verdict uses
 * @param significant   whether pValue &lt; alpha (false when pValue is NaN)
 * @param direction     INCREASING or DECREASING when significant, otherwise NONE
 */
public record TrendResult(
        int n,
        double intercept,
        double slope,
        double standardError,
        double t,
        int df,
        double pValue,
        double alpha,
        boolean significant,
        Direction direction) {

    /** Direction of a significant trend. */
    public enum Direction {
        /** Significant positive slope (e.g. run times degrading). */
        INCREASING,
        /** Significant negative slope (e.g. free memory leaking). */
        DECREASING,
        /** No significant slope at the chosen alpha. */
        NONE
    }

    /**
     * The two-sided interval slope ± t_{(1+confidence)/2, n−2}·standardError; half-width NaN when n = 2.
     *
     * @param confidence in (0, 1)
     */
    public ConfidenceInterval confidenceInterval(double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        double halfWidth = df == 0 ? Double.NaN : StudentT.critical(confidence, df) * standardError;
        return ConfidenceInterval.around(slope, 2 * halfWidth, confidence);
    }
}
