package io.pilotbench.core.model;

import java.time.Instant;

/**
 * One recorded round of a session: its work amount, timing, status, one reading per PI and the unit readings.
 * Immutable. Times: {@code start} is wall-clock (for the record), {@code durationNanos} comes from a monotonic clock
 * (or from the workload itself).
 */
public final class Round {
    private final int index;
    private final long workAmount;
    private final Instant start;
    private final long durationNanos;
    private final RoundStatus status;
    private final double[] readings;
    private final double[][] unitReadings;
    private final Integer exitCode;
    private final Long userCpuNanos;
    private final Long systemCpuNanos;
    private final Long peakRssBytes;
    private final String message;

    /**
     * @param index         0-based round number
     * @param workAmount    the work amount the round ran with (0 when the workload has none)
     * @param start         when the round started
     * @param durationNanos the round's duration, ≥ 0
     * @param status        what became of it
     * @param readings      one value per PI, NaN where none (copied)
     * @param unitReadings  per PI, the unit readings in measurement order (copied)
     * @param exitCode      the process exit code, or null
     * @param userCpuNanos  user CPU time, or null when unknown
     * @param systemCpuNanos system CPU time, or null when unknown
     * @param peakRssBytes  peak resident memory, or null when unknown
     * @param message       a failure reason, or null
     */
    public Round(
            int index,
            long workAmount,
            Instant start,
            long durationNanos,
            RoundStatus status,
            double[] readings,
            double[][] unitReadings,
            Integer exitCode,
            Long userCpuNanos,
            Long systemCpuNanos,
            Long peakRssBytes,
            String message) {
        if (index < 0 || workAmount < 0 || durationNanos < 0) {
            throw new IllegalArgumentException("round index, work amount and duration must be >= 0");
        }
        if (readings.length != unitReadings.length) {
            throw new IllegalArgumentException("readings and unit readings must cover the same PIs");
        }
        this.index = index;
        this.workAmount = workAmount;
        this.start = start;
        this.durationNanos = durationNanos;
        this.status = status;
        this.readings = readings.clone();
        this.unitReadings = new double[unitReadings.length][];
        for (int i = 0; i < unitReadings.length; i++) {
            this.unitReadings[i] = unitReadings[i] == null ? new double[0] : unitReadings[i].clone();
        }
        this.exitCode = exitCode;
        this.userCpuNanos = userCpuNanos;
        this.systemCpuNanos = systemCpuNanos;
        this.peakRssBytes = peakRssBytes;
        this.message = message;
    }

    public int index() {
        return index;
    }

    public long workAmount() {
        return workAmount;
    }

    public Instant start() {
        return start;
    }

    public long durationNanos() {
        return durationNanos;
    }

    /** The duration in seconds. */
    public double durationSeconds() {
        return durationNanos / 1e9;
    }

    public RoundStatus status() {
        return status;
    }

    /** The number of PIs. */
    public int piCount() {
        return readings.length;
    }

    /** The reading of PI {@code pi}, NaN when the round gave none. */
    public double reading(int pi) {
        return readings[pi];
    }

    /** The number of unit readings of PI {@code pi}. */
    public int unitReadingCount(int pi) {
        return unitReadings[pi].length;
    }

    /** The unit readings of PI {@code pi} (a copy). */
    public double[] unitReadings(int pi) {
        return unitReadings[pi].clone();
    }

    /** Copies unit readings [from, to) of PI {@code pi} into {@code dest} at {@code at}. */
    public void copyUnitReadings(int pi, int from, int to, double[] dest, int at) {
        System.arraycopy(unitReadings[pi], from, dest, at, to - from);
    }

    public Integer exitCode() {
        return exitCode;
    }

    public Long userCpuNanos() {
        return userCpuNanos;
    }

    public Long systemCpuNanos() {
        return systemCpuNanos;
    }

    public Long peakRssBytes() {
        return peakRssBytes;
    }

    public String message() {
        return message;
    }

    @Override
    public String toString() {
        return "Round[" + index + ", work " + workAmount + ", " + durationNanos + " ns, " + status + "]";
    }
}
