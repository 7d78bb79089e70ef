package io.pilotbench.core.input;

/**
 * Whether a comma-separated input is really one column of numbers written with thousands separators ("1,234.5",
 * "1,234,567", "1.234,5"): split at its commas it gave "1" for "1,234.5", silently. Every data line has to read as
 * such a number, and the first fields must not count up one by one (0, 1, 2, … or 1, 2, 3, …: an index column
 * beside values of 100 to 999.9, "7,105.3", which reads the same). Checked only until a line does not fit, so a
 * file of plain columns costs one pattern match on its first lines.
 */
final class ThousandsCheck {
    private final String example;
    private boolean counting = true;
    private long expected;

    private ThousandsCheck(String example, long first) {
        this.example = example;
        this.expected = first + 1;
        if (first < 0) {
            counting = false;
        }
    }

    /** A check begun on the first data line, or null when that line is not a grouped number. */
    static ThousandsCheck start(String firstLine) {
        String grouped = Numbers.thousands(firstLine);
        return grouped == null ? null : new ThousandsCheck(grouped, leadingInteger(grouped));
    }

    /** Takes one more data line; false when it is not a grouped number (the input has columns). */
    boolean see(String line) {
        String grouped = Numbers.thousands(line);
        if (grouped == null) {
            return false;
        }
        if (counting && leadingInteger(grouped) != expected++) {
            counting = false;
        }
        return true;
    }

    /** Whether the lines seen are grouped numbers rather than an index column beside values. */
    boolean grouped() {
        return !counting;
    }

    /** The refusal of an input whose lines, from {@code line} on, all read as grouped numbers. */
    io.pilotbench.core.model.InputException refusal(String source, long line) {
        String shown = example.length() > 40 ? example.substring(0, 40) + "…" : example;
        return new io.pilotbench.core.model.InputException(source + ":" + line + ": '" + shown + "' and every line "
                + "after it look like numbers with thousands separators, which would be read as separate fields; "
                + "remove them (e.g. sed 's/,//g'; for 1.234,5 sed 's/\\.//g' and --decimal-comma), or give "
                + "--delimiter comma if commas separate fields");
    }

    /** The digits before the first ',' or '.', or −1 when they are not all digits. */
    private static long leadingInteger(String s) {
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        return end == 0 || end > 3 || end < s.length() && s.charAt(end) != ','
                ? -1
                : Long.parseLong(s.substring(0, end));
    }
}
