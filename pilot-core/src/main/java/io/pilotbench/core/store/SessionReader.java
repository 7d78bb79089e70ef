package io.pilotbench.core.store;

import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * Reads a session directory written by {@link SessionJournal} (any format version up to the current one). Only
 * complete lines count, and only rounds with a {@code rounds.csv} row: a session killed while writing a round reads
 * back as the rounds before it.
 */
public final class SessionReader {
    /** The file that makes a directory a session: its name, settings, environment and how it ended. */
    public static final String FILE = SessionFiles.SESSION;
    /** Every file of a session directory a person may open: its tables, then its records (docs/formats.md). */
    public static final List<String> DATA_FILES = List.of(
            SessionFiles.ROUNDS,
            SessionFiles.READINGS,
            SessionFiles.UNIT_READINGS,
            SessionFiles.SESSION,
            SessionFiles.RESULT);

    /** How to mend a damaged line of a session's table. */
    static final String DAMAGED = "; the line is damaged: fix it, or delete it and the lines after it (the "
            + "rounds before it are intact, and pilot run --resume records the rest again)";

    private SessionReader() {}

    /** Whether {@code path} looks like a session directory (it holds a {@code session.json}). */
    public static boolean isSession(Path path) {
        return Files.isDirectory(path) && Files.isRegularFile(path.resolve(SessionFiles.SESSION));
    }

    /**
     * Why {@code dir} is not a session, in one line with what to do: a directory that has a session's tables but lost
     * its {@code session.json} says how to recover what is in them.
     */
    public static String whyNotASession(Path dir) {
        if (!Files.exists(dir)) {
            return dir + ": no such directory";
        }
        if (!Files.isDirectory(dir)) {
            return dir + " is a file, not a Pilot session directory";
        }
        if (Files.isRegularFile(dir.resolve(SessionFiles.ROUNDS))) {
            return dir + ": " + SessionFiles.SESSION + " is missing, and with it the session's settings and PIs ("
                    + SessionFiles.ROUNDS + " and " + SessionFiles.READINGS + " are intact); restore it from a backup, "
                    + "or analyse the readings as plain data: pilot analyze -c reading "
                    + dir.resolve(SessionFiles.READINGS);
        }
        if (holdsNothing(dir)) {
            // Ctrl-C while a run was starting: its directory was made, nothing was written in it
            return dir + " holds no session, it is empty (a run interrupted as it started leaves such a directory: "
                    + "start it anew with -o " + dir + ")";
        }
        return dir + " is a directory but not a Pilot session (no " + SessionFiles.SESSION + ")";
    }

