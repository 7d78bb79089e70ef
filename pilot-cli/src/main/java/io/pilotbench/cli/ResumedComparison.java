package io.pilotbench.cli;

import io.pilotbench.core.api.InterleavedComparison;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.RecordedCommand;
import io.pilotbench.report.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code pilot compare --resume DIR}: goes on with an interrupted (or limited) live comparison, with the commands,
 * PIs, names, baseline and order recorded in DIR; each workload's session resumes where it stopped, and the schedule
 * goes on counting cycles. Precision, limit and gate options given now replace the recorded ones (the limits count
 * from the resume).
 */
final class ResumedComparison {
    /** What is recorded and so cannot be given again. */
    private static final String[] FIXED = {"--name", "--baseline", "--metric", "--shuffle", "--output",
        "--higher-is-better", "--lower-is-better", "--column", "--delimiter", "--unit"};

    private final CompareCommand cmd;

    ResumedComparison(CompareCommand command) {
        this.cmd = command;
    }

    int run(Gate gate, Format outputFormat) throws IOException, InterruptedException {
        if (!cmd.args.isEmpty()) {
            throw new IllegalArgumentException("--resume runs the recorded commands; do not give any ('"
                    + String.join(" ", cmd.args) + "')");
        }
        List<String> fixed = new ArrayList<>(List.of(FIXED));
        fixed.addAll(List.of(ProcessOptions.RECORDED));
        for (String option : fixed) {
            if (cmd.given(option)) {
                throw new IllegalArgumentException(option + " cannot change when a comparison is resumed; start a new "
                        + "one instead");
            }
        }
        Path dir = Path.of(cmd.resume);
        Path recordFile = dir.resolve(LiveComparison.RECORD);
        if (!Files.isRegularFile(recordFile)) {
            throw new InputException(cmd.resume + " is not a live comparison's directory (no " + LiveComparison.RECORD
                    + "); give the -o directory of a pilot compare -- A ::: B");
        }
        try (DirectoryLock lock = DirectoryLock.acquire(dir, "comparison")) {
            return resume(dir, read(recordFile), gate, outputFormat);
        }
    }

    private int resume(Path dir, JsonNode record, Gate gate, Format outputFormat) throws IOException,
            InterruptedException {
        List<String> names = strings(record, "workloads");
        List<String> sessionDirs = record.has("sessions") ? strings(record, "sessions") : numbered(dir, names.size());
        if (sessionDirs.size() != names.size()) {
            throw new InputException(dir.resolve(LiveComparison.RECORD) + ": " + names.size() + " workloads but "
                    + sessionDirs.size() + " sessions; restore the file or start a new comparison");
        }
        CompareSettings settings = settings(record);
        String baseline = record.path("baseline").isString() ? record.get("baseline").asString() : null;
        Contender base = baseline == null ? null : new LiveComparison(cmd).baselineContender(baseline);
        ProcessLauncher launcher = ProcessLauncher.best();
        PrintWriter err = cmd.spec.commandLine().getErr();
        List<InterleavedComparison.Entry> entries = new ArrayList<>();
        long overhead = -1;
        try {
            for (int i = 0; i < names.size(); i++) {
                Path sessionDir = dir.resolve(sessionDirs.get(i));
                if (!SessionReader.isSession(sessionDir)) {
                    throw new InputException(SessionReader.whyNotASession(sessionDir));
                }
                RecordedCommand recorded = RecordedCommand.read(sessionDir);
                if (overhead < 0) {
                    overhead = ProcessOptions.calibrate(launcher, recorded.shell(), cmd.report.quiet ? null : err);
                }
                List<PerformanceIndex> pis = ProcessOptions.specs(recorded.pis()).stream()
                        .map(io.pilotbench.process.PiSpec::pi).toList();
                Session session = Session.resume(sessionDir, cmd.sessionOptions.overrides(SessionSettings.builder()
                        .pis(pis).build()));
                entries.add(new InterleavedComparison.Entry(names.get(i), session,
                        cmd.process.workload(recorded, launcher, sessionDir, overhead)));
            }
        } catch (IOException | RuntimeException e) {
            for (InterleavedComparison.Entry opened : entries) {
                opened.session().close();
            }
            throw e;
        }
        SessionSettings sessionSettings = entries.get(0).session().settings();
        String piName = record.path("pi").isString() ? record.get("pi").asString()
                : sessionSettings.pis().get(0).name();
        PerformanceIndex pi = sessionSettings.pis().stream().filter(p -> p.name().equals(piName)).findFirst()
                .orElseThrow(() -> new InputException(dir.resolve(LiveComparison.RECORD) + ": the PI '" + piName
                        + "' is not among the sessions' PIs"));
        Direction direction = record.path("direction").isString()
                ? Direction.valueOf(record.get("direction").asString().toUpperCase(Locale.ROOT)) : Direction.of(pi);
        Long seed = record.path("shuffleSeed").isNumber() ? record.get("shuffleSeed").asLong() : null;
        return new LiveComparison(cmd).interleave(dir, entries, base, settings, direction, piName, sessionSettings,
                gate, outputFormat, seed, lastCycle(dir.resolve("schedule.csv")) + 1, secondsBefore(dir, entries), err);
    }

