package io.pilotbench.script;

import io.pilotbench.core.files.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code runs.csv}: one row per run of a TEST, the file Getstats reads (the paper's "block per run" as a spreadsheet
 * row, §3.2). Columns: run, elapsed, user, system (seconds), wait (time off a CPU, s: elapsed − CPU, with THREADS
 * the sum over the copies of each one's, see {@link ThreadedRun}), cpu% ((user + system) /
 * elapsed × 100), exit, threads, then the measurement hooks' columns. The whole file is rewritten atomically after
 * each run from the rows kept, so it always matches the session's journal up to the run being written.
 */
final class RunsCsv {
    static final String FILE = "runs.csv";
    static final List<String> BASE = List.of("run", "elapsed", "user", "system", "wait", "cpu%", "exit", "threads");
    /** Columns that number or describe runs rather than measure them: Getstats leaves them out. */
    static final Set<String> NOT_MEASURED = Set.of("run", "exit", "threads", "round", "index");

    private final Path file;
    private final List<String> columns;
    private final List<String> rows = new ArrayList<>();

    private RunsCsv(Path file, List<String> columns) {
        this.file = file;
        this.columns = columns;
    }

    /** Opens the file of a TEST, keeping the first {@code keep} rows already written (the runs recorded). */
    static RunsCsv open(Path file, List<String> hookColumns, int keep) throws IOException {
        List<String> cols = new ArrayList<>(BASE);
        cols.addAll(hookColumns);
        RunsCsv r = new RunsCsv(file, cols);
        if (Files.isRegularFile(file)) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 1; i < lines.size() && r.rows.size() < keep; i++) {
                r.rows.add(lines.get(i));
            }
        }
        return r;
    }

    /** The number of data rows in a runs file (0 when there is none). */
    static int rows(Path file) throws IOException {
        return Files.isRegularFile(file) ? Math.max(0, Files.readAllLines(file).size() - 1) : 0;
    }

    int size() {
        return rows.size();
    }

    List<String> columns() {
        return columns;
    }

    /** Adds the row of run {@code index} (0-based; rows of runs not recorded before it are filled with blanks). */
    void add(int index, double elapsed, Double user, Double system, Double wait, int exit, int threads, double[] hooks)
            throws IOException {
        while (rows.size() < index) {
            rows.add(Integer.toString(rows.size() + 1) + ",".repeat(columns.size() - 1));
        }
        StringBuilder b = new StringBuilder();
        b.append(index + 1)
                .append(',')
                .append(num(elapsed))
                .append(',')
                .append(num(user))
                .append(',')
                .append(num(system))
                .append(',');
        double cpu = user == null || system == null ? Double.NaN : user + system;
        b.append(num(wait))
                .append(',')
                .append(num(cpu / elapsed * 100))
                .append(',')
                .append(exit)
                .append(',')
                .append(threads);
        for (int i = 0; i < columns.size() - BASE.size(); i++) {
            b.append(',').append(hooks == null || i >= hooks.length ? "" : num(hooks[i]));
        }
        if (index < rows.size()) {
            rows.set(index, b.toString());
        } else {
            rows.add(b.toString());
        }
        write();
    }

    private static String num(Double x) {
        return x == null || x.isNaN() || x.isInfinite()
                ? ""
                : String.format(Locale.ROOT, "%.9g", x).strip();
    }

    void write() throws IOException {
        Files.createDirectories(file.getParent());
        StringBuilder b = new StringBuilder(String.join(",", columns)).append('\n');
        for (String r : rows) {
            b.append(r).append('\n');
        }
        AtomicFiles.write(file, b.toString());
    }
}
