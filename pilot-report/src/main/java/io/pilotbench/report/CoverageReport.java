package io.pilotbench.report;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.simulate.Evaluation;
import io.pilotbench.simulate.Oracle;
import io.pilotbench.simulate.SimulationSettings;
import io.pilotbench.simulate.StrategySummary;
import io.pilotbench.simulate.WorkloadModel;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one-workload part of {@link SimulationReport}: per strategy, coverage of the truth, time-to-result, bias and
 * the CI width reached, with the oracle as a yardstick, in text, Markdown, CSV and as the JSON object.
 */
final class CoverageReport {
    private final Evaluation.WorkloadEvaluation evaluation;

    CoverageReport(Evaluation.WorkloadEvaluation evaluation) {
        this.evaluation = evaluation;
    }

    private String heading() {
        Evaluation.WorkloadEvaluation e = evaluation;
        WorkloadModel m = e.model();
        String truth = m.level() == WorkloadModel.Level.WPS
                ? "true speed " + Formats.number(e.truth()) + " units/s"
                : "true mean " + Formats.number(e.truth()) + " ms";
        return m.spec() + ": " + m.describe() + "; " + truth;
    }

    private String target(SimulationSettings s) {
        return SimulationCells.percent(s.confidence()) + " CI narrower than " + SimulationCells.percent(s.ciWidth())
                + " of the mean, at most " + s.maxRounds() + " rounds";
    }

