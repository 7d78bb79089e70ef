package io.pilotbench.core.model;

/**
 * The original Pilot's presets (docs/original.md#presets): quick trades rigour for
 * time, strict the reverse.
 *
 * <table>
 *   <caption>Preset values</caption>
 *   <tr><th>preset</th><th>AC limit</th><th>CI width</th><th>min subsessions</th><th>short round</th></tr>
 *   <tr><td>quick</td><td>0.8</td><td>20% of mean</td><td>30</td><td>3 s</td></tr>
 *   <tr><td>normal</td><td>0.2</td><td>10% of mean</td><td>50</td><td>10 s</td></tr>
 *   <tr><td>strict</td><td>0.1</td><td>10% of mean</td><td>200</td><td>20 s</td></tr>
 * </table>
 */
public enum Preset {
    QUICK(0.8, 0.2, 30, 3),
    NORMAL(0.2, 0.1, 50, 10),
    STRICT(0.1, 0.1, 200, 20);

    private final double autocorrelationLimit;
    private final double ciWidthFraction;
    private final long minSubsessions;
    private final double shortRoundSeconds;

    Preset(double autocorrelationLimit, double ciWidthFraction, long minSubsessions, double shortRoundSeconds) {
        this.autocorrelationLimit = autocorrelationLimit;
        this.ciWidthFraction = ciWidthFraction;
        this.minSubsessions = minSubsessions;
        this.shortRoundSeconds = shortRoundSeconds;
    }

    public double autocorrelationLimit() {
        return autocorrelationLimit;
    }

    public double ciWidthFraction() {
        return ciWidthFraction;
    }

    public long minSubsessions() {
        return minSubsessions;
    }

    public double shortRoundSeconds() {
        return shortRoundSeconds;
    }
}
