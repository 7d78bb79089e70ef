package io.pilotbench.report;

import io.pilotbench.core.model.CiMethod;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.LevelShift;
import io.pilotbench.core.model.MetricResult;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Phases;
import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.store.PlainJson;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.stats.ConfidenceInterval;
import io.pilotbench.stats.Spread;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

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
 *   <li>JSON: {@code {"sessions": [ResultJson.toMap(..)], "errors": [..]}}; see {@link ResultJson}
 *       for the contract (fields may be added, never renamed).</li>
 *   <li>CSV: a header and one row per PI × kind of data with samples ({@code readings}, {@code readings_raw},
 *       {@code unit_readings}, {@code unit_readings_raw}), plus a {@code wps} row when WPS is on (n = rounds used,
 *       mean = v, subsession size = rounds per point, required samples = rounds). Columns: {@value #CSV_HEADER}
 *       (min … outliers, added later, describe the readings' spread and are empty for other rows).
 *       The column after target_met names the session (its directory, or its name for a session kept in memory). Numbers at
 *       full double precision; an unknown value is an empty field.</li>
 *   <li>MARKDOWN: a header line per session and the CSV's rows as a table.</li>
 * </ul>
 */
public final class SessionRenderer {

    static final String CSV_HEADER = "pi,unit,data,n,removed,mean,ci_low,ci_high,ci_width,subsession_size,"
            + "required_samples,target_met,session,min,median,p90,p99,max,outliers";

    private SessionRenderer() {}

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
            case CSV -> SessionTables.csv(sessions, out);
            case MARKDOWN -> eachSeparated(sessions, out, s -> SessionTables.markdown(s, out));
            default -> throw new IllegalArgumentException(format.toString());
        }
        out.flush();
    }

    private static void eachSeparated(List<SessionResult> sessions, PrintWriter out, Consumer<SessionResult> action) {
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
        root.put("sessions", sessions.stream().map(ResultJson::toMap).toList());
        root.put("errors", errors);
        out.println(PlainJson.write(root));
    }

    // ---- text ------------------------------------------------------------------------------------------------

    private static void text(SessionResult s, PrintWriter out) {
        out.println(s.directory() == null ? s.name() : s.name() + " (session " + s.directory() + ")");
        row(
                out,
                "rounds",
                s.rounds() + " recorded: " + s.analysedRounds() + " analysed, " + s.shortRounds() + " short, "
                        + s.failedRounds() + " failed");
        row(out, "duration", Formats.duration(s.seconds()));
        row(out, "stopped", SessionWords.stopped(s));
        row(out, "analysis", SessionWords.settingsSummary(s.settings()));
        out.println();
        for (PiResult p : s.pis()) {
            pi(p, s.settings(), out);
        }
        if (s.wps() != null) {
            out.println("work per second (round duration = α + work / v): " + SessionWords.wps(s.wps(), s));
        }
        if (!s.converged() && !s.waitingFor().isEmpty()) {
            out.println();
            out.println(SessionWords.whatItWouldTake(s));
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
        metric(
                out,
                label + ", readings" + (warm ? " after warm-up removal" : ""),
                readings,
                "round",
                pi,
                pi.readingsMustSatisfy(),
                s,
                warm ? "the first " + readings.removed() + " removed as warm-up" + warmWhy : null);
        spread(out, readings.spread(), pi.unit(), "round");
        Phases phases = p.readingsPhases();
        if (phases.warmupPending() > 0) {
            out.println("  a warm-up of the first " + phases.warmupPending() + " rounds was found ("
                    + Formats.pValue(phases.warmupPValue()) + "), longer than a fifth of the analysed rounds: it is cut"
                    + " once the session has " + phases.samplesForPendingWarmup() + " and stops no earlier");
        }
        for (LevelShift shift : p.readingsPhases().shifts()) {
            out.println("  "
                    + Uncertainty.shift(
                            shift, "analysed sample " + shift.sample() + " (round " + shift.round() + ")", pi.unit())
                    + "; the mean mixes both levels");
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
        metric(
                out,
                label + ", unit readings" + (cut ? " after warm-up removal" : ""),
                units,
                "unit reading",
                pi,
                pi.unitReadingsMustSatisfy(),
                s,
                cut ? unitsWhy : null);
        if (cut) {
            metric(out, label + ", all unit readings", p.unitReadingsRaw(), "unit reading", pi, false, s, null);
        }
    }

    /**
     * The range and percentiles of a sample under its mean, and a warning when values lie far from the rest or
     * gather in several modes: what a mean and its CI do not show.
     */
    static void spread(PrintWriter out, Spread s, String unit, String noun) {
        if (s == null || s.n() < 2) {
            return;
        }
        out.println("  range " + Formats.quantity(s.min(), unit, s.median()) + " … "
                + Formats.quantity(s.max(), unit, s.median()) + "; median "
                + Formats.quantity(s.median(), unit, s.median()) + ", p90 "
                + Formats.quantity(s.p90(), unit, s.median()) + ", p99 "
                + Formats.quantity(s.p99(), unit, s.median()));
        for (String w : SessionWords.spreadWarnings(s, unit, noun)) {
            out.println("  warning: " + w);
        }
    }

    /** One line for one sample; nothing when it has no data (and none was removed). */
    private static void metric(
            PrintWriter out,
            String label,
            MetricResult m,
            String noun,
            PerformanceIndex pi,
            boolean required,
            SessionSettings s,
            String removed) {
        if (m.n() == 0) {
            if (m.removed() > 0) {
                out.println(label + ": none left, all " + m.removed() + " " + SessionWords.plural(noun, m.removed())
                        + " were removed as warm-up or cool-down");
            }
            return;
        }
        StringBuilder b = new StringBuilder(label).append(": ");
        String mean =
                switch (pi.kind()) {
                    case ORDINARY -> "mean";
                    case RATIO -> "harmonic mean";
                    case BINARY -> "proportion";
                };
        if (m.status() == MetricResult.Status.INVALID_FOR_KIND) {
            b.append(m.n())
                    .append(' ')
                    .append(SessionWords.plural(noun, m.n()))
                    .append(", no CI: ")
                    .append(
                            pi.kind() == PerformanceIndex.Kind.BINARY
                                    ? "the values of a binary PI must be 0 or 1"
                                    : "the harmonic mean of a ratio PI needs every value > 0");
        } else {
            appendEstimate(b, m, pi, mean);
            b.append(", ").append(m.n()).append(' ').append(SessionWords.plural(noun, m.n()));
            if (removed != null) {
                b.append(" (").append(removed).append(')');
            }
            appendStatus(b, m, pi, s);
        }
        if (s.hasWorkAmountRange()
                && noun.equals("round")
                && !pi.readingsMustSatisfy()
                && !pi.unitReadingsMustSatisfy()) {
            // a PI with no target, read once per round of varying work (pilot run's wall time with a range): how
            // many rounds its CI would need is no useful figure, and "not met" would read as a failure
            b.append("; not a target: the rounds' work amounts differ, and a reading per round may depend on them");
            out.println(b);
            return;
        }
        appendTarget(b, m, noun, pi, required, s, mean);
        out.println(b);
    }

    /** The mean (or proportion) and its CI: "± h" when the CI is centred on it, its ends when it is not. */
    private static void appendEstimate(StringBuilder b, MetricResult m, PerformanceIndex pi, String mean) {
        ConfidenceInterval ci = m.ci();
        boolean binary = pi.kind() == PerformanceIndex.Kind.BINARY;
        b.append(mean)
                .append(' ')
                .append(binary ? Formats.number(m.mean()) : Formats.quantity(m.mean(), pi.unit(), m.mean()));
        if (ci != null && Double.isFinite(ci.width()) && asymmetric(ci, m.mean())) {
            // a skewness-corrected or widened CI is not "mean ± h": give its ends, not a half-width that
            // would put one of them where the interval does not reach
            b.append(" (")
                    .append(SessionWords.pct(ci.confidence()))
                    .append(" CI [")
                    .append(binary ? Formats.number(ci.low()) : Formats.quantity(ci.low(), pi.unit(), m.mean()))
                    .append(", ")
                    .append(binary ? Formats.number(ci.high()) : Formats.quantity(ci.high(), pi.unit(), m.mean()))
                    .append("], width ")
                    .append(Formats.significant(100 * ci.width() / Math.abs(m.mean()), 2))
                    .append("% of ")
                    .append(mean)
                    .append(')');
        } else if (ci != null && Double.isFinite(ci.width())) {
            b.append(" ± ")
                    .append(
                            binary
                                    ? Formats.number(ci.halfWidth())
                                    : Formats.quantity(ci.halfWidth(), pi.unit(), m.mean()))
                    .append(" (")
                    .append(SessionWords.pct(ci.confidence()))
                    .append(" CI, ± ")
                    .append(Formats.significant(100 * ci.halfWidth() / Math.abs(ci.center()), 2))
                    .append("% of ")
                    .append(mean)
                    .append(')');
        }
    }

    /** What the status adds: how the uncertainty was estimated, or why there is no CI yet. */
    private static void appendStatus(StringBuilder b, MetricResult m, PerformanceIndex pi, SessionSettings s) {
        switch (m.status()) {
            case OK -> {
                if (pi.kind() != PerformanceIndex.Kind.BINARY) {
                    b.append(", ")
                            .append(
                                    m.variance() == 0
                                            ? "all equal"
                                            : s.method() == CiMethod.PILOT && m.subsessionSize() > 1
                                                    ? "samples merged in subsessions of " + m.subsessionSize()
                                                            + " to remove autocorrelation"
                                                    : Uncertainty.words(m, s.autocorrelationLimit()));
                }
            }
            case NOT_ENOUGH_DATA ->
                b.append(": too few for a CI (it needs at least ")
                        .append(pi.kind() == PerformanceIndex.Kind.BINARY ? 2 : 3)
                        .append(')');
            case TOO_AUTOCORRELATED ->
                b.append(", no CI yet: even subsessions of n/3 samples stay "
                                + "autocorrelated (|lag-1 autocorrelation| > ")
                        .append(Formats.number(s.autocorrelationLimit()))
                        .append("), so more data are needed");
            default -> {}
        }
    }

    /** The target of a sample's CI and whether it is met; when not, how many samples it needs. */
    private static void appendTarget(
            StringBuilder b,
            MetricResult m,
            String noun,
            PerformanceIndex pi,
            boolean required,
            SessionSettings s,
            String mean) {
        b.append("; target (CI width ≤ ")
                .append(SessionWords.target(s, pi.unit(), mean))
                .append(')');
        if (m.targetMet()) {
            b.append(" met");
        } else {
            b.append(" not met");
            String shortfall = m.shortfall(s.method(), s.minSubsessions());
            if (shortfall != null) {
                // the CI is as narrow as asked: say what else the stop rule waits for, or "not met" reads as a slip
                b.append(": the CI is as narrow as asked, but ").append(shortfall);
            }
            if (m.requiredSamples() >= 0) {
                b.append(shortfall != null ? "; needs " : ": needs ")
                        .append(m.requiredSamples())
                        .append(' ')
                        .append(SessionWords.plural(noun, m.requiredSamples()))
                        .append(", ")
                        .append(m.moreSamples())
                        .append(" more");
            }
            if (!required) {
                b.append(" (not required)");
            }
        }
    }

    /**
     * Whether {@code ci} is not centred on {@code mean}: its two sides differ by more than a tenth of its
     * half-width (a skewness correction, a log-scale lower end, a widening toward the later half).
     */
    static boolean asymmetric(ConfidenceInterval ci, double mean) {
        double below = mean - ci.low();
        double above = ci.high() - mean;
        return Math.abs(above - below) > 0.1 * ci.halfWidth();
    }
}
