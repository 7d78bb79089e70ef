package io.pilotbench.cli;

import io.pilotbench.core.files.CsvField;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.store.PlainJson;
import io.pilotbench.report.Format;
import io.pilotbench.report.plot.Plot;
import io.pilotbench.report.plot.PlotData;
import io.pilotbench.report.plot.PlotSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * hyperfine's parameter scans for {@code pilot run}: {@code -P NAME MIN MAX [-D STEP]} or {@code -L NAME A,B,C} runs
 * one session per value, with {@code {NAME}} replaced by the value in the command, its hooks and its name, each in
 * {@code DIR/NAME=VALUE/}; then a table with one row per value (the mean and its CI, the rounds, why the session
 * stopped), {@code scan.csv} and a line plot with the CIs as error bars, {@code scan.svg}, in {@code DIR}.
 */
final class ParameterScan {
    /** The most values a scan runs. */
    static final int MAX_VALUES = 1000;

    @Option(
            names = {"-P", "--parameter-scan"},
            arity = "3",
            paramLabel = "NAME MIN MAX",
            hideParamSyntax = true,
            order = 60,
            description = "Run a session for each value of NAME from MIN to MAX (integers, or steps of -D), with "
                    + "{NAME} replaced by the value in the command, the hooks and --name; then a table, scan.csv and "
                    + "scan.svg (the means and their CIs against NAME) in -o DIR. Each value's session has the "
                    + "limits given: --max-time 20s is 20 s per value. As hyperfine's -P.")
    List<String> range = new ArrayList<>();

    @Option(
            names = {"-D", "--parameter-step-size"},
            paramLabel = "STEP",
            order = 61,
            description = "The step of -P (decimals allowed). Default: 1.")
    String step;

    @Option(
            names = {"-L", "--parameter-list"},
            arity = "2",
            paramLabel = "NAME VALUES",
            hideParamSyntax = true,
            order = 62,
            description =
                    "Run a session for each of the comma-separated VALUES of NAME, as -P does. As hyperfine's " + "-L.")
    List<String> list = new ArrayList<>();

    /** Whether a scan was asked for. */
    boolean active() {
        return !range.isEmpty() || !list.isEmpty();
    }

