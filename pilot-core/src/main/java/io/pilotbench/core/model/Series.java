package io.pilotbench.core.model;

/**
 * One column of numbers read from one input.
 *
 * @param source the input's name as the user gave it ("-" for standard input)
 * @param column the column's label: its header name, or its 0-based index when the input has no header
 * @param values the numbers, in input order; all finite
 */
public record Series(String source, String column, double[] values) {

    /** "data.csv", or "data.csv [latency]" when the input has several columns or the column was chosen by name. */
    public String label() {
        return column.isEmpty() ? source : source + " [" + column + "]";
    }
}