    /**
     * The time the comparison ran before: as its last report (comparison.json) recorded it, or, when it was killed
     * before writing one, the rounds' time.
     */
    private static double secondsBefore(Path dir, List<InterleavedComparison.Entry> entries) {
        Path report = dir.resolve("comparison.json");
        try {
            if (java.nio.file.Files.isRegularFile(report)) {
                JsonNode seconds = JsonMappers.plain().readTree(java.nio.file.Files.readString(report)).path("seconds");
                if (seconds.isNumber() && seconds.asDouble() >= 0) {
                    return seconds.asDouble();
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable report: fall back on the rounds
        }
        return entries.stream().mapToDouble(e -> e.session().result().seconds()).sum();
    }

    /** The recorded settings, with those given now in their place. */
    private CompareSettings settings(JsonNode r) {
        CompareSettings given = cmd.compareSettings();
        CompareSettings s = CompareSettings.DEFAULTS;
        s = s.withConfidence(cmd.given("--confidence") ? given.confidence() : r.path("confidence").asDouble(
                s.confidence()));
        s = s.withAlpha(cmd.given("--alpha") ? given.alpha() : r.path("alpha").asDouble(s.alpha()));
        s = s.withEquivalence(cmd.given("--equivalence") ? given.equivalence() : r.path("equivalence").asDouble(
                s.equivalence()));
        s = s.withTest(cmd.given("--test") ? given.test() : r.path("test").isString()
                ? CompareSettings.Test.valueOf(r.get("test").asString().toUpperCase(Locale.ROOT)) : s.test());
        return s.withRequireCiTarget(cmd.given("--each-ci-target") || cmd.given("--no-ci-target")
                ? given.requireCiTarget() : r.path("ciTarget").asBoolean(s.requireCiTarget()));
    }

    private static JsonNode read(Path file) {
        try {
            return JsonMappers.plain().readTree(Files.readString(file));
        } catch (IOException | JacksonException e) {
            String why = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
            throw new InputException(file + ": cannot be read (" + String.valueOf(why).lines().findFirst().orElse("")
                    + "); restore it, or start a new comparison");
        }
    }

    private static List<String> strings(JsonNode record, String field) {
        JsonNode n = record.get(field);
        if (n == null || !n.isArray() || n.isEmpty()) {
            throw new InputException(LiveComparison.RECORD + ": '" + field + "' is missing; restore the file, or start "
                    + "a new comparison");
        }
        List<String> out = new ArrayList<>();
        n.forEach(x -> out.add(x.asString()));
        return out;
    }

    /** Session directories of a record written before they were listed: "1-…", "2-…", in order. */
    private static List<String> numbered(Path dir, int count) throws IOException {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String prefix = i + "-";
            try (var s = Files.list(dir)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).findFirst()
                        .ifPresent(out::add);
            }
        }
        return out;
    }

    /** The last cycle in schedule.csv, or -1. */
    private static int lastCycle(Path schedule) throws IOException {
        if (!Files.exists(schedule)) {
            return -1;
        }
        int last = -1;
        for (String line : Files.readAllLines(schedule)) {
            int comma = line.indexOf(',');
            if (comma > 0 && Character.isDigit(line.charAt(0))) {
                try {
                    last = Math.max(last, Integer.parseInt(line.substring(0, comma)));
                } catch (NumberFormatException e) {
                    // a line cut by a kill: ignore it
                }
            }
        }
        return last;
    }
}
