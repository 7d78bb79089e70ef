package io.pilotbench.report;

import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.compare.PairedCycles;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.TTestResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report of {@code pilot compare}: a ranking (mean ± CI per workload), a verdict sentence per pair of neighbours
 * in the ranking and per candidate against the first workload, and Getstats-style details (Wright et al., Auto-pilot,
 * USENIX ATC 2005, Fig. 3; docs/references.md#wright-2005) of every candidate against the first: the difference of
 * means and the ratio with their CIs, Welch's and the pooled t-test, and the three hypotheses u1 ≤ u2, u1 ≥ u2,
 * u1 = u2, each rejected or not at α ("fail to reject H0": a test never shows a null hypothesis true).
 *
 * <p>JSON contract (stable; fields may be added, never renamed): {@code {"pi": {"name", "unit", "direction"},
 * "settings": {"confidence", "alpha", "equivalence", "test", "ciTarget"}, "workloads": [{"name", "rank", "n",
 * "mean", "ci": {"confidence", "low", "high", "width"} | null, "subsessionSize", "subsessions", "rounds",
 * "targetMet", "source"}], "pairs": [{"a", "b", "adjacent", "difference": {"mean", "low", "high"}, "ratio":
 * {"value", "low", "high"}, "welch": {"t", "df", "p", "pLess", "pGreater"}, "pooled": {…}, "sequence": {"mean", "low",
 * "high"} | null, "paired": {"cycles", "subsessionSize", "lag1", "difference": {…}, "ratio": {…}, "sequence": {…},
 * "anytimeP"} | null,
 * "anytimeP" | null, "verdict": "a<b" | "a>b" | "equivalent" | "undecided", "margin", "moreRounds"}], "decided",
 * "stopReason", "seconds", "gate": [{"candidate", "slower", "factor": {…}, "limit"}]}}. Pairs hold a = the earlier
 * workload in the order given, b = the later; difference = a − b, ratio = a / b. A live comparison of workloads run
 * in the same cycles decides by the confidence sequence of their per-cycle differences ({@code paired}; ratio is
 * then Fieller's interval for paired samples), other live comparisons by the sequence of the difference (both at α,
 * valid at every look), and report the anytime-valid p-value; a comparison of stored samples by the t-test. Missing
 * values are null.
 */
public final class ComparisonReport {

    private final Comparison comparison;
    private final StopReason stopReason;
    private final double seconds;
    private final Gate gate;
    private final ComparisonWords words;

    /**
     * @param stopReason why a live comparison ended, or null for stored data
     * @param seconds    how long it ran, or NaN
     * @param limit      the limit that ended it, in words ("the time limit of 5 min"), or null
     */
    public ComparisonReport(Comparison comparison, StopReason stopReason, double seconds, Gate gate, String limit) {
        this.comparison = comparison;
        this.stopReason = stopReason;
        this.seconds = seconds;
        this.gate = gate == null ? Gate.NONE : gate;
        this.words = new ComparisonWords(comparison, stopReason, seconds, limit);
    }

    /** Writes the report in {@code format}. */
    public void render(Format format, PrintWriter out) {
        switch (format) {
            case TEXT -> text(out);
            case JSON -> out.println(JsonMappers.indented().writeValueAsString(toMap()));
            case CSV -> csv(out);
            case MARKDOWN -> markdown(out);
            default -> throw new IllegalArgumentException(format.toString());
        }
        out.flush();
    }

    /**
     * "B is 1.23× faster than A (95% CI 1.19×–1.27×, p < 0.001)", "A and B are equivalent within ±1% (…)", or
     * "A vs B: undecided (p = 0.08); about 40 more rounds each would decide it".
     */
    public String sentence(PairComparison p) {
        return words.sentence(p);
    }

    /** The JSON object of the report. */
    public Map<String, Object> toMap() {
        return ComparisonJson.toMap(comparison, stopReason, seconds, gate);
    }

    // ---- text --------------------------------------------------------------------------------------------------

    private void text(PrintWriter out) {
        out.println(words.heading());
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"rank", "workload", "mean", "± CI", words.conf() + " CI", "n", "subsessions", "rounds"});
        for (Contender c : comparison.ranking()) {
            rows.add(rankingRow(c));
        }
        table(rows, out);
        out.println();
        for (PairComparison p : words.shownPairs()) {
            out.println(words.sentence(p));
        }
        for (Gate.Finding f : gate.check(comparison)) {
            out.println(words.gateLine(f));
        }
        String drift = words.driftNote(gate);
        if (drift != null) {
            out.println(drift);
        }
        String end = words.ending();
        if (end != null) {
            out.println();
            out.println(end);
        }
        Contender first = comparison.contenders().get(0);
        for (Contender c :
                comparison.contenders().subList(1, comparison.contenders().size())) {
            out.println();
            details(comparison.pair(first, c), out);
        }
    }

    private String[] rankingRow(Contender c) {
        String unit = c.pi().unit();
        int rank = comparison.ranking().indexOf(c) + 1;
        if (c.ci() == null) {
            return new String[] {
                String.valueOf(rank),
                c.name(),
                Double.isFinite(c.mean()) ? Formats.quantity(c.mean(), unit, c.mean()) : "-",
                "no CI",
                "",
                String.valueOf(c.n()),
                "-",
                String.valueOf(c.rounds())
            };
        }
        return new String[] {
            String.valueOf(rank),
            c.name(),
            Formats.quantity(c.mean(), unit, c.mean()),
            "± " + Formats.significant(100 * c.ci().halfWidth() / Math.abs(c.mean()), 2) + "%",
            "[" + Formats.quantity(c.ci().low(), unit, c.mean()) + ", "
                    + Formats.quantity(c.ci().high(), unit, c.mean()) + "]",
            String.valueOf(c.n()),
            c.n() / c.subsessionSize() + " × " + c.subsessionSize(),
            String.valueOf(c.rounds())
        };
    }

    private void details(PairComparison p, PrintWriter out) {
        CompareSettings s = comparison.settings();
        String unit = p.a().pi().unit();
        out.println("Comparing " + p.a().name() + " (sample 1) to " + p.b().name() + " (sample 2):");
        if (p.welch() == null) {
            out.println("  no test: " + (p.a().valid() ? p.b() : p.a()).name() + " has no confidence interval");
            return;
        }
        if (p.paired() != null) {
            paired(p, out);
            return;
        }
        List<String[]> rows = new ArrayList<>();
        ConfidenceInterval d = p.difference();
        double ref = Math.max(Math.abs(p.a().mean()), Math.abs(p.b().mean()));
        rows.add(new String[] {
            "difference 1 − 2",
            Formats.quantity(d.center(), unit, ref),
            words.conf() + " CI [" + Formats.quantity(d.low(), unit, ref) + ", " + Formats.quantity(d.high(), unit, ref)
                    + "]"
        });
        ConfidenceInterval r = p.ratio();
        rows.add(new String[] {
            "ratio 1 / 2",
            Formats.number(p.a().mean() / p.b().mean()),
            r == null
                    ? "CI unbounded (sample 2's mean is not significantly different from 0)"
                    : words.conf() + " CI [" + Formats.number(r.low()) + ", " + Formats.number(r.high()) + "]"
        });
        rows.add(new String[] {"Welch's t-test", test(p.welch()), ""});
        rows.add(new String[] {"pooled t-test", test(p.pooled()), ""});
        if (p.sequence() != null) {
            // a live verdict rests on the anytime-valid sequence, not on the fixed-sample tests above
            ConfidenceInterval cs = p.sequence();
            rows.add(new String[] {
                "verdict's test",
                "anytime " + ComparisonWords.pValue(p.anytimeP()),
                percent(cs.confidence()) + " confidence sequence of the difference ["
                        + Formats.quantity(cs.low(), unit, ref) + ", " + Formats.quantity(cs.high(), unit, ref) + "]"
            });
            Tables.text(rows, out, "  ");
            return;
        }
        Tables.text(rows, out, "  ");
        TTestResult t = s.test() == CompareSettings.Test.WELCH ? p.welch() : p.pooled();
        List<String[]> h = new ArrayList<>();
        h.add(new String[] {
            "Null hyp.",
            "Alt. hyp.",
            "p (" + (s.test() == CompareSettings.Test.WELCH ? "Welch" : "pooled") + ")",
            "at α = " + Formats.number(s.alpha())
        });
        h.add(hypothesis("u1 <= u2", "u1 > u2", t.pGreater(), s.alpha()));
        h.add(hypothesis("u1 >= u2", "u1 < u2", t.pLess(), s.alpha()));
        h.add(hypothesis("u1 == u2", "u1 != u2", t.pTwoSided(), s.alpha()));
        Tables.text(h, out, "  ");
    }

    /** Two workloads compared cycle by cycle: what the verdict rests on, and the samples taken apart beside it. */
    private void paired(PairComparison p, PrintWriter out) {
        PairedCycles c = p.paired();
        List<String[]> rows = new ArrayList<>();
        String unit = p.a().pi().unit();
        double ref = Math.max(Math.abs(c.meanA()), Math.abs(c.meanB()));
        ConfidenceInterval r = c.ratio();
        rows.add(new String[] {
            "ratio 1 / 2",
            Formats.number(r.center()),
            words.conf() + " CI " + ends(r) + ", paired over " + c.pairs() + " cycles"
        });
        ConfidenceInterval d = c.difference();
        ConfidenceInterval cs = c.sequence();
        rows.add(new String[] {
            "verdict's test",
            "anytime " + ComparisonWords.pValue(c.anytimeP()),
            percent(d.confidence()) + " confidence sequence of the per-cycle difference "
                    + (Double.isFinite(d.high())
                            ? "[" + Formats.quantity(d.low(), unit, ref) + ", " + Formats.quantity(d.high(), unit, ref)
                                    + "], of the ratio " + ends(cs)
                            : "unbounded (too few cycles yet)")
        });
        rows.add(new String[] {
            "pairing",
            "lag-1 autocorrelation " + (Double.isNaN(c.lag1()) ? "n/a" : Formats.significant(c.lag1(), 2)),
            c.batch() == 1 ? "cycles independent" : "merged in subsessions of " + c.batch() + " cycles"
        });
        rows.add(new String[] {"Welch's t-test", test(p.welch()), "the two samples taken apart, for reference"});
        Tables.text(rows, out, "  ");
    }

    private static String ends(ConfidenceInterval ci) {
        return Double.isFinite(ci.low()) && Double.isFinite(ci.high())
                ? "[" + Formats.number(ci.low()) + ", " + Formats.number(ci.high()) + "]"
                : "unbounded";
    }

    private static String percent(double confidence) {
        return Formats.significant(confidence * 100, 4) + "%";
    }

    private static String test(TTestResult t) {
        return "t = " + Formats.number(t.t()) + ", df = " + Formats.number(t.df()) + ", "
                + ComparisonWords.pValue(t.pTwoSided());
    }

    private static String[] hypothesis(String h0, String h1, double p, double alpha) {
        return new String[] {
            h0, h1, p < 0.001 ? "< 0.001" : Formats.significant(p, 3), p < alpha ? "reject H0" : "fail to reject H0"
        };
    }

    private static void table(List<String[]> rows, PrintWriter out) {
        Tables.text(rows, out, "  ");
    }

    // ---- Markdown and CSV ----------------------------------------------------------------------------------------

    private void markdown(PrintWriter out) {
        out.println("**" + words.heading() + "**");
        out.println();
        out.println(Tables.markdownHeader(
                "rlrrlrrr", "rank", "workload", "mean", "± CI", words.conf() + " CI", "n", "subsessions", "rounds"));
        for (Contender c : comparison.ranking()) {
            out.println(Tables.markdownRow(rankingRow(c)));
        }
        out.println();
        for (PairComparison p : words.shownPairs()) {
            out.println("- " + Tables.markdownText(words.sentence(p)));
        }
        for (Gate.Finding f : gate.check(comparison)) {
            out.println("- **" + Tables.markdownText(words.gateLine(f)) + "**");
        }
        String drift = words.driftNote(gate);
        if (drift != null) {
            out.println("- " + Tables.markdownText(drift));
        }
        String end = words.ending();
        if (end != null) {
            out.println();
            out.println(end);
        }
        out.println();
        out.println(Tables.markdownHeader(
                "llrlrllll",
                "sample 1",
                "sample 2",
                "difference 1 − 2",
                words.conf() + " CI",
                "ratio 1 / 2",
                words.conf() + " CI",
                "Welch t, df, p",
                "pooled t, df, p",
                "verdict"));
        for (PairComparison p : comparison.pairs()) {
            if (p.welch() == null) {
                continue;
            }
            String unit = p.a().pi().unit();
            double ref = Math.max(Math.abs(p.a().mean()), Math.abs(p.b().mean()));
            ConfidenceInterval d = p.difference();
            ConfidenceInterval r = p.ratio();
            out.println(Tables.markdownRow(new String[] {
                p.a().name(),
                p.b().name(),
                Formats.quantity(d.center(), unit, ref),
                "[" + Formats.quantity(d.low(), unit, ref) + ", " + Formats.quantity(d.high(), unit, ref) + "]",
                Formats.number(p.a().mean() / p.b().mean()),
                r == null ? "unbounded" : "[" + Formats.number(r.low()) + ", " + Formats.number(r.high()) + "]",
                test(p.welch()),
                test(p.pooled()),
                p.verdict().label()
            }));
        }
    }

    /** Header of the CSV: one row per pair. */
    static final String CSV_HEADER = "a,b,mean_a,mean_b,difference,difference_low,difference_high,ratio,ratio_low,"
            + "ratio_high,welch_t,welch_df,welch_p,pooled_t,pooled_df,pooled_p,verdict";

    private void csv(PrintWriter out) {
        out.println(CSV_HEADER);
        for (PairComparison p : comparison.pairs()) {
            List<String> cells = new ArrayList<>(List.of(
                    Tables.csvCell(p.a().name()),
                    Tables.csvCell(p.b().name()),
                    Tables.csvNumber(p.a().mean()),
                    Tables.csvNumber(p.b().mean())));
            ConfidenceInterval d = p.difference();
            cells.addAll(
                    d == null
                            ? List.of("", "", "")
                            : List.of(
                                    Tables.csvNumber(d.center()),
                                    Tables.csvNumber(d.low()),
                                    Tables.csvNumber(d.high())));
            ConfidenceInterval r = p.ratio();
            cells.add(Tables.csvNumber(p.a().mean() / p.b().mean()));
            cells.addAll(r == null ? List.of("", "") : List.of(Tables.csvNumber(r.low()), Tables.csvNumber(r.high())));
            for (TTestResult t : new TTestResult[] {p.welch(), p.pooled()}) {
                cells.addAll(
                        t == null
                                ? List.of("", "", "")
                                : List.of(
                                        Tables.csvNumber(t.t()),
                                        Tables.csvNumber(t.df()),
                                        Tables.csvNumber(t.pTwoSided())));
            }
            cells.add(p.verdict().label());
            out.println(String.join(",", cells));
        }
    }
}
