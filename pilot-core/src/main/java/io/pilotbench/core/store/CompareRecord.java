package io.pilotbench.core.store;

import io.pilotbench.core.files.AtomicFiles;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@value #FILE}: what a live comparison compares and how — its workloads in the order given, their session
 * directories, the PI, its direction, the baseline, the settings and the shuffle's seed — written once when it
 * starts, so that the directory explains itself, and read by {@code pilot compare --resume} and {@code pilot report}.
 * It is separate from {@link ComparisonSummary} (comparison.json) because it says what was asked, never changes,
 * and exists before the first round; that one says what came out. The format: docs/formats.md.
 *
 * <p>A field an older record lacks (or holds in another type) reads as null; the lists are never null except
 * {@code sessions}, which records written before it existed lack.
 *
 * @param direction  "lower_is_better" or "higher_is_better"
 * @param baseline   the absolute path of the stored baseline session, or null
 * @param metric     the PI named by --metric, or null
 * @param test       "welch" or "pooled"
 * @param shuffleSeed the seed of the order within each cycle, or null for the order given
 * @param failIfSlower   the gate's tolerated slow-down as a fraction, or null for none (records before it: none)
 * @param failIfFaster   the gate's tolerated speed-up as a fraction, or null for none
 * @param driftAllowance the drift a stored baseline may differ by, as a fraction, or null (the default)
 */
public record CompareRecord(
        List<String> workloads,
        List<String> sessions,
        String pi,
        String direction,
        String baseline,
        String metric,
        Double confidence,
        Double alpha,
        Double equivalence,
        String test,
        Boolean ciTarget,
        Long shuffleSeed,
        Double failIfSlower,
        Double failIfFaster,
        Double driftAllowance) {
    /** The record's name in a comparison's directory. */
    public static final String FILE = "compare.json";

    public CompareRecord {
        workloads = List.copyOf(workloads);
        sessions = sessions == null ? null : List.copyOf(sessions);
    }

    /** Whether {@code directory} holds a record: it is a live comparison's directory. */
    public static boolean exists(Path directory) {
        return Files.isRegularFile(directory.resolve(FILE));
    }

    /** Writes the record into {@code directory} (atomically: a reader sees the old file or the new one). */
    public void write(Path directory) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workloads", workloads);
        m.put("sessions", sessions);
        m.put("pi", pi);
        m.put("direction", direction);
        m.put("baseline", baseline);
        m.put("metric", metric);
        m.put("confidence", confidence);
        m.put("alpha", alpha);
        m.put("equivalence", equivalence);
        m.put("test", test);
        m.put("ciTarget", ciTarget);
        m.put("shuffleSeed", shuffleSeed);
        // the gate's parts only where set: a record written before them is written again to the byte
        putIfSet(m, "failIfSlower", failIfSlower);
        putIfSet(m, "failIfFaster", failIfFaster);
        putIfSet(m, "driftAllowance", driftAllowance);
        AtomicFiles.write(directory.resolve(FILE), JsonMappers.indented().writeValueAsString(m) + "\n");
    }

    private static void putIfSet(Map<String, Object> m, String key, Double value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    /**
     * The record in {@code directory}.
     *
     * @throws InputException when it cannot be read, or lacks its workloads (or lists its sessions empty): one line
     */
    public static CompareRecord read(Path directory) {
        Path file = directory.resolve(FILE);
        JsonNode r;
        try {
            r = JsonMappers.plain().readTree(Files.readString(file));
        } catch (IOException | JacksonException e) {
            String why = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
            throw new InputException(file + ": cannot be read ("
                    + String.valueOf(why).lines().findFirst().orElse("") + "); restore it, or start a new comparison");
        }
        List<String> workloads = strings(r, "workloads");
        List<String> sessions = r.has("sessions") ? strings(r, "sessions") : null;
        return new CompareRecord(
                workloads,
                sessions,
                string(r, "pi"),
                string(r, "direction"),
                string(r, "baseline"),
                string(r, "metric"),
                number(r.path("confidence")),
                number(r.path("alpha")),
                number(r.path("equivalence")),
                string(r, "test"),
                bool(r.path("ciTarget")),
                r.path("shuffleSeed").isNumber() ? r.get("shuffleSeed").asLong() : null,
                number(r.path("failIfSlower")),
                number(r.path("failIfFaster")),
                number(r.path("driftAllowance")));
    }

    private static String string(JsonNode record, String field) {
        return record.path(field).isString() ? record.get(field).asString() : null;
    }

    /** The number a field holds or coerces to (as {@code asDouble(default)} would), or null. */
    private static Double number(JsonNode n) {
        double zero = n.asDouble(0);
        return zero == n.asDouble(1) ? zero : null;
    }

    /** The boolean a field holds or coerces to (as {@code asBoolean(default)} would), or null. */
    private static Boolean bool(JsonNode n) {
        boolean no = n.asBoolean(false);
        return no == n.asBoolean(true) ? no : null;
    }

    private static List<String> strings(JsonNode record, String field) {
        JsonNode n = record.get(field);
        if (n == null || !n.isArray() || n.isEmpty()) {
            throw new InputException(
                    FILE + ": '" + field + "' is missing; restore the file, or start a new " + "comparison");
        }
        List<String> out = new ArrayList<>();
        n.forEach(x -> out.add(x.asString()));
        return out;
    }
}
