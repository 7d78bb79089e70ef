package io.pilotbench.script;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One sample for Getstats: the runs of one TEST (or one CSV file, one GNU time log), column by column, in run order.
 * Missing values (a blank cell) are left out of their column; runs whose {@code exit} column is not 0 are left out
 * of every column and counted in {@code failed}.
 */
record Sample(String name, Map<String, double[]> columns, int failed, Map<String, int[]> runs) {
    Sample(String name, Map<String, double[]> columns) {
        this(name, columns, 0);
    }

    Sample(String name, Map<String, double[]> columns, int failed) {
        this(name, columns, failed, Map.of());
    }

    Sample {
        columns = new LinkedHashMap<>(columns);
        runs = Map.copyOf(runs);
    }

    /**
     * The run the {@code i}th value of {@code column} came from, as its input numbers runs (its {@code run} column,
     * else its row): failed runs and missing values leave gaps, so it is not always {@code i + 1}.
     */
    int run(String column, int i) {
        int[] r = runs.get(column);
        return r != null && i < r.length ? r[i] : i + 1;
    }
}
