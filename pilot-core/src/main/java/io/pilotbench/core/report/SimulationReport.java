package io.pilotbench.core.report;

import io.pilotbench.core.analysis.Formats;
import io.pilotbench.core.simulate.ComparisonSummary;
import io.pilotbench.core.simulate.Evaluation;
import io.pilotbench.core.simulate.Oracle;
import io.pilotbench.core.simulate.SimulationSettings;
import io.pilotbench.core.simulate.StrategySummary;
import io.pilotbench.core.simulate.WorkloadModel;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

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
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
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
            switch (format) {
                case TEXT -> workloadText(out);
                case JSON -> out.println(JSON.writeValueAsString(workloadMap()));
                case CSV -> workloadCsv(out);
                case MARKDOWN -> workloadMarkdown(out);
                default -> throw new IllegalArgumentException(format.toString());
            }
        } else {
            switch (format) {
                case TEXT -> comparisonText(out);
                case JSON -> out.println(JSON.writeValueAsString(comparisonMap()));
                case CSV -> comparisonCsv(out);
                case MARKDOWN -> comparisonMarkdown(out);
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

    // ---- one workload ------------------------------------------------------------------------------------------

    private String workloadHeading() {
        Evaluation.WorkloadEvaluation e = workload;
        WorkloadModel m = e.model();
        String truth = m.level() == WorkloadModel.Level.WPS ? "true speed " + Formats.number(e.truth()) + " units/s"
                : "true mean " + Formats.number(e.truth()) + " ms";
        return m.spec() + ": " + m.describe() + "; " + truth;
    }

    private String target(SimulationSettings s) {
        return percent(s.confidence()) + " CI narrower than " + percent(s.ciWidth()) + " of the mean, at most "
                + s.maxRounds() + " rounds";
    }

    private List<String[]> workloadRows(boolean markdown) {
        Evaluation.WorkloadEvaluation e = workload;
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"strategy", "coverage (95% CI)", "vs " + percent(e.settings().confidence()),
            "met target", "rounds mean / median", "samples (median)", "time (median)", "bias", "CI width",
            "block size", "cut anything", "warm-up cut (median)" + (e.model().plantedWarmup() >= 0
                ? " / within 5 of " + e.model().plantedWarmup() : "")
                + (e.model().plantedCooldown() >= 0 ? "; cool-down / within 5 of " + e.model().plantedCooldown() : "")});
        for (StrategySummary s : e.strategies()) {
            String f = flag(s.coverage().center(), e.settings().confidence());
            rows.add(new String[] {markdown ? "`" + s.strategy().id() + "`" : s.strategy().id(),
                percent(s.coverage().center()) + " (" + percent(s.coverage().low()) + "–"
                    + percent(s.coverage().high()) + ")",
                markdown && !f.equals("ok") ? "**" + f + "**" : f,
                s.converged() + "/" + s.replications(),
                Formats.number(s.meanRounds()) + " / " + Formats.number(s.medianRounds()),
                Formats.number(s.medianSamples()), Formats.duration(s.medianSeconds()),
                signedPercent(s.biasPercent()), Double.isFinite(s.widthPercent())
                    ? Formats.significant(s.widthPercent(), 3) + "%" : "–",
                Formats.number(s.medianSubsessionSize()),
                s.removedSessions() + "/" + s.replications(),
                (Double.isFinite(s.medianWarmup()) ? Formats.number(s.medianWarmup()) : "–")
                    + (s.warmupWithin5() >= 0 ? " / " + s.warmupWithin5() + "/" + s.replications() : "")
                    + (s.cooldownWithin5() >= 0 ? "; " + (Double.isFinite(s.medianCooldown())
                        ? Formats.number(s.medianCooldown()) : "–") + " / " + s.cooldownWithin5() + "/"
                        + s.replications() : "")});
        }
        Oracle o = e.oracle();
        if (o != null) {
            rows.add(new String[] {"oracle", "", "", "", Formats.number(o.rounds()), Formats.number(o.samples()),
                Formats.duration(o.seconds()), "", "", "", "", ""});
        }
        return rows;
    }

    private void workloadText(PrintWriter out) {
        Evaluation.WorkloadEvaluation e = workload;
        out.println("pilot simulate: " + workloadHeading());
        out.println("target: " + target(e.settings()) + "; " + e.replications() + " sessions per strategy, seed "
                + e.seed());
        out.println();
        Tables.text(workloadRows(false), out, "  ");
        out.println();
        for (StrategySummary s : e.strategies()) {
            out.println("  " + s.strategy().id() + ": " + s.strategy().description());
        }
        if (e.oracle() != null) {
            out.println("  oracle: the fewest i.i.d.-equivalent samples for the target, from the true long-run "
                    + "variance (no warm-up, no minimum)");
        }
    }

    private void workloadMarkdown(PrintWriter out) {
        Evaluation.WorkloadEvaluation e = workload;
        out.println("**" + Tables.markdownText(workloadHeading()) + "** — " + target(e.settings()) + ", "
                + e.replications() + " sessions per strategy, seed " + e.seed());
        out.println();
        List<String[]> rows = workloadRows(true);
        out.println(Tables.markdownHeader("lrlrrrrrrrrr", rows.get(0)));
        for (String[] r : rows.subList(1, rows.size())) {
            out.println(Tables.markdownRow(r));
        }
    }

    /** Header of the CSV of a workload evaluation: one row per strategy. */
    static final String WORKLOAD_CSV = "workload,strategy,replications,with_ci,covered,coverage,coverage_low,"
            + "coverage_high,converged,rounds_mean,rounds_median,samples_median,seconds_mean,seconds_median,"
            + "bias_percent,width_percent,subsession_size_median,removed_sessions,warmup_median,warmup_within_5,"
            + "cooldown_median,cooldown_within_5";

    private void workloadCsv(PrintWriter out) {
        out.println(WORKLOAD_CSV);
        for (StrategySummary s : workload.strategies()) {
            out.println(String.join(",", Tables.csvCell(workload.model().spec()), s.strategy().id(),
                    Integer.toString(s.replications()), Integer.toString(s.withCi()), Integer.toString(s.covered()),
                    Tables.csvNumber(s.coverage().center()), Tables.csvNumber(s.coverage().low()),
                    Tables.csvNumber(s.coverage().high()), Integer.toString(s.converged()),
                    Tables.csvNumber(s.meanRounds()), Tables.csvNumber(s.medianRounds()),
                    Tables.csvNumber(s.medianSamples()), Tables.csvNumber(s.meanSeconds()),
                    Tables.csvNumber(s.medianSeconds()), Tables.csvNumber(s.biasPercent()),
                    Tables.csvNumber(s.widthPercent()), Tables.csvNumber(s.medianSubsessionSize()),
                    Integer.toString(s.removedSessions()), Tables.csvNumber(s.medianWarmup()),
                    s.warmupWithin5() < 0 ? "" : Integer.toString(s.warmupWithin5()),
                    Tables.csvNumber(s.medianCooldown()),
                    s.cooldownWithin5() < 0 ? "" : Integer.toString(s.cooldownWithin5())));
        }
    }

    private Map<String, Object> workloadMap() {
        Evaluation.WorkloadEvaluation e = workload;
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("workload", modelMap(e.model()));
        root.put("settings", settingsMap(e.settings()));
        root.put("replications", e.replications());
        root.put("seed", e.seed());
        Oracle o = e.oracle();
        if (o == null) {
            root.put("oracle", null);
        } else {
            Map<String, Object> om = new LinkedHashMap<>();
            om.put("samples", o.samples());
            om.put("rounds", o.rounds());
            om.put("seconds", o.seconds());
            root.put("oracle", om);
        }
        List<Map<String, Object>> list = new ArrayList<>();
        for (StrategySummary s : e.strategies()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("strategy", s.strategy().id());
            m.put("description", s.strategy().description());
            m.put("replications", s.replications());
            m.put("withCi", s.withCi());
            m.put("covered", s.covered());
            m.put("coverage", Map.of("value", s.coverage().center(), "low", s.coverage().low(), "high",
                    s.coverage().high()));
            m.put("nominal", e.settings().confidence());
            m.put("flag", flag(s.coverage().center(), e.settings().confidence()).toLowerCase(Locale.ROOT));
            m.put("converged", s.converged());
            m.put("rounds", meanMedian(s.meanRounds(), s.medianRounds()));
            m.put("samples", median(s.medianSamples()));
            m.put("seconds", meanMedian(s.meanSeconds(), s.medianSeconds()));
            m.put("biasPercent", SessionResultJson.num(s.biasPercent()));
            m.put("widthPercent", SessionResultJson.num(s.widthPercent()));
            m.put("subsessionSize", median(s.medianSubsessionSize()));
            m.put("removedSessions", s.removedSessions());
            m.put("warmup", median(s.medianWarmup()));
            m.put("warmupWithin5", s.warmupWithin5() < 0 ? null : s.warmupWithin5());
            m.put("cooldown", median(s.medianCooldown()));
            m.put("cooldownWithin5", s.cooldownWithin5() < 0 ? null : s.cooldownWithin5());
            list.add(m);
        }
        root.put("strategies", list);
        return root;
    }

    // ---- two workloads -----------------------------------------------------------------------------------------

    private String comparisonHeading() {
        Evaluation.ComparisonEvaluation e = comparison;
        double r = e.ratio();
        String truth = r == 1 ? "equal means" : r < 1 ? "A is " + Formats.number(1 / r) + "× faster"
                : "B is " + Formats.number(r) + "× faster";
        return "A = " + e.a().spec() + " vs B = " + e.b().spec() + "; true ratio A/B " + Formats.number(r) + " ("
                + truth + ")";
    }

    private List<String[]> comparisonRows(boolean markdown) {
        Evaluation.ComparisonEvaluation e = comparison;
        boolean equal = e.ratio() == 1;
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"strategy", "correct", equal ? "false difference" : "wrong direction",
            "no difference", "undecided", "ratio CI covers", "rounds per workload mean / median",
            "time (median)"});
        for (ComparisonSummary s : e.strategies()) {
            rows.add(new String[] {markdown ? "`" + s.strategy().id() + "`" : s.strategy().id(),
                share(s.correct(), s.replications()),
                share(equal ? s.falseDifference() : s.wrongDirection(), s.replications()),
                share(s.noDifference(), s.replications()), share(s.undecided(), s.replications()),
                s.withRatio() == 0 ? "–" : share(s.ratioCovered(), s.withRatio()),
                Formats.number(s.meanRounds()) + " / " + Formats.number(s.medianRounds()),
                Formats.duration(s.medianSeconds())});
        }
        return rows;
    }

    private void comparisonText(PrintWriter out) {
        Evaluation.ComparisonEvaluation e = comparison;
        out.println("pilot simulate: " + comparisonHeading());
        out.println("α = " + Formats.number(e.settings().alpha()) + ", " + percent(e.settings().confidence())
                + " CIs, equivalence ±" + percent(e.settings().equivalence()) + "; " + e.replications()
                + " comparisons per strategy, seed " + e.seed());
        out.println();
        Tables.text(comparisonRows(false), out, "  ");
        out.println();
        for (ComparisonSummary s : e.strategies()) {
            out.println("  " + s.strategy().id() + ": " + s.strategy().description());
        }
    }

    private void comparisonMarkdown(PrintWriter out) {
        Evaluation.ComparisonEvaluation e = comparison;
        out.println("**" + Tables.markdownText(comparisonHeading()) + "** — α = " + Formats.number(
                e.settings().alpha()) + ", " + e.replications() + " comparisons per strategy, seed " + e.seed());
        out.println();
        List<String[]> rows = comparisonRows(true);
        out.println(Tables.markdownHeader("lrrrrrrr", rows.get(0)));
        for (String[] r : rows.subList(1, rows.size())) {
            out.println(Tables.markdownRow(r));
        }
    }

    /** Header of the CSV of a comparison evaluation: one row per strategy. */
    static final String COMPARISON_CSV = "a,b,ratio,strategy,replications,correct,wrong_direction,false_difference,"
            + "no_difference,undecided,with_ratio,ratio_covered,rounds_mean,rounds_median,seconds_median";

    private void comparisonCsv(PrintWriter out) {
        Evaluation.ComparisonEvaluation e = comparison;
        out.println(COMPARISON_CSV);
        for (ComparisonSummary s : e.strategies()) {
            out.println(String.join(",", Tables.csvCell(e.a().spec()), Tables.csvCell(e.b().spec()),
                    Tables.csvNumber(e.ratio()), s.strategy().id(), Integer.toString(s.replications()),
                    Integer.toString(s.correct()), Integer.toString(s.wrongDirection()),
                    Integer.toString(s.falseDifference()), Integer.toString(s.noDifference()),
                    Integer.toString(s.undecided()), Integer.toString(s.withRatio()),
                    Integer.toString(s.ratioCovered()), Tables.csvNumber(s.meanRounds()),
                    Tables.csvNumber(s.medianRounds()), Tables.csvNumber(s.medianSeconds())));
        }
    }

    private Map<String, Object> comparisonMap() {
        Evaluation.ComparisonEvaluation e = comparison;
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("a", modelMap(e.a()));
        root.put("b", modelMap(e.b()));
        root.put("ratio", e.ratio());
        root.put("settings", settingsMap(e.settings()));
        root.put("replications", e.replications());
        root.put("seed", e.seed());
        List<Map<String, Object>> list = new ArrayList<>();
        for (ComparisonSummary s : e.strategies()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("strategy", s.strategy().id());
            m.put("description", s.strategy().description());
            m.put("replications", s.replications());
            m.put("correct", s.correct());
            m.put("wrongDirection", s.wrongDirection());
            m.put("falseDifference", s.falseDifference());
            m.put("noDifference", s.noDifference());
            m.put("undecided", s.undecided());
            m.put("withRatio", s.withRatio());
            m.put("ratioCovered", s.ratioCovered());
            m.put("rounds", meanMedian(s.meanRounds(), s.medianRounds()));
            m.put("seconds", median(s.medianSeconds()));
            list.add(m);
        }
        root.put("strategies", list);
        return root;
    }

    // ---- shared ------------------------------------------------------------------------------------------------

    private static Map<String, Object> modelMap(WorkloadModel m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("spec", m.spec());
        out.put("description", m.describe());
        out.put("level", m.level().name().toLowerCase(Locale.ROOT));
        out.put("truth", m.truth());
        out.put("sd", m.level() == WorkloadModel.Level.WPS ? null : m.trueSd());
        out.put("longRunVariance", m.level() == WorkloadModel.Level.WPS ? null : m.longRunVariance());
        return out;
    }

    private static Map<String, Object> settingsMap(SimulationSettings s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("confidence", s.confidence());
        out.put("ciWidth", s.ciWidth());
        out.put("maxRounds", s.maxRounds());
        out.put("alpha", s.alpha());
        out.put("equivalence", s.equivalence());
        return out;
    }

    private static Map<String, Object> meanMedian(double mean, double median) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mean", SessionResultJson.num(mean));
        out.put("median", SessionResultJson.num(median));
        return out;
    }

    private static Map<String, Object> median(double median) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("median", SessionResultJson.num(median));
        return out;
    }

    private static String percent(double fraction) {
        return Formats.significant(fraction * 100, 3) + "%";
    }

    private static String signedPercent(double percent) {
        if (!Double.isFinite(percent)) {
            return "–";
        }
        return (percent > 0 ? "+" : "") + Formats.significant(percent, 2) + "%";
    }

    private static String share(int count, int of) {
        return percent((double) count / of);
    }
}
