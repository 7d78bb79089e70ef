package io.pilotbench.core.input;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.pilotbench.core.model.InputException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** A line of delimited text split into its fields: at a separator, at white space, or as CSV with quotes. */
final class LineFields {
    private LineFields() {}

    static String[] split(String line, char separator) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = line.indexOf(separator); i >= 0; i = line.indexOf(separator, start)) {
            out.add(line.substring(start, i));
            start = i + 1;
        }
        out.add(line.substring(start));
        return out.toArray(String[]::new);
    }

    static String[] whitespace(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            int start = i;
            while (i < n && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            out.add(s.substring(start, i));
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
        return out.toArray(String[]::new);
    }

    /** A line with quotes: FastCSV reads its fields (a quoted field must end on its line). */
    static String[] quoted(String source, String line, long number, char separator) {
        try {
            Iterator<CsvRecord> it = CsvReader.builder()
                    .fieldSeparator(separator)
                    .allowExtraFields(true)
                    .allowMissingFields(true)
                    .ofCsvRecord(line + "\n")
                    .iterator();
            CsvRecord r = it.next();
            if (it.hasNext()) {
                throw new InputException(source + ":" + number + ": a quoted field does not end on its line; close "
                        + "the quote (fields of numbers need none)");
            }
            return r.getFields().toArray(String[]::new);
        } catch (CsvParseException e) {
            throw new InputException(source + ":" + number + ": cannot be read as CSV (" + e.getMessage() + ")");
        }
    }
}
