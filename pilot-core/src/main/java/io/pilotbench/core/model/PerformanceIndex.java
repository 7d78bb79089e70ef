package io.pilotbench.core.model;

import io.pilotbench.stats.MeanMethod;
import java.util.Locale;

/**
 * A performance index (PI): one quantity a benchmark measures, such as "latency" in ms or "throughput" in MB/s
 * (Pilot paper §II). Each round gives one <em>reading</em> per PI and, optionally, many <em>unit readings</em> (one per
 * work unit: per I/O, per request).
 *
 * @param name                     a non-blank name, unique within a session
 * @param unit                     the unit for reports ("ms", "MB/s"); may be empty
 * @param kind                     how the samples are averaged and how the CI is built
 * @param readingsMustSatisfy      whether the session goes on until the readings' CI meets the target
 * @param unitReadingsMustSatisfy  whether the session goes on until the unit readings' CI meets the target
 */
public record PerformanceIndex(
        String name, String unit, Kind kind, boolean readingsMustSatisfy, boolean unitReadingsMustSatisfy) {

    /** How a PI's samples are summarised (paper §III-D; docs/original.md#pi-kinds). */
    public enum Kind {
        /** A quantity whose arithmetic mean is meaningful: a duration, a size. */
        ORDINARY,
        /** A rate (work per time) whose mean over equal work is the harmonic mean: MB/s, requests/s; values &gt; 0. */
        RATIO,
        /** A 0/1 outcome (success, hit); summarised as a proportion with its binomial CI. */
        BINARY;

        /** The mean this kind uses: harmonic for ratios, arithmetic otherwise. */
        public MeanMethod meanMethod() {
            return this == RATIO ? MeanMethod.HARMONIC : MeanMethod.ARITHMETIC;
        }

        /** Parses "ordinary", "ratio" or "binary" (or the original's codes 0, 1, 2). */
        public static Kind parse(String text) {
            String s = text.strip().toLowerCase(Locale.ROOT);
            return switch (s) {
                case "0", "ordinary" -> ORDINARY;
                case "1", "ratio" -> RATIO;
                case "2", "binary" -> BINARY;
                default ->
                    throw new IllegalArgumentException(
                            "PI kind '" + text + "' is not ordinary (0), ratio (1) or binary (2)");
            };
        }
    }

    public PerformanceIndex {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a performance index needs a non-blank name");
        }
        unit = unit == null ? "" : unit.strip();
        if (kind == null) {
            throw new IllegalArgumentException("performance index '" + name + "' needs a kind");
        }
    }

    /** An ordinary PI whose readings must meet the target, and whose unit readings (if any) are only reported. */
    public static PerformanceIndex of(String name, String unit) {
        return new PerformanceIndex(name, unit, Kind.ORDINARY, true, false);
    }

    /** This PI with another kind. */
    public PerformanceIndex withKind(Kind value) {
        return new PerformanceIndex(name, unit, value, readingsMustSatisfy, unitReadingsMustSatisfy);
    }

    /** This PI with the readings target on or off. */
    public PerformanceIndex withReadingsMustSatisfy(boolean value) {
        return new PerformanceIndex(name, unit, kind, value, unitReadingsMustSatisfy);
    }

    /** This PI with the unit-readings target on or off. */
    public PerformanceIndex withUnitReadingsMustSatisfy(boolean value) {
        return new PerformanceIndex(name, unit, kind, readingsMustSatisfy, value);
    }
}
