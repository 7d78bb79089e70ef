package io.pilotbench.script;

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
    static final List<String> HEADER = List.of("COUNT", "MEAN", "MEDIAN", "LOW", "HIGH", "MIN", "MAX", "SDEV%",
            "HW%", "O/H");

    private GetstatsRenderer() {
    }

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

    static String p(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? String.format(Locale.ROOT, "%.2e", p)
                : String.format(Locale.ROOT, "%.3f", p);
    }

    private static List<String> cells(Row r) {
        var s = r.stats();
        return List.of(Integer.toString(s.count()), num(s.mean()), num(s.median()), num(s.low()), num(s.high()),
                num(s.min()), num(s.max()), num(s.sdevPercent()), num(s.hwPercent()), num(r.overheadPercent()));
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

    private static String[][] hypotheses(Comparison c) {
        double a = 1 - c.t().difference().confidence();
        return new String[][] {
            {"u1 <= u2", "u1 > u2", p(c.t().pGreater()), c.t().pGreater() < a ? "reject H_0" : "fail to reject H_0"},
            {"u1 >= u2", "u1 < u2", p(c.t().pLess()), c.t().pLess() < a ? "reject H_0" : "fail to reject H_0"},
            {"u1 == u2", "u1 != u2", p(c.t().pTwoSided()), c.t().pTwoSided() < a ? "reject H_0" : "fail to reject H_0"}};
    }

    private static String ci(Report r, Comparison c) {
        return Math.round(r.confidence() * 100) + "%CI for " + c.sample1() + " - " + c.sample2() + " = ("
                + num(c.t().difference().low()) + ", " + num(c.t().difference().high()) + ")";
    }

    private static String method(Comparison c) {
        return c.method() + " t-test, df " + num(c.t().df()) + " (F-test of the variances: F = " + num(c.f())
                + ", p = " + p(c.fP()) + (c.welch() ? ", variances differ" : ", no evidence they differ") + ")";
    }

    static void text(Report r, PrintWriter out) {
        for (Warning w : r.warnings()) {
            out.println("warning: " + w.text());
        }
        if (!r.warnings().isEmpty()) {
            out.println();
        }
        boolean first = true;
        for (Map.Entry<String, List<Row>> e : bySample(r).entrySet()) {
            out.println(e.getKey());
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
        String pair = null;
        for (Comparison c : r.comparisons()) {
            String now = c.sample1() + "|" + c.sample2();
            if (!now.equals(pair)) {
                out.println();
                out.println("Comparing " + c.sample1() + " (Sample 1) to " + c.sample2() + " (Sample 2).");
                pair = now;
            }
            out.println(c.column() + ": " + ci(r, c));
            out.println("  " + method(c));
            List<List<String>> t = new ArrayList<>();
            t.add(List.of("Null Hyp.", "Alt. Hyp.", "P-value", "Result"));
            for (String[] h : hypotheses(c)) {
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
            out.println(String.join(",", quote(row.sample()), quote(s.name()), Integer.toString(s.count()),
                    raw(s.mean()), raw(s.median()), raw(s.low()), raw(s.high()), raw(s.min()), raw(s.max()),
                    raw(s.sdevPercent()), raw(s.hwPercent()), raw(row.overheadPercent()), raw(s.slope()),
                    raw(s.slopeP())));
        }
    }

    private static String raw(double x) {
        return Double.isNaN(x) ? "" : Double.toString(x);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
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
            ws.add(Map.of("sample", w.sample(), "column", w.column(), "kind", w.kind(), "text", w.text()));
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
        for (Warning w : r.warnings()) {
            out.println("- **warning:** " + w.text());
        }
        if (!r.warnings().isEmpty()) {
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
        for (Comparison c : r.comparisons()) {
            out.println("**" + c.column() + "**: " + ci(r, c) + "; " + method(c));
            out.println();
            out.println("| Null Hyp. | Alt. Hyp. | P-value | Result |");
            out.println("|---|---|---:|---|");
            for (String[] h : hypotheses(c)) {
                out.println("| " + String.join(" | ", h) + " |");
            }
            out.println();
        }
    }
}
