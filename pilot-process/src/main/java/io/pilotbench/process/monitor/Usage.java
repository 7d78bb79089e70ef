package io.pilotbench.process.monitor;

/**
 * A component's usage as read at one instant: a cumulative {@code busy} counter and the {@code capacity} counter it
 * is measured against, in one unit (CPU jiffies busy of all jiffies; milliseconds a disk was busy of milliseconds
 * elapsed; bytes sent of the bytes the link could have sent). The utilisation over an interval is Δbusy / Δcapacity.
 * A {@code level} (memory in use) is not cumulative: its utilisation is busy / capacity at the instant. A
 * {@code traffic} has no capacity to be measured against (a network link whose speed the system does not know): its
 * busy counter is bytes, its capacity the clock in milliseconds, and it has a rate but no utilisation.
 */
public record Usage(double busy, double capacity, boolean level, boolean traffic) {
    public Usage(double busy, double capacity, boolean level) {
        this(busy, capacity, level, false);
    }

    /** A cumulative counter pair. */
    public static Usage counter(double busy, double capacity) {
        return new Usage(busy, capacity, false);
    }

    /** A level: {@code used} of {@code total}. */
    public static Usage level(double used, double total) {
        return new Usage(used, total, true);
    }

    /** Bytes moved so far, at {@code millis} on a monotonic clock: a rate of Δbytes / Δmillis, no utilisation. */
    public static Usage traffic(double bytes, double millis) {
        return new Usage(bytes, millis, false, true);
    }
}
