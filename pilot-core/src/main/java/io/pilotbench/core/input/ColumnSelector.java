package io.pilotbench.core.input;

/**
 * Which column of an input to read: a 0-based index or a header name.
 *
 * @param index the 0-based index, or −1 when selecting by name
 * @param name  the header name, or null when selecting by index
 */
public record ColumnSelector(int index, String name) {
    /** The first column. */
    public static final ColumnSelector FIRST = new ColumnSelector(0, null);

    /**
     * Parses "2" (the third column) or "latency" (the column headed "latency").
     *
     * @throws IllegalArgumentException for a negative index or an empty name
     */
    public static ColumnSelector parse(String text) {
        String s = text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty column: give a 0-based index (e.g. 1) or a header name");
        }
        if (s.matches("-?\\d+")) {
            int index;
            try {
                index = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                index = -1;
            }
            if (index < 0) {
                throw new IllegalArgumentException("column index must be 0 or more (0 is the first column), got " + s);
            }
            return new ColumnSelector(index, null);
        }
        return new ColumnSelector(-1, s);
    }

    /** Whether the column is chosen by header name. */
    public boolean byName() {
        return name != null;
    }

    @Override
    public String toString() {
        return byName() ? "'" + name + "'" : Integer.toString(index);
    }
}
