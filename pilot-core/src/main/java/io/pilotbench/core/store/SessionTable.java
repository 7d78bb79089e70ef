package io.pilotbench.core.store;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.pilotbench.core.input.ByteLines;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * The rows of a session's CSV tables as {@link SessionReader} reads them: line by line from a byte buffer, fields as
 * offsets and numbers parsed in place, so that a 10^6-round session is read without 15 objects a round.
 */
final class SessionTable {
    private SessionTable() {}

    /**
     * A round's start as the journal writes it ({@link Instant#toString()}: {@code 2026-11-24T08:00:00.123456789Z},
     * the fraction optional), parsed directly: {@link Instant#parse} builds a map of fields per call and was most of
     * the time of reading a 10^6-round session. Any other form goes to {@link Instant#parse}.
     */
    static Instant instant(String s) {
        int len = s.length();
        if (len < 20
                || s.charAt(4) != '-'
                || s.charAt(7) != '-'
                || s.charAt(10) != 'T'
                || s.charAt(13) != ':'
                || s.charAt(16) != ':'
                || s.charAt(len - 1) != 'Z') {
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

    /** {@link #instant(String)} from bytes, or null when they are not in the journal's form (the caller falls back). */
    static Instant instant(byte[] b, int from, int to) {
        int len = to - from;
        if (len < 20
                || b[from + 4] != '-'
                || b[from + 7] != '-'
                || b[from + 10] != 'T'
                || b[from + 13] != ':'
                || b[from + 16] != ':'
                || b[to - 1] != 'Z') {
            return null;
        }
        int nanos = 0;
        if (len > 20) {
            if (b[from + 19] != '.' || len - 21 > 9 || len - 21 < 1) {
                return null;
            }
            nanos = digits(b, from + 20, to - 1);
            for (int i = len - 21; i < 9; i++) {
                nanos *= 10;
            }
        }
        int year = digits(b, from, from + 4);
        int month = digits(b, from + 5, from + 7);
        int day = digits(b, from + 8, from + 10);
        int hour = digits(b, from + 11, from + 13);
        int minute = digits(b, from + 14, from + 16);
        int second = digits(b, from + 17, from + 19);
        if (year < 0
                || month < 1
                || month > 12
                || day < 1
                || day > 31
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59
                || nanos < 0) {
            return null;
        }
        long epochDay;
        try {
            epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
        } catch (java.time.DateTimeException e) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
    }

    private static int digits(byte[] b, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
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

    /** A row of a session table: its fields and where it starts. Valid only during the call it is given to. */
    interface Row {
        String getField(int index);

        int getFieldCount();

        long getStartingLineNumber();

        default long longField(int index) {
            return Long.parseLong(getField(index));
        }

        default double doubleField(int index) {
            return Double.parseDouble(getField(index));
        }

        default boolean isEmpty(int index) {
            return getField(index).isEmpty();
        }

        /** The field if it is exactly {@code s} (ASCII), compared without making a String. */
        default boolean fieldIs(int index, String s) {
            return getField(index).equals(s);
        }

        default Instant instantField(int index) {
            return instant(getField(index));
        }
    }

    /** A row split at its commas (a line with a quote goes to FastCSV). */
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
     * A row read in place from the line buffer: fields are offsets, numbers are parsed from the bytes, and a String
     * is made only for a field asked for as one (a message, an error). A 10^6-round session made 15 objects a round
     * with a String per field; its reading spent 0.9 s in the garbage collector.
     */
    private static final class ByteRow implements Row {
        private final int[] from;
        private final int[] to;
        private byte[] bytes;
        private int count;
        private long line;

        ByteRow(int fields) {
            from = new int[fields + 1];
            to = new int[fields + 1];
        }

        /** Splits the current line at its commas; false when it has more fields than expected (counted apart). */
        void reset(ByteLines lines) {
            bytes = lines.buffer();
            line = lines.number();
            count = 0;
            int f = lines.start();
            for (int i = lines.start(); i < lines.end(); i++) {
                if (bytes[i] == ',') {
                    if (count < from.length) {
                        from[count] = f;
                        to[count] = i;
                    }
                    count++;
                    f = i + 1;
                }
            }
            if (count < from.length) {
                from[count] = f;
                to[count] = lines.end();
            }
            count++;
        }

        @Override
        public String getField(int index) {
            return new String(bytes, from[index], to[index] - from[index], StandardCharsets.ISO_8859_1);
        }

        @Override
        public int getFieldCount() {
            return count;
        }

        @Override
        public long getStartingLineNumber() {
            return line;
        }

        @Override
        public boolean isEmpty(int index) {
            return from[index] == to[index];
        }

        @Override
        public long longField(int index) {
            int i = from[index];
            int end = to[index];
            boolean negative = i < end && bytes[i] == '-';
            if (negative) {
                i++;
            }
            if (i == end || end - i > 18) {
                return Row.super.longField(index);
            }
            long v = 0;
            for (; i < end; i++) {
                int d = bytes[i] - '0';
                if (d < 0 || d > 9) {
                    return Row.super.longField(index); // throws with the field's text
                }
                v = v * 10 + d;
            }
            return negative ? -v : v;
        }

        @Override
        public double doubleField(int index) {
            try {
                return JavaDoubleParser.parseDouble(bytes, from[index], to[index] - from[index]);
            } catch (NumberFormatException e) {
                return Row.super.doubleField(index);
            }
        }

        @Override
        public boolean fieldIs(int index, String s) {
            int n = to[index] - from[index];
            if (n != s.length()) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (bytes[from[index] + i] != s.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Instant instantField(int index) {
            Instant fast = instant(bytes, from[index], to[index]);
            return fast != null ? fast : Row.super.instantField(index);
        }
    }

    /**
     * Calls {@code action} on every complete row after the header, read as a stream of lines ({@link ByteLines}): the
     * files of a 10^6-round session were read whole into one String and parsed from it, most of {@code pilot report}'s
     * time on such a session. A last line without its line end was cut mid-write and is ignored. A line with a quote
     * (a message with a comma) is parsed by FastCSV.
     */
    static void forEachRow(Path file, int fields, Consumer<Row> action) {
        try (InputStream in = Files.newInputStream(file)) {
            ByteLines lines = new ByteLines(file.toString(), in);
            boolean header = true;
            ByteRow fast = new ByteRow(fields);
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
                Row row;
                if (lines.ascii() && indexOf(lines, (byte) '"') < 0) {
                    fast.reset(lines);
                    row = fast;
                } else {
                    String text = lines.text();
                    row = text.indexOf('"') >= 0
                            ? quoted(file, text, lines.number())
                            : plain(text, split, lines.number());
                }
                if (row.getFieldCount() != fields) {
                    throw new InputException(file + ":" + row.getStartingLineNumber() + ": " + row.getFieldCount()
                            + " fields where " + fields + " were expected" + SessionReader.DAMAGED);
                }
                action.accept(row);
            }
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": missing from the session directory");
        } catch (IOException e) {
            throw new InputException(file + ": cannot be read (" + SessionReader.firstLine(e) + ")");
        }
    }

    private static int indexOf(ByteLines lines, byte b) {
        byte[] buffer = lines.buffer();
        for (int i = lines.start(); i < lines.end(); i++) {
            if (buffer[i] == b) {
                return i;
            }
        }
        return -1;
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
            Iterator<CsvRecord> it = CsvReader.builder()
                    .allowExtraFields(true)
                    .allowMissingFields(true)
                    .ofCsvRecord(text + "\n")
                    .iterator();
            CsvRecord r = it.next();
            if (it.hasNext()) {
                throw new InputException(
                        file + ":" + line + ": a quoted field does not end on its line" + SessionReader.DAMAGED);
            }
            return new PlainRow(r.getFields().toArray(String[]::new), line);
        } catch (CsvParseException e) {
            throw new InputException(file + ":" + line + ": cannot be read as CSV (" + SessionReader.firstLine(e) + ")"
                    + SessionReader.DAMAGED);
        }
    }
}
