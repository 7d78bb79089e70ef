package io.pilotbench.core.store;

import io.pilotbench.core.files.AtomicFiles;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@value #FILE}: a live comparison's result, the JSON object of its report (the contract and the builder are
 * pilot-report's {@code ComparisonReport}, which also prints it for {@code --format json}), written when the
 * comparison ends and again when a resumed one ends; read back as the fields its readers use. It is separate from
 * {@link CompareRecord} (compare.json), which says what was asked and never changes. The format: docs/formats.md.
 *
 * <p>The reader is lenient: a field that is missing or of another type reads as null (or 0, or empty), so that a
 * reader that needs one field is not stopped by another.
 *
 * @param pi         the name of the PI compared
 * @param confidence the confidence level of the intervals
 * @param workloads  the workloads in the order given (a baseline first), with their rank
 * @param pairs      every pair compared
 * @param stopReason why it ended, in lower case ("target_met", "time_limit", …)
 * @param seconds    how long it ran, a resumed comparison's time before included
 */
public record ComparisonSummary(
        String pi,
        Double confidence,
        List<Workload> workloads,
        List<Pair> pairs,
        boolean decided,
        String stopReason,
        Double seconds) {
    /** The result's name in a comparison's directory. */
    public static final String FILE = "comparison.json";

    public ComparisonSummary {
        workloads = List.copyOf(workloads);
        pairs = List.copyOf(pairs);
    }

    /** A workload as the result ranks it: its sample size, mean, and where its data came from. */
    public record Workload(String name, int rank, long n, Double mean, String source) {}

    /**
     * Two workloads compared: a the earlier in the order given, b the later.
     *
     * @param verdict "a&lt;b", "a&gt;b", "equivalent" or "undecided"
     * @param ratio   a / b with its interval, or null
     */
    public record Pair(String a, String b, boolean adjacent, String verdict, Ratio ratio, Double anytimeP) {}

    /** A ratio and its interval; a bound that could not be computed is null. */
    public record Ratio(Double value, Double low, Double high) {}

    /**
     * Writes the report's JSON object into {@code directory} as {@value #FILE}, indented, atomically.
     *
     * @param report the report's JSON object, as maps and lists of plain values
     */
    public static void write(Path directory, Map<String, ?> report) throws IOException {
        AtomicFiles.write(directory.resolve(FILE), JsonMappers.indented().writeValueAsString(report) + "\n");
    }

    /**
     * The result in {@code directory}.
     *
     * @throws IOException    when it cannot be read
     * @throws InputException when it is not JSON: one line
     */
    public static ComparisonSummary read(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        JsonNode r;
        try {
            r = JsonMappers.plain().readTree(Files.readString(file));
        } catch (JacksonException e) {
            throw new InputException(file + ": not valid JSON ("
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("") + ")");
        }
        List<Workload> workloads = new ArrayList<>();
        for (JsonNode w : r.path("workloads")) {
            workloads.add(new Workload(
                    string(w.path("name")),
                    w.path("rank").asInt(0),
                    w.path("n").asLong(0),
                    number(w.path("mean")),
                    string(w.path("source"))));
        }
        List<Pair> pairs = new ArrayList<>();
        for (JsonNode p : r.path("pairs")) {
            JsonNode ratio = p.path("ratio");
            pairs.add(new Pair(
                    string(p.path("a")),
                    string(p.path("b")),
                    p.path("adjacent").asBoolean(false),
                    string(p.path("verdict")),
                    ratio.isObject()
                            ? new Ratio(
                                    number(ratio.path("value")), number(ratio.path("low")), number(ratio.path("high")))
                            : null,
                    number(p.path("anytimeP"))));
        }
        return new ComparisonSummary(
                string(r.path("pi").path("name")),
                number(r.path("settings").path("confidence")),
                workloads,
                pairs,
                r.path("decided").asBoolean(false),
                string(r.path("stopReason")),
                number(r.path("seconds")));
    }

    private static String string(JsonNode n) {
        return n.isString() ? n.asString() : null;
    }

    private static Double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }
}