    private List<String[]> rows(boolean markdown) {
        Evaluation.WorkloadEvaluation e = evaluation;
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {
            "strategy",
            "coverage (95% CI)",
            "vs " + SimulationCells.percent(e.settings().confidence()),
            "met target",
            "rounds mean / median",
            "samples (median)",
            "time (median)",
            "bias",
            "CI width",
            "block size",
            "cut anything",
            "warm-up cut (median)"
                    + (e.model().plantedWarmup() >= 0
                            ? " / within 5 of " + e.model().plantedWarmup()
                            : "")
                    + (e.model().plantedCooldown() >= 0
                            ? "; cool-down / within 5 of " + e.model().plantedCooldown()
                            : "")
        });
        for (StrategySummary s : e.strategies()) {
            String f = SimulationReport.flag(s.coverage().center(), e.settings().confidence());
            rows.add(new String[] {
                markdown ? "`" + s.strategy().id() + "`" : s.strategy().id(),
                SimulationCells.percent(s.coverage().center()) + " ("
                        + SimulationCells.percent(s.coverage().low()) + "–"
                        + SimulationCells.percent(s.coverage().high()) + ")",
                markdown && !f.equals("ok") ? "**" + f + "**" : f,
                s.converged() + "/" + s.replications(),
                Formats.number(s.meanRounds()) + " / " + Formats.number(s.medianRounds()),
                Formats.number(s.medianSamples()),
                Formats.duration(s.medianSeconds()),
                signedPercent(s.biasPercent()),
                Double.isFinite(s.widthPercent()) ? Formats.significant(s.widthPercent(), 3) + "%" : "–",
                Formats.number(s.medianSubsessionSize()),
                s.removedSessions() + "/" + s.replications(),
                (Double.isFinite(s.medianWarmup()) ? Formats.number(s.medianWarmup()) : "–")
                        + (s.warmupWithin5() >= 0 ? " / " + s.warmupWithin5() + "/" + s.replications() : "")
                        + (s.cooldownWithin5() >= 0
                                ? "; "
                                        + (Double.isFinite(s.medianCooldown())
                                                ? Formats.number(s.medianCooldown())
                                                : "–")
                                        + " / " + s.cooldownWithin5() + "/"
                                        + s.replications()
                                : "")
            });
        }
        Oracle o = e.oracle();
        if (o != null) {
            rows.add(new String[] {
                "oracle",
                "",
                "",
                "",
                Formats.number(o.rounds()),
                Formats.number(o.samples()),
                Formats.duration(o.seconds()),
                "",
                "",
                "",
                "",
                ""
            });
        }
        return rows;
    }

    void text(PrintWriter out) {
        Evaluation.WorkloadEvaluation e = evaluation;
        out.println("pilot simulate: " + heading());
        out.println("target: " + target(e.settings()) + "; " + e.replications() + " sessions per strategy, seed "
                + e.seed());
        out.println();
        Tables.text(rows(false), out, "  ");
        out.println();
        for (StrategySummary s : e.strategies()) {
            out.println("  " + s.strategy().id() + ": " + s.strategy().description());
        }
        if (e.oracle() != null) {
            out.println("  oracle: the fewest i.i.d.-equivalent samples for the target, from the true long-run "
                    + "variance (no warm-up, no minimum)");
        }
    }

    void markdown(PrintWriter out) {
        Evaluation.WorkloadEvaluation e = evaluation;
        out.println("**" + Tables.markdownText(heading()) + "** — " + target(e.settings()) + ", " + e.replications()
                + " sessions per strategy, seed " + e.seed());
        out.println();
        List<String[]> rows = rows(true);
        out.println(Tables.markdownHeader("lrlrrrrrrrrr", rows.get(0)));
        for (String[] r : rows.subList(1, rows.size())) {
            out.println(Tables.markdownRow(r));
        }
    }

    /** Header of the CSV of a workload evaluation: one row per strategy. */
    static final String CSV_HEADER = "workload,strategy,replications,with_ci,covered,coverage,coverage_low,"
            + "coverage_high,converged,rounds_mean,rounds_median,samples_median,seconds_mean,seconds_median,"
            + "bias_percent,width_percent,subsession_size_median,removed_sessions,warmup_median,warmup_within_5,"
            + "cooldown_median,cooldown_within_5";

    void csv(PrintWriter out) {
        out.println(CSV_HEADER);
        for (StrategySummary s : evaluation.strategies()) {
            out.println(String.join(
                    ",",
                    Tables.csvCell(evaluation.model().spec()),
                    s.strategy().id(),
                    Integer.toString(s.replications()),
                    Integer.toString(s.withCi()),
                    Integer.toString(s.covered()),
                    Tables.csvNumber(s.coverage().center()),
                    Tables.csvNumber(s.coverage().low()),
                    Tables.csvNumber(s.coverage().high()),
                    Integer.toString(s.converged()),
                    Tables.csvNumber(s.meanRounds()),
                    Tables.csvNumber(s.medianRounds()),
                    Tables.csvNumber(s.medianSamples()),
                    Tables.csvNumber(s.meanSeconds()),
                    Tables.csvNumber(s.medianSeconds()),
                    Tables.csvNumber(s.biasPercent()),
                    Tables.csvNumber(s.widthPercent()),
                    Tables.csvNumber(s.medianSubsessionSize()),
                    Integer.toString(s.removedSessions()),
                    Tables.csvNumber(s.medianWarmup()),
                    s.warmupWithin5() < 0 ? "" : Integer.toString(s.warmupWithin5()),
                    Tables.csvNumber(s.medianCooldown()),
                    s.cooldownWithin5() < 0 ? "" : Integer.toString(s.cooldownWithin5())));
        }
    }

    Map<String, Object> toMap() {
        Evaluation.WorkloadEvaluation e = evaluation;
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("workload", SimulationCells.modelMap(e.model()));
        root.put("settings", SimulationCells.settingsMap(e.settings()));
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
            m.put(
                    "coverage",
                    ResultJson.object(
                            "value",
                            s.coverage().center(),
                            "low",
                            s.coverage().low(),
                            "high",
                            s.coverage().high()));
            m.put("nominal", e.settings().confidence());
            m.put(
                    "flag",
                    SimulationReport.flag(s.coverage().center(), e.settings().confidence())
                            .toLowerCase(Locale.ROOT));
            m.put("converged", s.converged());
            m.put("rounds", SimulationCells.meanMedian(s.meanRounds(), s.medianRounds()));
            m.put("samples", SimulationCells.median(s.medianSamples()));
            m.put("seconds", SimulationCells.meanMedian(s.meanSeconds(), s.medianSeconds()));
            m.put("biasPercent", ResultJson.num(s.biasPercent()));
            m.put("widthPercent", ResultJson.num(s.widthPercent()));
            m.put("subsessionSize", SimulationCells.median(s.medianSubsessionSize()));
            m.put("removedSessions", s.removedSessions());
            m.put("warmup", SimulationCells.median(s.medianWarmup()));
            m.put("warmupWithin5", s.warmupWithin5() < 0 ? null : s.warmupWithin5());
            m.put("cooldown", SimulationCells.median(s.medianCooldown()));
            m.put("cooldownWithin5", s.cooldownWithin5() < 0 ? null : s.cooldownWithin5());
            list.add(m);
        }
        root.put("strategies", list);
        return root;
    }

    private static String signedPercent(double percent) {
        if (!Double.isFinite(percent)) {
            return "–";
        }
        return (percent > 0 ? "+" : "") + Formats.significant(percent, 2) + "%";
    }
}
