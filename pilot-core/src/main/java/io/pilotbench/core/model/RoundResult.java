package io.pilotbench.core.model;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * What a workload reports for one round: one reading per performance index, the unit readings, and optionally its
 * own duration and resource use. Immutable; build it with {@link #builder()} or the shortcuts.
 *
 * <pre>{@code
 * return RoundResult.ofReadings(elapsedMs);                         // one PI, one reading
 * return RoundResult.builder().unitReadings(0, perOperationMs).build();
 * }</pre>
 *
 * <p>A PI without a reading this round has {@code NaN} there (the round still counts for the others).
 */
public final class RoundResult {
    private final Map<Integer, Double> readings;
    private final Map<Integer, double[]> unitReadings;
    private final long durationNanos;
    private final boolean failed;
    private final boolean timedOut;
    private final String message;
    private final Integer exitCode;
    private final Long userCpuNanos;
    private final Long systemCpuNanos;
    private final Long peakRssBytes;

    private RoundResult(Builder b) {
        this.readings = new TreeMap<>(b.readings);
        this.unitReadings = new TreeMap<>(b.unitReadings);
        this.durationNanos = b.durationNanos;
        this.failed = b.failed;
        this.timedOut = b.timedOut;
        this.message = b.message;
        this.exitCode = b.exitCode;
        this.userCpuNanos = b.userCpuNanos;
        this.systemCpuNanos = b.systemCpuNanos;
        this.peakRssBytes = b.peakRssBytes;
    }

    /** A builder with nothing set. */
    public static Builder builder() {
        return new Builder();
    }

    /** One reading per PI, in PI order. */
    public static RoundResult ofReadings(double... values) {
        Builder b = builder();
        for (int i = 0; i < values.length; i++) {
            b.reading(i, values[i]);
        }
        return b.build();
    }

    /** The unit readings of PI 0 and no readings. */
    public static RoundResult ofUnitReadings(double... values) {
        return builder().unitReadings(0, values).build();
    }

    /** A failed round with a one-line reason. */
    public static RoundResult failure(String message) {
        return builder().failed(message).build();
    }

    /** The reading of PI {@code pi}, NaN when none was reported. */
    public double reading(int pi) {
        return readings.getOrDefault(pi, Double.NaN);
    }

    /** The unit readings of PI {@code pi} (a copy; empty when none). */
    public double[] unitReadings(int pi) {
        double[] u = unitReadings.get(pi);
        return u == null ? new double[0] : u.clone();
    }

    /** The highest PI index this result mentions, if any. */
    public OptionalInt highestPi() {
        int max = -1;
        for (int k : readings.keySet()) {
            max = Math.max(max, k);
        }
        for (int k : unitReadings.keySet()) {
            max = Math.max(max, k);
        }
        return max < 0 ? OptionalInt.empty() : OptionalInt.of(max);
    }

    /** The round's duration as the workload measured it; empty means "use the wall-clock time around the call". */
    public OptionalLong durationNanos() {
        return durationNanos < 0 ? OptionalLong.empty() : OptionalLong.of(durationNanos);
    }

    /** True when the round failed, including when it timed out. */
    public boolean failed() {
        return failed;
    }

    /** True when the round was stopped because it ran out of time ({@link RoundStatus#TIMED_OUT}). */
    public boolean timedOut() {
        return timedOut;
    }

    /** The failure reason, or null. */
    public String message() {
        return message;
    }

    /** The process exit code, or null when there is none. */
    public Integer exitCode() {
        return exitCode;
    }

    /** User CPU time in ns, or null when unknown. */
    public Long userCpuNanos() {
        return userCpuNanos;
    }

    /** System CPU time in ns, or null when unknown. */
    public Long systemCpuNanos() {
        return systemCpuNanos;
    }

    /** Peak resident memory in bytes, or null when unknown. */
    public Long peakRssBytes() {
        return peakRssBytes;
    }

    /** Builds a {@link RoundResult}. */
    public static final class Builder {
        private final Map<Integer, Double> readings = new TreeMap<>();
        private final Map<Integer, double[]> unitReadings = new TreeMap<>();
        private long durationNanos = -1;
        private boolean failed;
        private boolean timedOut;
        private String message;
        private Integer exitCode;
        private Long userCpuNanos;
        private Long systemCpuNanos;
        private Long peakRssBytes;

        private Builder() {}

        /** The reading of PI {@code pi} (NaN: none). */
        public Builder reading(int pi, double value) {
            readings.put(checkPi(pi), value);
            return this;
        }

        /** The unit readings of PI {@code pi}, in the order they were measured (copied). */
        public Builder unitReadings(int pi, double... values) {
            unitReadings.put(checkPi(pi), values.clone());
            return this;
        }

        /** The round's duration as measured by the workload (instead of the wall clock around the call). */
        public Builder duration(Duration value) {
            if (value.isNegative()) {
                throw new IllegalArgumentException("round duration must be >= 0, got " + value);
            }
            this.durationNanos = value.toNanos();
            return this;
        }

        /** The round's duration in ns as measured by the workload. */
        public Builder durationNanos(long value) {
            if (value < 0) {
                throw new IllegalArgumentException("round duration must be >= 0 ns, got " + value);
            }
            this.durationNanos = value;
            return this;
        }

        /** Marks the round failed, with a one-line reason. */
        public Builder failed(String reason) {
            this.failed = true;
            this.message = reason;
            return this;
        }

        /** Marks the round stopped for running out of time (a failure of kind {@link RoundStatus#TIMED_OUT}). */
        public Builder timedOut(String reason) {
            this.failed = true;
            this.timedOut = true;
            this.message = reason;
            return this;
        }

        public Builder exitCode(int value) {
            this.exitCode = value;
            return this;
        }

        public Builder cpuNanos(long user, long system) {
            this.userCpuNanos = user;
            this.systemCpuNanos = system;
            return this;
        }

        public Builder peakRssBytes(long value) {
            this.peakRssBytes = value;
            return this;
        }

        public RoundResult build() {
            return new RoundResult(this);
        }

        private static int checkPi(int pi) {
            if (pi < 0) {
                throw new IllegalArgumentException("PI index must be >= 0, got " + pi);
            }
            return pi;
        }
    }

    @Override
    public String toString() {
        StringBuilder s =
                new StringBuilder("RoundResult[readings=").append(readings).append(", unitReadings={");
        unitReadings.forEach((k, v) -> s.append(k)
                .append('=')
                .append(v.length > 8 ? v.length + " values" : Arrays.toString(v))
                .append(' '));
        return s.append("}, failed=").append(failed).append(']').toString();
    }
}
