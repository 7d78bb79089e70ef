package io.pilotbench.script;

import io.pilotbench.core.files.CsvField;
import io.pilotbench.script.Getstats.Comparison;
import io.pilotbench.script.Getstats.Report;
import io.pilotbench.script.Getstats.Row;
import io.pilotbench.script.Getstats.Warning;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Getstats' report as text (the paper's layout), CSV, JSON and Markdown. */
final class GetstatsRenderer {
    static final List<String> HEADER =
            List.of("COUNT", "MEAN", "MEDIAN", "LOW", "HIGH", "MIN", "MAX", "SDEV%", "HW%", "O/H");

    private GetstatsRenderer() {}

    /** 5 significant digits; "-" for NaN. */
    static String num(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        if (x == 0) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.5g", x);
        if (s.contains("e")) {
            return s;
        }
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }

    /**
     * A p-value as printed beside a decision at {@code alpha}: 3 decimals (or 3 significant digits under 0.001), and
     * as many more as it takes for the printed figure to fall on the same side of alpha as the p-value itself
     * (0.0498 at 0.05 is {@code 0.0498}, never {@code 0.050}); when even 12 decimals do not, {@code < alpha}.
     */
    static String p(double p, double alpha) {
        if (Double.isNaN(p)) {
            return "-";
        }
        boolean below = p < alpha;
        if (p < 0.001) {
            for (int d = 2; d <= 12; d++) {
                String s = String.format(Locale.ROOT, "%." + d + "e", p);
                if (Double.parseDouble(s) < alpha == below) {
                    return s;
                }
            }
        } else {
            for (int d = 3; d <= 12; d++) {
                String s = String.format(Locale.ROOT, "%." + d + "f", p);
                if (Double.parseDouble(s) < alpha == below) {
                    return s;
                }
            }
        }
        return (below ? "< " : ">= ") + num(alpha);
    }

    private static List<String> cells(Row r) {
        var s = r.stats();
        return List.of(
                Integer.toString(s.count()),
                num(s.mean()),
                num(s.median()),
                num(s.low()),
                num(s.high()),
                num(s.min()),
                num(s.max()),
                num(s.sdevPercent()),
                num(s.hwPercent()),
                num(r.overheadPercent()));
    }

    private static Map<String, List<Row>> bySample(Report r) {
        Map<String, List<Row>> m = new LinkedHashMap<>();
        for (String s : r.samples()) {
            m.put(s, new ArrayList<>());
        }
        for (Row row : r.rows()) {
            m.get(row.sample()).add(row);
        }
        return m;
    }

    /** The three hypotheses, each with its p-value and the decision at alpha (the figure never contradicts it). */
    private static String[][] hypotheses(Report r, Comparison c) {
        double a = r.alpha();
        double[] ps = {c.t().pGreater(), c.t().pLess(), c.t().pTwoSided()};
        String[][] h = {{"u1 <= u2", "u1 > u2"}, {"u1 >= u2", "u1 < u2"}, {"u1 == u2", "u1 != u2"}};
        String[][] out = new String[3][];
        for (int i = 0; i < 3; i++) {
            out[i] = new String[] {h[i][0], h[i][1], p(ps[i], a), ps[i] < a ? "reject H_0" : "fail to reject H_0"};
        }
        return out;
    }

    private static String ci(Report r, Comparison c) {
        return Math.round(r.confidence() * 100) + "%CI for " + c.sample1() + " - " + c.sample2() + " = ("
                + num(c.t().difference().low()) + ", " + num(c.t().difference().high()) + ")";
    }

    private static String method(Report r, Comparison c) {
        return c.method() + " t-test, df " + num(c.t().df()) + " (F-test of the variances: F = " + num(c.f())
                + ", p = " + p(c.fP(), r.alpha()) + (c.welch() ? ", variances differ" : ", no evidence they differ")
                + ")";
    }

    private static boolean outliers(Warning w) {
        return w.kind().equals("z-score");
    }

    /** The heading of the z-score summary, after the tables. */
    private static String outlierHeading(Report r) {
        return "Values with a z-score above " + num(r.zThreshold()) + " (per column: how many, how many normal data "
                + "would give by chance, the worst " + Getstats.WORST + "):";
    }

