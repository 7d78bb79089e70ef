package io.pilotbench.core.report;

import io.pilotbench.core.Defaults;
import io.pilotbench.core.analysis.CiMethod;
import io.pilotbench.core.analysis.Formats;
import io.pilotbench.core.analysis.LevelShift;
import io.pilotbench.core.analysis.Phases;
import io.pilotbench.core.analysis.MetricResult;
import io.pilotbench.core.api.PerformanceIndex;
import io.pilotbench.core.api.PiResult;
import io.pilotbench.core.api.SessionResult;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.core.api.WpsMode;
import io.pilotbench.core.api.WpsResult;
import io.pilotbench.stats.ConfidenceInterval;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders {@link SessionResult}s — recorded sessions re-analysed by {@code pilot analyze SESSION_DIR} — in every
 * {@link Format}.
 *
 * <ul>
 *   <li>TEXT: a header (name, rounds analysed/short/failed, duration, why the session stopped, the analysis
 *       settings), then one line per PI and kind of data present, saying what was measured and how sure it is:
 *       {@code response time (ms), readings: mean 1.725 ± 0.142 (95% CI, ± 8.2% of mean), 44 rounds, samples
 *       merged in subsessions of 4 to remove autocorrelation; target (CI width ≤ 30% of mean) met}. Readings and
 *       unit readings are shown after warm-up removal, and also raw when warm-up was removed. A kind of data a PI
 *       has none of is left out. Then the WPS regression (when on) and, when a target is not met, what it would
 *       take.</li>
 *   <li>JSON: {@code {"sessions": [SessionResultJson.toMap(..)], "errors": [..]}}; see {@link SessionResultJson}
 *       for the contract (fields may be added, never renamed).</li>
 *   <li>CSV: a header and one row per PI × kind of data with samples ({@code readings}, {@code readings_raw},
 *       {@code unit_readings}, {@code unit_readings_raw}), plus a {@code wps} row when WPS is on (n = rounds used,
 *       mean = v, subsession size = rounds per point, required samples = rounds). Columns: {@value #CSV_HEADER}.
 *       The last column names the session (its directory, or its name for a session kept in memory). Numbers at
 *       full double precision; an unknown value is an empty field.</li>
 *   <li>MARKDOWN: a header line per session and the CSV's rows as a table.</li>
 * </ul>
 */
public final class SessionRenderer {
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    static final String CSV_HEADER = "pi,unit,data,n,removed,mean,ci_low,ci_high,ci_width,subsession_size,"
            + "required_samples,target_met,session";

    private SessionRenderer() {
    }

    /** Writes one session in {@code format}. */
    public static void render(SessionResult session, Format format, PrintWriter out) {
        render(List.of(session), List.of(), format, out);
    }

    /**
     * Writes the sessions (and, in JSON, the messages of inputs that could not be read) in {@code format}; sessions
     * are separated by a blank line in text and Markdown.
     */
    public static void render(List<SessionResult> sessions, List<String> errors, Format format, PrintWriter out) {
        switch (format) {
            case TEXT -> eachSeparated(sessions, out, s -> text(s, out));
            case JSON -> json(sessions, errors, out);
            case CSV -> csv(sessions, out);
            case MARKDOWN -> eachSeparated(sessions, out, s -> markdown(s, out));
            default -> throw new IllegalArgumentException(format.toString());
        }
        out.flush();
    }

    private static void eachSeparated(List<SessionResult> sessions, PrintWriter out,
            Consumer<SessionResult> action) {
        for (int i = 0; i < sessions.size(); i++) {
            if (i > 0) {
                out.println();
            }
            action.accept(sessions.get(i));
        }
    }

    // ---- JSON ------------------------------------------------------------------------------------------------

    private static void json(List<SessionResult> sessions, List<String> errors, PrintWriter out) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("sessions", sessions.stream().map(SessionResultJson::toMap).toList());
        root.put("errors", errors);
        out.println(JSON.writeValueAsString(root));
    }

    // ---- CSV and Markdown ------------------------------------------------------------------------------------

    /** One row of the CSV and Markdown tables. */
    private record Row(String pi, String unit, String data, int n, long removed, double mean, ConfidenceInterval ci,
            int subsessionSize, long requiredSamples, boolean targetMet) {
    }

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
            long required = w.requiredSubsessions() < 0 ? -1
                    : w.requiredSubsessions() * Math.max(1, w.subsessionSize());
            rows.add(new Row("", "work units/s", "wps", w.roundsUsed(), Math.max(0, r.analysedRounds() - w.roundsUsed()),
                    w.v(), w.vCi(), w.subsessionSize(), required, w.targetMet()));
        }
        return rows;
    }

    private static void add(List<Row> rows, PerformanceIndex pi, String data, MetricResult m) {
        if (m.n() > 0) {
            rows.add(new Row(pi.name(), pi.unit(), data, m.n(), m.removed(), m.mean(), m.ci(), m.subsessionSize(),
                    m.requiredSamples(), m.targetMet()));
        }
    }

    private static void csv(List<SessionResult> sessions, PrintWriter out) {
        out.println(CSV_HEADER);
        for (SessionResult s : sessions) {
            String session = s.directory() == null ? s.name() : s.directory().toString();
            for (Row r : rows(s)) {
                ConfidenceInterval ci = r.ci();
                String[] v = {r.pi(), r.unit(), r.data(), Integer.toString(r.n()), Long.toString(r.removed()),
                    d(r.mean()), ci == null ? "" : d(ci.low()), ci == null ? "" : d(ci.high()),
                    ci == null ? "" : d(ci.width()), r.subsessionSize() > 0 ? Integer.toString(r.subsessionSize()) : "",
                    r.requiredSamples() < 0 ? "" : Long.toString(r.requiredSamples()), Boolean.toString(r.targetMet()),
                    session};
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
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static void markdown(SessionResult s, PrintWriter out) {
        out.println("**" + md(s.name()) + "**" + (s.directory() == null ? "" : " (session `" + s.directory() + "`)")
                + ": " + roundsSummary(s) + ", " + Formats.duration(s.seconds()) + "; " + stopped(s));
        out.println();
        out.println(Tables.markdownHeader("llrrrlrrrc", "PI", "data", "n", "removed", "mean", "CI", "CI width",
                "block size", "required", "target met"));
        for (Row r : rows(s)) {
            ConfidenceInterval ci = r.ci();
            boolean finite = ci != null && Double.isFinite(ci.width());
            String label = r.data().equals("wps") ? "v (work units/s)"
                    : r.unit().isEmpty() ? r.pi() : r.pi() + " (" + r.unit() + ")";
            out.printf("| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s |%n", md(label),
                    r.data().replace('_', ' '), r.n(), r.removed(), Formats.number(r.mean()),
                    ci == null ? "—" : "[" + Formats.number(ci.low()) + ", " + upper(ci.high()) + "] ("
                            + pct(ci.confidence()) + ")",
                    finite ? Formats.number(ci.width()) + " (" + Formats.significant(100 * ci.relativeWidth(), 3)
                            + "%)" : "—",
                    r.subsessionSize() > 0 ? Integer.toString(r.subsessionSize()) : "—",
                    r.requiredSamples() < 0 ? "—" : Long.toString(r.requiredSamples()), r.targetMet() ? "yes" : "no");
        }
        if (!s.converged() && !s.waitingFor().isEmpty()) {
            out.println();
            out.println("> " + md(whatItWouldTake(s)));
        }
    }

    private static String md(String s) {
        return s.replace("|", "\\|");
    }

    // ---- text ------------------------------------------------------------------------------------------------

    private static void text(SessionResult s, PrintWriter out) {
        out.println(s.directory() == null ? s.name() : s.name() + " (session " + s.directory() + ")");
        row(out, "rounds", s.rounds() + " recorded: " + s.analysedRounds() + " analysed, " + s.shortRounds()
                + " short, " + s.failedRounds() + " failed");
        row(out, "duration", Formats.duration(s.seconds()));
        row(out, "stopped", stopped(s));
        row(out, "analysis", settingsSummary(s.settings()));
        out.println();
        for (PiResult p : s.pis()) {
            pi(p, s.settings(), out);
        }
        if (s.wps() != null) {
            out.println("work per second (round duration = α + work / v): " + wps(s.wps(), s));
        }
        if (!s.converged() && !s.waitingFor().isEmpty()) {
            out.println();
            out.println(whatItWouldTake(s));
        }
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf("  %-9s %s%n", name, value);
    }

    private static void pi(PiResult p, SessionSettings s, PrintWriter out) {
        PerformanceIndex pi = p.pi();
        String label = pi.name() + (pi.unit().isEmpty() ? "" : " (" + pi.unit() + ")");
        MetricResult readings = p.readings();
        boolean warm = readings.removed() > 0;
        String warmWhy = "";
        if (warm && s.warmupRemoval().tested()) {
            Phases ph = p.readingsPhases();
            warmWhy = ": mean " + Formats.quantity(ph.warmupMean(), pi.unit(), ph.warmupMean()) + " against "
                    + Formats.quantity(readings.mean(), pi.unit(), readings.mean()) + " after, "
                    + Formats.pValue(ph.warmupPValue());
        }
        metric(out, label + ", readings" + (warm ? " after warm-up removal" : ""), readings, "round", pi,
                pi.readingsMustSatisfy(), s, warm ? "the first " + readings.removed() + " removed as warm-up"
                        + warmWhy : null);
        Phases phases = p.readingsPhases();
        if (phases.warmupPending() > 0) {
            out.println("  a warm-up of the first " + phases.warmupPending() + " rounds was found ("
                    + Formats.pValue(phases.warmupPValue()) + "), longer than a fifth of the analysed rounds: it is cut"
                    + " once the session has " + phases.samplesForPendingWarmup() + " and stops no earlier");
        }
        for (LevelShift shift : p.readingsPhases().shifts()) {
            out.println("  " + Uncertainty.shift(shift, "round " + (p.readingsFrom() + shift.index()) + " of the "
                    + "analysed rounds", pi.unit()) + "; the mean mixes both levels");
        }
        if (warm) {
            metric(out, label + ", readings of all rounds", p.readingsRaw(), "round", pi, false, s, null);
        }
        MetricResult units = p.unitReadings();
        boolean cut = units.removed() > 0;
        String unitsWhy = units.removed() + " more removed as warm-up or cool-down";
        if (cut && s.warmupRemoval().tested()) {
            Phases ph = p.unitReadingsPhases();
            unitsWhy = "the first " + ph.warmup() + " and last " + ph.cooldown() + " of every round removed as warm-up "
                    + "and cool-down";
        }
        metric(out, label + ", unit readings" + (cut ? " after warm-up removal" : ""), units, "unit reading", pi,
                pi.unitReadingsMustSatisfy(), s, cut ? unitsWhy : null);
        if (cut) {
            metric(out, label + ", all unit readings", p.unitReadingsRaw(), "unit reading", pi, false, s, null);
        }
    }

    /** One line for one sample; nothing when it has no data (and none was removed). */
    private static void metric(PrintWriter out, String label, MetricResult m, String noun, PerformanceIndex pi,
            boolean required, SessionSettings s, String removed) {
        if (m.n() == 0) {
            if (m.removed() > 0) {
                out.println(label + ": none left, all " + m.removed() + " " + plural(noun, m.removed())
                        + " were removed as warm-up or cool-down");
            }
            return;
        }
        StringBuilder b = new StringBuilder(label).append(": ");
        String mean = switch (pi.kind()) {
            case ORDINARY -> "mean";
            case RATIO -> "harmonic mean";
            case BINARY -> "proportion";
        };
        ConfidenceInterval ci = m.ci();
        if (m.status() == MetricResult.Status.INVALID_FOR_KIND) {
            b.append(m.n()).append(' ').append(plural(noun, m.n())).append(", no CI: ").append(
                    pi.kind() == PerformanceIndex.Kind.BINARY ? "the values of a binary PI must be 0 or 1"
                            : "the harmonic mean of a ratio PI needs every value > 0");
        } else {
            boolean binary = pi.kind() == PerformanceIndex.Kind.BINARY;
            b.append(mean).append(' ').append(binary ? Formats.number(m.mean())
                    : Formats.quantity(m.mean(), pi.unit(), m.mean()));
            if (ci != null && Double.isFinite(ci.width())) {
                b.append(" ± ").append(binary ? Formats.number(ci.halfWidth())
                        : Formats.quantity(ci.halfWidth(), pi.unit(), m.mean())).append(" (").append(pct(ci.confidence()))
                        .append(" CI, ± ").append(Formats.significant(100 * ci.halfWidth() / Math.abs(ci.center()), 2))
                        .append("% of ").append(mean).append(')');
            }
            b.append(", ").append(m.n()).append(' ').append(plural(noun, m.n()));
            if (removed != null) {
                b.append(" (").append(removed).append(')');
            }
            switch (m.status()) {
                case OK -> {
                    if (pi.kind() != PerformanceIndex.Kind.BINARY) {
                        b.append(", ").append(m.variance() == 0 ? "all equal"
                                : s.method() == CiMethod.PILOT && m.subsessionSize() > 1
                                        ? "samples merged in subsessions of " + m.subsessionSize()
                                        + " to remove autocorrelation"
                                : Uncertainty.words(m, s.autocorrelationLimit()));
                    }
                }
                case NOT_ENOUGH_DATA -> b.append(": too few for a CI (it needs at least ")
                        .append(pi.kind() == PerformanceIndex.Kind.BINARY ? 2 : 3).append(')');
                case TOO_AUTOCORRELATED -> b.append(", no CI yet: even subsessions of n/3 samples stay "
                        + "autocorrelated (|lag-1 autocorrelation| > ").append(Formats.number(s.autocorrelationLimit()))
                        .append("), so more data are needed");
                default -> { }
            }
        }
        b.append("; target (CI width ≤ ").append(target(s, pi.unit(), mean)).append(')');
        if (m.targetMet()) {
            b.append(" met");
        } else {
            b.append(" not met");
            if (m.requiredSamples() >= 0) {
                b.append(": needs ").append(m.requiredSamples()).append(' ').append(plural(noun, m.requiredSamples()))
                        .append(", ").append(m.moreSamples()).append(" more");
            }
            if (!required) {
                b.append(" (not required)");
            }
        }
        out.println(b);
    }

    private static String wps(WpsResult w, SessionResult s) {
        StringBuilder b = new StringBuilder();
        switch (w.status()) {
            case OK -> {
                ConfidenceInterval ci = w.vCi();
                b.append("v ").append(Formats.number(w.v()));
                if (Double.isFinite(ci.high())) {
                    b.append(" ± ").append(Formats.number(ci.halfWidth())).append(" work units/s (")
                            .append(pct(ci.confidence())).append(" CI, ± ")
                            .append(Formats.significant(100 * ci.halfWidth() / Math.abs(ci.center()), 2))
                            .append("% of v)");
                } else {
                    b.append(" work units/s (").append(pct(ci.confidence())).append(" CI [")
                            .append(Formats.number(ci.low())).append(", ∞))");
                }
                b.append(", α ").append(Formats.number(w.alpha())).append(" s, from ").append(w.roundsUsed())
                        .append(" rounds in ").append(w.subsessions()).append(" points of ").append(w.subsessionSize())
                        .append(", R² ").append(Formats.significant(w.rSquared(), 4)).append(", naive work/time ")
                        .append(Formats.number(w.naiveV()));
                if (w.workFloor() > 0) {
                    b.append(", rounds below work amount ").append(w.workFloor()).append(" left out");
                }
            }
            case NOT_ENOUGH_DATA -> b.append("no estimate yet: fewer than 3 regression points or 2 distinct work "
                    + "amounts (").append(w.roundsUsed()).append(" rounds used)");
            case TOO_AUTOCORRELATED -> b.append("no estimate yet: no subsession size brings the residuals' "
                    + "autocorrelation under ").append(Formats.number(s.settings().autocorrelationLimit()))
                    .append(" (").append(w.roundsUsed()).append(" rounds used)");
            case NOT_LINEAR -> b.append("no estimate: the duration does not grow with the work amount (slope ≤ 0), "
                    + "so the model does not apply (").append(w.roundsUsed()).append(" rounds used)");
            default -> throw new IllegalArgumentException(w.status().toString());
        }
        b.append("; target (CI width ≤ ").append(target(s.settings(), "work units/s", "v")).append(')');
        if (w.targetMet()) {
            b.append(" met");
        } else {
            b.append(" not met");
            if (w.requiredSubsessions() >= 0) {
                b.append(": needs ").append(w.requiredSubsessions()).append(" points, about ")
                        .append(w.moreRounds()).append(" more rounds");
            }
            if (s.settings().wps() != WpsMode.REQUIRED) {
                b.append(" (not required)");
            }
        }
        return b.toString();
    }

    /** "30% of mean" or "0.5 ms". */
    private static String target(SessionSettings s, String unit, String of) {
        return s.ciTarget().relative() ? Formats.number(s.ciTarget().value() * 100) + "% of " + of
                : Formats.number(s.ciTarget().value()) + (unit.isEmpty() ? "" : " " + unit);
    }

    /** What the session is waiting for and how many more rounds (and seconds) the targets need. */
    static String whatItWouldTake(SessionResult s) {
        StringBuilder b = new StringBuilder("Not converged: waiting for ").append(String.join("; ", s.waitingFor()))
                .append(". ");
        if (s.moreRounds() > 0) {
            b.append("About ").append(s.moreRounds()).append(" more ").append(plural("round", s.moreRounds()));
            if (Double.isFinite(s.moreSeconds())) {
                b.append(" (≈ ").append(Formats.duration(s.moreSeconds())).append(')');
            }
            b.append(" would meet every target.");
        } else {
            b.append("How many more rounds it needs is not known yet.");
        }
        return b.toString();
    }

    /** "44 rounds (44 analysed, 0 short, 0 failed)". */
    static String roundsSummary(SessionResult s) {
        return s.rounds() + " " + plural("round", s.rounds()) + " (" + s.analysedRounds() + " analysed, "
                + s.shortRounds() + " short, " + s.failedRounds() + " failed)";
    }

    /** Why the session stopped, in words. */
    static String stopped(SessionResult s) {
        SessionSettings settings = s.settings();
        return switch (s.stopReason()) {
            case TARGET_MET -> "converged: every required target met";
            case ROUND_LIMIT -> "round limit" + (settings.maxRounds() > 0 ? " of " + settings.maxRounds() : "")
                    + " reached before every target was met";
            case TIME_LIMIT -> "time limit" + (settings.maxDuration() == null ? ""
                    : " of " + Formats.duration(settings.maxDuration().toNanos() / 1e9)) + " reached before every target "
                    + "was met";
            case WORKLOAD_FAILED -> "the workload failed (" + s.failedRounds() + " failed "
                    + plural("round", s.failedRounds()) + ", " + settings.maxFailures() + " allowed)";
            case INTERRUPTED -> "interrupted before every target was met";
            case RUNNING -> "not converged: targets not met yet (more rounds can be added)";
        };
    }

    /** The analysis settings in words. */
    static String settingsSummary(SessionSettings s) {
        if (s.method() == CiMethod.AR) {
            return pct(s.confidence()) + " confidence, target CI width ≤ " + s.ciTarget() + ", method ar (at least "
                    + Defaults.MIN_SAMPLES + " samples and " + Formats.number(Defaults.MIN_DEGREES_OF_FREEDOM)
                    + " degrees of freedom), warm-up removal " + s.warmupRemoval();
        }
        return pct(s.confidence()) + " confidence, target CI width ≤ " + s.ciTarget() + ", at least "
                + s.minSubsessions() + " subsessions, |lag-1 autocorrelation| ≤ "
                + Formats.number(s.autocorrelationLimit()) + ", warm-up removal " + s.warmupRemoval();
    }

    static String pct(double fraction) {
        return Formats.significant(fraction * 100, 4) + "%";
    }

    static String upper(double high) {
        return Double.isFinite(high) ? Formats.number(high) : "∞";
    }

    private static String plural(String noun, long n) {
        return n == 1 ? noun : noun + "s";
    }
}
