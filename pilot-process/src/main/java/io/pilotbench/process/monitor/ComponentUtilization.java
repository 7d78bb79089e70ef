package io.pilotbench.process.monitor;

/**
 * How busy one component was over a session's monitored rounds.
 *
 * @param component      the component's name ("cpu1", "disk:vda", "net:eth0:tx", "memory")
 * @param mean           its utilisation over all the rounds' time together, in [0, 1]; NaN when its limit is unknown
 *                       (a network link the system has no speed for), which then has only its traffic
 * @param peak           its highest utilisation in one round, in [0, 1]; NaN when its limit is unknown
 * @param peakRound      the round of the peak (for a traffic, of its highest rate)
 * @param bytesPerSecond a traffic's rate over all the rounds' time together; NaN for a utilisation
 */
public record ComponentUtilization(String component, double mean, double peak, int peakRound, double bytesPerSecond) {
    /** A utilisation. */
    public ComponentUtilization(String component, double mean, double peak, int peakRound) {
        this(component, mean, peak, peakRound, Double.NaN);
    }

    /** A traffic whose limit is unknown: its rate, and no utilisation. */
    public static ComponentUtilization traffic(String component, double bytesPerSecond, int peakRound) {
        return new ComponentUtilization(component, Double.NaN, Double.NaN, peakRound, bytesPerSecond);
    }

    /** Whether this is a traffic without a utilisation. */
    public boolean isTraffic() {
        return Double.isNaN(mean) && !Double.isNaN(bytesPerSecond);
    }
}
