package io.pilotbench.report.html;

import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.report.Format;
import io.pilotbench.report.SessionRenderer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code pilot report}: one self-contained HTML file — the chart library, the page's script and styles and the data
 * are inlined, nothing is fetched, so the file opens offline and can be mailed or attached to a CI run.
 *
 * <p>Layout: a section per input. A session shows its text report, then per PI the readings over rounds (warm-up and
 * cool-down shaded, level shifts marked), the mean and CI half-width at the session's looks against the target (and
 * where it stopped), the distribution of the kept readings with mean, median and CI, the lag-1 autocorrelation of
 * block means against the block size with the limit and the size chosen, the unit readings; the WPS fit; the
 * settings and the environment in collapsed tables; links to the raw files. A comparison adds the verdicts, the
 * ranking with CIs and the ratios with their CIs as forest plots (inline SVG), then each workload's session.
 *
 * <p>Charts are drawn by uPlot in the browser (see {@link ChartLibrary} for why that one); every number they show is
 * computed here ({@link SessionCharts}) and embedded as JsonMappers.plain(). A series longer than 10⁵ points is thinned to the
 * minimum and maximum of 5,000 buckets, so a 10⁶-reading session stays a file of a few hundred kilobytes.
 */
public final class HtmlReport {

    private final List<ReportInput> inputs;
    /** The heading of each session given, unique: a name seen before gets " #2", " #3"... (see write). */
    private final java.util.Map<ReportInput, String> headings = new java.util.IdentityHashMap<>();

    private HtmlReport(List<ReportInput> inputs) {
        this.inputs = List.copyOf(inputs);
    }

