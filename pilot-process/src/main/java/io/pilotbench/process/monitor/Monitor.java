package io.pilotbench.process.monitor;

import java.util.Map;

/**
 * One kind of component whose utilisation can be read without disturbing the benchmark (Pilot paper §III-B: CPU,
 * memory, disks, network). Each read is a few small files of /proc and /sys, outside the measured part of a round.
 */
public interface Monitor {
    /**
     * The usage of every component of this kind now, by name ("cpu", "cpu0", "disk:vda", "net:eth0:tx", "memory").
     * A component that cannot be read is left out. Never throws.
     *
     * @param nowMillis a monotonic clock in ms, the capacity of time-based counters
     */
    Map<String, Usage> read(double nowMillis);
}
