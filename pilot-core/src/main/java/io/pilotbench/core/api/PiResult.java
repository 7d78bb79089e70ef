package io.pilotbench.core.api;

/**
 * The analysis of one performance index.
 *
 * @param pi                   the PI
 * @param readings             its readings after warm-up removal (the "dominant" segment of the original)
 * @param readingsRaw          all its readings from analysed rounds
 * @param readingsFrom         index (among analysed readings) of the first reading kept: the last change point
 * @param unitReadings         its unit readings after per-round warm-up and cool-down removal
 * @param unitReadingsRaw      all its unit readings from analysed rounds
 */
public record PiResult(PerformanceIndex pi, MetricResult readings, MetricResult readingsRaw, int readingsFrom,
        MetricResult unitReadings, MetricResult unitReadingsRaw) {

    /** Whether every target this PI must satisfy is met. */
    public boolean targetsMet() {
        return (!pi.readingsMustSatisfy() || readings.targetMet())
                && (!pi.unitReadingsMustSatisfy() || unitReadings.targetMet());
    }
}
