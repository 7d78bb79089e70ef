package io.pilotbench.core.model;

/**
 * The analysis of one performance index.
 *
 * @param pi                 the PI
 * @param readings           its readings after warm-up removal
 * @param readingsRaw        all its readings from analysed rounds
 * @param readingsPhases     the readings' warm-up cut (as readings of analysed rounds) and the level shifts seen after
 *                           it (reported, never cut)
 * @param unitReadings       its unit readings after per-round warm-up and cool-down removal
 * @param unitReadingsRaw    all its unit readings from analysed rounds
 * @param unitReadingsPhases the warm-up and cool-down cut from every round's unit readings
 */
public record PiResult(
        PerformanceIndex pi,
        MetricResult readings,
        MetricResult readingsRaw,
        Phases readingsPhases,
        MetricResult unitReadings,
        MetricResult unitReadingsRaw,
        Phases unitReadingsPhases) {

    /** Index (among the readings of analysed rounds) of the first reading kept: the readings' warm-up. */
    public int readingsFrom() {
        return readingsPhases.warmup();
    }
}