    static void text(Report r, PrintWriter out) {
        List<Warning> before = r.warnings().stream().filter(w -> !outliers(w)).toList();
        for (Warning w : before) {
            out.println("warning: " + w.text());
        }
        if (!before.isEmpty()) {
            out.println();
        }
        boolean first = true;
        for (Map.Entry<String, List<Row>> e : bySample(r).entrySet()) {
            out.println(e.getKey());
            if (e.getValue().isEmpty()) {
                out.println("  no runs (the TEST ended before its first run completed, or its file holds none)");
                continue;
            }
            List<List<String>> table = new ArrayList<>();
            List<String> head = new ArrayList<>(List.of("NAME"));
            head.addAll(first ? HEADER.subList(0, HEADER.size() - 1) : HEADER);
            table.add(head);
            for (Row row : e.getValue()) {
                List<String> line = new ArrayList<>(List.of(row.stats().name()));
                List<String> c = cells(row);
                line.addAll(first ? c.subList(0, c.size() - 1) : c);
                table.add(line);
            }
            printAligned(table, out);
            first = false;
        }
        List<Warning> z =
                r.warnings().stream().filter(GetstatsRenderer::outliers).toList();
        if (!z.isEmpty()) {
            out.println();
            out.println(outlierHeading(r));
            for (Warning w : z) {
                out.println("  " + w.text());
            }
        }
        String pair = null;
        for (Comparison c : r.comparisons()) {
            String now = c.sample1() + "|" + c.sample2();
            if (!now.equals(pair)) {
                out.println();
                out.println("Comparing " + c.sample1() + " (Sample 1) to " + c.sample2() + " (Sample 2).");
                pair = now;
            }
            out.println(c.column() + ": " + ci(r, c));
            out.println("  " + method(r, c));
            List<List<String>> t = new ArrayList<>();
            t.add(List.of("Null Hyp.", "Alt. Hyp.", "P-value", "Result"));
            for (String[] h : hypotheses(r, c)) {
                t.add(List.of(h));
            }
            printAligned(t, out);
        }
    }

