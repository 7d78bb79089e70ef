package io.pilotbench.core.model;

/**
 * One column of numbers read from one input.
 *
 * @param source the input's name as the user gave it ("-" for standard input)
 * @param column the column's label: its header name, or its 0-based index when the input has no header
 * @param values the numbers, in input order; all finite
 * @param unit   their unit when the input says it (a JMH result's score unit, hyperfine's seconds), else ""
 */
public record Series(String source, String column, double[] values, String unit) {

    /** A series whose input does not give its unit. */
    public Series(String source, String column, double[] values) {
        this(source, column, values, "");
    }

    /** "data.csv", or "data.csv [latency]" when the input has several columns or the column was chosen by name. */
    public String label() {
        return column.isEmpty() ? source : source + " [" + column + "]";
    }
}
