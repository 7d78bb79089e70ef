package io.pilotbench.stats.steadystate;

/**
 * What {@link WarmupDetector} decided about the start (or, reversed, the end) of a series.
 *
 * @param cut         samples cut (0 when the test found no warm-up)
 * @param candidate   the cut that was tested first when nothing was cut, the cut otherwise (0 without a candidate)
 * @param statistic   the CUSUM statistic |S_k|/√(n·σ²_LR) of the first test; 0 without a candidate
 * @param pValue      its asymptotic p-value (Kolmogorov); 1 without a candidate
 * @param meanBefore  the mean of the cut prefix (NaN when nothing was cut)
 * @param meanAfter   the mean of the rest
 * @param pending     where a warm-up that the test found, but that is longer than the largest fraction allowed,
 *                    ends (0 when there is none): it is not cut, and a session should run until it is short enough
 */
public record Truncation(
        int cut, int candidate, double statistic, double pValue, double meanBefore, double meanAfter, int pending) {

    /** No cut, no candidate. */
    public static Truncation none(double mean) {
        return new Truncation(0, 0, 0, 1, Double.NaN, mean, 0);
    }

    /** Whether a warm-up (or cool-down) was found and cut. */
    public boolean found() {
        return cut > 0;
    }
}