    private static void printAligned(List<List<String>> table, PrintWriter out) {
        int cols = table.get(0).size();
        int[] w = new int[cols];
        for (List<String> row : table) {
            for (int i = 0; i < cols; i++) {
                w[i] = Math.max(w[i], row.get(i).length());
            }
        }
        for (List<String> row : table) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < cols; i++) {
                String c = row.get(i);
                b.append(i == 0 ? String.format("%-" + w[i] + "s", c) : String.format("%" + w[i] + "s", c));
                b.append(i < cols - 1 ? "  " : "");
            }
            out.println(b.toString().stripTrailing());
        }
    }

    static void csv(Report r, PrintWriter out) {
        out.println("sample,column,count,mean,median,low,high,min,max,sdev_pct,hw_pct,overhead_pct,slope,slope_p");
        for (Row row : r.rows()) {
            var s = row.stats();
            out.println(String.join(
                    ",",
                    quote(row.sample()),
                    quote(s.name()),
                    Integer.toString(s.count()),
                    raw(s.mean()),
                    raw(s.median()),
                    raw(s.low()),
                    raw(s.high()),
                    raw(s.min()),
                    raw(s.max()),
                    raw(s.sdevPercent()),
                    raw(s.hwPercent()),
                    raw(row.overheadPercent()),
                    raw(s.slope()),
                    raw(s.slopeP())));
        }
        if (r.comparisons().isEmpty()) {
            return;
        }
        out.println();
        out.println(String.join(",", COMPARISON_HEADER));
        for (Comparison c : r.comparisons()) {
            var t = c.t();
            out.println(String.join(
                    ",",
                    quote(c.column()),
                    quote(c.sample1()),
                    quote(c.sample2()),
                    raw(c.f()),
                    raw(c.fP()),
                    c.method().toLowerCase(Locale.ROOT),
                    raw(t.t()),
                    raw(t.df()),
                    raw(t.difference().center()),
                    raw(t.difference().low()),
                    raw(t.difference().high()),
                    raw(t.pGreater()),
                    raw(t.pLess()),
                    raw(t.pTwoSided()),
                    raw(r.alpha()),
                    Boolean.toString(t.pGreater() < r.alpha()),
                    Boolean.toString(t.pLess() < r.alpha()),
                    Boolean.toString(t.pTwoSided() < r.alpha())));
        }
    }

    /**
     * The header of the CSV's second table, the t-tests (after the first table and one empty line): per column, u1
     * (sample1, a later sample) against u2 (sample2, the first); the F-test; the test used; the difference u1 − u2
     * with its CI; the p-values of u1 > u2, u1 < u2 and u1 != u2; and whether each rejects its null at alpha.
     */
    static final List<String> COMPARISON_HEADER = List.of(
            "column",
            "sample1",
            "sample2",
            "f",
            "f_p",
            "method",
            "t",
            "df",
            "difference",
            "difference_low",
            "difference_high",
            "p_greater",
            "p_less",
            "p_two_sided",
            "alpha",
            "reject_greater",
            "reject_less",
            "reject_two_sided");

    private static String raw(double x) {
        return Double.isNaN(x) ? "" : Double.toString(x);
    }

    private static String quote(String s) {
        return CsvField.of(s);
    }

    static Map<String, Object> json(Report r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("confidence", r.confidence());
        m.put("alpha", r.alpha());
        List<Object> rows = new ArrayList<>();
        for (Row row : r.rows()) {
            var s = row.stats();
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("sample", row.sample());
            x.put("column", s.name());
            x.put("count", s.count());
            x.put("mean", finite(s.mean()));
            x.put("median", finite(s.median()));
            x.put("low", finite(s.low()));
            x.put("high", finite(s.high()));
            x.put("min", finite(s.min()));
            x.put("max", finite(s.max()));
            x.put("sdevPercent", finite(s.sdevPercent()));
            x.put("hwPercent", finite(s.hwPercent()));
            x.put("overheadPercent", finite(row.overheadPercent()));
            x.put("slope", finite(s.slope()));
            x.put("slopePValue", finite(s.slopeP()));
            rows.add(x);
        }
        m.put("tables", rows);
        List<Object> ws = new ArrayList<>();
        for (Warning w : r.warnings()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("sample", w.sample());
            x.put("column", w.column());
            x.put("kind", w.kind());
            x.put("text", w.text());
            if (outliers(w)) {
                List<Object> runs = new ArrayList<>();
                for (Getstats.Outlier u : w.outliers()) {
                    Map<String, Object> o = new LinkedHashMap<>();
                    o.put("run", u.run());
                    o.put("z", u.z());
                    o.put("value", u.value());
                    runs.add(o);
                }
                x.put("outliers", runs);
            }
            ws.add(x);
        }
        m.put("warnings", ws);
        List<Object> cs = new ArrayList<>();
        for (Comparison c : r.comparisons()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("column", c.column());
            x.put("sample1", c.sample1());
            x.put("sample2", c.sample2());
            x.put("fStatistic", finite(c.f()));
            x.put("fPValue", finite(c.fP()));
            x.put("method", c.method());
            x.put("t", finite(c.t().t()));
            x.put("df", finite(c.t().df()));
            x.put("difference", finite(c.t().difference().center()));
            x.put("differenceLow", finite(c.t().difference().low()));
            x.put("differenceHigh", finite(c.t().difference().high()));
            x.put("pGreater", finite(c.t().pGreater()));
            x.put("pLess", finite(c.t().pLess()));
            x.put("pTwoSided", finite(c.t().pTwoSided()));
            cs.add(x);
        }
        m.put("comparisons", cs);
        return m;
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    static void markdown(Report r, PrintWriter out) {
        List<Warning> before = r.warnings().stream().filter(w -> !outliers(w)).toList();
        for (Warning w : before) {
            out.println("- **warning:** " + w.text());
        }
        if (!before.isEmpty()) {
            out.println();
        }
        for (Map.Entry<String, List<Row>> e : bySample(r).entrySet()) {
            out.println("### " + e.getKey());
            out.println();
            out.println("| NAME | " + String.join(" | ", HEADER) + " |");
            out.println("|---" + "|---:".repeat(HEADER.size()) + "|");
            for (Row row : e.getValue()) {
                out.println("| " + row.stats().name() + " | " + String.join(" | ", cells(row)) + " |");
            }
            out.println();
        }
        List<Warning> z =
                r.warnings().stream().filter(GetstatsRenderer::outliers).toList();
        if (!z.isEmpty()) {
            out.println(outlierHeading(r));
            out.println();
            for (Warning w : z) {
                out.println("- " + w.text());
            }
            out.println();
        }
        for (Comparison c : r.comparisons()) {
            out.println("**" + c.column() + "**: " + ci(r, c) + "; " + method(r, c));
            out.println();
            out.println("| Null Hyp. | Alt. Hyp. | P-value | Result |");
            out.println("|---|---|---:|---|");
            for (String[] h : hypotheses(r, c)) {
                out.println("| " + String.join(" | ", h) + " |");
            }
            out.println();
        }
    }
}