    /** Whether {@code dir} holds nothing but, perhaps, the lock file a run made. */
    private static boolean holdsNothing(Path dir) {
        try (java.util.stream.Stream<Path> entries = Files.list(dir)) {
            return entries.allMatch(p -> p.getFileName().toString().equals(DirectoryLock.FILE));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static final String[] TABLES = {SessionFiles.ROUNDS, SessionFiles.READINGS, SessionFiles.UNIT_READINGS};

    /**
     * Whether the session was cut off while it was being created (a full disk, a kill): its {@code session.json}
     * is there but some of its tables are not, and none of those that are holds a row. Such a session has zero
     * rounds, and its missing tables read as empty (a resume writes them); a missing table beside one that holds
     * rows is damage, and is refused, so that nothing recorded is lost.
     */
    private static boolean halfCreated(Path dir) {
        boolean missing = false;
        for (String t : TABLES) {
            Path f = dir.resolve(t);
            if (!Files.exists(f)) {
                missing = true;
            } else {
                boolean[] rows = {false};
                try {
                    SessionTable.forEachRow(f, 0, r -> rows[0] = true);
                } catch (InputException e) {
                    return false; // a row (of any width), or unreadable: leave it to the reading to say
                }
                if (rows[0]) {
                    return false;
                }
            }
        }
        return missing;
    }

    private static void forEachRow(
            boolean halfCreated, Path file, int fields, java.util.function.Consumer<SessionTable.Row> action) {
        if (!halfCreated || Files.exists(file)) {
            SessionTable.forEachRow(file, fields, action);
        }
    }

    /**
     * @throws InputException naming the file and line when the directory is not a readable session
     */
    public static StoredSession read(Path dir) {
        Path sessionFile = dir.resolve(SessionFiles.SESSION);
        JsonNode session = sessionJson(dir, sessionFile);
        SessionSettings settings;
        try {
            settings = SettingsJson.fromJson(session.path("settings"));
        } catch (IllegalArgumentException e) {
            throw new InputException(sessionFile + ": " + e.getMessage());
        }
        Instant started = instant(session, "started", sessionFile);
        Instant ended = session.path("ended").isString() ? instant(session, "ended", sessionFile) : null;
        int pis = settings.pis().size();
        boolean halfCreated = halfCreated(dir);

        // readings and unit readings first, into arrays that grow with the largest round seen; then the rounds,
        // each built as its row is parsed. Nothing of a row outlives it: holding every round row's fields until the
        // end made a 10^6-round session spend most of its reading time in the garbage collector.
        double[][] readings = readings(halfCreated, dir.resolve(SessionFiles.READINGS), pis);
        UnitReadings units = unitReadings(halfCreated, dir.resolve(SessionFiles.UNIT_READINGS), pis);
        List<Round> rounds = rounds(halfCreated, dir.resolve(SessionFiles.ROUNDS), pis, readings, units);
        return new StoredSession(
                dir,
                session.path("name").asString(""),
                settings,
                started,
                ended,
                rounds,
                discarded(rounds.size(), pis, readings, units),
                stopReason(session, sessionFile),
                elapsed(session),
                environment(session),
                session.path("stoppedBy").isString() ? session.path("stoppedBy").asString() : null);
    }

    /** The recorded environment as plain values, in the recorded order; null when there is none (or not an object). */
    private static Map<String, Object> environment(JsonNode session) {
        JsonNode env = session.path("environment");
        return env.isObject() ? SessionJournal.json().convertValue(env, PLAIN_OBJECT) : null;
    }

    private static final TypeReference<LinkedHashMap<String, Object>> PLAIN_OBJECT = new TypeReference<>() {};

    /** The parsed {@code session.json}, of a format version this Pilot reads. */
    private static JsonNode sessionJson(Path dir, Path sessionFile) {
        JsonNode session;
        try {
            session = SessionJournal.json().readTree(Files.readString(sessionFile));
        } catch (NoSuchFileException e) {
            throw new InputException(whyNotASession(dir));
        } catch (IOException | JacksonException e) {
            throw new InputException(sessionFile + ": cannot be read as JSON (" + firstLine(e) + ")");
        }
        int version = session.path("formatVersion").asInt(-1);
        if (version < 1 || version > SessionFiles.FORMAT_VERSION) {
            throw new InputException(sessionFile + ": format version " + session.path("formatVersion")
                    + " is not supported (this Pilot reads 1 to " + SessionFiles.FORMAT_VERSION + "); upgrade Pilot");
        }
        return session;
    }

    /** The readings, per PI and round: NaN where a round has none (past the last round, a round being written). */
    private static double[][] readings(boolean halfCreated, Path readingsFile, int pis) {
        double[][] readings = new double[Math.max(1, pis)][];
        for (int p = 0; p < readings.length; p++) {
            readings[p] = new double[1024];
            Arrays.fill(readings[p], Double.NaN);
        }
        forEachRow(halfCreated, readingsFile, SessionFiles.READINGS_HEADER.length, r -> {
            int round = integer(r, 0, readingsFile);
            int pi = pi(r, pis, readingsFile);
            if (round >= readings[pi].length) {
                for (int p = 0; p < readings.length; p++) {
                    int old = readings[p].length;
                    readings[p] = Arrays.copyOf(readings[p], Math.max(round + 1, old * 2));
                    Arrays.fill(readings[p], old, readings[p].length, Double.NaN);
                }
            }
            readings[pi][round] = number(r, 2, readingsFile);
        });
        return readings;
    }

    /**
     * The unit readings as read, per round and PI: {@code values} holds arrays that grow by doubling (null until the
     * first reading), {@code counts} how many of each array's values are readings.
     */
    private record UnitReadings(List<double[][]> values, List<int[]> counts) {}

    private static UnitReadings unitReadings(boolean halfCreated, Path unitsFile, int pis) {
        List<double[][]> unitValues = new ArrayList<>();
        List<int[]> unitCounts = new ArrayList<>();
        forEachRow(halfCreated, unitsFile, SessionFiles.UNIT_READINGS_HEADER.length, r -> {
            int round = integer(r, 0, unitsFile);
            int pi = pi(r, pis, unitsFile);
            while (unitValues.size() <= round) {
                unitValues.add(new double[pis][]);
                unitCounts.add(new int[pis]);
            }
            int index = integer(r, 2, unitsFile);
            int[] counts = unitCounts.get(round);
            if (index != counts[pi]) {
                throw new InputException(unitsFile + ":" + r.getStartingLineNumber() + ": unit reading " + index
                        + " of round " + round + " is out of order (expected " + counts[pi] + ")");
            }
            double[][] values = unitValues.get(round);
            double[] a = values[pi];
            if (a == null) {
                values[pi] = a = new double[8];
            } else if (index == a.length) {
                values[pi] = a = Arrays.copyOf(a, a.length * 2);
            }
            a[index] = number(r, 3, unitsFile);
            counts[pi]++;
        });
        return new UnitReadings(unitValues, unitCounts);
    }

    /** The rounds of {@code rounds.csv}, in order, each with its readings and unit readings. */
    private static List<Round> rounds(
            boolean halfCreated, Path roundsFile, int pis, double[][] readings, UnitReadings units) {
        List<Round> rounds = new ArrayList<>();
        forEachRow(halfCreated, roundsFile, SessionFiles.ROUNDS_HEADER.length, r -> {
            int i = rounds.size();
            double[] values = new double[pis];
            for (int p = 0; p < pis; p++) {
                values[p] = i < readings[p].length ? readings[p][i] : Double.NaN;
            }
            double[][] u = new double[pis][];
            for (int p = 0; p < pis; p++) {
                double[] a = i < units.values().size() ? units.values().get(i)[p] : null;
                u[p] = a == null ? NO_UNITS : Arrays.copyOf(a, units.counts().get(i)[p]);
            }
            try {
                if (r.longField(0) != i) {
                    throw new InputException(roundsFile + ":" + r.getStartingLineNumber() + ": round " + r.getField(0)
                            + " where round " + i + " was expected");
                }
                RoundStatus status = r.fieldIs(4, "ok")
                        ? RoundStatus.OK
                        : RoundStatus.valueOf(r.getField(4).toUpperCase(Locale.ROOT));
                rounds.add(new Round(
                        i,
                        r.longField(1),
                        r.instantField(2),
                        r.longField(3),
                        status,
                        values,
                        u,
                        r.isEmpty(5) ? null : (int) r.longField(5),
                        optLong(r, 6),
                        optLong(r, 7),
                        optLong(r, 8),
                        r.isEmpty(9) ? null : r.getField(9)));
            } catch (RuntimeException e) {
                if (e instanceof InputException ie) {
                    throw ie;
                }
                throw new InputException(
                        roundsFile + ":" + r.getStartingLineNumber() + ": malformed round row (" + firstLine(e) + ")");
            }
        });
        return rounds;
    }

    /**
     * The readings and unit readings of a round that was being written when the session stopped (its
     * {@code rounds.csv} row is missing), past the {@code n} rounds read.
     */
    private static int discarded(int n, int pis, double[][] readings, UnitReadings units) {
        int discarded = 0;
        for (int p = 0; p < pis; p++) {
            for (int i = n; i < readings[p].length; i++) {
                discarded += Double.isNaN(readings[p][i]) ? 0 : 1; // number() admits no NaN
            }
        }
        for (int i = n; i < units.counts().size(); i++) {
            for (int c : units.counts().get(i)) {
                discarded += c;
            }
        }
        return discarded;
    }

    private static StopReason stopReason(JsonNode session, Path sessionFile) {
        if (!session.path("stopReason").isString()) {
            return null;
        }
        try {
            return StopReason.valueOf(session.path("stopReason").asString().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InputException(sessionFile + ": unknown stopReason '"
                    + session.path("stopReason").asString() + "'");
        }
    }

    private static StoredSession.Elapsed elapsed(JsonNode session) {
        if (session.path("elapsed").path("seconds").isNumber()
                && session.path("elapsed").path("rounds").isInt()) {
            return new StoredSession.Elapsed(
                    session.path("elapsed").path("seconds").asDouble(),
                    session.path("elapsed").path("rounds").asInt());
        }
        return null;
    }

    private static final double[] NO_UNITS = new double[0];

    private static int integer(SessionTable.Row r, int field, Path file) {
        try {
            long v = r.longField(field);
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return (int) v;
        } catch (NumberFormatException e) {
            throw new InputException(file + ":" + r.getStartingLineNumber() + ": field " + (field + 1) + " '"
                    + r.getField(field) + "' is not a whole number");
        }
    }

    private static int pi(SessionTable.Row r, int pis, Path file) {
        int pi = integer(r, 1, file);
        if (pi < 0 || pi >= pis) {
            throw new InputException(file + ":" + r.getStartingLineNumber() + ": PI " + pi + " does not exist (the "
                    + "session has " + pis + ")");
        }
        return pi;
    }

    private static double number(SessionTable.Row r, int field, Path file) {
        try {
            double v = r.doubleField(field);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(file + ":" + r.getStartingLineNumber() + ": field " + (field + 1) + " '"
                + r.getField(field) + "' is not a finite number");
    }

    private static Long optLong(SessionTable.Row r, int field) {
        return r.isEmpty(field) ? null : r.longField(field);
    }

    private static Instant instant(JsonNode session, String field, Path file) {
        try {
            return Instant.parse(session.path(field).asString());
        } catch (RuntimeException e) {
            throw new InputException(file + ": '" + field + "' is not a timestamp");
        }
    }

    static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
