package io.pilotbench.report;

import io.pilotbench.core.files.CsvField;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.WpsResult;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Spread;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The CSV and Markdown tables of {@link SessionRenderer}: one row per PI × kind of data with samples, plus a WPS row;
 * the columns are described there.
 */
final class SessionTables {
    private SessionTables() {}

    /** One row of the CSV and Markdown tables. */
    private record Row(
            String pi,
            String unit,
            String data,
            int n,
            long removed,
            double mean,
            ConfidenceInterval ci,
            int subsessionSize,
            long requiredSamples,
            boolean targetMet,
            Spread spread) {}

    private static List<Row> rows(SessionResult r) {
        List<Row> rows = new ArrayList<>();
        for (PiResult p : r.pis()) {
            add(rows, p.pi(), "readings", p.readings());
            add(rows, p.pi(), "readings_raw", p.readingsRaw());
            add(rows, p.pi(), "unit_readings", p.unitReadings());
            add(rows, p.pi(), "unit_readings_raw", p.unitReadingsRaw());
        }
        WpsResult w = r.wps();
        if (w != null) {
            long required =
                    w.requiredSubsessions() < 0 ? -1 : w.requiredSubsessions() * Math.max(1, w.subsessionSize());
            rows.add(new Row(
                    "",
                    "work units/s",
                    "wps",
                    w.roundsUsed(),
                    Math.max(0, r.analysedRounds() - w.roundsUsed()),
                    w.v(),
                    w.vCi(),
                    w.subsessionSize(),
                    required,
                    w.targetMet(),
                    null));
        }
        return rows;
    }

    private static void add(List<Row> rows, PerformanceIndex pi, String data, MetricResult m) {
        if (m.n() > 0) {
            rows.add(new Row(
                    pi.name(),
                    pi.unit(),
                    data,
                    m.n(),
                    m.removed(),
                    m.mean(),
                    m.ci(),
                    m.subsessionSize(),
                    m.requiredSamples(),
                    m.targetMet(),
                    m.spread()));
        }
    }

    static void csv(List<SessionResult> sessions, PrintWriter out) {
        out.println(SessionRenderer.CSV_HEADER);
        for (SessionResult s : sessions) {
            String session = s.directory() == null ? s.name() : s.directory().toString();
            for (Row r : rows(s)) {
                ConfidenceInterval ci = r.ci();
                Spread sp = r.spread();
                String[] v = {
                    r.pi(),
                    r.unit(),
                    r.data(),
                    Integer.toString(r.n()),
                    Long.toString(r.removed()),
                    d(r.mean()),
                    ci == null ? "" : d(ci.low()),
                    ci == null ? "" : d(ci.high()),
                    ci == null ? "" : d(ci.width()),
                    r.subsessionSize() > 0 ? Integer.toString(r.subsessionSize()) : "",
                    r.requiredSamples() < 0 ? "" : Long.toString(r.requiredSamples()),
                    Boolean.toString(r.targetMet()),
                    session, // where it was before the spread's columns were added (added columns go last)
                    sp == null ? "" : d(sp.min()),
                    sp == null ? "" : d(sp.median()),
                    sp == null ? "" : d(sp.p90()),
                    sp == null ? "" : d(sp.p99()),
                    sp == null ? "" : d(sp.max()),
                    sp == null ? "" : Integer.toString(sp.outliers())
                };
                for (int i = 0; i < v.length; i++) {
                    v[i] = csvField(v[i]);
                }
                out.println(String.join(",", v));
            }
        }
    }

    private static String d(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }

    private static String csvField(String s) {
        return CsvField.of(s);
    }

    static void markdown(SessionResult s, PrintWriter out) {
        out.println("**" + md(s.name()) + "**" + (s.directory() == null ? "" : " (session `" + s.directory() + "`)")
                + ": " + SessionWords.roundsSummary(s) + ", " + Formats.duration(s.seconds()) + "; "
                + SessionWords.stopped(s));
        out.println();
        out.println(Tables.markdownHeader(
                "llrrrlrrrcrl",
                "PI",
                "data",
                "n",
                "removed",
                "mean",
                "CI",
                "CI width",
                "block size",
                "required",
                "target met",
                "median",
                "min … max"));
        List<String> warnings = new ArrayList<>();
        for (Row r : rows(s)) {
            ConfidenceInterval ci = r.ci();
            boolean finite = ci != null && Double.isFinite(ci.width());
            String label = r.data().equals("wps")
                    ? "v (work units/s)"
                    : r.unit().isEmpty() ? r.pi() : r.pi() + " (" + r.unit() + ")";
            Spread sp = r.spread();
            if (sp != null && r.data().equals("readings")) {
                SessionWords.spreadWarnings(sp, r.unit(), "round").forEach(w -> warnings.add(label + ": " + w));
            }
            out.printf(
                    "| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    md(label),
                    r.data().replace('_', ' '),
                    r.n(),
                    r.removed(),
                    Formats.number(r.mean()),
                    ci == null
                            ? "—"
                            : "[" + Formats.number(ci.low()) + ", " + SessionWords.upper(ci.high()) + "] ("
                                    + SessionWords.pct(ci.confidence()) + ")",
                    finite
                            ? Formats.number(ci.width()) + " (" + Formats.significant(100 * ci.relativeWidth(), 3)
                                    + "%)"
                            : "—",
                    r.subsessionSize() > 0 ? Integer.toString(r.subsessionSize()) : "—",
                    r.requiredSamples() < 0 ? "—" : Long.toString(r.requiredSamples()),
                    r.targetMet() ? "yes" : "no",
                    sp == null ? "—" : Formats.number(sp.median()),
                    sp == null ? "—" : Formats.number(sp.min()) + " … " + Formats.number(sp.max()));
        }
        for (String w : warnings) {
            out.println();
            out.println("> warning: " + md(w));
        }
        if (!s.converged() && !s.waitingFor().isEmpty()) {
            out.println();
            out.println("> " + md(SessionWords.whatItWouldTake(s)));
        }
    }

    private static String md(String s) {
        return s.replace("|", "\\|");
    }
}
