package io.pilotbench.experiment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An experiment as its file defines it (paper §3.2): the packages, the constraints on workers, the replications,
 * the metrics, the factor space with its coverage, and how precise each job's session must be.
 *
 * @param name         the experiment's name
 * @param file         the experiment file (relative paths in it are relative to its directory)
 * @param seed         the seed of every random choice (level subsets, job order, random link order)
 * @param replications how many times each combination of levels runs (≥ 1), each a job of its own
 * @param packages     package name → its directory or archive, in file order
 * @param constraints  worker attribute → required value ({@code arch: x86_64}) or minimum ({@code memory: ">= 2G"})
 * @param metrics      what collect.sh prints (as {@code NAME VALUE} or {@code NAME=VALUE} lines) that goes into
 *                     the table, beside {@code time} (each job's mean wall time, from its Pilot session)
 * @param factors      the factor space, software and hardware, in file order
 * @param precision    each job's session settings
 */
public record ExperimentSpec(
        String name,
        Path file,
        long seed,
        int replications,
        Map<String, Path> packages,
        Map<String, String> constraints,
        List<String> metrics,
        List<Factor> factors,
        Precision precision) {

    /** The metric every job has: the mean wall time of run.sh, in seconds, from its Pilot session. */
    public static final String TIME = "time";

    public ExperimentSpec {
        packages = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(packages));
        constraints = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(constraints));
        metrics = List.copyOf(metrics);
        factors = List.copyOf(factors);
    }

    /**
     * Where two names of this experiment would share a place, as "KEY: why", or null: a metric or factor named as a
     * column Pilot writes ({@code rounds}, {@code job}, {@code time}…) overwrote it in results.csv (the header then
     * had a column more than every row, and the analysis and a resume lost the jobs); two factors whose names differ
     * only by {@code -} and {@code _} (or case) share one {@code PILOT_FACTOR_} variable, so a script saw one of them.
     */
    public String clash() {
        List<String> header = ExperimentRunner.header(this);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String column : header) {
            if (!seen.add(column)) {
                boolean metric = metrics.contains(column);
                return (metric ? "metrics" : "factors." + column) + ": '" + column + "' is a column results.csv has "
                        + "already (job, worker, replication, package, time, time.ci.low, time.ci.high, rounds, stop, "
                        + "env.bytes, error, each factor and its .observed, each metric); name the "
                        + (metric ? "metric" : "factor") + " otherwise";
            }
        }
        Map<String, String> variables = new java.util.HashMap<>();
        for (Factor f : factors) {
            String other = variables.put(JobEnvironment.variable(f.name()), f.name());
            if (other != null) {
                return "factors." + f.name() + ": '" + f.name() + "' and '" + other + "' are one environment variable "
                        + "to the scripts, PILOT_FACTOR_" + JobEnvironment.variable(f.name()) + "; name one otherwise";
            }
        }
        return null;
    }

    /** The factor named {@code factorName}, or null. */
    public Factor factor(String factorName) {
        return factors.stream()
                .filter(f -> f.name().equals(factorName))
                .findFirst()
                .orElse(null);
    }

    /**
     * How precise each job's session must be, and its limits.
     *
     * @param ciWidth        the CI target ("10%" of the mean, or an absolute width)
     * @param maxRounds      the most rounds of a job's session (0: no limit)
     * @param maxTime        the longest a job's session may run, or null
     * @param minSubsessions the fewest subsessions before a CI counts (Pilot's default 30 when null)
     */
    public record Precision(String ciWidth, int maxRounds, Duration maxTime, Integer minSubsessions) {}
}
