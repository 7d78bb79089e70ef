package io.pilotbench.script;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import io.pilotbench.core.model.Decimal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Getstats input parser (paper §3.3: "a detection function and a parsing function that reads the input file into
 * a two-dimensional array"). {@link #ALL} are tried in order; the first that {@link #detects} a file reads it.
 */
interface SampleParser {
    /** Whether this parser reads {@code path} ({@code head}: its first 4 KiB as text, empty for a directory). */
    boolean detects(Path path, String head);

    List<Sample> read(Path path) throws IOException;

    List<SampleParser> ALL = List.of(new Campaign(), new TestDir(), new GnuTime(), new Csv());

    /** Reads {@code path} with the first parser that detects it. */
    static List<Sample> parse(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(path + ": no such file or directory");
        }
        String head = "";
        if (Files.isRegularFile(path)) {
            byte[] b;
            try (var in = Files.newInputStream(path)) {
                b = in.readNBytes(4096);
            }
            head = new String(b, StandardCharsets.UTF_8);
        }
        for (SampleParser p : ALL) {
            if (p.detects(path, head)) {
                return p.read(path);
            }
        }
        throw new IllegalArgumentException(path + ": not a pilot script results directory, a TEST directory, a CSV "
                + "file with a header, or GNU time -v output");
    }

    /** A {@code pilot script} results directory: one sample per TEST, in campaign order. */
    final class Campaign implements SampleParser {
        @Override
        public boolean detects(Path path, String head) {
            return Files.isDirectory(path) && Files.isRegularFile(path.resolve(CampaignState.FILE));
        }

        @Override
        public List<Sample> read(Path path) throws IOException {
            CampaignState s = CampaignState.read(path.resolve(CampaignState.FILE));
            List<Sample> out = new ArrayList<>();
            for (CampaignState.Finished f : s.finished) {
                Path runs = path.resolve(f.dir()).resolve(RunsCsv.FILE);
                // a TEST that ended before its first run (a PRESETUP that failed, a limit that killed the first run)
                // has no runs.csv: a sample of no runs, not a campaign getstats cannot read
                out.add(Files.isRegularFile(runs) ? Csv.readCsv(runs, f.name()) : new Sample(f.name(), Map.of()));
            }
            if (s.currentDir != null
                    && Files.isRegularFile(path.resolve(s.currentDir).resolve(RunsCsv.FILE))) {
                out.add(Csv.readCsv(
                        path.resolve(s.currentDir).resolve(RunsCsv.FILE), s.currentName + " (in progress)"));
            }
            return out;
        }
    }

    /** One TEST's directory (with its {@code runs.csv}). */
    final class TestDir implements SampleParser {
        @Override
        public boolean detects(Path path, String head) {
            return Files.isDirectory(path) && Files.isRegularFile(path.resolve(RunsCsv.FILE));
        }

        @Override
        public List<Sample> read(Path path) throws IOException {
            String name = path.getFileName().toString().replaceFirst("^\\d{3}-", "");
            return List.of(Csv.readCsv(path.resolve(RunsCsv.FILE), name));
        }
    }

    /**
     * GNU {@code time -v} output, one block per run (appended with {@code -a -o FILE}): elapsed, user, system, and
     * the maximum resident set size.
     */
    final class GnuTime implements SampleParser {
        private static final Pattern LINE =
                Pattern.compile("^\\s*(Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)|User time \\(seconds\\)|"
                        + "System time \\(seconds\\)|Maximum resident set size \\(kbytes\\)):\\s*(\\S+)\\s*$");

        @Override
        public boolean detects(Path path, String head) {
            return Files.isRegularFile(path) && head.contains("Elapsed (wall clock) time");
        }

        @Override
        public List<Sample> read(Path path) throws IOException {
            Map<String, List<Double>> cols = new LinkedHashMap<>();
            for (String c : List.of("elapsed", "user", "system", "max_rss_kb")) {
                cols.put(c, new ArrayList<>());
            }
            // a run is the block from one "Command being timed" to the next; one whose "Exit status" is not 0 is
            // left out of every column and counted as failed, as a CSV row whose exit column is not 0
            Map<String, Double> run = new LinkedHashMap<>();
            int[] failed = {0};
            List<String> lines = Files.readAllLines(path);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.strip().startsWith("Command being timed:") && !run.isEmpty()) {
                    commit(run, cols, failed);
                }
                Matcher x = EXIT.matcher(line);
                if (x.matches()) {
                    run.put("exit", Double.parseDouble(x.group(1)));
                    continue;
                }
                Matcher m = LINE.matcher(line);
                if (!m.matches()) {
                    continue;
                }
                String k = m.group(1);
                String v = m.group(2);
                double value = k.startsWith("Elapsed") ? clock(v) : Decimal.finiteOrNaN(v);
                if (!Double.isFinite(value)) {
                    throw new IllegalArgumentException(path + ":" + (i + 1) + ": '" + v + "' is not a number (" + k
                            + "); is this GNU time -v output?");
                }
                run.put(
                        k.startsWith("Elapsed")
                                ? "elapsed"
                                : k.startsWith("User") ? "user" : k.startsWith("System") ? "system" : "max_rss_kb",
                        value);
            }
            commit(run, cols, failed);
            Map<String, double[]> out = new LinkedHashMap<>();
            cols.forEach((k, v) ->
                    out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
            double[] e = out.get("elapsed");
            double[] u = out.get("user");
            double[] s = out.get("system");
            if (e.length == u.length && e.length == s.length) {
                double[] wait = new double[e.length];
                for (int i = 0; i < e.length; i++) {
                    wait[i] = e[i] - u[i] - s[i];
                }
                out.put("wait", wait);
            }
            return List.of(new Sample(path.getFileName().toString(), out, failed[0]));
        }

        private static final Pattern EXIT = Pattern.compile("^\\s*Exit status:\\s*(\\d+)\\s*$");

        /** Adds the run read so far to the columns, or counts it as failed; then forgets it. */
        private static void commit(Map<String, Double> run, Map<String, List<Double>> cols, int[] failed) {
            Double exit = run.remove("exit");
            if (exit != null && exit != 0) {
                failed[0]++;
            } else {
                run.forEach((k, v) -> cols.get(k).add(v));
            }
            run.clear();
        }

        /** "1:02:03.5" (h:mm:ss) or "2:03.50" (m:ss) in seconds; NaN when it is not such a time. */
        static double clock(String v) {
            String[] p = v.split(":", -1);
            double s = 0;
            for (String x : p) {
                s = s * 60 + Decimal.finiteOrNaN(x); // NaN stays NaN
            }
            return s;
        }
    }

    /**
     * A CSV file with a header: every column with numbers is a column of the sample. Numbers are decimals (no hex,
     * no {@code 1.5f}); an empty field, NA, NaN or N/A is a missing value; a column whose first value is text is not
     * measured; a row with more fields than the header, a repeated column name or text below numbers is a mistake
     * named with its line (a short row is read as far as it goes).
     */
    final class Csv implements SampleParser {
        /** What a missing value is written as (R's NA, pandas' NaN). */
        private static final java.util.Set<String> MISSING = java.util.Set.of("NA", "NaN", "nan", "N/A", "n/a");

        @Override
        public boolean detects(Path path, String head) {
            // a header of names: the first field of the first line is not a number (one column needs no comma)
            return Files.isRegularFile(path)
                    && head.lines()
                            .findFirst()
                            .map(l -> {
                                String first = l.split(",", -1)[0].strip();
                                return !first.isEmpty() && !first.matches("[-+]?[0-9.].*");
                            })
                            .orElse(false);
        }

        @Override
        public List<Sample> read(Path path) throws IOException {
            String name = path.getFileName().toString().replaceFirst("(?i)\\.csv$", "");
            return List.of(readCsv(path, name));
        }

        static Sample readCsv(Path path, String name) throws IOException {
            List<String[]> lines = lines(path);
            String[] header = header(path, lines.get(0));
            Columns c = new Columns(header.length);
            int exitColumn = column(header, "exit");
            int runColumn = column(header, "run");
            int failed = 0;
            for (int r = 1; r < lines.size(); r++) {
                String[] f = lines.get(r);
                if (f.length == 1 && f[0].isBlank()) {
                    continue;
                }
                if (f.length > header.length) {
                    // more fields than names: which column is which? (R's read.csv refuses it too.) A short row, as
                    // a run killed mid-line leaves, is read as far as it goes: its missing fields are missing values
                    throw new IllegalArgumentException(path + ":" + (r + 1) + ": " + f.length + " fields where the "
                            + "header has " + header.length + "; give every column a name, or quote a field that "
                            + "holds a comma");
                }
                if (exitColumn >= 0
                        && exitColumn < f.length
                        && !f[exitColumn].strip().isEmpty()
                        && !f[exitColumn].strip().equals("0")) {
                    failed++;
                    continue;
                }
                for (int i = 0; i < f.length; i++) {
                    c.add(path, r, header[i], i, f[i].strip(), runNumber(f, runColumn, r));
                }
            }
            Map<String, double[]> out = new LinkedHashMap<>();
            Map<String, int[]> runNumbers = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                String h = header[i].strip().toLowerCase(Locale.ROOT);
                if (c.numeric[i] && !RunsCsv.NOT_MEASURED.contains(h)) {
                    out.put(
                            header[i].strip(),
                            c.values.get(i).stream()
                                    .mapToDouble(Double::doubleValue)
                                    .toArray());
                    runNumbers.put(
                            header[i].strip(),
                            c.runs.get(i).stream().mapToInt(Integer::intValue).toArray());
                }
            }
            return new Sample(name, out, failed, runNumbers);
        }

        /** The rows of {@code path}, the header first; RFC 4180 (FastCSV): a quoted comma does not shift columns. */
        private static List<String[]> lines(Path path) throws IOException {
            List<String[]> lines = new ArrayList<>();
            try (CsvReader<CsvRecord> reader = CsvReader.builder()
                    .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
                    .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
                    .ofCsvRecord(path, StandardCharsets.UTF_8)) {
                for (CsvRecord r : reader) {
                    lines.add(r.getFields().toArray(String[]::new));
                }
            } catch (CsvParseException e) {
                throw new IllegalArgumentException(path + ": not a CSV file (" + e.getMessage() + ")");
            }
            if (lines.isEmpty()) {
                throw new IllegalArgumentException(path + ": empty (expected a header line)");
            }
            return lines;
        }

        /** The header without the byte-order mark spreadsheets write; a name given twice is a mistake. */
        private static String[] header(Path path, String[] header) {
            if (header.length > 0 && header[0].startsWith("\uFEFF")) {
                header[0] = header[0].substring(1);
            }
            for (int i = 0; i < header.length; i++) {
                for (int j = 0; j < i; j++) {
                    if (header[i].strip().equals(header[j].strip()) && !header[i].isBlank()) {
                        throw new IllegalArgumentException(path + ":1: the column '" + header[i].strip()
                                + "' appears twice in the header (columns " + (j + 1) + " and " + (i + 1)
                                + "); give each column its own name");
                    }
                }
            }
            return header;
        }

        /** The index of the column named {@code name} (any case), or −1. */
        private static int column(String[] header, String name) {
            int found = -1;
            for (int i = 0; i < header.length; i++) {
                if (header[i].strip().equalsIgnoreCase(name)) {
                    found = i;
                }
            }
            return found;
        }

        /** The values read so far, column by column, with the run each came from; which columns are numbers. */
        private static final class Columns {
            final List<List<Double>> values = new ArrayList<>();
            final List<List<Integer>> runs = new ArrayList<>();
            final boolean[] numeric;

            Columns(int n) {
                numeric = new boolean[n];
                for (int i = 0; i < n; i++) {
                    values.add(new ArrayList<>());
                    runs.add(new ArrayList<>());
                    numeric[i] = true;
                }
            }

            /** Field {@code v} of column {@code i} in row {@code r}: a number, a missing value, or text. */
            void add(Path path, int r, String name, int i, String v, int run) {
                if (v.isEmpty() || MISSING.contains(v) || !numeric[i]) {
                    return; // a missing value, as R's read.csv reads NA
                }
                double x = Decimal.finiteOrNaN(v);
                if (!Double.isNaN(x)) {
                    values.get(i).add(x);
                    runs.get(i).add(run);
                } else if (values.get(i).isEmpty()) {
                    numeric[i] = false; // a column of text (a name, a date): not measured
                } else {
                    throw new IllegalArgumentException(path + ":" + (r + 1) + ": column '" + name.strip() + "': '" + v
                            + "' is not a number, and the rows above hold numbers; write NA or leave the field empty "
                            + "for a missing value");
                }
            }
        }

        /** The run of row {@code r} (1-based among the data rows): its {@code run} column when a whole number. */
        private static int runNumber(String[] f, int runColumn, int r) {
            if (runColumn >= 0) {
                String v = f[runColumn].strip();
                if (v.matches("[0-9]{1,9}")) {
                    return Integer.parseInt(v);
                }
            }
            return r;
        }
    }
}
