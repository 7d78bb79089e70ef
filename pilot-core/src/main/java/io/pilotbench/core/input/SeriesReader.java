package io.pilotbench.core.input;

import de.siegmar.fastcsv.reader.CommentStrategy;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Series;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Reads columns of numbers from text: one number per line, or CSV, TSV, semicolon- or whitespace-separated columns.
 *
 * <ul>
 *   <li>Blank lines and lines starting with {@code #} are skipped.</li>
 *   <li>The delimiter is detected from the first data line (comma, then tab, then semicolon, else whitespace) unless
 *       given. Quoted CSV fields are understood (FastCSV).</li>
 *   <li>A first line whose selected fields are not numbers is taken as a header and skipped, with a notice; a column
 *       chosen by name needs such a header.</li>
 *   <li>Every line must have as many fields as the first one (a ragged file is an error), and every selected field
 *       must be a finite decimal number.</li>
 * </ul>
 *
 * <p>Errors are {@link InputException}s whose message names the input, the line and the column.
 */
public final class SeriesReader {
    /** Field separators. */
    public enum Delimiter {
        AUTO, COMMA, TAB, SEMICOLON, WHITESPACE
    }

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern NON_FINITE = Pattern.compile("[+-]?(nan|inf|infinity)", Pattern.CASE_INSENSITIVE);
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private final Delimiter delimiter;
    private final List<ColumnSelector> columns;

    /**
     * @param delimiter the field separator, or AUTO
     * @param columns   the columns to read (at least one)
     */
    public SeriesReader(Delimiter delimiter, List<ColumnSelector> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("select at least one column");
        }
        this.delimiter = delimiter;
        this.columns = List.copyOf(columns);
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
        return parse(source, decode(source, in.readAllBytes()), notices);
    }

    private static String decode(String source, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new InputException(source + ": looks like a binary file (NUL byte at offset " + i
                        + "); expected text with one number per line or delimited columns");
            }
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new InputException(source + ": is not UTF-8 text (a binary file?); expected one number per line "
                    + "or delimited columns");
        }
    }

    private List<Series> parse(String source, String text, Consumer<String> notices) {
        Iterator<Row> rows = rows(text);
        if (!rows.hasNext()) {
            throw new InputException(source + ": no data (the input is empty or has only blank and # comment lines)");
        }
        Row first = rows.next();
        int width = first.fields.length;
        boolean named = columns.stream().anyMatch(ColumnSelector::byName);
        boolean header = named || columns.stream().anyMatch(c -> c.index() < width && !looksNumeric(first.fields[c.index()]));
        int[] indices = new int[columns.size()];
        String[] labels = new String[columns.size()];
        for (int k = 0; k < columns.size(); k++) {
            ColumnSelector c = columns.get(k);
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
            add(source, first, indices, labels, values);
        }
        while (rows.hasNext()) {
            Row row = rows.next();
            if (row.fields.length != width) {
                throw new InputException(source + ":" + row.line + ": " + row.fields.length + " field"
                        + (row.fields.length == 1 ? "" : "s") + " where line " + first.line + " has " + width
                        + " (ragged input); every line needs the same number of fields");
            }
            add(source, row, indices, labels, values);
        }
        List<Series> result = new ArrayList<>();
        for (int k = 0; k < columns.size(); k++) {
            result.add(new Series(source, labels[k], values[k].toArray()));
        }
        return result;
    }

    private static void add(String source, Row row, int[] indices, String[] labels, DoubleList[] values) {
        for (int k = 0; k < indices.length; k++) {
            values[k].add(number(source, row, indices[k], labels[k]));
        }
    }

    private static double number(String source, Row row, int index, String label) {
        String token = row.fields[index].strip();
        String where = source + ":" + row.line + ": column " + index + (label.isEmpty() || label.equals("column " + index)
                ? "" : " ('" + label + "')");
        if (token.isEmpty()) {
            throw new InputException(where + " is empty; every selected field needs a number");
        }
        if (NON_FINITE.matcher(token).matches()) {
            throw new InputException(where + ": '" + token + "' is not a finite number; remove or replace it");
        }
        if (!DECIMAL.matcher(token).matches()) {
            throw new InputException(where + ": '" + shorten(token) + "' is not a number; fix the value or choose "
                    + "another column with --column");
        }
        double x = Double.parseDouble(token);
        if (Double.isInfinite(x)) {
            throw new InputException(where + ": '" + shorten(token) + "' is too large for a double");
        }
        return x;
    }

    private static boolean looksNumeric(String field) {
        String s = field.strip();
        return DECIMAL.matcher(s).matches() || NON_FINITE.matcher(s).matches();
    }

    /** One record: its 1-based line number and fields. */
    private record Row(long line, String[] fields) {
    }

    /** Rows produced one at a time by {@link #advance()}, which returns null at the end. */
    private abstract static class RowIterator implements Iterator<Row> {
        private Row next;
        private boolean started;

        abstract Row advance();

        @Override
        public boolean hasNext() {
            if (!started) {
                started = true;
                next = advance();
            }
            return next != null;
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new java.util.NoSuchElementException();
            }
            Row r = next;
            next = advance();
            return r;
        }
    }

    private Iterator<Row> rows(String text) {
        Delimiter d = delimiter == Delimiter.AUTO ? detect(text) : delimiter;
        if (d == Delimiter.WHITESPACE) {
            return whitespaceRows(text);
        }
        char separator = switch (d) {
            case TAB -> '\t';
            case SEMICOLON -> ';';
            default -> ',';
        };
        CsvReader<CsvRecord> csv = CsvReader.builder().fieldSeparator(separator).commentStrategy(CommentStrategy.SKIP)
                .commentCharacter('#').skipEmptyLines(true).allowExtraFields(true).allowMissingFields(true)
                .ofCsvRecord(text);
        Iterator<CsvRecord> it = csv.iterator();
        return new RowIterator() {
            @Override
            Row advance() {
                while (it.hasNext()) {
                    CsvRecord r = it.next();
                    if (r.getFieldCount() == 1 && r.getField(0).isBlank()) {
                        continue;
                    }
                    return new Row(r.getStartingLineNumber(), r.getFields().toArray(String[]::new));
                }
                return null;
            }
        };
    }

    private static Iterator<Row> whitespaceRows(String text) {
        String[] lines = text.split("\r?\n|\r", -1);
        return new RowIterator() {
            private int i = 0;

            @Override
            Row advance() {
                while (i < lines.length) {
                    String line = lines[i++].strip();
                    if (!line.isEmpty() && !line.startsWith("#")) {
                        return new Row(i, WHITESPACE.split(line));
                    }
                }
                return null;
            }
        };
    }

    /** The delimiter of the first data line: comma, tab, semicolon, else whitespace. */
    static Delimiter detect(String text) {
        for (String line : (Iterable<String>) text.lines()::iterator) {
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            if (line.indexOf(',') >= 0) {
                return Delimiter.COMMA;
            }
            if (line.indexOf('\t') >= 0) {
                return Delimiter.TAB;
            }
            return line.indexOf(';') >= 0 ? Delimiter.SEMICOLON : Delimiter.WHITESPACE;
        }
        return Delimiter.WHITESPACE;
    }

    private static String[] trimmed(String[] fields) {
        return Arrays.stream(fields).map(String::strip).toArray(String[]::new);
    }

    private static String describe(String[] names) {
        return names.length == 1 ? "one field, '" + names[0] + "'"
                : names.length + " fields: " + shorten(String.join(", ", names));
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /** A growable primitive array, so that 10⁶ values do not become 10⁶ boxed Doubles. */
    private static final class DoubleList {
        private double[] data = new double[256];
        private int size;

        void add(double x) {
            if (size == data.length) {
                data = Arrays.copyOf(data, size * 2);
            }
            data[size++] = x;
        }

        double[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }

    @Override
    public String toString() {
        return "SeriesReader[" + delimiter.name().toLowerCase(Locale.ROOT) + ", " + columns + "]";
    }
}
