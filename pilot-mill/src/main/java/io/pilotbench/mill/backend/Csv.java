package io.pilotbench.mill.backend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RFC 4180 lines, as pilot-experiment's results table writes them (its class is package-private there; the format is
 * its documented file format, so reading it again here is reading a file, not reaching into another module).
 */
final class Csv {
    private Csv() {
    }

    static String line(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i) == null ? "" : cells.get(i);
            if (i > 0) {
                b.append(',');
            }
            if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
                b.append('"').append(c.replace("\"", "\"\"")).append('"');
            } else {
                b.append(c);
            }
        }
        return b.append('\n').toString();
    }

    /** The rows; a last line without its newline (cut short by a kill) is left out. */
    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (ch == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else if (ch != '\r') {
                cell.append(ch);
            }
        }
        return rows;
    }

    /** The rows after the header, as header → value maps (rows of another width are skipped). */
    static List<Map<String, String>> records(String text) {
        List<List<String>> rows = parse(text);
        List<Map<String, String>> out = new ArrayList<>();
        if (rows.isEmpty()) {
            return out;
        }
        List<String> header = rows.get(0);
        for (List<String> r : rows.subList(1, rows.size())) {
            if (r.size() == header.size()) {
                Map<String, String> m = new LinkedHashMap<>();
                for (int i = 0; i < header.size(); i++) {
                    m.put(header.get(i), r.get(i));
                }
                out.add(m);
            }
        }
        return out;
    }
}
