package io.pilotbench.core.store;

import io.pilotbench.core.files.AtomicFiles;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code monitor.json}, what {@code pilot run --monitor} leaves in the session directory (paper §III-B; the format in
 * docs/formats.md), typed: its one writer and reader. The same object is the {@code monitor} entry of the run's JSON
 * report. It is apart from the monitors (pilot-process) because it is a file of the session directory, which core's
 * store owns, and holds only what was measured, not how.
 *
 * @param cut              the component under test, as the report names it, or null
 * @param utilizationLimit the utilisation above which another component is a suspect, a fraction
 * @param sessionDisk      the disk the session directory is on, or null when unknown
 * @param sampling         the sampling within rounds
 * @param components       every component's figures, in the monitors' order
 * @param suspects         the components other than the one under test that passed the limit
 * @param verdict          the report's utilisation lines
 */
public record MonitorFile(
        String cut,
        double utilizationLimit,
        String sessionDisk,
        Sampling sampling,
        List<Component> components,
        List<String> suspects,
        List<String> verdict) {
    /** The file's name in the session directory. */
    public static final String FILE = "monitor.json";

    public MonitorFile {
        components = List.copyOf(components);
        suspects = List.copyOf(suspects);
        verdict = List.copyOf(verdict);
    }

    /**
     * How often the monitors were read within a round: {@code rate} times a second (0: only around each round), and,
     * when {@code --monitor-rate auto} chose the rate, what it measured (null otherwise).
     */
    public record Sampling(double rate, Calibration calibration) {
        /** Whether --monitor-rate auto chose the rate. */
        public boolean auto() {
            return calibration != null;
        }
    }

    /**
     * What {@code --monitor-rate auto} measured at the rate it chose.
     *
     * @param overhead      the overhead measured, a fraction of a round's time
     * @param overheadCi    its 95% CI, low and high, or null when it has none
     * @param overheadLimit the largest overhead accepted, a fraction
     * @param withinLimit   whether the overhead is within the limit
     * @param ratesMeasured how many rates were measured
     * @param pairsPerRate  the pairs of rounds, with and without sampling, measured at each rate
     */
    public record Calibration(
            double overhead,
            List<Double> overheadCi,
            double overheadLimit,
            boolean withinLimit,
            int ratesMeasured,
            int pairsPerRate) {
        public Calibration {
            overheadCi = overheadCi == null ? null : List.copyOf(overheadCi);
        }
    }

    /**
     * A component's figures: its mean and peak utilisation (null for a network link of unknown speed, whose traffic
     * is given instead), the round of its peak, its traffic in bytes a second (null for any other), and whether it
     * is the component under test.
     */
    public record Component(
            String component, Double mean, Double peak, int peakRound, Double bytesPerSecond, boolean underTest) {}

    /** The file's JSON object, in the file's order of fields (the JSON report's {@code monitor} entry too). */
    public Map<String, Object> toMap() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Component u : components) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("component", u.component());
            c.put("mean", u.mean());
            c.put("peak", u.peak());
            c.put("peakRound", u.peakRound());
            if (u.bytesPerSecond() != null) {
                c.put("bytesPerSecond", u.bytesPerSecond());
            }
            c.put("underTest", u.underTest());
            list.add(c);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cut", cut);
        m.put("utilizationLimit", utilizationLimit);
        m.put("sessionDisk", sessionDisk);
        m.put("sampling", samplingMap(sampling));
        m.put("components", list);
        m.put("suspects", suspects);
        m.put("verdict", verdict);
        return m;
    }

    private static Map<String, Object> samplingMap(Sampling s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rate", s.rate());
        m.put("auto", s.auto());
        Calibration c = s.calibration();
        if (c != null) {
            m.put("overhead", c.overhead());
            m.put("overheadCi", c.overheadCi());
            m.put("overheadLimit", c.overheadLimit());
            m.put("withinLimit", c.withinLimit());
            m.put("ratesMeasured", c.ratesMeasured());
            m.put("pairsPerRate", c.pairsPerRate());
        }
        return m;
    }

    /** Writes it to {@code dir}/monitor.json, atomically: indented JSON and a final line break. */
    public void write(Path dir) throws IOException {
        AtomicFiles.write(dir.resolve(FILE), JsonMappers.indented().writeValueAsString(toMap()) + "\n");
    }

    /**
     * Reads {@code dir}/monitor.json.
     *
     * @throws InputException naming the file when it is missing or not such a file
     */
    public static MonitorFile read(Path dir) {
        Path file = dir.resolve(FILE);
        JsonNode m;
        try {
            m = JsonMappers.plain().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file; the session was run without --monitor");
        } catch (IOException | JacksonException e) {
            throw new InputException(file + ": cannot be read as JSON (" + SessionReader.firstLine(e) + ")");
        }
        try {
            List<Component> components = new ArrayList<>();
            for (JsonNode c : required(m, "components")) {
                components.add(new Component(
                        required(c, "component").asString(),
                        number(c, "mean"),
                        number(c, "peak"),
                        required(c, "peakRound").asInt(),
                        number(c, "bytesPerSecond"),
                        required(c, "underTest").asBoolean()));
            }
            return new MonitorFile(
                    text(m, "cut"),
                    required(m, "utilizationLimit").asDouble(),
                    text(m, "sessionDisk"),
                    sampling(required(m, "sampling")),
                    components,
                    strings(m, "suspects"),
                    strings(m, "verdict"));
        } catch (IllegalArgumentException e) {
            throw new InputException(file + ": " + e.getMessage());
        }
    }

    private static Sampling sampling(JsonNode s) {
        if (!required(s, "auto").asBoolean()) {
            return new Sampling(required(s, "rate").asDouble(), null);
        }
        List<Double> ci = null;
        if (s.hasNonNull("overheadCi")) {
            ci = List.of(
                    s.get("overheadCi").path(0).asDouble(),
                    s.get("overheadCi").path(1).asDouble());
        }
        return new Sampling(
                required(s, "rate").asDouble(),
                new Calibration(
                        required(s, "overhead").asDouble(),
                        ci,
                        required(s, "overheadLimit").asDouble(),
                        required(s, "withinLimit").asBoolean(),
                        required(s, "ratesMeasured").asInt(),
                        required(s, "pairsPerRate").asInt()));
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("field '" + field + "' is missing");
        }
        return v;
    }

    private static Double number(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asDouble() : null;
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asString() : null;
    }

    private static List<String> strings(JsonNode node, String field) {
        List<String> out = new ArrayList<>();
        required(node, field).forEach(n -> out.add(n.asString()));
        return out;
    }
}
