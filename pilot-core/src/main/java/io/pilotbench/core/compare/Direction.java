package io.pilotbench.core.compare;

import io.pilotbench.core.model.PerformanceIndex;

/** Which way a PI gets better: times and latencies go down, throughputs and success rates go up. */
public enum Direction {
    LOWER_IS_BETTER,
    HIGHER_IS_BETTER;

    /**
     * The usual direction of {@code pi}: a ratio PI (a rate) or a binary one (a success rate) is higher-better, and so
     * is any PI whose unit is a rate, something per unit of time ({@code ops/us}, as a JMH throughput's score is,
     * {@code MB/s}, {@code req/min}); times, sizes and times per operation ({@code us/op}) are lower-better.
     */
    public static Direction of(PerformanceIndex pi) {
        return pi.kind() == PerformanceIndex.Kind.ORDINARY && !perTime(pi.unit()) ? LOWER_IS_BETTER : HIGHER_IS_BETTER;
    }

    /** Whether {@code unit} is something per unit of time: ops/s, ops/us, MB/s, req/min, ops/hr. */
    public static boolean perTime(String unit) {
        int slash = unit == null ? -1 : unit.lastIndexOf('/');
        if (slash <= 0) {
            return false;
        }
        return switch (unit.substring(slash + 1).strip()) {
            case "s", "sec", "ms", "us", "µs", "μs", "ns", "min", "h", "hr", "day" -> true;
            default -> false;
        };
    }

    /** Whether mean {@code x} is better than mean {@code y}. */
    boolean better(double x, double y) {
        return this == LOWER_IS_BETTER ? x < y : x > y;
    }

    /** Whether a PI in {@code unit} reads as a speed, so that "faster"/"slower" are the right words. */
    public static boolean speedLike(String unit) {
        if (unit == null) {
            return false;
        }
        return switch (unit) {
            case "s", "ms", "us", "µs", "μs", "ns", "min", "h" -> true;
            default -> unit.endsWith("/s") || unit.endsWith("/sec") || unit.equals("Hz");
        };
    }
}
