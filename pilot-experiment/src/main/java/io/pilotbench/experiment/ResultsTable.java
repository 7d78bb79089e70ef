package io.pilotbench.experiment;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import io.pilotbench.core.files.CsvField;
import io.pilotbench.core.model.InputException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The experiment's table, {@value #FILE}: CSV, one header line, then one row per finished job (one job per
 * replication), appended and forced to disk as each job ends — it is also the experiment's journal: a job with a row
 * is done. A row cut short by a kill (no final newline) is dropped on resume, and its job runs again.
 */
public final class ResultsTable {
    static final String FILE = "results.csv";

    private ResultsTable() {}

    /** Creates the table with its header. */
    static void create(Path dir, List<String> header) throws IOException {
        // written aside and linked into place: a reader (analyze, a test polling the run) never sees the table
        // without its header, and an existing table is never replaced (link(2) fails as CREATE_NEW would)
        Path tmp = dir.resolve(FILE + ".new");
        Files.writeString(
                tmp,
                line(header),
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            Files.createLink(dir.resolve(FILE), tmp);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Appends one row and forces it to disk. */
    static void append(Path dir, List<String> row) throws IOException {
        try (FileChannel ch =
                FileChannel.open(dir.resolve(FILE), StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ch.write(ByteBuffer.wrap(line(row).getBytes(StandardCharsets.UTF_8)));
            ch.force(true);
        }
    }

    /** Drops a last row that a kill cut short (no newline at its end). */
    static void repair(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            long end = f.length();
            long keep = end;
            while (keep > 0) {
                f.seek(keep - 1);
                if (f.read() == '\n') {
                    break;
                }
                keep--;
            }
            if (keep < end) {
                f.setLength(keep);
            }
        }
    }

    /** The rows as header → value maps. */
    static List<Map<String, String>> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new InputException(
                    dir + ": not an experiment directory (no " + FILE + "); run pilot experiment " + "run first");
        }
        List<List<String>> rows = parse(Files.readString(file, StandardCharsets.UTF_8));
        if (rows.isEmpty()) {
            throw new InputException(file + ": empty (no header)");
        }
        List<String> header = rows.get(0);
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            List<String> r = rows.get(i);
            if (r.size() != header.size()) {
                continue; // a row cut short by a kill
            }
            Map<String, String> m = new LinkedHashMap<>();
            for (int c = 0; c < header.size(); c++) {
                m.put(header.get(c), r.get(c));
            }
            out.add(m);
        }
        return out;
    }

    /** The header of the table. */
    static List<String> header(Path dir) throws IOException {
        List<List<String>> rows = parse(Files.readString(dir.resolve(FILE), StandardCharsets.UTF_8));
        return rows.isEmpty() ? List.of() : rows.get(0);
    }

    /** One RFC 4180 line of {@code cells} (null as empty), quoted where needed, with its newline. */
    public static String line(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(CsvField.of(cells.get(i) == null ? "" : cells.get(i)));
        }
        return b.append('\n').toString();
    }

    /**
     * {@link #line} for a file others open in a spreadsheet: a cell that a spreadsheet would read as a formula
     * (starting with {@code = + - @}, a tab or a carriage return) gets a leading {@code '}, as OWASP's "CSV
     * Injection" guidance advises; a number ({@code -1.5}, {@code +2e3}) is left as it is, so it stays a number for
     * Pilot and for the spreadsheet.
     */
    public static String spreadsheetLine(List<String> cells) {
        List<String> safe = new ArrayList<>(cells.size());
        for (String c : cells) {
            safe.add(spreadsheetCell(c));
        }
        return line(safe);
    }

    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

    /** The cell, escaped for a spreadsheet (see {@link #spreadsheetLine}). */
    public static String spreadsheetCell(String cell) {
        if (cell == null
                || cell.isEmpty()
                || "=+-@\t\r".indexOf(cell.charAt(0)) < 0
                || NUMBER.matcher(cell).matches()) {
            return cell;
        }
        return "'" + cell;
    }

    /**
     * RFC 4180 rows (FastCSV's reader), as the table's readers expect them: rows of any width (a reader skips those
     * whose width is not the header's), an empty line a row of one empty cell, and a last row cut short by a kill left
     * out — one that ends without a newline, or inside a quoted cell (an odd number of quote characters in all: every
     * quote the writer puts down, {@code CsvField}, comes in a pair).
     *
     * @throws InputException when the text is not RFC 4180 (a character after a closing quote): one line
     */
    public static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        try (CsvReader<CsvRecord> reader = CsvReader.builder()
                .skipEmptyLines(false)
                .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
                .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
                .ofCsvRecord(text)) {
            for (CsvRecord r : reader) {
                rows.add(r.getFieldCount() == 0 ? List.of("") : r.getFields());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a String source: closing it cannot fail
        } catch (CsvParseException e) {
            throw new InputException("not an RFC 4180 table: " + e.getMessage());
        }
        boolean cut = !text.endsWith("\n") || text.chars().filter(c -> c == '"').count() % 2 == 1;
        if (cut && !rows.isEmpty()) {
            rows.remove(rows.size() - 1);
        }
        return rows;
    }
}
