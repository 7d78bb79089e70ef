package io.pilotbench.process.monitor;

/**
 * A component's usage as read at one instant: a cumulative {@code busy} counter and the {@code capacity} counter it
 * is measured against, in one unit (CPU jiffies busy of all jiffies; milliseconds a disk was busy of milliseconds
 * elapsed; bytes sent of the bytes the link could have sent). The utilisation over an interval is Δbusy / Δcapacity.
 * A {@code level} (memory in use) is not cumulative: its utilisation is busy / capacity at the instant.
 */
public record Usage(double busy, double capacity, boolean level) {
    /** A cumulative counter pair. */
    public static Usage counter(double busy, double capacity) {
        return new Usage(busy, capacity, false);
    }

    /** A level: {@code used} of {@code total}. */
    public static Usage level(double used, double total) {
        return new Usage(used, total, true);
    }
}
