package io.pilotbench.core.store;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.pilotbench.core.input.ByteLines;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
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

        // readings and unit readings first, into arrays that grow with the largest round seen; then the rounds,
        // each built as its row is parsed. Nothing of a row outlives it: holding every round row's fields until the
        // end made a 10^6-round session spend most of its reading time in the garbage collector.
        double[][] readings = new double[Math.max(1, pis)][];
        for (int p = 0; p < readings.length; p++) {
            readings[p] = new double[1024];
            Arrays.fill(readings[p], Double.NaN);
        }
        Path readingsFile = dir.resolve(SessionFiles.READINGS);
        forEachRow(readingsFile, SessionFiles.READINGS_HEADER.length, r -> {
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
        // per round and PI: the unit readings (null until the first one)
        List<double[][]> unitValues = new ArrayList<>();
        List<int[]> unitCounts = new ArrayList<>();
        Path unitsFile = dir.resolve(SessionFiles.UNIT_READINGS);
        forEachRow(unitsFile, SessionFiles.UNIT_READINGS_HEADER.length, r -> {
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
        List<Round> rounds = new ArrayList<>();
        Path roundsFile = dir.resolve(SessionFiles.ROUNDS);
        forEachRow(roundsFile, SessionFiles.ROUNDS_HEADER.length, r -> {
            int i = rounds.size();
            String where = roundsFile + ":" + r.getStartingLineNumber();
            double[] values = new double[pis];
            for (int p = 0; p < pis; p++) {
                values[p] = i < readings[p].length ? readings[p][i] : Double.NaN;
            }
            double[][] u = new double[pis][];
            for (int p = 0; p < pis; p++) {
                double[] a = i < unitValues.size() ? unitValues.get(i)[p] : null;
                u[p] = a == null ? NO_UNITS : Arrays.copyOf(a, unitCounts.get(i)[p]);
            }
            try {
                if (Integer.parseInt(r.getField(0)) != i) {
                    throw new InputException(where + ": round " + r.getField(0) + " where round " + i
                            + " was expected");
                }
                String exit = r.getField(5);
                String message = r.getField(9);
                rounds.add(new Round(i, Long.parseLong(r.getField(1)), instant(r.getField(2)),
                        Long.parseLong(r.getField(3)), RoundStatus.valueOf(r.getField(4).toUpperCase(Locale.ROOT)),
                        values, u, exit.isEmpty() ? null : Integer.valueOf(exit), optLong(r.getField(6)),
                        optLong(r.getField(7)), optLong(r.getField(8)), message.isEmpty() ? null : message));
            } catch (RuntimeException e) {
                if (e instanceof InputException ie) {
                    throw ie;
                }
                throw new InputException(where + ": malformed round row (" + firstLine(e) + ")");
            }
        });
        int n = rounds.size();
        // rows of a round that was being written when the session stopped (its rounds.csv row is missing)
        int[] discarded = {0};
        for (int p = 0; p < pis; p++) {
            for (int i = n; i < readings[p].length; i++) {
                discarded[0] += Double.isNaN(readings[p][i]) ? 0 : 1; // number() admits no NaN
            }
        }
        for (int i = n; i < unitCounts.size(); i++) {
            for (int c : unitCounts.get(i)) {
                discarded[0] += c;
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

    private static final double[] NO_UNITS = new double[0];

    /**
     * A round's start as the journal writes it ({@link Instant#toString()}: {@code 2026-11-24T08:00:00.123456789Z},
     * the fraction optional), parsed directly: {@link Instant#parse} builds a map of fields per call and was most of
     * the time of reading a 10^6-round session. Any other form goes to {@link Instant#parse}.
     */
    static Instant instant(String s) {
        int len = s.length();
        if (len < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':' || s.charAt(len - 1) != 'Z') {
            return Instant.parse(s);
        }
        int nanos = 0;
        if (len > 20) {
            if (s.charAt(19) != '.' || len - 21 > 9 || len - 21 < 1) {
                return Instant.parse(s);
            }
            int digits = len - 21;
            nanos = digits(s, 20, len - 1);
            for (int i = digits; i < 9; i++) {
                nanos *= 10;
            }
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        int hour = digits(s, 11, 13);
        int minute = digits(s, 14, 16);
        int second = digits(s, 17, 19);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || nanos < 0) {
            return Instant.parse(s);
        }
        // LocalDate.of validates the calendar (February 30 throws as Instant.parse would)
        long epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
        if (hour > 23 || minute > 59 || second > 59) {
            return Instant.parse(s);
        }
        return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
    }

    /** The decimal number in s[from, to), or −1 when a character is not a digit. */
    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** A row of a session table: its fields and where it starts. */
    interface Row {
        String getField(int index);

        int getFieldCount();

        long getStartingLineNumber();
    }

    /** A row split at its commas (the journal quotes only messages, and a line with a quote goes to FastCSV). */
    private record PlainRow(String[] fields, long line) implements Row {
        @Override
        public String getField(int index) {
            return fields[index];
        }

        @Override
        public int getFieldCount() {
            return fields.length;
        }

        @Override
        public long getStartingLineNumber() {
            return line;
        }
    }

    /**
     * Calls {@code action} on every complete row after the header, read as a stream of lines ({@link ByteLines}): the
     * files of a 10^6-round session were read whole into one String and parsed from it, most of {@code pilot report}'s
     * time on such a session. A last line without its line end was cut mid-write and is ignored. A line with a quote
     * (a message with a comma) is parsed by FastCSV.
     */
    private static void forEachRow(Path file, int fields, Consumer<Row> action) {
        try (InputStream in = Files.newInputStream(file)) {
            ByteLines lines = new ByteLines(file.toString(), in);
            boolean header = true;
            String[] split = new String[fields];
            while (lines.next()) {
                if (!lines.terminated()) {
                    break;
                }
                if (header) {
                    header = false;
                    continue;
                }
                if (lines.end() == lines.start()) {
                    continue;
                }
                String text = lines.text();
                Row row = text.indexOf('"') >= 0 ? quoted(file, text, lines.number()) : plain(text, split,
                        lines.number());
                if (row.getFieldCount() != fields) {
                    throw new InputException(file + ":" + row.getStartingLineNumber() + ": " + row.getFieldCount()
                            + " fields where " + fields + " were expected" + DAMAGED);
                }
                action.accept(row);
            }
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": missing from the session directory");
        } catch (IOException e) {
            throw new InputException(file + ": cannot be read (" + firstLine(e) + ")");
        }
    }

    /** The fields of a line without quotes; a line with another number of fields than expected keeps them all. */
    private static Row plain(String text, String[] split, long line) {
        int n = 0;
        int from = 0;
        for (int i = text.indexOf(','); i >= 0; i = text.indexOf(',', from)) {
            if (n == split.length) {
                n++;
                break;
            }
            split[n++] = text.substring(from, i);
            from = i + 1;
        }
        if (n < split.length) {
            split[n++] = text.substring(from);
        } else {
            n = text.split(",", -1).length; // more fields than expected: only the count matters (an error follows)
            return new PlainRow(new String[n], line);
        }
        return new PlainRow(n == split.length ? split.clone() : java.util.Arrays.copyOf(split, n), line);
    }

    private static Row quoted(Path file, String text, long line) {
        try {
            Iterator<CsvRecord> it = CsvReader.builder().allowExtraFields(true).allowMissingFields(true)
                    .ofCsvRecord(text + "\n").iterator();
            CsvRecord r = it.next();
            if (it.hasNext()) {
                throw new InputException(file + ":" + line + ": a quoted field does not end on its line" + DAMAGED);
            }
            return new PlainRow(r.getFields().toArray(String[]::new), line);
        } catch (CsvParseException e) {
            throw new InputException(file + ":" + line + ": cannot be read as CSV (" + firstLine(e) + ")" + DAMAGED);
        }
    }

    private static int integer(Row r, int field, Path file) {
        try {
            return Integer.parseInt(r.getField(field));
        } catch (NumberFormatException e) {
            throw new InputException(file + ":" + r.getStartingLineNumber() + ": field " + (field + 1) + " '"
                    + r.getField(field) + "' is not a whole number");
        }
    }

    private static int pi(Row r, int pis, Path file) {
        int pi = integer(r, 1, file);
        if (pi < 0 || pi >= pis) {
            throw new InputException(file + ":" + r.getStartingLineNumber() + ": PI " + pi + " does not exist (the "
                    + "session has " + pis + ")");
        }
        return pi;
    }

    private static double number(Row r, int field, Path file) {
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
