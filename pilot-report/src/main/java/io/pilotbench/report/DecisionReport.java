package io.pilotbench.report;

import io.pilotbench.core.model.Formats;
import io.pilotbench.simulate.ComparisonSummary;
import io.pilotbench.simulate.Evaluation;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two-workload part of {@link SimulationReport}: per strategy, the share of right verdicts (and of wrong ones,
 * "no difference" and undecided), how often the ratio's CI covers the truth, and the rounds and time a decision
 * took, in text, Markdown, CSV and as the JSON object.
 */
final class DecisionReport {
    private final Evaluation.ComparisonEvaluation evaluation;

    DecisionReport(Evaluation.ComparisonEvaluation evaluation) {
        this.evaluation = evaluation;
    }

    private String heading() {
        Evaluation.ComparisonEvaluation e = evaluation;
        double r = e.ratio();
        String truth = r == 1
                ? "equal means"
                : r < 1 ? "A is " + Formats.number(1 / r) + "× faster" : "B is " + Formats.number(r) + "× faster";
        return "A = " + e.a().spec() + " vs B = " + e.b().spec() + "; true ratio A/B " + Formats.number(r) + " ("
                + truth + ")";
    }

    private List<String[]> rows(boolean markdown) {
        Evaluation.ComparisonEvaluation e = evaluation;
        boolean equal = e.ratio() == 1;
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {
            "strategy",
            "correct",
            equal ? "false difference" : "wrong direction",
            "no difference",
            "undecided",
            "ratio CI covers",
            "rounds per workload mean / median",
            "time (median)"
        });
        for (ComparisonSummary s : e.strategies()) {
            rows.add(new String[] {
                markdown ? "`" + s.strategy().id() + "`" : s.strategy().id(),
                share(s.correct(), s.replications()),
                share(equal ? s.falseDifference() : s.wrongDirection(), s.replications()),
                share(s.noDifference(), s.replications()),
                share(s.undecided(), s.replications()),
                s.withRatio() == 0 ? "–" : share(s.ratioCovered(), s.withRatio()),
                Formats.number(s.meanRounds()) + " / " + Formats.number(s.medianRounds()),
                Formats.duration(s.medianSeconds())
            });
        }
        return rows;
    }

    void text(PrintWriter out) {
        Evaluation.ComparisonEvaluation e = evaluation;
        out.println("pilot simulate: " + heading());
        out.println("α = " + Formats.number(e.settings().alpha()) + ", "
                + SimulationCells.percent(e.settings().confidence()) + " CIs, equivalence ±"
                + SimulationCells.percent(e.settings().equivalence()) + "; " + e.replications()
                + " comparisons per strategy, seed " + e.seed());
        out.println();
        Tables.text(rows(false), out, "  ");
        out.println();
        for (ComparisonSummary s : e.strategies()) {
            out.println("  " + s.strategy().id() + ": " + s.strategy().description());
        }
    }

    void markdown(PrintWriter out) {
        Evaluation.ComparisonEvaluation e = evaluation;
        out.println("**" + Tables.markdownText(heading()) + "** — α = "
                + Formats.number(e.settings().alpha()) + ", " + e.replications() + " comparisons per strategy, seed "
                + e.seed());
        out.println();
        List<String[]> rows = rows(true);
        out.println(Tables.markdownHeader("lrrrrrrr", rows.get(0)));
        for (String[] r : rows.subList(1, rows.size())) {
            out.println(Tables.markdownRow(r));
        }
    }

    /** Header of the CSV of a comparison evaluation: one row per strategy. */
    static final String CSV_HEADER = "a,b,ratio,strategy,replications,correct,wrong_direction,false_difference,"
            + "no_difference,undecided,with_ratio,ratio_covered,rounds_mean,rounds_median,seconds_median";

    void csv(PrintWriter out) {
        Evaluation.ComparisonEvaluation e = evaluation;
        out.println(CSV_HEADER);
        for (ComparisonSummary s : e.strategies()) {
            out.println(String.join(
                    ",",
                    Tables.csvCell(e.a().spec()),
                    Tables.csvCell(e.b().spec()),
                    Tables.csvNumber(e.ratio()),
                    s.strategy().id(),
                    Integer.toString(s.replications()),
                    Integer.toString(s.correct()),
                    Integer.toString(s.wrongDirection()),
                    Integer.toString(s.falseDifference()),
                    Integer.toString(s.noDifference()),
                    Integer.toString(s.undecided()),
                    Integer.toString(s.withRatio()),
                    Integer.toString(s.ratioCovered()),
                    Tables.csvNumber(s.meanRounds()),
                    Tables.csvNumber(s.medianRounds()),
                    Tables.csvNumber(s.medianSeconds())));
        }
    }

    Map<String, Object> toMap() {
        Evaluation.ComparisonEvaluation e = evaluation;
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("a", SimulationCells.modelMap(e.a()));
        root.put("b", SimulationCells.modelMap(e.b()));
        root.put("ratio", e.ratio());
        root.put("settings", SimulationCells.settingsMap(e.settings()));
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
            m.put("rounds", SimulationCells.meanMedian(s.meanRounds(), s.medianRounds()));
            m.put("seconds", SimulationCells.median(s.medianSeconds()));
            list.add(m);
        }
        root.put("strategies", list);
        return root;
    }

    private static String share(int count, int of) {
        return SimulationCells.percent((double) count / of);
    }
}
