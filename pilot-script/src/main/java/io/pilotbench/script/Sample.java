package io.pilotbench.script;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One sample for Getstats: the runs of one TEST (or one CSV file, one GNU time log), column by column, in run order.
 * Missing values (a blank cell) are left out of their column; runs whose {@code exit} column is not 0 are left out
 * of every column and counted in {@code failed}.
 */
record Sample(String name, Map<String, double[]> columns, int failed) {
    Sample(String name, Map<String, double[]> columns) {
        this(name, columns, 0);
    }

    Sample {
        columns = new LinkedHashMap<>(columns);
    }
}
