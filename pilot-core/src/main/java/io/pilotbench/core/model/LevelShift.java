package io.pilotbench.core.model;

/**
 * A change of level in the middle of the analysed samples (after the warm-up): reported, never cut. "The workload
 * changed level at round 143, from 12.1 ms ± 0.2 to 13.0 ms ± 0.2."
 *
 * @param index           the first sample at the new level (0-based among the samples of the series)
 * @param before          the mean of the stretch before it
 * @param beforeHalfWidth the CI half-width of that mean (at the analysis' confidence); NaN when too short
 * @param after           the mean of the stretch after it
 * @param afterHalfWidth  the CI half-width of that mean
 * @param pValue          the CUSUM test's p-value
 */
public record LevelShift(int index, double before, double beforeHalfWidth, double after, double afterHalfWidth,
        double pValue) {

    /** (after − before)/before, as a fraction. */
    public double relativeChange() {
        return (after - before) / Math.abs(before);
    }
}
