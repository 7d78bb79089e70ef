package io.pilotbench.process.monitor;

/**
 * How busy one component was over a session's monitored rounds.
 *
 * @param component the component's name ("cpu1", "disk:vda", "net:eth0:tx", "memory")
 * @param mean      its utilisation over all the rounds' time together, in [0, 1]
 * @param peak      its highest utilisation in one round, in [0, 1]
 * @param peakRound the round of the peak
 */
public record ComponentUtilization(String component, double mean, double peak, int peakRound) {
}
