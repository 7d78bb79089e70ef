package io.pilotbench.experiment;

import java.util.Map;

/**
 * One run of one package under one assignment of factor levels, on one worker: a Pilot session of run.sh, then
 * collect.sh.
 *
 * @param number      its place in the run order, from 1
 * @param worker      the worker it runs on
 * @param replication which replication of its cell it is, from 1
 * @param levels      factor name → requested level, in the experiment's factor order (hardware attributes
 *                    included)
 */
public record Job(int number, String worker, int replication, Map<String, String> levels) {
    public Job {
        levels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(levels));
    }

    /** The job's directory name: its number with leading zeros, so a listing is in run order. */
    public String id() {
        return String.format("%04d", number);
    }
}
