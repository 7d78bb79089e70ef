package io.pilotbench.core.store;

import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The table of a history store ({@code pilot history}), {@value #FILE}: one row per session and PI, in the order they
 * were added (the commits' order), with the commit, the mean, its standard error, the environment's fingerprint and
 * which way the PI gets better. Rows are only ever appended. A field never holds a comma or a line break (they are
 * written as spaces), so a row is its fields joined by commas; rows written before the {@code better} column have ten
 * fields and read as lower is better. The format: docs/formats.md.
 */
public final class HistoryFile {
    /** The table's name in the store's directory. */
    public static final String FILE = "history.csv";

    public static final String HEADER = "commit,branch,added,session,pi,unit,mean,standard_error,n,fingerprint,better";
    private static final int FIELDS = 11;
    /** The fields of a row written before the {@code better} column. */
    private static final int OLD_FIELDS = 10;

    private HistoryFile() {}

    /**
     * One row: a PI of one session.
     *
     * @param added          when the row was added (ISO-8601)
     * @param session        the session's directory, absolute
     * @param fingerprint    what must match for two points to be compared (CPU model, cores, kernel, JVM)
     * @param higherIsBetter false for times (and for rows written before the column existed)
     */
    public record Point(
            String commit,
            String branch,
            String added,
            String session,
            String pi,
            String unit,
            double mean,
            double standardError,
            int n,
            String fingerprint,
            boolean higherIsBetter) {
        /** The row as written: its fields with commas and line breaks made spaces. */
        String row() {
            return String.join(
                    ",",
                    field(commit),
                    field(branch),
                    field(added),
                    field(session),
                    field(pi),
                    field(unit),
                    Double.toString(mean),
                    Double.toString(standardError),
                    Integer.toString(n),
                    field(fingerprint),
                    higherIsBetter ? "higher" : "lower");
        }

        private static String field(String s) {
            return s.replace(',', ' ').replace('\n', ' ');
        }
    }

    /** Whether {@code store} holds a table. */
    public static boolean exists(Path store) {
        return Files.isRegularFile(store.resolve(FILE));
    }

    /**
     * Appends {@code points} to the table in {@code store} (made, with its header, when absent). The caller holds the
     * store's {@link DirectoryLock}.
     */
    public static void append(Path store, List<Point> points) throws IOException {
        Path file = store.resolve(FILE);
        StringBuilder rows = new StringBuilder(Files.exists(file) ? "" : HEADER + "\n");
        points.forEach(p -> rows.append(p.row()).append('\n'));
        Files.writeString(file, rows, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /**
     * Every row of the table in {@code store}, in the order they were added.
     *
     * @throws InputException when the table is missing, or a row has the wrong number of fields or a value that is
     *                        not a number: one line naming it, with what to do
     */
    public static List<Point> read(Path store) throws IOException {
        Path file = store.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new InputException(
                    store + ": no " + FILE + "; add sessions first (pilot history add --store " + store + " SESSION…)");
        }
        List<String> lines = Files.readAllLines(file);
        List<Point> points = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            if (f.length != FIELDS && f.length != OLD_FIELDS) {
                throw new InputException(file + ":" + (i + 1) + ": " + f.length + " fields where " + FIELDS
                        + " were expected; fix or delete the line");
            }
            points.add(new Point(
                    f[0],
                    f[1],
                    f[2],
                    f[3],
                    f[4],
                    f[5],
                    number(f, 6, "mean"),
                    number(f, 7, "standard error"),
                    (int) number(f, 8, "number of samples"),
                    f[9],
                    f.length > OLD_FIELDS && f[10].equals("higher")));
        }
        return points;
    }

    private static double number(String[] row, int field, String what) {
        try {
            return Double.parseDouble(row[field]);
        } catch (NumberFormatException e) {
            throw new InputException(FILE + ": commit " + row[0] + ": the " + what + " '" + row[field]
                    + "' is not a number; fix or delete the line");
        }
    }
}
