package io.pilotbench.script;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One sample for Getstats: the runs of one TEST (or one CSV file, one GNU time log), column by column, in run order.
 * Missing values (a blank cell) are left out of their column.
 */
record Sample(String name, Map<String, double[]> columns) {
    Sample {
        columns = new LinkedHashMap<>(columns);
    }
}
