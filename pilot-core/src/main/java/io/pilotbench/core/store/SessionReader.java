package io.pilotbench.core.store;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads a session directory written by {@link SessionJournal} (any format version up to the current one). Only
 * complete lines count, and only rounds with a {@code rounds.csv} row: a session killed while writing a round reads
 * back as the rounds before it.
 */
public final class SessionReader {
    /** How to mend a damaged line of a session's table. */
    private static final String DAMAGED = "; the line is damaged: fix it, or delete it and the lines after it (the "
            + "rounds before it are intact, and pilot run --resume records the rest again)";
    private SessionReader() {
    }

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
                    + "or analyse the readings as plain data: pilot analyze -c reading " + dir.resolve(
                    SessionFiles.READINGS);
        }
        return dir + " is a directory but not a Pilot session (no " + SessionFiles.SESSION + ")";
    }

    /**
     * @throws InputException naming the file and line when the directory is not a readable session
     */
    public static StoredSession read(Path dir) {
        Path sessionFile = dir.resolve(SessionFiles.SESSION);
        JsonNode session;
        try {
            session = SessionJournal.JSON.readTree(Files.readString(sessionFile));
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
        SessionSettings settings;
        try {
            settings = SettingsJson.fromJson(session.path("settings"));
        } catch (IllegalArgumentException e) {
            throw new InputException(sessionFile + ": " + e.getMessage());
        }
        Instant started = instant(session, "started", sessionFile);
        Instant ended = session.path("ended").isString() ? instant(session, "ended", sessionFile) : null;
        int pis = settings.pis().size();

        List<Object[]> rows = new ArrayList<>();
        forEachRow(dir.resolve(SessionFiles.ROUNDS), SessionFiles.ROUNDS_HEADER.length, r -> rows.add(
                new Object[] {r.getStartingLineNumber(), r.getFields().toArray(String[]::new)}));
        int n = rows.size();
        double[][] readings = new double[n][pis];
        for (double[] r : readings) {
            Arrays.fill(r, Double.NaN);
        }
        int[][] unitCounts = new int[n][pis];
        int[] discarded = {0};
        Path readingsFile = dir.resolve(SessionFiles.READINGS);
        forEachRow(readingsFile, SessionFiles.READINGS_HEADER.length, r -> {
            int round = integer(r, 0, readingsFile);
            int pi = pi(r, pis, readingsFile);
            if (round >= n) {
                discarded[0]++;
                return;
            }
            readings[round][pi] = number(r, 2, readingsFile);
        });
        double[][][] unitValues = new double[n][pis][];
        for (int i = 0; i < n; i++) {
            for (int p = 0; p < pis; p++) {
                unitValues[i][p] = new double[8];
            }
        }
        Path unitsFile = dir.resolve(SessionFiles.UNIT_READINGS);
        forEachRow(unitsFile, SessionFiles.UNIT_READINGS_HEADER.length, r -> {
            int round = integer(r, 0, unitsFile);
            int pi = pi(r, pis, unitsFile);
            if (round >= n) {
                discarded[0]++;
                return;
            }
            int index = integer(r, 2, unitsFile);
            if (index != unitCounts[round][pi]) {
                throw new InputException(unitsFile + ":" + r.getStartingLineNumber() + ": unit reading " + index
                        + " of round " + round + " is out of order (expected " + unitCounts[round][pi] + ")");
            }
            double[] a = unitValues[round][pi];
            if (index == a.length) {
                unitValues[round][pi] = a = Arrays.copyOf(a, a.length * 2);
            }
            a[index] = number(r, 3, unitsFile);
            unitCounts[round][pi]++;
        });
        List<Round> rounds = new ArrayList<>();
        Path roundsFile = dir.resolve(SessionFiles.ROUNDS);
        for (int i = 0; i < n; i++) {
            long line = (long) rows.get(i)[0];
            String[] f = (String[]) rows.get(i)[1];
            String where = roundsFile + ":" + line;
            double[][] u = new double[pis][];
            for (int p = 0; p < pis; p++) {
                u[p] = Arrays.copyOf(unitValues[i][p], unitCounts[i][p]);
            }
            try {
                if (Integer.parseInt(f[0]) != i) {
                    throw new InputException(where + ": round " + f[0] + " where round " + i + " was expected");
                }
                rounds.add(new Round(i, Long.parseLong(f[1]), Instant.parse(f[2]), Long.parseLong(f[3]),
                        RoundStatus.valueOf(f[4].toUpperCase(Locale.ROOT)), readings[i], u,
                        f[5].isEmpty() ? null : Integer.valueOf(f[5]), optLong(f[6]), optLong(f[7]), optLong(f[8]),
                        f[9].isEmpty() ? null : f[9]));
            } catch (RuntimeException e) {
                if (e instanceof InputException ie) {
                    throw ie;
                }
                throw new InputException(where + ": malformed round row (" + firstLine(e) + ")");
            }
        }
        StopReason reason = null;
        if (session.path("stopReason").isString()) {
            try {
                reason = StopReason.valueOf(session.path("stopReason").asString().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InputException(sessionFile + ": unknown stopReason '" + session.path("stopReason")
                        .asString() + "'");
            }
        }
        return new StoredSession(dir, session.path("name").asString(""), settings, started, ended, rounds,
                discarded[0], reason);
    }

    private static void forEachRow(Path file, int fields, Consumer<CsvRecord> action) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": missing from the session directory");
        } catch (IOException e) {
            throw new InputException(file + ": cannot be read (" + firstLine(e) + ")");
        }
        int end = text.lastIndexOf('\n');
        text = end < 0 ? "" : text.substring(0, end + 1); // a line without its newline was cut mid-write
        boolean header = true;
        try {
            for (CsvRecord r : CsvReader.builder().allowExtraFields(true).allowMissingFields(true).ofCsvRecord(text)) {
                if (header) {
                    header = false;
                    continue;
                }
                if (r.getFieldCount() != fields) {
                    throw new InputException(file + ":" + r.getStartingLineNumber() + ": " + r.getFieldCount()
                            + " fields where " + fields + " were expected" + DAMAGED);
                }
                action.accept(r);
            }
        } catch (CsvParseException e) {
            throw new InputException(file + ": cannot be read as CSV (" + firstLine(e) + ")" + DAMAGED);
        }
    }

    private static int integer(CsvRecord r, int field, Path file) {
        try {
            return Integer.parseInt(r.getField(field));
        } catch (NumberFormatException e) {
            throw new InputException(file + ":" + r.getStartingLineNumber() + ": field " + (field + 1) + " '"
                    + r.getField(field) + "' is not a whole number");
        }
    }

    private static int pi(CsvRecord r, int pis, Path file) {
        int pi = integer(r, 1, file);
        if (pi < 0 || pi >= pis) {
            throw new InputException(file + ":" + r.getStartingLineNumber() + ": PI " + pi + " does not exist (the "
                    + "session has " + pis + ")");
        }
        return pi;
    }

    private static double number(CsvRecord r, int field, Path file) {
        try {
            double v = Double.parseDouble(r.getField(field));
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(file + ":" + r.getStartingLineNumber() + ": field " + (field + 1) + " '"
                + r.getField(field) + "' is not a finite number");
    }

    private static Long optLong(String s) {
        return s.isEmpty() ? null : Long.valueOf(s);
    }

    private static Instant instant(JsonNode session, String field, Path file) {
        try {
            return Instant.parse(session.path(field).asString());
        } catch (RuntimeException e) {
            throw new InputException(file + ": '" + field + "' is not a timestamp");
        }
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
