package io.pilotbench.core.api;

import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.store.CompareRecord;
import io.pilotbench.core.store.ComparisonSummary;
import io.pilotbench.core.store.DirectoryLock;
import io.pilotbench.core.store.SessionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A live comparison's directory, held (locked) by the one process that runs or resumes the comparison in it: the
 * record of what is compared (compare.json, written when it starts), one session directory per workload ("1-gzip",
 * "2-zstd"), the schedule of the rounds run ({@value #SCHEDULE}) and the result (comparison.json, written when it
 * ends). It sits beside {@link InterleavedComparison}, which runs the rounds and knows no files but its schedule: this
 * class holds what a comparison needs to be stopped and resumed — the names, the directories, the recorded settings,
 * the cycle and the time to go on from — so that a command line only parses, calls and prints. The format:
 * docs/formats.md.
 */
public final class ComparisonDirectory implements AutoCloseable {
    /** The separator of the commands of a live comparison: {@code A ::: B}. */
    public static final String SEPARATOR = ":::";

    /** Every round, {@code cycle,workload,round}, appended as it ends. */
    public static final String SCHEDULE = "schedule.csv";

    /**
     * What a new comparison compares and how, recorded in its directory.
     *
     * @param workloads   the workloads' names, unique, in the order given
     * @param pi          the name of the PI compared
     * @param baseline    the stored baseline session's directory, or null
     * @param metric      the PI named by the user, or null
     * @param shuffleSeed the seed of the order within each cycle, or null for the order given
     * @param gate        the gate the comparison ends with (recorded, so that a resumed one keeps it)
     */
    public record Plan(
            List<String> workloads,
            String pi,
            Direction direction,
            String baseline,
            String metric,
            CompareSettings settings,
            Long shuffleSeed,
            Gate gate) {
        public Plan {
            workloads = List.copyOf(workloads);
        }
    }

    private final Path directory;
    private final DirectoryLock lock;
    private final CompareRecord record;
    private final List<String> sessions;
    private final boolean resumed;
    private int firstCycle;

    private ComparisonDirectory(
            Path directory, DirectoryLock lock, CompareRecord record, List<String> sessions, boolean resumed) {
        this.directory = directory;
        this.lock = lock;
        this.record = record;
        this.sessions = List.copyOf(sessions);
        this.resumed = resumed;
    }

    /**
     * Claims {@code directory} (new, or empty) for a new comparison and records the plan in it.
     *
     * @throws InputException when the directory is not empty or another process holds it: one line
     */
    public static ComparisonDirectory create(Path directory, Plan plan) throws IOException {
        DirectoryLock lock = DirectoryLock.claimEmpty(directory, "comparison");
        try {
            List<String> sessions = new ArrayList<>();
            for (int i = 0; i < plan.workloads().size(); i++) {
                sessions.add(slug(plan.workloads().get(i), i));
            }
            CompareSettings s = plan.settings();
            CompareRecord record = new CompareRecord(
                    plan.workloads(),
                    sessions,
                    plan.pi(),
                    plan.direction().name().toLowerCase(Locale.ROOT),
                    plan.baseline() == null
                            ? null
                            : Path.of(plan.baseline())
                                    .toAbsolutePath()
                                    .normalize()
                                    .toString(),
                    plan.metric(),
                    s.confidence(),
                    s.alpha(),
                    s.equivalence(),
                    s.test().name().toLowerCase(Locale.ROOT),
                    s.requireCiTarget(),
                    plan.shuffleSeed(),
                    fraction(plan.gate().slower()),
                    fraction(plan.gate().faster()),
                    plan.gate().drift());
            record.write(directory);
            return new ComparisonDirectory(directory, lock, record, sessions, false);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Takes {@code directory}, a live comparison's (it holds compare.json), to resume the comparison.
     *
     * @throws InputException when another process holds it, or its record is unreadable or does not match its
     *                        session directories: one line
     */
    public static ComparisonDirectory resume(Path directory) throws IOException {
        DirectoryLock lock = DirectoryLock.acquire(directory, "comparison");
        try {
            CompareRecord record = CompareRecord.read(directory);
            List<String> names = record.workloads();
            List<String> sessions = record.sessions() != null ? record.sessions() : numbered(directory, names.size());
            if (sessions.size() != names.size()) {
                throw new InputException(directory.resolve(CompareRecord.FILE) + ": " + names.size()
                        + " workloads but " + sessions.size()
                        + " sessions; restore the file or start a new comparison");
            }
            return new ComparisonDirectory(directory, lock, record, sessions, true);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** The commands between {@value #SEPARATOR} separators in {@code args}; an empty one is an error. */
    public static List<List<String>> split(List<String> args) {
        List<List<String>> out = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String a : args) {
            if (a.equals(SEPARATOR)) {
                out.add(current);
                current = new ArrayList<>();
            } else {
                current.add(a);
            }
        }
        out.add(current);
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).isEmpty()) {
                throw new IllegalArgumentException("command " + (i + 1) + " of " + out.size() + " is empty: put a "
                        + "command on each side of ::: (pilot compare -- CMD_A ::: CMD_B)");
            }
        }
        return out;
    }

    /** {@code names} made unique, and distinct from {@code taken}, by appending #2, #3. */
    public static List<String> unique(List<String> names, Set<String> taken) {
        Set<String> seen = new HashSet<>(taken);
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String name = n;
            for (int i = 2; !seen.add(name); i++) {
                name = n + " #" + i;
            }
            out.add(name);
        }
        return out;
    }

    public Path directory() {
        return directory;
    }

    /** The workloads' names, in the order given. */
    public List<String> workloads() {
        return record.workloads();
    }

    /** The session directory of the {@code index}-th workload. */
    public Path sessionDirectory(int index) {
        return directory.resolve(sessions.get(index));
    }

    /** A new session for the {@code index}-th workload, in its directory. */
    public Session createSession(int index, SessionSettings settings, EnvironmentSnapshot environment)
            throws IOException {
        return Session.create(settings, sessionDirectory(index), workloads().get(index), environment);
    }

    /**
     * The session directory of the {@code index}-th workload, to resume.
     *
     * @throws InputException when it holds no session: one line
     */
    public Path recordedSession(int index) {
        Path dir = sessionDirectory(index);
        if (!SessionReader.isSession(dir)) {
            throw new InputException(SessionReader.whyNotASession(dir));
        }
        return dir;
    }

    /**
     * Contender {@code c}, workload {@code workload} of the live comparison recorded in {@code directory}, with its
     * samples by cycle as the schedule recorded them, so that a report compares it again cycle by cycle, as the
     * comparison did when it ran ({@code c} must be live: rounds could still be added, as then).
     *
     * @param stored the workload's session as recorded
     * @param result that session's analysis
     * @throws InputException when the schedule cannot be read: one line
     */
    public static Contender asRun(
            Path directory, String workload, Contender c, StoredSession stored, SessionResult result) {
        Map<String, List<Integer>> schedule;
        try {
            schedule = CycleSamples.schedule(directory.resolve(SCHEDULE));
        } catch (IOException | RuntimeException e) {
            throw new InputException(directory.resolve(SCHEDULE) + ": cannot read the comparison's schedule ("
                    + e.getMessage() + "); the rounds cannot be paired by cycle");
        }
        int pi = CycleSamples.piIndex(stored.settings(), c.pi().name());
        return c.withCycles(CycleSamples.of(
                stored.rounds(),
                stored.settings(),
                schedule.getOrDefault(workload, List.of()),
                result,
                pi,
                c.unitReadings()));
    }

    /** The stored baseline session's absolute directory, or null. */
    public String baseline() {
        return record.baseline();
    }

    /** The seed of the order within each cycle, or null for the order given. */
    public Long shuffleSeed() {
        return record.shuffleSeed();
    }

    /**
     * The PI recorded, among the sessions' PIs; the first of them when none is recorded.
     *
     * @throws InputException when the recorded PI is not among them
     */
    public PerformanceIndex pi(List<PerformanceIndex> measured) {
        String name = record.pi() != null ? record.pi() : measured.get(0).name();
        return measured.stream()
                .filter(p -> p.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new InputException(directory.resolve(CompareRecord.FILE) + ": the PI '" + name
                        + "' is not among the sessions' PIs"));
    }

    /** The direction recorded, or the PI's own. */
    public Direction direction(PerformanceIndex pi) {
        return record.direction() != null
                ? Direction.valueOf(record.direction().toUpperCase(Locale.ROOT))
                : Direction.of(pi);
    }

    /**
     * The settings recorded (the defaults for what an older record lacks), those of {@code given} in place of the
     * ones {@code replaced} names: "confidence", "alpha", "equivalence", "test", "ciTarget".
     */
    public CompareSettings settings(CompareSettings given, Set<String> replaced) {
        CompareSettings s = CompareSettings.DEFAULTS;
        s = s.withConfidence(
                replaced.contains("confidence") ? given.confidence() : or(record.confidence(), s.confidence()));
        s = s.withAlpha(replaced.contains("alpha") ? given.alpha() : or(record.alpha(), s.alpha()));
        s = s.withEquivalence(
                replaced.contains("equivalence") ? given.equivalence() : or(record.equivalence(), s.equivalence()));
        s = s.withTest(
                replaced.contains("test")
                        ? given.test()
                        : record.test() != null
                                ? CompareSettings.Test.valueOf(record.test().toUpperCase(Locale.ROOT))
                                : s.test());
        return s.withRequireCiTarget(
                replaced.contains("ciTarget")
                        ? given.requireCiTarget()
                        : record.ciTarget() != null ? record.ciTarget() : s.requireCiTarget());
    }

    /**
     * The recorded gate, but for the parts in {@code replaced} ("failIfSlower", "failIfFaster", "driftAllowance"),
     * which {@code given} replaces. A resumed comparison forgot its gate: one that had tripped, 1.26× slower, passed.
     */
    public Gate gate(Gate given, Set<String> replaced) {
        return new Gate(
                replaced.contains("failIfSlower") ? given.slower() : or(record.failIfSlower(), Double.NaN),
                replaced.contains("failIfFaster") ? given.faster() : or(record.failIfFaster(), Double.NaN),
                replaced.contains("driftAllowance") ? given.drift() : or(record.driftAllowance(), given.drift()));
    }

    private static Double fraction(double value) {
        return Double.isNaN(value) ? null : value;
    }

    /**
     * The comparison of {@code entries} (in the order of {@link #workloads()}), scheduled in {@value #SCHEDULE}, in
     * the recorded order; a resumed one goes on counting cycles and time from where it stopped.
     *
     * @param baseline a stored contender compared with, or null
     */
    public InterleavedComparison interleave(
            List<InterleavedComparison.Entry> entries,
            Contender baseline,
            CompareSettings settings,
            Direction direction,
            String piName)
            throws IOException {
        InterleavedComparison run = new InterleavedComparison(entries, baseline, settings, direction, piName)
                .schedule(directory.resolve(SCHEDULE));
        if (resumed) {
            firstCycle = lastCycle(directory.resolve(SCHEDULE)) + 1;
            run.firstCycle(firstCycle).secondsBefore(secondsBefore(entries));
        }
        if (record.shuffleSeed() != null) {
            run.shuffle(record.shuffleSeed());
        }
        return run;
    }

    /** The number of the first cycle {@link #interleave} runs: 0, or where a resumed comparison goes on. */
    public int firstCycle() {
        return firstCycle;
    }

    /** Writes the result, the report's JSON object (pilot-report's ComparisonReport), as comparison.json. */
    public void writeResult(Map<String, ?> report) throws IOException {
        ComparisonSummary.write(directory, report);
    }

    /** Lets the directory go: another process may resume the comparison. */
    @Override
    public void close() throws IOException {
        lock.close();
    }

    private static double or(Double value, double otherwise) {
        return value != null ? value : otherwise;
    }

    /** A directory name for a workload: "1-gzip", "2-zstd". */
    private static String slug(String name, int index) {
        String s = name.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^_+|_+$", "");
        return (index + 1) + "-" + (s.length() > 40 ? s.substring(0, 40) : s);
    }

    /**
     * The time the comparison ran before: as its last result (comparison.json) recorded it, or, when it was killed
     * before writing one, the rounds' time.
     */
    private double secondsBefore(List<InterleavedComparison.Entry> entries) {
        try {
            if (Files.isRegularFile(directory.resolve(ComparisonSummary.FILE))) {
                Double seconds = ComparisonSummary.read(directory).seconds();
                if (seconds != null && seconds >= 0) {
                    return seconds;
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable result: fall back on the rounds
        }
        return entries.stream().mapToDouble(e -> e.session().result().seconds()).sum();
    }

    /** Session directories of a record written before they were listed: "1-…", "2-…", in order. */
    private static List<String> numbered(Path dir, int count) throws IOException {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String prefix = i + "-";
            try (Stream<Path> s = Files.list(dir)) {
                s.map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith(prefix))
                        .findFirst()
                        .ifPresent(out::add);
            }
        }
        return out;
    }

    /** The last cycle in the schedule, or -1. */
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
