package io.pilotbench.core.engine;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.Magnitude;
import io.pilotbench.core.model.PerformanceIndex;
import java.util.List;

/**
 * The checks on the values a workload reported for a round: finite, in range, and averageable by their PI's kind.
 * Separate so that {@link SessionEngine} keeps the rounds and the looks, and this class the rules for one value.
 */
final class RoundValues {
    private RoundValues() {}

    /**
     * Checks that a PI's reading is not infinite and its unit readings are finite.
     *
     * @throws IllegalArgumentException naming the round, the PI and the value otherwise
     */
    static void checkFinite(int round, PerformanceIndex pi, double reading, double[] units) {
        if (Double.isInfinite(reading)) {
            throw new IllegalArgumentException("round " + round + ": PI '" + pi.name() + "' reading is infinite");
        }
        for (int k = 0; k < units.length; k++) {
            if (!Double.isFinite(units[k])) {
                throw new IllegalArgumentException(
                        "round " + round + ": PI '" + pi.name() + "' unit reading " + k + " is " + units[k]);
            }
        }
    }

    /** Why a value cannot be averaged by its PI's kind, in words; null when every value can. */
    static String invalidForKind(List<PerformanceIndex> pis, double[] readings, double[][] units) {
        for (int i = 0; i < readings.length; i++) {
            PerformanceIndex pi = pis.get(i);
            String bad = invalid(pi, readings[i]);
            for (int k = 0; bad == null && k < units[i].length; k++) {
                bad = invalid(pi, units[i][k]);
            }
            if (bad != null) {
                return "PI '" + pi.name() + "': " + bad;
            }
        }
        return null;
    }

    private static String invalid(PerformanceIndex pi, double value) {
        if (Double.isNaN(value)) {
            return null; // no value reported
        }
        if (!Magnitude.inRange(value)) {
            return Magnitude.problem(value);
        }
        return switch (pi.kind()) {
            case RATIO ->
                value > 0
                        ? null
                        : "value " + Formats.number(value) + " is not > 0, and a ratio PI's "
                                + "harmonic mean needs positive values (use kind=ordinary for values that can be 0)";
            case BINARY ->
                value >= 0 && value <= 1
                        ? null
                        : "value " + Formats.number(value) + " is outside 0..1, " + "and a binary PI averages outcomes";
            default -> null;
        };
    }
}
