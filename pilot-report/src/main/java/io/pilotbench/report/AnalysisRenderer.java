package io.pilotbench.report;

import io.pilotbench.core.files.CsvField;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.SeriesAnalysis;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.Spread;
import io.pilotbench.stats.changepoint.StableSegment;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Renders {@code pilot analyze} results in every {@link Format}.
 *
 * <p>JSON contract (stable; fields may be added, never renamed): {@code {"results": [ {"source", "column", "n",
 * "totalSamples", "warmupRemoval", "analysed": {"from", "to"}, "changepoints": [..], "stable": {"begin", "end",
 * "warmup", "cooldown"} | null, "phases": {"warmup": {"cut", "pValue", "mean"}, "cooldown": {..}, "shifts": [{"index",
 * "sample", "round", "before", "beforeHalfWidth", "after", "afterHalfWidth", "pValue"}]}, "mean", "meanMethod", "median", "min", "max",
 * "spread" (added later: percentiles, outliers, modality; {@link ResultJson}'s SPREAD), "variance", "stddev", "autocorrelation", "method", "subsession": {"size", "count", "variance", "autocorrelation"} |
 * null, "error": {"method", "standardError", "degreesOfFreedom", "blockSize", "blocks", "longRunVariance", "arOrder",
 * "skewness", "nonStationary", "fallback"} | null, "ci": {"confidence", "low", "high", "width"} | null, "target":
 * {"width", "relative"}, "requiredSamples" | null, "targetMet", "warnings": [..]} ], "errors": [..]}}. {@code
 * changepoints} and {@code stable} are EDM's and filled only with {@code --warmup-removal edm}. A shift's "index" is
 * its sample in the file (warm-up included), "sample" its position after the warm-up cut, and "round" equals "index"
 * (a file has no rounds; the field is there because sessions write the same object).
 */
public final class AnalysisRenderer {

    private final String unit;

    /** @param unit the data's unit for text output ("ms"), or empty */
    public AnalysisRenderer(String unit) {
        this.unit = unit == null ? "" : unit.strip();
    }

    /** Writes the results (and the messages of inputs that could not be analysed) in {@code format}. */
    public void render(List<SeriesAnalysis> results, List<String> errors, Format format, PrintWriter out) {
        switch (format) {
            case TEXT -> text(results, out);
            case JSON -> json(results, errors, out);
            case CSV -> csv(results, out);
            case MARKDOWN -> markdown(results, out);
            default -> throw new IllegalArgumentException(format.toString());
        }
        out.flush();
    }

    // ---- JSON ------------------------------------------------------------------------------------------------

    private void json(List<SeriesAnalysis> results, List<String> errors, PrintWriter out) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("results", results.stream().map(AnalysisRenderer::toMap).toList());
        root.put("errors", errors);
        out.println(JsonMappers.indented().writeValueAsString(root));
    }

    /** The JSON object of one result. */
    public static Map<String, Object> toMap(SeriesAnalysis a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", a.source());
        m.put("column", a.column());
        m.put("n", a.n());
        m.put("totalSamples", a.totalSamples());
        m.put("warmupRemoval", a.settings().warmupRemoval().toString());
        m.put("analysed", ResultJson.object("from", a.analysedFrom(), "to", a.analysedFrom() + a.n()));
        m.put("changepoints", a.changePoints());
        m.put("stable", a.stable() == null ? null : stableMap(a.stable()));
        m.put("phases", ResultJson.phases(a.phases()));
        m.put("mean", num(a.mean()));
        m.put("meanMethod", a.settings().meanMethod().name().toLowerCase(Locale.ROOT));
        m.put("median", num(a.median()));
        m.put("min", num(a.min()));
        m.put("max", num(a.max()));
        m.put("spread", ResultJson.spread(a.estimate().spread()));
        m.put("variance", num(a.variance()));
        m.put("stddev", num(a.stddev()));
        m.put("autocorrelation", num(a.autocorrelation()));
        m.put("method", a.settings().method().toString());
        if (a.subsession() == null) {
            m.put("subsession", null);
        } else {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("size", a.subsession().size());
            s.put("count", a.subsession().count());
            s.put("variance", num(a.subsession().variance()));
            s.put("autocorrelation", num(a.subsession().autocorrelation()));
            m.put("subsession", s);
        }
        m.put("error", ResultJson.error(a.error()));
        if (a.ci() == null) {
            m.put("ci", null);
        } else {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("confidence", a.ci().confidence());
            c.put("low", num(a.ci().low()));
            c.put("high", num(a.ci().high()));
            c.put("width", num(a.ci().width()));
            m.put("ci", c);
        }
        Map<String, Object> target = new LinkedHashMap<>();
        target.put("width", num(a.targetWidth()));
        target.put(
                "relative",
                a.settings().ciTarget().relative() ? a.settings().ciTarget().value() : null);
        m.put("target", target);
        m.put("requiredSamples", a.requiredSamples() < 0 ? null : a.requiredSamples());
        m.put("targetMet", a.targetMet());
        m.put("warnings", a.warnings());
        return m;
    }

    /** {"begin", "end", "warmup", "cooldown"} of a stable segment. */
    public static Map<String, Object> stableMap(StableSegment stable) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("begin", stable.begin());
        m.put("end", stable.end());
        m.put("warmup", stable.warmUpLength());
        m.put("cooldown", stable.coolDownLength());
        return m;
    }

    private static Double num(double x) {
        return Double.isFinite(x) ? x : null;
    }

    // ---- text ------------------------------------------------------------------------------------------------

    private void text(List<SeriesAnalysis> results, PrintWriter out) {
        boolean firstResult = true;
        for (SeriesAnalysis a : results) {
            if (!firstResult) {
                out.println();
            }
            firstResult = false;
            text(a, out);
        }
    }

    /** One result: the label, what was cut, the sample's statistics, the CI, the target and the warnings. */
    private void text(SeriesAnalysis a, PrintWriter out) {
        String label = a.column().isEmpty() ? a.source() : a.source() + " [" + a.column() + "]";
        out.printf("%s: %d samples%n", label, a.n());
        if (a.n() < a.totalSamples()) {
            warmupRow(a, out);
        }
        row(
                out,
                "mean",
                v(a.mean()) + (a.settings().meanMethod() == MeanMethod.HARMONIC ? " (harmonic)" : "") + "   median "
                        + v(a.median()) + "   min " + v(a.min()) + "   max " + v(a.max()));
        Spread sp = a.estimate().spread();
        if (sp != null) {
            row(
                    out,
                    "percentiles",
                    "p25 " + v(sp.q1()) + "   p75 " + v(sp.q3()) + "   p90 " + v(sp.p90()) + "   p99 " + v(sp.p99()));
        }
        row(
                out,
                "spread",
                "sd " + v(a.stddev()) + "   variance " + Formats.number(a.variance())
                        + (unit.isEmpty() ? "" : " " + unit + "²") + "   lag-1 autocorrelation "
                        + (Double.isNaN(a.autocorrelation())
                                ? Uncertainty.UNDEFINED_AUTOCORRELATION
                                : Formats.number(a.autocorrelation())));
        intervalRows(a, out);
        targetRow(a, out);
        for (String w : a.warnings()) {
            out.println("  warning: " + w);
        }
        if (sp != null) {
            for (String w : SessionWords.spreadWarnings(sp, unit, "sample")) {
                out.println("  warning: " + w);
            }
        }
    }

    /** Which samples were analysed, and why the others were cut. */
    private static void warmupRow(SeriesAnalysis a, PrintWriter out) {
        int to = a.analysedFrom() + a.n();
        String range = "samples [" + a.analysedFrom() + ", " + to + ") of " + a.totalSamples() + " analysed";
        if (a.settings().warmupRemoval().tested()) {
            List<String> cuts = Stream.of(
                            Uncertainty.cut(
                                    "first",
                                    a.phases().warmup(),
                                    a.phases().warmupPValue(),
                                    a.phases().warmupMean(),
                                    a.mean(),
                                    "sample"),
                            Uncertainty.cut(
                                    "last",
                                    a.phases().cooldown(),
                                    a.phases().cooldownPValue(),
                                    a.phases().cooldownMean(),
                                    a.mean(),
                                    "sample"))
                    .filter(t -> !t.isEmpty())
                    .toList();
            // a cool-down cut alone is not called a warm-up
            boolean coolDownOnly = a.phases().warmup() == 0 && a.phases().cooldown() > 0;
            row(out, coolDownOnly ? "cool-down" : "warm-up", range + "; cut: " + String.join("; ", cuts));
        } else {
            row(
                    out,
                    "warm-up",
                    range + "; " + a.analysedFrom() + " warm-up and " + (a.totalSamples() - to)
                            + " cool-down samples removed (" + a.settings().warmupRemoval() + ")");
        }
    }

    /** How the mean's error was estimated, and its CI. */
    private void intervalRows(SeriesAnalysis a, PrintWriter out) {
        if (a.subsession() != null && a.settings().method() == CiMethod.PILOT) {
            var s = a.subsession();
            row(
                    out,
                    "subsessions",
                    s.count() + " of " + s.size() + " sample" + (s.size() == 1 ? "" : "s")
                            + " (r1 " + Formats.number(s.autocorrelation()) + " ≤ "
                            + Formats.number(a.settings().autocorrelationLimit()) + ")");
        } else if (a.error() != null) {
            row(out, "error", Uncertainty.words(a.estimate(), a.settings().autocorrelationLimit()));
        }
        if (a.ci() != null) {
            ConfidenceInterval ci = a.ci();
            // an interval not centred on the mean is given by its ends only (a "± h" would put one end
            // where the interval does not reach)
            boolean skewed = SessionRenderer.asymmetric(ci, ci.center());
            row(
                    out,
                    pct(ci.confidence()) + " CI",
                    v(ci.center()) + (skewed ? "" : " ± " + v(ci.halfWidth()))
                            + "   [" + Formats.number(ci.low()) + ", " + Formats.number(ci.high()) + "]   width "
                            + v(ci.width()) + " = " + Formats.significant(100 * ci.relativeWidth(), 3) + "% of mean");
        } else {
            row(out, pct(a.settings().confidence()) + " CI", "none (see warning)");
        }
    }

    /** The CI's target and, when known, the samples it needs and whether it is met. */
    private void targetRow(SeriesAnalysis a, PrintWriter out) {
        String target = "width ≤ " + v(a.targetWidth())
                + (a.settings().ciTarget().relative() ? " (" + a.settings().ciTarget() + ")" : "");
        if (a.requiredSamples() >= 0) {
            target += ": needs " + a.requiredSamples() + " samples"
                    + (a.settings().method() == CiMethod.PILOT
                            ? " (" + (a.requiredSamples() / a.subsession().size()) + " subsessions of "
                                    + a.subsession().size() + ")"
                            : "")
                    + (a.targetMet() ? " — met" : " — not met");
        }
        row(out, "target", target);
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf("  %-12s %s%n", name, value);
    }

    private String v(double x) {
        return unit.isEmpty() ? Formats.number(x) : Formats.number(x) + " " + unit;
    }

    private static String pct(double fraction) {
        return Formats.confidenceLevel(fraction);
    }

    // ---- CSV and Markdown ------------------------------------------------------------------------------------

    private static final String[] COLUMNS = {
        "source",
        "column",
        "n",
        "mean",
        "median",
        "min",
        "max",
        "variance",
        "stddev",
        "autocorrelation",
        "subsession_size",
        "subsession_count",
        "subsession_variance",
        "subsession_autocorrelation",
        "ci_confidence",
        "ci_low",
        "ci_high",
        "ci_width",
        "target_width",
        "required_samples",
        "target_met",
        "method",
        "standard_error",
        "degrees_of_freedom",
        "ar_order",
        "warmup",
        "cooldown",
        "level_shifts",
        "p25",
        "p75",
        "p90",
        "p99",
        "outliers"
    };

    private static String[] values(SeriesAnalysis a) {
        var s = a.subsession();
        var ci = a.ci();
        Spread sp = a.estimate().spread();
        return new String[] {
            a.source(),
            a.column(),
            Integer.toString(a.n()),
            d(a.mean()),
            d(a.median()),
            d(a.min()),
            d(a.max()),
            d(a.variance()),
            d(a.stddev()),
            d(a.autocorrelation()),
            s == null ? "" : Integer.toString(s.size()),
            s == null ? "" : Integer.toString(s.count()),
            s == null ? "" : d(s.variance()),
            s == null ? "" : d(s.autocorrelation()),
            ci == null ? "" : d(ci.confidence()),
            ci == null ? "" : d(ci.low()),
            ci == null ? "" : d(ci.high()),
            ci == null ? "" : d(ci.width()),
            d(a.targetWidth()),
            a.requiredSamples() < 0 ? "" : Long.toString(a.requiredSamples()),
            Boolean.toString(a.targetMet()),
            a.settings().method().toString(),
            a.error() == null ? "" : d(a.error().standardError()),
            a.error() == null ? "" : d(a.error().degreesOfFreedom()),
            a.error() == null || a.error().arOrder() < 0
                    ? ""
                    : Integer.toString(a.error().arOrder()),
            Integer.toString(a.phases().warmup()),
            Integer.toString(a.phases().cooldown()),
            Integer.toString(a.phases().shifts().size()),
            sp == null ? "" : d(sp.q1()),
            sp == null ? "" : d(sp.q3()),
            sp == null ? "" : d(sp.p90()),
            sp == null ? "" : d(sp.p99()),
            sp == null ? "" : Integer.toString(sp.outliers())
        };
    }

    private static String d(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }

    private static void csv(List<SeriesAnalysis> results, PrintWriter out) {
        out.println(String.join(",", COLUMNS));
        for (SeriesAnalysis a : results) {
            String[] v = values(a);
            for (int i = 0; i < v.length; i++) {
                v[i] = csvField(v[i]);
            }
            out.println(String.join(",", v));
        }
    }

    private static String csvField(String s) {
        return CsvField.of(s);
    }

    private void markdown(List<SeriesAnalysis> results, PrintWriter out) {
        out.println(Tables.markdownHeader(
                "lrrlrrrc", "input", "n", "mean", "CI", "CI width", "block size", "required", "target met"));
        for (SeriesAnalysis a : results) {
            String label =
                    (a.column().isEmpty() ? a.source() : a.source() + " [" + a.column() + "]").replace("|", "\\|");
            String ci = a.ci() == null
                    ? "—"
                    : "[" + Formats.number(a.ci().low()) + ", " + Formats.number(a.ci().high()) + "] ("
                            + pct(a.ci().confidence()) + ")";
            String width = a.ci() == null
                    ? "—"
                    : v(a.ci().width()) + " (" + Formats.significant(100 * a.ci().relativeWidth(), 3) + "%)";
            out.printf(
                    "| %s | %d | %s | %s | %s | %s | %s | %s |%n",
                    label,
                    a.n(),
                    v(a.mean()),
                    ci,
                    width,
                    a.subsession() == null
                            ? "—"
                            : Integer.toString(a.subsession().size()),
                    a.requiredSamples() < 0 ? "—" : Long.toString(a.requiredSamples()),
                    a.targetMet() ? "yes" : "no");
        }
        for (SeriesAnalysis a : results) {
            for (String w : a.warnings()) {
                out.println();
                out.println("> **" + a.source().replace("|", "\\|") + "**: " + w);
            }
        }
    }
}
