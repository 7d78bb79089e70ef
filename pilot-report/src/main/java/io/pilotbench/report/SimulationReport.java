package io.pilotbench.report;

import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.simulate.Evaluation;
import java.io.PrintWriter;

/**
 * The report of {@code pilot simulate evaluate}: per strategy, coverage of the truth, time-to-result, bias and the
 * CI width reached, after the Pilot paper's Table I (time to reach a CI of 10% of the mean, result CI, subsession
 * size), with the oracle as a yardstick; for two workloads, the share of right verdicts.
 *
 * <p>A strategy's coverage is flagged against the nominal confidence: "ok" within 2 percentage points, "SHORT"
 * below, "over" above (a CI wider than it claims).
 *
 * <p>JSON contract (fields may be added, never renamed): {@code {"workload": {"spec", "description", "level",
 * "truth", "sd", "longRunVariance"}, "settings": {"confidence", "ciWidth", "maxRounds", "alpha", "equivalence"},
 * "replications", "seed", "oracle": {"samples", "rounds", "seconds"} | null, "strategies": [{"strategy",
 * "description", "replications", "withCi", "covered", "coverage": {"value", "low", "high"}, "nominal", "flag",
 * "converged", "rounds": {"mean", "median"}, "samples": {"median"}, "seconds": {"mean", "median"}, "biasPercent",
 * "widthPercent", "subsessionSize": {"median"}, "removedSessions", "warmup": {"median"}, "warmupWithin5" | null, "cooldown":
 * {"median"}, "cooldownWithin5" | null}]}};
 * for a comparison {@code {"a": {…}, "b": {…}, "ratio",
 * "settings", "replications", "seed", "strategies": [{"strategy", "description", "replications", "correct",
 * "wrongDirection", "falseDifference", "noDifference", "undecided", "withRatio", "ratioCovered", "rounds": {"mean",
 * "median"}, "seconds": {"median"}}]}}. Missing values are null.
 */
public final class SimulationReport {
    /** How far a coverage may be from nominal and still be "ok" (the 2 points). */
    static final double COVERAGE_TOLERANCE = 0.02;

    private final Evaluation.WorkloadEvaluation workload;
    private final Evaluation.ComparisonEvaluation comparison;

    public SimulationReport(Evaluation.WorkloadEvaluation evaluation) {
        this.workload = evaluation;
        this.comparison = null;
    }

    public SimulationReport(Evaluation.ComparisonEvaluation evaluation) {
        this.workload = null;
        this.comparison = evaluation;
    }

    /** Writes the report in {@code format}. */
    public void render(Format format, PrintWriter out) {
        if (workload != null) {
            CoverageReport report = new CoverageReport(workload);
            switch (format) {
                case TEXT -> report.text(out);
                case JSON -> out.println(JsonMappers.indented().writeValueAsString(report.toMap()));
                case CSV -> report.csv(out);
                case MARKDOWN -> report.markdown(out);
                default -> throw new IllegalArgumentException(format.toString());
            }
        } else {
            DecisionReport report = new DecisionReport(comparison);
            switch (format) {
                case TEXT -> report.text(out);
                case JSON -> out.println(JsonMappers.indented().writeValueAsString(report.toMap()));
                case CSV -> report.csv(out);
                case MARKDOWN -> report.markdown(out);
                default -> throw new IllegalArgumentException(format.toString());
            }
        }
        out.flush();
    }

    /** "ok", "SHORT" or "over": the coverage against the nominal confidence, ±2 points. */
    static String flag(double coverage, double nominal) {
        if (coverage < nominal - COVERAGE_TOLERANCE) {
            return "SHORT";
        }
        return coverage > nominal + COVERAGE_TOLERANCE ? "over" : "ok";
    }
}
