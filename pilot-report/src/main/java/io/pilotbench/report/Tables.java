package io.pilotbench.report;

import io.pilotbench.core.files.CsvField;
import java.io.PrintWriter;
import java.util.List;

/** The table and cell formatting the reports share: aligned text, Markdown rows and CSV cells. */
final class Tables {
    private Tables() {}

    /** Rows as aligned columns, two spaces apart, each line starting with {@code indent}. */
    static void text(List<String[]> rows, PrintWriter out, String indent) {
        int[] w = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                w[i] = Math.max(w[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder(indent);
            for (int i = 0; i < r.length; i++) {
                b.append(r[i]);
                if (i + 1 < r.length) {
                    b.append(" ".repeat(w[i] - r[i].length() + 2));
                }
            }
            out.println(b.toString().stripTrailing());
        }
    }

    /** One Markdown table row of {@code cells}, escaped. */
    static String markdownRow(String... cells) {
        String[] out = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            out[i] = markdownText(cells[i]);
        }
        return "| " + String.join(" | ", out) + " |";
    }

    /**
     * A Markdown table's header row and the delimiter row under it, built together so that they cannot disagree on
     * the number of columns (a delimiter row of another length makes GitHub render no table at all).
     *
     * @param align one letter per column: {@code l} left, {@code r} right, {@code c} centre
     */
    static String markdownHeader(String align, String... cells) {
        if (align.length() != cells.length) {
            throw new IllegalArgumentException(cells.length + " columns but " + align.length() + " alignments");
        }
        StringBuilder delimiter = new StringBuilder("|");
        for (char a : align.toCharArray()) {
            delimiter.append(
                    switch (a) {
                        case 'l' -> "---|";
                        case 'r' -> "---:|";
                        case 'c' -> ":---:|";
                        default -> throw new IllegalArgumentException("alignment '" + a + "' is not l, r or c");
                    });
        }
        return markdownRow(cells) + System.lineSeparator() + delimiter;
    }

    /** Text made safe inside a Markdown table or list. */
    static String markdownText(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;");
    }

    /** A number for CSV: full precision, empty when not finite. */
    static String csvNumber(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }

    /** A text cell for CSV, quoted as every CSV file Pilot writes is ({@link CsvField}). */
    static String csvCell(String s) {
        return CsvField.of(s);
    }
}
