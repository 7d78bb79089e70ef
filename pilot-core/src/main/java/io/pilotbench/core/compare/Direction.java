package io.pilotbench.core.compare;

import io.pilotbench.core.model.PerformanceIndex;

/** Which way a PI gets better: times and latencies go down, throughputs and success rates go up. */
public enum Direction {
    LOWER_IS_BETTER,
    HIGHER_IS_BETTER;

    /** The usual direction of {@code pi}: a ratio PI (a rate) or a binary one (a success rate) is higher-better. */
    public static Direction of(PerformanceIndex pi) {
        return pi.kind() == PerformanceIndex.Kind.ORDINARY ? LOWER_IS_BETTER : HIGHER_IS_BETTER;
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
