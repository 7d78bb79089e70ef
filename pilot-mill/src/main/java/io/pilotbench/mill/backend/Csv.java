package io.pilotbench.mill.backend;

import io.pilotbench.experiment.ResultsTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The results table's RFC 4180 lines ({@link ResultsTable}), and its rows as header → value maps. */
final class Csv {
    private Csv() {}

    static String line(List<String> cells) {
        return ResultsTable.line(cells);
    }

    static List<List<String>> parse(String text) {
        return ResultsTable.parse(text);
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
