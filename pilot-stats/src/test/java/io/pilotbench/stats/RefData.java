package io.pilotbench.stats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loads the external reference data in {@code src/test/resources/refdata} (NIST StRD certified values, Student-t
 * tables, R and statsmodels cases). See refdata/README.md for origins.
 */
public final class RefData {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private RefData() {}

    /** The lines of a resource under {@code refdata/}, e.g. {@code "nist/univariate/commons-math_Mavro.txt"}. */
    public static List<String> lines(String path) {
        String resource = "/refdata/" + path;
        try (InputStream in = RefData.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<String> lines = new ArrayList<>();
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A JSON resource under {@code refdata/}, e.g. {@code "nist/certified_values.json"}. */
    public static JsonNode json(String path) {
        try (InputStream in = RefData.class.getResourceAsStream("/refdata/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource /refdata/" + path);
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Whitespace-separated numeric rows of a NIST-layout file, starting at the 1-based line {@code firstLine} and
     * skipping blank lines: one {@code double[]} per row.
     */
    public static List<double[]> rows(String path, int firstLine) {
        List<String> all = lines(path);
        List<double[]> rows = new ArrayList<>();
        for (String line : all.subList(firstLine - 1, all.size())) {
            String trimmed = line.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            rows.add(Arrays.stream(trimmed.split("\\s+"))
                    .mapToDouble(Double::parseDouble)
                    .toArray());
        }
        return rows;
    }

    /** Column {@code column} (0-based) of {@link #rows}. */
    public static double[] column(List<double[]> rows, int column) {
        return rows.stream().mapToDouble(r -> r[column]).toArray();
    }

    /** A certified value stored as a string in certified_values.json, as a double. */
    public static double number(JsonNode node) {
        return Double.parseDouble(node.asString());
    }

    /** The Pilot paper's "dataset F" (Ferrari 1978 response times, n = 48), docs/original.md#datasets. */
    public static final double[] DATASET_F = {
        1.21, 1.67, 1.71, 1.53, 2.03, 2.15, 1.88, 2.02, 1.75, 1.84, 1.61, 1.35, 1.43, 1.64, 1.52, 1.44, 1.17, 1.42,
        1.64, 1.86, 1.68, 1.91, 1.73, 2.18, 2.27, 1.93, 2.19, 2.04, 1.92, 1.97, 1.65, 1.71, 1.89, 1.70, 1.62, 1.48,
        1.55, 1.39, 1.45, 1.67, 1.62, 1.77, 1.88, 1.82, 1.93, 2.09, 2.24, 2.16
    };

    /** The original Pilot's binary "dataset B" (n = 20, mean 0.55), docs/original.md#datasets. */
    public static final double[] DATASET_B = {1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
}
