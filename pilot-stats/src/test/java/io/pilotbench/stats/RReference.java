package io.pilotbench.stats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the reference CSVs that the scripts beside them write: R's under {@code src/test/resources/r/}, and others
 * (Otava's) by their resource path.
 */
public final class RReference {
    private RReference() {}

    /** The rows of {@code r/<name>} as column → text (R's NA stays "NA"). */
    public static List<Map<String, String>> table(String name) {
        return csv("/r/" + name);
    }

    /** The rows of the CSV test resource at {@code resource} (e.g. {@code /otava/otava-series.csv}). */
    public static List<Map<String, String>> csv(String resource) {
        List<String> lines = lines(resource);
        String[] header = lines.get(0).split(",");
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            if (cells.length != header.length) {
                throw new IllegalStateException(resource + ": " + cells.length + " cells in " + line);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    /** Dataset name → {x, y}, in file order, from {@code r/ttest-samples.csv}. */
    public static Map<String, double[][]> samples() {
        Map<String, List<Double>> x = new LinkedHashMap<>();
        Map<String, List<Double>> y = new LinkedHashMap<>();
        for (Map<String, String> row : table("ttest-samples.csv")) {
            Map<String, List<Double>> side =
                    switch (row.get("group")) {
                        case "x" -> x;
                        case "y" -> y;
                        default -> throw new IllegalStateException("group " + row.get("group"));
                    };
            side.computeIfAbsent(row.get("dataset"), k -> new ArrayList<>()).add(Double.parseDouble(row.get("value")));
        }
        Map<String, double[][]> out = new LinkedHashMap<>();
        for (String name : x.keySet()) {
            out.put(name, new double[][] {
                x.get(name).stream().mapToDouble(Double::doubleValue).toArray(),
                y.get(name).stream().mapToDouble(Double::doubleValue).toArray()
            });
        }
        return out;
    }

    /** A number from an R CSV cell; NA as NaN. */
    public static double number(String cell) {
        return cell.equals("NA") ? Double.NaN : Double.parseDouble(cell);
    }

    private static List<String> lines(String resource) {
        try (InputStream in = RReference.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return reader.lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