    /** A report of {@code inputs}, in order; at least one. */
    public static HtmlReport of(List<ReportInput> inputs) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one session or comparison");
        }
        return new HtmlReport(inputs);
    }

    /**
     * Writes the page to {@code file}; links to the sessions' raw files are relative to its directory. The page is
     * written to a temporary file beside it and moved into place, so a failure leaves no half-written report.
     */
    public void write(Path file) throws IOException {
        Path base = file.toAbsolutePath().getParent();
        Path tmp = base.resolve(
                "." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                write(w, base);
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes the page to {@code out}; links are relative to {@code base} (absolute when null). */
    public void write(Writer out, Path base) throws IOException {
        // sessions of one name (a campaign's TEST repeated in a loop) headed as the comparison names them: sl, sl #2
        List<String> used = new ArrayList<>();
        for (ReportInput in : inputs) {
            if (in instanceof ReportInput.SessionReport s) {
                String name = s.result().name();
                for (int k = 2; used.contains(name); k++) {
                    name = s.result().name() + " #" + k;
                }
                used.add(name);
                headings.put(s, name);
            }
        }
        StringBuilder body = new StringBuilder();
        List<Map<String, Object>> data = new ArrayList<>();
        int[] ids = {0};
        body.append("<nav><ul>");
        for (int i = 0; i < inputs.size(); i++) {
            body.append("<li><a href=\"#input-")
                    .append(i)
                    .append("\">")
                    .append(esc(
                            headings.getOrDefault(inputs.get(i), inputs.get(i).title())))
                    .append("</a></li>");
        }
        body.append("</ul></nav>\n");
        for (int i = 0; i < inputs.size(); i++) {
            body.append("<section class=\"input\" id=\"input-").append(i).append("\">\n");
            if (inputs.get(i) instanceof ReportInput.SessionReport s) {
                session(s, body, data, ids, base, 2);
            } else if (inputs.get(i) instanceof ReportInput.ComparisonReport c) {
                comparison(c, body, data, ids, base);
            }
            body.append("</section>\n");
        }
        out.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        out.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        out.write("<meta name=\"generator\" content=\"pilot report\">\n");
        // the sessions of a comparison shown first are named in its title already ("ok vs bad vs after")
        long more = inputs.stream()
                .skip(1)
                .filter(in -> !(inputs.get(0) instanceof ReportInput.ComparisonReport c
                        && in instanceof ReportInput.SessionReport s
                        && compared(c, s)))
                .count();
        out.write("<title>Pilot report: " + esc(inputs.get(0).title()) + (more > 0 ? " and " + more + " more" : "")
                + "</title>\n<style>\n");
        out.write(ChartLibrary.css());
        out.write("\n");
        out.write(ChartLibrary.resource("report.css"));
        out.write("</style></head><body>\n<header><h1>Pilot report</h1></header>\n<main>\n");
        out.write(body.toString());
        out.write("</main>\n<script type=\"application/json\" id=\"pilot-data\">");
        // "<" only occurs inside JSON strings, where \u003c is the same character: no "</script>" can end the block
        out.write(JsonMappers.plain().writeValueAsString(Map.of("charts", data)).replace("<", "\\u003c"));
        out.write("</script>\n<script>\n");
        out.write(ChartLibrary.script().replace("</script", "<\\/script"));
        out.write("\n</script>\n<script>\n");
        out.write(ChartLibrary.resource("report.js"));
        out.write("\n</script>\n</body></html>\n");
        out.flush();
    }

    private void session(
            ReportInput.SessionReport s,
            StringBuilder b,
            List<Map<String, Object>> data,
            int[] ids,
            Path base,
            int level) {
        var r = s.result();
        b.append("<h")
                .append(level)
                .append(">")
                .append(esc(headings.getOrDefault(s, r.name())))
                .append("</h")
                .append(level)
                .append(">\n");
        StringWriter text = new StringWriter();
        SessionRenderer.render(r, Format.TEXT, new PrintWriter(text));
        b.append("<pre class=\"summary\">").append(esc(text.toString().strip())).append("</pre>\n");
        SessionCharts charts = new SessionCharts(s.stored(), r);
        List<Map<String, Object>> pis = charts.pis();
        for (Map<String, Object> pi : pis) {
            String name = (String) pi.get("name");
            String unit = (String) pi.get("unit");
            b.append("<h")
                    .append(level + 1)
                    .append(">")
                    .append(esc(name))
                    .append(unit.isEmpty() ? "" : " (" + esc(unit) + ")")
                    .append("</h")
                    .append(level + 1)
                    .append(">\n<div class=\"grid\">\n");
            for (String kind : new String[] {"readings", "looks", "histogram", "autocorrelation"}) {
                if (pi.get(kind) != null) {
                    chart(kind, name, unit, pi.get(kind), b, data, ids);
                }
            }
            if (pi.get("units") instanceof Map<?, ?> units) {
                chart("units", name, unit, units.get("all"), b, data, ids);
                chart("ensemble", name, unit, units.get("ensemble"), b, data, ids);
            }
            b.append("</div>\n");
        }
        Map<String, Object> wps = charts.wps();
        if (wps != null) {
            b.append("<h")
                    .append(level + 1)
                    .append(">Work per second</h")
                    .append(level + 1)
                    .append(">\n");
            b.append("<div class=\"grid\">\n");
            chart("wps", "work per second", "s", wps, b, data, ids);
            b.append("</div>\n");
        }
        b.append("<details class=\"settings\"><summary>Settings</summary>\n");
        table(settingsRows(r.settings()), b);
        b.append("</details>\n<details class=\"environment\"><summary>Environment</summary>\n");
        List<String[]> env = new ArrayList<>();
        s.environment().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> env.add(new String[] {e.getKey(), e.getValue()}));
        if (env.isEmpty()) {
            b.append("<p>No environment snapshot was recorded.</p>\n");
        } else {
            table(env, b);
        }
        b.append("</details>\n");
        links(s, b, base);
    }

    private static void chart(
            String kind,
            String pi,
            String unit,
            Object spec,
            StringBuilder b,
            List<Map<String, Object>> data,
            int[] ids) {
        String id = "chart-" + ids[0]++;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("kind", kind);
        m.put("pi", pi);
        m.put("unit", unit);
        m.put("data", spec);
        data.add(m);
        b.append("<figure class=\"chart\" id=\"")
                .append(id)
                .append("\" data-kind=\"")
                .append(kind)
                .append("\"></figure>\n");
    }

    private void comparison(
            ReportInput.ComparisonReport c, StringBuilder b, List<Map<String, Object>> data, int[] ids, Path base) {
        b.append("<h2>")
                .append(esc(c.title()))
                .append("</h2>\n<p class=\"origin\">")
                .append(esc(c.origin()))
                .append("</p>\n");
        for (String v : c.verdicts()) {
            b.append("<p class=\"verdict\">").append(esc(v)).append("</p>\n");
        }
        var cmp = c.comparison();
        PerformanceIndex pi = cmp.contenders().get(0).pi();
        b.append("<div class=\"grid\">\n");
        b.append(Forest.ranking(cmp.ranking(), pi, cmp.settings().confidence()));
        List<PairComparison> pairs = new ArrayList<>(cmp.adjacent());
        Contender first = cmp.contenders().get(0);
        for (Contender x : cmp.contenders().subList(1, cmp.contenders().size())) {
            PairComparison p = cmp.pair(first, x);
            if (!pairs.contains(p)) {
                pairs.add(p);
            }
        }
        b.append(Forest.ratios(pairs, cmp.settings().confidence()));
        b.append("</div>\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"rank", "workload", "mean", "CI low", "CI high", "n", "rounds"});
        for (Contender x : cmp.ranking()) {
            rows.add(new String[] {
                String.valueOf(cmp.ranking().indexOf(x) + 1),
                x.name(),
                Double.isFinite(x.mean()) ? Formats.quantity(x.mean(), pi.unit(), x.mean()) : "-",
                x.ci() == null ? "-" : Formats.quantity(x.ci().low(), pi.unit(), x.mean()),
                x.ci() == null ? "-" : Formats.quantity(x.ci().high(), pi.unit(), x.mean()),
                String.valueOf(x.n()),
                String.valueOf(x.rounds())
            });
        }
        b.append("<table class=\"ranking\"><thead><tr>");
        for (String h : rows.get(0)) {
            b.append("<th>").append(esc(h)).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (String[] row : rows.subList(1, rows.size())) {
            b.append("<tr>");
            for (String cell : row) {
                b.append("<td>").append(esc(cell)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>\n");
        for (ReportInput.SessionReport s : c.sessions()) {
            b.append("<section class=\"workload\">\n");
            session(s, b, data, ids, base, 3);
            b.append("</section>\n");
        }
    }

    private static List<String[]> settingsRows(SessionSettings s) {
        List<String[]> rows = new ArrayList<>();
        for (PerformanceIndex pi : s.pis()) {
            rows.add(new String[] {
                "PI " + pi.name(),
                (pi.unit().isEmpty() ? "no unit" : pi.unit()) + ", "
                        + pi.kind().name().toLowerCase(java.util.Locale.ROOT) + ", must satisfy: "
                        + (pi.readingsMustSatisfy() ? "readings " : "")
                        + (pi.unitReadingsMustSatisfy() ? "unit readings" : "")
            });
        }
        rows.add(new String[] {"confidence", Formats.number(s.confidence())});
        rows.add(new String[] {"CI target", String.valueOf(s.ciTarget())});
        rows.add(new String[] {"method", s.method().name().toLowerCase(java.util.Locale.ROOT)});
        rows.add(new String[] {"warm-up removal", String.valueOf(s.warmupRemoval())});
        rows.add(new String[] {"autocorrelation limit", Formats.number(s.autocorrelationLimit())});
        rows.add(new String[] {"min subsessions", String.valueOf(s.minSubsessions())});
        rows.add(new String[] {
            "work amount", s.workAmount() == null ? String.valueOf(s.fixedWorkAmount()) : String.valueOf(s.workAmount())
        });
        rows.add(new String[] {"short round", String.valueOf(s.shortRound())});
        rows.add(new String[] {"WPS", s.wps().name().toLowerCase(java.util.Locale.ROOT)});
        rows.add(new String[] {
            "rounds", "min " + s.minRounds() + ", max " + (s.maxRounds() == 0 ? "no limit" : s.maxRounds())
        });
        rows.add(new String[] {
            "max duration",
            s.maxDuration() == null ? "no limit" : s.maxDuration().toString()
        });
        rows.add(new String[] {"max failures", String.valueOf(s.maxFailures())});
        return rows;
    }

    private static void table(List<String[]> rows, StringBuilder b) {
        b.append("<table>");
        for (String[] r : rows) {
            b.append("<tr><th>")
                    .append(esc(r[0]))
                    .append("</th><td>")
                    .append(esc(r[1]))
                    .append("</td></tr>");
        }
        b.append("</table>\n");
    }

    private static void links(ReportInput.SessionReport s, StringBuilder b, Path base) {
        Path dir = s.stored().directory();
        if (dir == null) {
            return;
        }
        b.append("<p class=\"files\">Raw data: ");
        boolean any = false;
        for (String f : SessionReader.DATA_FILES) {
            Path p = dir.resolve(f);
            if (Files.isRegularFile(p)) {
                b.append(any ? " · " : "")
                        .append("<a href=\"")
                        .append(esc(href(p, base)))
                        .append("\">")
                        .append(esc(f))
                        .append("</a>");
                any = true;
            }
        }
        b.append(any ? "" : "none").append("</p>\n");
    }

    /** A relative URL from {@code base} to {@code file} (absolute file: URL when there is no common root). */
    static String href(Path file, Path base) {
        Path abs = file.toAbsolutePath().normalize();
        Path rel;
        try {
            rel = base == null ? null : base.toAbsolutePath().normalize().relativize(abs);
        } catch (IllegalArgumentException e) {
            rel = null;
        }
        if (rel == null) {
            return abs.toUri().toString();
        }
        List<String> parts = new ArrayList<>();
        for (Path part : rel) {
            parts.add(URLEncoder.encode(part.toString(), StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return String.join("/", parts);
    }

    /** Whether {@code s} is one of the sessions {@code c} compares (its title names them). */
    private static boolean compared(ReportInput.ComparisonReport c, ReportInput.SessionReport s) {
        java.nio.file.Path dir = s.stored().directory();
        return dir != null
                && c.comparison().contenders().stream()
                        .anyMatch(x -> x.source() != null
                                && java.nio.file.Path.of(x.source())
                                        .toAbsolutePath()
                                        .normalize()
                                        .equals(dir.toAbsolutePath().normalize()));
    }

    static String esc(String s) {
        return io.pilotbench.report.Markup.escape(s);
    }
}
