package io.pilotbench.core.store;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import io.pilotbench.core.files.AtomicFiles;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a session directory as the session runs, so that a killed process loses at most the round in progress.
 *
 * <pre>
 * session.json        format version, name, start/end, settings, environment   (rewritten atomically)
 * rounds.csv          round,work_amount,start,duration_ns,status,exit_code,user_cpu_ns,system_cpu_ns,peak_rss_bytes,message
 * readings.csv        round,pi,reading                  (no row for a PI without a reading)
 * unit_readings.csv   round,pi,index,value
 * result.json         the final analysis                                        (written at the end)
 * </pre>
 *
 * <p>Per round, the unit readings and readings are appended first and the {@code rounds.csv} row last, each file
 * flushed to the operating system: the {@code rounds.csv} row is the commit mark, and rows of a round without one are
 * ignored by {@link SessionReader} and dropped on {@link #resume}. Flushing (not fsync) survives a killed process;
 * a power cut may lose the last rounds the OS had not yet written.
 */
public final class SessionJournal implements Closeable {
    /** For reading session.json; made when first needed (writing goes through {@link PlainJson}). */
    static JsonMapper json() {
        return JsonMappers.plain();
    }

    private final Path directory;
    private final Map<String, Object> session;
    private final CsvWriter rounds;
    private final CsvWriter readings;
    private final CsvWriter unitReadings;
    private final DirectoryLock lock;

    private SessionJournal(Path directory, Map<String, Object> session, boolean fresh, DirectoryLock lock)
            throws IOException {
        this.directory = directory;
        this.session = session;
        this.lock = lock;
        this.unitReadings =
                open(directory.resolve(SessionFiles.UNIT_READINGS), fresh, SessionFiles.UNIT_READINGS_HEADER);
        this.readings = open(directory.resolve(SessionFiles.READINGS), fresh, SessionFiles.READINGS_HEADER);
        this.rounds = open(directory.resolve(SessionFiles.ROUNDS), fresh, SessionFiles.ROUNDS_HEADER);
    }

    /**
     * Creates a new session directory.
     *
     * @param directory   must not exist, or be empty
     * @param name        the workload's name or command line
     * @param environment the environment snapshot (any JSON-serialisable value), or null
     * @throws IllegalArgumentException when the directory exists and is not empty
     * @throws io.pilotbench.core.model.InputException when another process is writing it
     */
    public static SessionJournal create(
            Path directory, String name, SessionSettings settings, Object environment, Instant started)
            throws IOException {
        DirectoryLock lock = DirectoryLock.claimEmpty(directory, "session");
        try {
            return new SessionJournal(directory, header(directory, name, settings, environment, started), true, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static Map<String, Object> header(
            Path directory, String name, SessionSettings settings, Object environment, Instant started)
            throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("formatVersion", SessionFiles.FORMAT_VERSION);
        m.put("tool", "pilot");
        m.put("name", name);
        m.put("started", started.toString());
        m.put("ended", null);
        m.put("stopReason", null);
        m.put("settings", SettingsJson.toMap(settings));
        m.put("environment", environment);
        writeAtomically(directory.resolve(SessionFiles.SESSION), PlainJson.write(m));
        return m;
    }

    /**
     * Reopens a session directory to add rounds: drops the rows of a round that was being written when the session
     * stopped, and clears its end time and result.
     *
     * @param change applied to the recorded settings (to raise a limit, say); it must keep the PIs
     * @return the journal and the session as recorded
     */
    public static Resumed resume(Path directory, UnaryOperator<SessionSettings> change) throws IOException {
        DirectoryLock lock = DirectoryLock.acquire(directory, "session");
        try {
            return resume(directory, change, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static Resumed resume(Path directory, UnaryOperator<SessionSettings> change, DirectoryLock lock)
            throws IOException {
        StoredSession recorded = SessionReader.read(directory);
        SessionSettings settings = change.apply(recorded.settings());
        StoredSession stored = recorded.withSettings(settings);
        @SuppressWarnings("unchecked")
        Map<String, Object> session =
                json().readValue(Files.readString(directory.resolve(SessionFiles.SESSION)), LinkedHashMap.class);
        session.put("ended", null);
        session.put("stopReason", null);
        session.put("settings", SettingsJson.toMap(settings));
        writeAtomically(directory.resolve(SessionFiles.SESSION), PlainJson.write(session));
        Files.deleteIfExists(directory.resolve(SessionFiles.RESULT));
        // Rewrite the three tables with exactly the committed rounds, then append.
        Path tmp = Files.createTempDirectory(directory, ".resume");
        try {
            SessionJournal copy = new SessionJournal(tmp, session, true, null);
            for (Round r : stored.rounds()) {
                copy.append(r);
            }
            copy.close();
            for (String f : new String[] {SessionFiles.UNIT_READINGS, SessionFiles.READINGS, SessionFiles.ROUNDS}) {
                Files.move(
                        tmp.resolve(f),
                        directory.resolve(f),
                        StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            }
        } finally {
            try (Stream<Path> left = Files.list(tmp)) {
                for (Path p : left.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(tmp);
        }
        return new Resumed(new SessionJournal(directory, session, false, lock), stored);
    }

    /** A reopened journal and what it held. */
    public record Resumed(SessionJournal journal, StoredSession session) {}

    public Path directory() {
        return directory;
    }

    /** Appends one round and flushes it. */
    public void append(Round r) throws IOException {
        try {
            String round = Integer.toString(r.index());
            for (int pi = 0; pi < r.piCount(); pi++) {
                String p = Integer.toString(pi);
                double[] u = r.unitReadings(pi);
                for (int i = 0; i < u.length; i++) {
                    unitReadings.writeRecord(round, p, Integer.toString(i), Double.toString(u[i]));
                }
            }
            unitReadings.flush();
            for (int pi = 0; pi < r.piCount(); pi++) {
                if (!Double.isNaN(r.reading(pi))) {
                    readings.writeRecord(round, Integer.toString(pi), Double.toString(r.reading(pi)));
                }
            }
            readings.flush();
            rounds.writeRecord(
                    round,
                    Long.toString(r.workAmount()),
                    r.start().toString(),
                    Long.toString(r.durationNanos()),
                    r.status().name().toLowerCase(Locale.ROOT),
                    str(r.exitCode()),
                    str(r.userCpuNanos()),
                    str(r.systemCpuNanos()),
                    str(r.peakRssBytes()),
                    r.message() == null ? "" : r.message().replace('\n', ' '));
            rounds.flush();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Records the end: {@code result.json} with the given content, and the end time and stop reason in
     * {@code session.json}.
     *
     * @param result a JSON-serialisable value (maps, lists, numbers, strings)
     */
    public void finish(Instant ended, StopReason reason, Object result) throws IOException {
        finish(ended, reason, result, Double.NaN, 0);
    }

    /**
     * As above, also recording the session's elapsed time over all its runs, {@code seconds}, when it had
     * {@code rounds} rounds ({@code "elapsed": {"seconds", "rounds"}} in {@code session.json}): what a report of the
     * stored session gives as its duration, the same figure the live report gave.
     */
    public void finish(Instant ended, StopReason reason, Object result, double seconds, int rounds) throws IOException {
        finish(ended, reason, result, seconds, rounds, null);
    }

    /**
     * As above, also recording what ended the session when that was not Pilot's own stop rule ({@code "stoppedBy"}
     * in {@code session.json}, in words; left out when null).
     */
    public void finish(Instant ended, StopReason reason, Object result, double seconds, int rounds, String stoppedBy)
            throws IOException {
        writeAtomically(directory.resolve(SessionFiles.RESULT), PlainJson.write(result));
        session.put("ended", ended.toString());
        session.put("stopReason", reason.name().toLowerCase(Locale.ROOT));
        if (stoppedBy != null) {
            session.put("stoppedBy", stoppedBy);
        } else {
            session.remove("stoppedBy"); // a resumed session that Pilot's rule ends now
        }
        if (Double.isFinite(seconds)) {
            Map<String, Object> elapsed = new LinkedHashMap<>();
            elapsed.put("seconds", seconds);
            elapsed.put("rounds", rounds);
            session.put("elapsed", elapsed);
        }
        writeAtomically(directory.resolve(SessionFiles.SESSION), PlainJson.write(session));
    }

    /** Closes the files and releases the directory's lock. */
    @Override
    public void close() throws IOException {
        try (DirectoryLock l = lock) {
            unitReadings.close();
            readings.close();
            rounds.close();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static CsvWriter open(Path file, boolean fresh, String[] header) throws IOException {
        CsvWriter w = CsvWriter.builder()
                .lineDelimiter(LineDelimiter.LF)
                .build(
                        file,
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        fresh ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND,
                        StandardOpenOption.WRITE);
        if (fresh) {
            w.writeRecord(header);
            w.flush();
        }
        return w;
    }

    /** Writes a JSON document whole or not at all, with a final line break. */
    static void writeAtomically(Path file, String content) throws IOException {
        AtomicFiles.write(file, content + "\n");
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
    }
}
