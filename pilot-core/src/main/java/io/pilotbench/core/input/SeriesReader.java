package io.pilotbench.core.input;

import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Magnitude;
import io.pilotbench.core.model.Series;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Reads columns of numbers from text: one number per line, or CSV, TSV, semicolon- or whitespace-separated columns.
 *
 * <ul>
 *   <li>Blank lines and lines starting with {@code #} are skipped.</li>
 *   <li>The delimiter is detected from the first data line (comma, then tab, then semicolon, else whitespace) unless
 *       given. Quoted CSV fields (on one line) are understood (FastCSV).</li>
 *   <li>Decimal commas are never guessed: with {@code decimalComma} every number is read with a ',' as its decimal
 *       separator (and fields are separated by tabs, semicolons or white space); without it, a first data line whose
 *       ';' or tab fields are all decimal-comma numbers ("10,5;9,8") is read that way, with a notice, and a first
 *       data line of two integers joined by one comma ("10,5") is refused as ambiguous unless a delimiter is
 *       given.</li>
 *   <li>A first line whose selected fields are not numbers is taken as a header and skipped, with a notice; a column
 *       chosen by name needs such a header.</li>
 *   <li>Every line must have as many fields as the first one (a ragged file is an error), and every selected field
 *       must be a finite decimal number within {@link Magnitude}'s range.</li>
 *   <li>The input is read as a stream, one line at a time ({@link ByteLines}: lines of at most 1 MiB, no NUL, UTF-8),
 *       plain lines parsed in place without a String per line, and at most {@value #MAX_VALUES} values per column
 *       are kept.</li>
 * </ul>
 *
 * <p>Errors are {@link InputException}s whose message names the input, the line and the column.
 */
public final class SeriesReader {
    /** Field separators. */
    public enum Delimiter {
        AUTO,
        COMMA,
        TAB,
        SEMICOLON,
        WHITESPACE
    }

    /** The most values kept per column: 2²⁷ (1 GiB of doubles). */
    public static final int MAX_VALUES = 1 << 27;

    private final Delimiter delimiter;
    private final List<ColumnSelector> columns;
    private final boolean decimalComma;

    /**
     * @param delimiter the field separator, or AUTO
     * @param columns   the columns to read (at least one)
     */
    public SeriesReader(Delimiter delimiter, List<ColumnSelector> columns) {
        this(delimiter, columns, false);
    }

    /**
     * @param decimalComma numbers are written with a decimal comma ("10,5"); then fields are not separated by commas
     * @throws IllegalArgumentException for a decimal comma with the comma as delimiter
     */
    public SeriesReader(Delimiter delimiter, List<ColumnSelector> columns, boolean decimalComma) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("select at least one column");
        }
        if (decimalComma && delimiter == Delimiter.COMMA) {
            throw new IllegalArgumentException("--decimal-comma and --delimiter comma cannot go together: with a "
                    + "decimal comma, fields are separated by tabs, semicolons or white space");
        }
        this.delimiter = delimiter;
        this.columns = List.copyOf(columns);
        this.decimalComma = decimalComma;
    }

    /**
     * Reads a file ({@code "-"} is not special here: see {@link #read(String, InputStream, Consumer)}).
     *
     * @param notices receives one-line notices (e.g. a skipped header)
     */
    public List<Series> read(Path path, Consumer<String> notices) {
        String source = path.toString();
        if (Files.isDirectory(path)) {
            throw new InputException(source + ": is a directory; give a file of numbers");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return read(source, in, notices);
        } catch (NoSuchFileException e) {
            throw new InputException(source + ": no such file; check the path (use - to read standard input)");
        } catch (AccessDeniedException e) {
            throw new InputException(source + ": permission denied; check the file's permissions");
        } catch (IOException e) {
            throw new InputException(source + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** Reads a stream to its end; {@code source} names it in messages. */
    public List<Series> read(String source, InputStream in, Consumer<String> notices) throws IOException {
        ByteLines lines = new ByteLines(source, in);
        if (!nextData(lines)) {
            throw new InputException(source + ": no data (the input is empty or has only blank and # comment lines)");
        }
        String firstText = lines.text();
        Splitter firstSplitter = splitter(source, firstText, lines.number(), notices);
        Row first = new Row(lines.number(), firstSplitter.split(source, firstText, lines.number()));
        int width = first.fields.length;
        boolean named = columns.stream().anyMatch(ColumnSelector::byName);
        boolean header = named
                || columns.stream()
                        .anyMatch(c -> c.index() < width
                                && !looksNumeric(first.fields[c.index()], firstSplitter.decimalComma));
        Splitter splitter = firstSplitter;
        int[] indices = new int[columns.size()];
        String[] labels = new String[columns.size()];
        for (int k = 0; k < columns.size(); k++) {
            int index = index(source, columns.get(k), first);
            indices[k] = index;
            labels[k] = header ? first.fields[index].strip() : width > 1 ? "column " + index : "";
        }
        if (header && !named) {
            notices.accept(source + ":" + first.line + ": first line looks like a header and was skipped: \""
                    + shorten(String.join(",", first.fields)) + "\"");
        }
        DoubleList[] values = new DoubleList[columns.size()];
        Arrays.setAll(values, k -> new DoubleList());
        if (!header) {
            add(source, first, indices, labels, values, splitter.decimalComma);
        }
        FastLine fast = new FastLine(splitter.delimiter(), splitter.decimalComma(), width, indices);
        ThousandsCheck thousands = header || delimiter != Delimiter.AUTO || splitter.delimiter() != Delimiter.COMMA
                ? null // a header or --delimiter comma: the commas separate fields
                : ThousandsCheck.start(firstText);
        // after a header, the first data line decides the decimal comma ("x;y" then "10,5;9,8": the header has no
        // comma to tell, and "9,8" was "not a number")
        boolean decideComma =
                header && !decimalComma && delimiter == Delimiter.AUTO && splitter.delimiter() != Delimiter.COMMA;
        while (nextData(lines)) {
            if (decideComma) {
                decideComma = false;
                Splitter decided = afterHeader(source, lines, splitter, notices);
                if (decided != splitter) {
                    splitter = decided;
                    fast = new FastLine(splitter.delimiter(), true, width, indices);
                }
            }
            if (thousands != null && !thousands.see(lines.text())) {
                thousands = null; // a line that is not a grouped number: commas separate fields
            }
            if (fast.read(lines)) {
                for (int k = 0; k < indices.length; k++) {
                    values[k].add(source, fast.value(k));
                }
                continue;
            }
            // a line with quotes, non-ASCII text or anything wrong: read as text, with the messages that go with it
            Row row = new Row(lines.number(), splitter.split(source, lines.text(), lines.number()));
            if (row.fields.length != width) {
                throw new InputException(source + ":" + row.line + ": " + row.fields.length + " field"
                        + (row.fields.length == 1 ? "" : "s") + " where line " + first.line + " has " + width
                        + " (ragged input); every line needs the same number of fields");
            }
            add(source, row, indices, labels, values, splitter.decimalComma);
        }
        if (thousands != null && thousands.grouped()) {
            throw thousands.refusal(source, first.line);
        }
        List<Series> result = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            result.add(new Series(source, labels[k], values[k].toArray()));
        }
        return result;
    }

    /** The 0-based field of the first line that column {@code c} selects; a missing one is one line. */
    private static int index(String source, ColumnSelector c, Row first) {
        int width = first.fields.length;
        int index = c.byName() ? Arrays.asList(trimmed(first.fields)).indexOf(c.name()) : c.index();
        if (c.byName() && index < 0) {
            throw new InputException(source + ":" + first.line + ": no column named '" + c.name() + "' (the first "
                    + "line has " + describe(trimmed(first.fields)) + "); use a header name or a 0-based index");
        }
        if (index >= width) {
            throw new InputException(source + ":" + first.line + ": column " + index + " does not exist (the line "
                    + "has " + width + " field" + (width == 1 ? "" : "s") + ", so columns 0.." + (width - 1)
                    + "); choose one with --column");
        }
        return index;
    }

    /** Moves to the next line that is neither blank nor a # comment; false at the end. */
    private static boolean nextData(ByteLines lines) throws IOException {
        while (lines.next()) {
            byte[] b = lines.buffer();
            int i = lines.start();
            while (i < lines.end() && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\f')) {
                i++;
            }
            if (i < lines.end() && b[i] != '#') {
                return true;
            }
        }
        return false;
    }

    /** How lines split into fields, and whether numbers have decimal commas: decided on the first data line. */
    private Splitter splitter(String source, String firstLine, long lineNumber, Consumer<String> notices) {
        String s = firstLine.strip();
        if (decimalComma) {
            Delimiter d = delimiter != Delimiter.AUTO
                    ? delimiter
                    : s.indexOf('\t') >= 0
                            ? Delimiter.TAB
                            : s.indexOf(';') >= 0 ? Delimiter.SEMICOLON : Delimiter.WHITESPACE;
            return new Splitter(d, true);
        }
        if (delimiter != Delimiter.AUTO) {
            return new Splitter(delimiter, false);
        }
        if (s.indexOf(',') >= 0) {
            for (Delimiter d : new Delimiter[] {Delimiter.SEMICOLON, Delimiter.TAB}) {
                char c = d == Delimiter.SEMICOLON ? ';' : '\t';
                if (s.indexOf(c) >= 0 && commaDecimals(s, d)) {
                    notices.accept(source + ":" + lineNumber + ": read ',' as the decimal separator (\"" + shorten(s)
                            + "\": fields separated by " + (c == ';' ? "';'" : "tabs") + "); give --delimiter comma "
                            + "if commas separate fields");
                    return new Splitter(d, true);
                }
            }
            if (Numbers.isAmbiguousPair(s)) {
                throw new InputException(source + ":" + lineNumber + ": '" + s + "' is ambiguous: two columns "
                        + s.replace(",", " and ") + ", or one number with a decimal comma? Give --delimiter comma "
                        + "for columns, or --decimal-comma for decimal commas");
            }
            return new Splitter(Delimiter.COMMA, false);
        }
        return new Splitter(detect(s), false);
    }

    /**
     * The splitter for the lines after a header: with a decimal comma when the first data line's fields are numbers
     * with decimal commas (the header had no comma to tell), said in a notice; else {@code s} itself.
     */
    private static Splitter afterHeader(String source, ByteLines lines, Splitter s, Consumer<String> notices) {
        String t = lines.text();
        if (!commaDecimals(t, s.delimiter())) {
            return s;
        }
        notices.accept(source + ":" + lines.number() + ": read ',' as the decimal separator (\"" + shorten(t) + "\")");
        return new Splitter(s.delimiter(), true);
    }

    /** Whether every field of {@code line}, split at {@code d}, is a number with a decimal comma or an integer. */
    private static boolean commaDecimals(String line, Delimiter d) {
        if (line.indexOf(',') < 0) {
            return false;
        }
        String[] fields = d == Delimiter.WHITESPACE
                ? line.strip().split("\\s+")
                : line.split(d == Delimiter.TAB ? "\t" : ";", -1);
        return Arrays.stream(fields)
                .map(String::strip)
                .allMatch(f ->
                        Numbers.isDecimalComma(f) || !f.isEmpty() && f.chars().allMatch(Character::isDigit));
    }

    /** The delimiter of a data line without commas: tab, semicolon, else whitespace. */
    private static Delimiter detect(String line) {
        return line.indexOf('\t') >= 0
                ? Delimiter.TAB
                : line.indexOf(';') >= 0 ? Delimiter.SEMICOLON : Delimiter.WHITESPACE;
    }

    /** Splits a line into fields. */
    private record Splitter(Delimiter delimiter, boolean decimalComma) {
        String[] split(String source, String line, long number) {
            if (delimiter == Delimiter.WHITESPACE) {
                return LineFields.whitespace(line.strip());
            }
            char separator =
                    switch (delimiter) {
                        case TAB -> '\t';
                        case SEMICOLON -> ';';
                        default -> ',';
                    };
            return line.indexOf('"') >= 0
                    ? LineFields.quoted(source, line, number, separator)
                    : LineFields.split(line, separator);
        }
    }

    private static void add(
            String source, Row row, int[] indices, String[] labels, DoubleList[] values, boolean decimalComma) {
        for (int k = 0; k < indices.length; k++) {
            values[k].add(source, number(source, row, indices[k], labels[k], decimalComma));
        }
    }

    private static double number(String source, Row row, int index, String label, boolean decimalComma) {
        String token = row.fields[index].strip();
        String where = source + ":" + row.line + ": column " + index
                + (label.isEmpty() || label.equals("column " + index) ? "" : " ('" + label + "')");
        if (token.isEmpty()) {
            throw new InputException(where + " is empty; every selected field needs a number");
        }
        if (decimalComma) {
            if (token.indexOf('.') >= 0) {
                throw new InputException(where + ": '" + shorten(token) + "' has a '.', which --decimal-comma does "
                        + "not read (no thousands separators); write the number without it");
            }
            token = token.replace(',', '.');
        }
        if (!Numbers.isDecimal(token)) {
            if (Numbers.isNonFinite(token)) {
                throw new InputException(where + ": '" + token + "' is not a finite number; remove or replace it");
            }
            throw new InputException(where + ": '" + shorten(token) + "' is not a number; "
                    + (Numbers.isDecimalComma(token)
                            ? "for numbers with a decimal comma give --decimal-comma"
                            : "fix the value or choose another column with --column"));
        }
        double x = Numbers.parse(token);
        if (!Magnitude.inRange(x)) {
            throw new InputException(where + ": " + Magnitude.problem(x));
        }
        return x;
    }

    private static boolean looksNumeric(String field, boolean decimalComma) {
        String s = field.strip();
        if (decimalComma) {
            s = s.replace(',', '.');
        }
        return Numbers.isDecimal(s) || Numbers.isNonFinite(s);
    }

    /** One record: its 1-based line number and fields. */
    private record Row(long line, String[] fields) {}

    private static String[] trimmed(String[] fields) {
        return Arrays.stream(fields).map(String::strip).toArray(String[]::new);
    }

    private static String describe(String[] names) {
        return names.length == 1
                ? "one field, '" + names[0] + "'"
                : names.length + " fields: " + shorten(String.join(", ", names));
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /**
     * A growable primitive array, so that 10⁶ values do not become 10⁶ boxed Doubles; held in chunks of 64 Ki values
     * and copied once, into the exact array, at the end: doubling a single array copied 8 MB more for 10⁶ values and
     * left 16 MB of discarded arrays to collect.
     */
    private static final class DoubleList {
        private static final int CHUNK = 1 << 16;
        private final List<double[]> full = new ArrayList<>();
        private double[] chunk = new double[256];
        private int used;
        private int size;

        void add(String source, double x) {
            if (used == chunk.length) {
                grow(source);
            }
            chunk[used++] = x;
            size++;
        }

        private void grow(String source) {
            if (size >= MAX_VALUES) {
                throw new InputException(source + ": more than " + MAX_VALUES + " values in a column, more than "
                        + "Pilot reads at once; analyse a part (head -n N) or a sample of it");
            }
            if (chunk.length < CHUNK) {
                chunk = Arrays.copyOf(chunk, chunk.length * 4); // small inputs stay small
            } else {
                full.add(chunk);
                chunk = new double[CHUNK];
                used = 0;
            }
        }

        double[] toArray() {
            double[] out = new double[size];
            int at = 0;
            for (double[] c : full) {
                System.arraycopy(c, 0, out, at, c.length);
                at += c.length;
            }
            System.arraycopy(chunk, 0, out, at, used);
            return out;
        }
    }

    @Override
    public String toString() {
        return "SeriesReader[" + delimiter.name().toLowerCase(Locale.ROOT) + ", " + columns
                + (decimalComma ? ", decimal comma" : "") + "]";
    }
}