    /** The parameter's name. */
    String parameter() {
        String name = !range.isEmpty() ? range.get(0) : list.get(0);
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException((range.isEmpty() ? "-L" : "-P") + ": '" + name + "' is not a "
                    + "parameter name; use letters, digits and _ (e.g. -P threads 1 8)");
        }
        return name;
    }

    /** The values, in order; checked. */
    List<String> values() {
        if (!range.isEmpty() && !list.isEmpty()) {
            throw new IllegalArgumentException("-P and -L both given: scan one parameter at a time");
        }
        if (!list.isEmpty()) {
            if (step != null) {
                throw new IllegalArgumentException("-D applies to -P, not to -L");
            }
            List<String> values = List.of(list.get(1).split(",", -1));
            if (values.stream().anyMatch(String::isEmpty)) {
                throw new IllegalArgumentException("-L " + list.get(0) + ": '" + list.get(1) + "' has an empty "
                        + "value; give comma-separated values, e.g. -L level 1,6,9");
            }
            for (int i = 0; i < values.size(); i++) {
                if (values.subList(0, i).contains(values.get(i))) {
                    throw new IllegalArgumentException("-L " + list.get(0) + ": '" + values.get(i)
                            + "' is given twice; " + "give each value once (a session per value)");
                }
                if (directory(list.get(0), values.get(i)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                        > 255) {
                    throw new IllegalArgumentException("-L " + list.get(0) + ": the value '" + values.get(i)
                            + "' is too long to name its session's directory (255 bytes); give shorter values");
                }
            }
            return values;
        }
        BigDecimal min = number("-P " + range.get(0) + " MIN", range.get(1));
        BigDecimal max = number("-P " + range.get(0) + " MAX", range.get(2));
        BigDecimal by = step == null ? BigDecimal.ONE : number("-D", step);
        if (by.signum() <= 0) {
            throw new IllegalArgumentException("-D: '" + step + "' is not a positive step");
        }
        if (step == null
                && (min.stripTrailingZeros().scale() > 0
                        || max.stripTrailingZeros().scale() > 0)) {
            throw new IllegalArgumentException("-P " + range.get(0) + ": '" + range.get(1) + "' to '" + range.get(2)
                    + "' are not integers; give a step with -D (e.g. -D 0.5)");
        }
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException(
                    "-P " + range.get(0) + ": MIN " + range.get(1) + " is above MAX " + range.get(2));
        }
        List<String> values = new ArrayList<>();
        // every value in the decimals of the finest of MIN, MAX and the step: 1.0, 1.1, …, 2.0 (was 1, 1.1, …, 2.0)
        int scale = Math.max(Math.max(min.scale(), max.scale()), by.scale());
        for (BigDecimal v = min.setScale(Math.max(0, scale)); v.compareTo(max) <= 0; v = v.add(by)) {
            if (values.size() == MAX_VALUES) {
                throw new IllegalArgumentException("-P " + range.get(0) + ": more than " + MAX_VALUES + " values; "
                        + "give a larger step with -D");
            }
            values.add(v.toPlainString());
        }
        return values;
    }

    private static BigDecimal number(String what, String text) {
        try {
            return new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' is not a number");
        }
    }

    /**
     * The name of a value's session directory inside the scan's: {@code NAME=VALUE}, with '/', '%' and control
     * characters of the value written as %XX (as in a URL), so that a value such as a path ({@code -L f
     * /etc/hostname,../x}) names one directory inside the scan's and never a place outside it.
     */
    static String directory(String name, String value) {
        StringBuilder b = new StringBuilder(name).append('=');
        value.codePoints().forEach(c -> {
            if (c == '/' || c == '%' || c == '\\' || c < 0x20 || c == 0x7f) {
                b.append(String.format(java.util.Locale.ROOT, "%%%02X", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString();
    }

    /** {@code text} with {@code {name}} replaced by {@code value}; null stays null. */
    static String substitute(String text, String name, String value) {
        return text == null ? null : text.replace("{" + name + "}", value);
    }

    /** The session of one value: its exit code, and its result (null when it did not get that far). */
    record Row(String value, int exitCode, SessionResult result) {}

    /** The scan's exit code: the first failure's, else the first limit's, else 0. */
    static int exitCode(List<Row> rows) {
        for (Row r : rows) {
            if (r.exitCode() != ExitCode.OK.code()
                    && r.exitCode() != ExitCode.LIMIT.code()
                    && r.exitCode() != ExitCode.NO_STEADY_STATE.code()) {
                return r.exitCode();
            }
        }
        return rows.stream()
                .mapToInt(Row::exitCode)
                .filter(c -> c != ExitCode.OK.code())
                .findFirst()
                .orElse(ExitCode.OK.code());
    }

    /** The first PI's readings of a row, or null. */
    private static MetricResult readings(Row r) {
        if (r.result() == null || r.result().pis().isEmpty()) {
            return null;
        }
        return r.result().pis().get(0).readings();
    }

    /** Writes scan.csv and scan.svg in {@code dir} and the summary in {@code format}. */
    static void report(String parameter, List<Row> rows, Path dir, Format format, PrintWriter out) throws IOException {
        PiResult first = rows.stream()
                .filter(r -> r.result() != null && !r.result().pis().isEmpty())
                .findFirst()
                .map(r -> r.result().pis().get(0))
                .orElse(null);
        String pi = first == null ? "value" : first.pi().name();
        String unit = first == null ? "" : first.pi().unit();
        StringBuilder csv = new StringBuilder(parameter + ",pi,unit,samples,mean,ci_low,ci_high,converged,exit_code\n");
        List<Map<String, Object>> json = new ArrayList<>();
        for (Row r : rows) {
            MetricResult m = readings(r);
            boolean ci = m != null && m.ci() != null;
            csv.append(CsvField.of(r.value()))
                    .append(',')
                    .append(CsvField.of(pi))
                    .append(',')
                    .append(CsvField.of(unit))
                    .append(',')
                    .append(m == null ? "" : m.n())
                    .append(',')
                    .append(m == null ? "" : d(m.mean()))
                    .append(',')
                    .append(ci ? d(m.ci().low()) : "")
                    .append(',')
                    .append(ci ? d(m.ci().high()) : "")
                    .append(',')
                    .append(r.result() != null && r.result().converged())
                    .append(',')
                    .append(r.exitCode())
                    .append('\n');
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("value", r.value());
            j.put("exitCode", r.exitCode());
            j.put(
                    "session",
                    r.result() == null || r.result().directory() == null
                            ? null
                            : r.result().directory().toString());
            j.put("n", m == null ? null : m.n());
            j.put("mean", m == null ? null : finite(m.mean()));
            j.put("ciLow", ci ? finite(m.ci().low()) : null);
            j.put("ciHigh", ci ? finite(m.ci().high()) : null);
            j.put("converged", r.result() != null && r.result().converged());
            json.add(j);
        }
        Files.writeString(dir.resolve("scan.csv"), csv, StandardCharsets.UTF_8);
        String svg = plot(parameter, pi, unit, rows);
        if (svg != null) {
            Files.writeString(dir.resolve("scan.svg"), svg, StandardCharsets.UTF_8);
        }
        switch (format) {
            case JSON -> {
                Map<String, Object> root = new LinkedHashMap<>();
                root.put("parameter", parameter);
                root.put("pi", pi);
                root.put("unit", unit);
                root.put("directory", dir.toString());
                root.put("values", json);
                out.println(PlainJson.write(root));
            }
            case CSV -> out.print(csv);
            case MARKDOWN -> markdown(parameter, unit, rows, out);
            default -> text(parameter, pi, unit, rows, dir, svg != null, out);
        }
        out.flush();
    }

    private static void markdown(String parameter, String unit, List<Row> rows, PrintWriter out) {
        out.println("| " + parameter + " | mean | 95% CI | rounds | converged |");
        out.println("|---|---:|---|---:|:---:|");
        for (Row r : rows) {
            MetricResult m = readings(r);
            out.println("| " + r.value() + " | " + (m == null ? "—" : Formats.quantity(m.mean(), unit, m.mean()))
                    + " | " + ciText(m, unit) + " | " + (m == null ? "—" : m.n()) + " | "
                    + (r.result() != null && r.result().converged() ? "yes" : "no") + " |");
        }
    }

    private static void text(
            String parameter, String pi, String unit, List<Row> rows, Path dir, boolean plotted, PrintWriter out) {
        out.println();
        out.println("Scan of " + parameter + ": " + pi + (unit.isEmpty() ? "" : " (" + unit + ")")
                + " for each value; table in " + dir.resolve("scan.csv")
                + (plotted ? ", plot in " + dir.resolve("scan.svg") : ""));
        out.printf("  %-12s %-14s %-30s %7s  %s%n", parameter, "mean", "95% CI", "rounds", "stopped");
        for (Row r : rows) {
            MetricResult m = readings(r);
            out.printf(
                    "  %-12s %-14s %-30s %7s  %s%n",
                    r.value(),
                    m == null ? "—" : Formats.quantity(m.mean(), unit, m.mean()),
                    ciText(m, unit),
                    m == null ? "—" : Integer.toString(m.n()),
                    r.result() == null
                            ? "failed (exit code " + r.exitCode() + ")"
                            : r.result().converged() ? "converged" : "not converged (exit code " + r.exitCode() + ")");
        }
    }

    private static String ciText(MetricResult m, String unit) {
        return m == null || m.ci() == null || !Double.isFinite(m.ci().width())
                ? "—"
                : "[" + Formats.quantity(m.ci().low(), unit, m.mean()) + ", "
                        + Formats.quantity(m.ci().high(), unit, m.mean()) + "]";
    }

    /** The means and CIs against the parameter: numeric x when every value is a number. Null with nothing to draw. */
    private static String plot(String parameter, String pi, String unit, List<Row> rows) {
        boolean numeric = rows.stream().allMatch(r -> r.value().matches("-?[0-9]+(\\.[0-9]+)?"));
        List<PlotData.Point> points = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            MetricResult m = readings(r);
            if (m == null || !Double.isFinite(m.mean())) {
                continue;
            }
            double low = m.ci() != null && Double.isFinite(m.ci().low()) ? m.ci().low() : m.mean();
            double high = m.ci() != null && Double.isFinite(m.ci().high()) ? m.ci().high() : m.mean();
            PlotData.Summary s = new PlotData.Summary(
                    m.n(),
                    m.mean(),
                    low,
                    high,
                    m.mean(),
                    m.mean(),
                    Double.isFinite(m.variance()) ? Math.sqrt(m.variance()) : 0);
            points.add(new PlotData.Point(numeric ? Double.parseDouble(r.value()) : i, r.value(), Map.of(pi, s)));
        }
        if (points.isEmpty()) {
            return null;
        }
        PlotData data = new PlotData(List.of(new PlotData.Series(pi, points)), !numeric);
        PlotSpec spec = new PlotSpec(
                PlotSpec.Mode.LINE,
                List.of(pi),
                List.of(),
                PlotData.ErrorBars.CI,
                pi + " by " + parameter + " (95% CIs)",
                parameter,
                pi + (unit.isEmpty() ? "" : " (" + unit + ")"),
                640,
                400,
                PlotSpec.Legend.NONE,
                PlotSpec.AUTO_ANGLE);
        return Plot.of(data, spec).svg();
    }

    private static String d(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
