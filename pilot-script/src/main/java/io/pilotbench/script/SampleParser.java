package io.pilotbench.script;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
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
                out.add(Csv.readCsv(path.resolve(f.dir()).resolve(RunsCsv.FILE), f.name()));
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
            for (String line : Files.readAllLines(path)) {
                Matcher m = LINE.matcher(line);
                if (!m.matches()) {
                    continue;
                }
                String k = m.group(1);
                String v = m.group(2);
                if (k.startsWith("Elapsed")) {
                    cols.get("elapsed").add(clock(v));
                } else if (k.startsWith("User")) {
                    cols.get("user").add(Double.parseDouble(v));
                } else if (k.startsWith("System")) {
                    cols.get("system").add(Double.parseDouble(v));
                } else {
                    cols.get("max_rss_kb").add(Double.parseDouble(v));
                }
            }
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
            return List.of(new Sample(path.getFileName().toString(), out));
        }

        /** "1:02:03.5" (h:mm:ss) or "2:03.50" (m:ss) in seconds. */
        static double clock(String v) {
            String[] p = v.split(":");
            double s = 0;
            for (String x : p) {
                s = s * 60 + Double.parseDouble(x);
            }
            return s;
        }
    }

    /** A CSV file with a header: every column with numbers is a column of the sample. */
    final class Csv implements SampleParser {
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
            // RFC 4180 (FastCSV): a quoted text column with a comma must not shift the columns after it; rows of
            // another width are read as far as they go, as before
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
            String[] header = lines.get(0);
            List<List<Double>> cols = new ArrayList<>();
            boolean[] numeric = new boolean[header.length];
            for (int i = 0; i < header.length; i++) {
                cols.add(new ArrayList<>());
                numeric[i] = true;
            }
            int exitColumn = -1;
            for (int i = 0; i < header.length; i++) {
                if (header[i].strip().equalsIgnoreCase("exit")) {
                    exitColumn = i;
                }
            }
            int failed = 0;
            for (int r = 1; r < lines.size(); r++) {
                String[] f = lines.get(r);
                if (f.length == 1 && f[0].isBlank()) {
                    continue;
                }
                if (exitColumn >= 0
                        && exitColumn < f.length
                        && !f[exitColumn].strip().isEmpty()
                        && !f[exitColumn].strip().equals("0")) {
                    failed++;
                    continue;
                }
                for (int i = 0; i < header.length && i < f.length; i++) {
                    String v = f[i].strip();
                    if (v.isEmpty() || !numeric[i]) {
                        continue;
                    }
                    try {
                        cols.get(i).add(Double.parseDouble(v));
                    } catch (NumberFormatException e) {
                        numeric[i] = false;
                    }
                }
            }
            Map<String, double[]> out = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                String h = header[i].strip().toLowerCase(Locale.ROOT);
                if (numeric[i] && !RunsCsv.NOT_MEASURED.contains(h)) {
                    out.put(
                            header[i].strip(),
                            cols.get(i).stream()
                                    .mapToDouble(Double::doubleValue)
                                    .toArray());
                }
            }
            return new Sample(name, out, failed);
        }
    }
}
