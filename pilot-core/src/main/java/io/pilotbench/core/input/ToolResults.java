package io.pilotbench.core.input;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Magnitude;
import io.pilotbench.core.model.Series;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Results of other benchmark tools, recognised by their content, so that Pilot can be the analysis layer over them:
 * JMH's JSON ({@code -rf json}: one series per benchmark and parameter set, its iterations fork after fork, in the
 * score's unit), hyperfine's JSON ({@code --export-json}: one series per command, its run times in seconds) and
 * criterion.rs's raw.csv (one series per benchmark, each sample's time per iteration). A file that is none of them is
 * left to {@link SeriesReader}.
 */
public final class ToolResults {
    private ToolResults() {}

    /** The header of criterion.rs's raw.csv (target/criterion/…/raw.csv, criterion 0.3 to 0.5). */
    static final String CRITERION_HEADER =
            "group,function,value,throughput_num,throughput_type," + "sample_measured_value,unit,iteration_count";

    /**
     * The series in {@code file} when it is a JMH or hyperfine JSON export or a criterion.rs raw.csv, or null when it
     * is none of them.
     */
    public static List<Series> read(Path file) {
        if (startsWithCriterionHeader(file)) {
            return criterion(file.toString(), () -> lenient().ofCsvRecord(file));
        }
        if (!startsWithJson(file)) {
            return null;
        }
        try {
            return json(file.toString(), Files.readString(file));
        } catch (IOException e) {
            throw new InputException(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /**
     * The series in {@code content}, read from {@code source} (standard input, "-"), when it is a tool's result as
     * {@link #read(Path)} recognises one; null when it is not.
     */
    public static List<Series> read(String source, byte[] content) {
        String text = new String(content, java.nio.charset.StandardCharsets.UTF_8);
        String head = new String(
                content,
                0,
                Math.min(content.length, CRITERION_HEADER.length()),
                java.nio.charset.StandardCharsets.UTF_8);
        if (head.equals(CRITERION_HEADER)) {
            return criterion(source, () -> lenient().ofCsvRecord(text));
        }
        String start = (text.startsWith("\uFEFF") ? text.substring(1) : text).stripLeading();
        return start.startsWith("{") || start.startsWith("[") ? json(source, text) : null;
    }

    private static List<Series> json(String source, String content) {
        String text = content.startsWith("\uFEFF") ? content.substring(1) : content;
        JsonNode root;
        try {
            root = JsonMappers.plain().readTree(text);
        } catch (JacksonException e) {
            // numbers never start with { or [: this is JSON cut short (a run killed while writing) or mistyped
            throw new InputException(source + ": starts as JSON but is not valid JSON ("
                    + e.getOriginalMessage().lines().findFirst().orElse("") + " at line "
                    + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + "); a JMH (-rf json) or "
                    + "hyperfine (--export-json) result must be complete");
        }
        if (root.isObject()
                && root.path("results").isArray()
                && root.path("results").path(0).has("times")) {
            return hyperfine(source, root.path("results"));
        }
        if (root.isArray() && root.path(0).has("benchmark") && root.path(0).has("primaryMetric")) {
            return jmh(source, root);
        }
        throw new InputException(source + ": JSON that is neither a JMH (-rf json) nor a hyperfine (--export-json) "
                + "result; give numbers one per line or in columns");
    }

    /** What a hyperfine command's series is named after its command: its run times are in seconds. */
    public static final String HYPERFINE_SECONDS = " (s)";

    private static List<Series> hyperfine(String source, JsonNode results) {
        List<Series> out = new ArrayList<>();
        for (JsonNode r : results) {
            out.add(new Series(
                    source,
                    r.path("command").asString() + HYPERFINE_SECONDS,
                    numbers(
                            source,
                            r.path("times"),
                            "times of '" + r.path("command").asString() + "'"),
                    "s"));
        }
        return out;
    }

    private static List<Series> jmh(String source, JsonNode benchmarks) {
        List<Series> out = new ArrayList<>();
        for (JsonNode b : benchmarks) {
            JsonNode metric = b.path("primaryMetric");
            List<Double> values = new ArrayList<>();
            int f = 0;
            for (JsonNode fork : metric.path("rawData")) {
                double[] iterations = numbers(
                        source, fork, "benchmark " + b.path("benchmark").asString() + "'s rawData[" + f++ + "]");
                for (double v : iterations) {
                    values.add(v);
                }
            }
            if (values.isEmpty()) {
                throw new InputException(source + ": benchmark "
                        + b.path("benchmark").asString() + " has no raw " + "data (JMH writes it with -rf json)");
            }
            StringBuilder name = new StringBuilder(b.path("benchmark").asString());
            Map<String, String> params = new TreeMap<>();
            b.path("params")
                    .properties()
                    .forEach(e -> params.put(e.getKey(), e.getValue().asString()));
            if (!params.isEmpty()) {
                name.append(params.toString().replace('{', '[').replace('}', ']'));
            }
            name.append(" (");
            if (b.has("mode")) {
                // two modes of one benchmark (-bm avgt,ss) in one file are two series: their names must differ
                name.append(b.path("mode").asString()).append(", ");
            }
            name.append(metric.path("scoreUnit").asString())
                    .append(", ")
                    .append(metric.path("rawData").size())
                    .append(" forks)");
            out.add(new Series(
                    source,
                    name.toString(),
                    values.stream().mapToDouble(Double::doubleValue).toArray(),
                    metric.path("scoreUnit").asString()));
        }
        return out;
    }

    /**
     * criterion.rs's raw samples: one series per benchmark (group/function/value), each sample its measured time
     * divided by its iteration count, in the sample's unit (criterion writes ns).
     */
    /** criterion's rows as FastCSV reads them, rows of another width kept (their width is checked here). */
    private static CsvReader.CsvReaderBuilder lenient() {
        return CsvReader.builder()
                .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
                .missingFieldStrategy(FieldMismatchStrategy.IGNORE);
    }

    /** Opens a CSV reader (of a file, or of text read already). */
    private interface Opener {
        CsvReader<CsvRecord> open() throws IOException;
    }

    private static List<Series> criterion(String file, Opener opener) {
        Map<String, List<Double>> samples = new java.util.LinkedHashMap<>();
        Map<String, String> units = new java.util.HashMap<>();
        // RFC 4180 (FastCSV): criterion quotes a group or function name that holds a comma
        try (CsvReader<CsvRecord> reader = opener.open()) {
            for (CsvRecord r : reader) {
                long line = r.getStartingLineNumber();
                if (line == 1) {
                    continue; // the header
                }
                List<String> f = r.getFields();
                if (f.size() == 1 && f.get(0).isBlank()) {
                    continue; // a line of spaces, skipped as an empty one is
                }
                if (f.size() != 8) {
                    throw new InputException(
                            file + ":" + line + ": " + f.size() + " fields where criterion's raw.csv has 8");
                }
                String name = f.get(0) + "/" + f.get(1) + (f.get(2).isEmpty() ? "" : "/" + f.get(2));
                double perIteration;
                try {
                    perIteration = Double.parseDouble(f.get(5)) / Double.parseDouble(f.get(7));
                } catch (NumberFormatException e) {
                    perIteration = Double.NaN;
                }
                if (!Double.isFinite(perIteration) || !Magnitude.inRange(perIteration)) {
                    throw new InputException(file + ":" + line + ": sample_measured_value '" + f.get(5)
                            + "' / iteration_count '" + f.get(7) + "' is not a finite number Pilot analyses "
                            + "(an iteration count of 0, NaN, or a magnitude beyond 1e-140 to 1e140)");
                }
                samples.computeIfAbsent(name, k -> new ArrayList<>()).add(perIteration);
                units.put(name, f.get(6));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new InputException(file + ": cannot be read (" + e.getMessage() + ")");
        } catch (CsvParseException e) {
            throw new InputException(file + ": not a CSV file criterion wrote (" + e.getMessage() + ")");
        }
        List<Series> out = new ArrayList<>();
        samples.forEach((name, values) -> out.add(new Series(
                file,
                name + " (" + units.get(name) + " per iteration)",
                values.stream().mapToDouble(Double::doubleValue).toArray())));
        return out;
    }

    private static boolean startsWithCriterionHeader(Path file) {
        try (var in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(CRITERION_HEADER.length());
            return new String(head, java.nio.charset.StandardCharsets.US_ASCII).equals(CRITERION_HEADER);
        } catch (IOException e) {
            return false;
        }
    }

    private static double[] numbers(String source, JsonNode array, String what) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = array.get(i);
            if (!v.isNumber() || !Double.isFinite(v.asDouble()) || !Magnitude.inRange(v.asDouble())) {
                throw new InputException(source + ": " + what + " holds '" + v + "' at " + i
                        + ", not a finite number Pilot analyses (0, or magnitudes from 1e-140 to 1e140)");
            }
            out[i] = array.get(i).asDouble();
        }
        return out;
    }

    private static boolean startsWithJson(Path file) {
        try (var in = Files.newInputStream(file)) {
            int c = in.read();
            if (c == 0xEF && in.read() == 0xBB && in.read() == 0xBF) {
                c = in.read(); // a UTF-8 byte order mark (Windows tools write one): JSON after it was read as CSV
            }
            while (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                c = in.read();
            }
            return c == '{' || c == '[';
        } catch (IOException e) {
            return false;
        }
    }
}
