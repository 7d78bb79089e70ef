package io.pilotbench.core.model;

/**
 * The valid range (a, b) of a workload's work amount (Pilot paper §III-A): how much work one round may do, in the
 * workload's own units (bytes, requests, iterations).
 *
 * @param min a, ≥ 0 (0 is allowed: the first round then starts at 1)
 * @param max b, &gt; a
 */
public record WorkAmountRange(long min, long max) {
    public WorkAmountRange {
        if (min < 0) {
            throw new IllegalArgumentException("work-amount minimum must be >= 0, got " + min);
        }
        if (max <= min) {
            throw new IllegalArgumentException(
                    "work-amount range needs min < max, got " + min + ":" + max + " (e.g. 1000:100000)");
        }
    }

    /** Parses "MIN:MAX" (also "MIN,MAX"). */
    public static WorkAmountRange parse(String text) {
        String[] parts = text.strip().split("[:,]", -1);
        if (parts.length == 2) {
            try {
                return new WorkAmountRange(Long.parseLong(parts[0].strip()), Long.parseLong(parts[1].strip()));
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new IllegalArgumentException(
                "work-amount range '" + text + "' is not MIN:MAX with whole numbers " + "(e.g. 1000:100000)");
    }

    /** The work amount of the first round: a, or 1 when a is 0. */
    public long first() {
        return Math.max(1, min);
    }

    @Override
    public String toString() {
        return min + ":" + max;
    }
}
