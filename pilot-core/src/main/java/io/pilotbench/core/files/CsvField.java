package io.pilotbench.core.files;

/**
 * One field of a CSV line as RFC 4180 writes it: quoted, with its quotes doubled, when it holds a comma, a quote or a
 * line break; as it is otherwise. The one quoting rule of the CSV files and reports Pilot writes.
 */
public final class CsvField {
    private CsvField() {}

    /** {@code s} as a CSV field. */
    public static String of(String s) {
        return s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0
                ? "\"" + s.replace("\"", "\"\"") + "\""
                : s;
    }
}
