package io.pilotbench.script;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.process.PiSpec;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * A TEST's Pilot settings: the wall-time PI with {@code pilot run}'s defaults, changed by its OPTION lines
 * ({@code ci-width 5%} or an absolute width in seconds, {@code confidence 0.99} or {@code 99%}, {@code max-runs N},
 * {@code max-time 90s|5m|1h|250ms}, {@code max-failures N}).
 */
final class TestSettings {
    private TestSettings() {}

    static SessionSettings of(List<Stmt.Option> options, UnaryOperator<String> sub) {
        SessionSettings.Builder b =
                SessionSettings.builder().pi(PiSpec.wallTime().pi());
        for (Stmt.Option o : options) {
            String v = sub.apply(o.value().text());
            try {
                switch (o.key()) {
                    case "ci-width" -> b.ciTarget(CiTarget.parse(v));
                    case "confidence" ->
                        b.confidence(
                                v.endsWith("%")
                                        ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100
                                        : Double.parseDouble(v));
                    case "max-runs" -> b.maxRounds(atLeast(1, Integer.parseInt(v))); // 0 would mean no limit
                    case "max-failures" -> b.maxFailures(atLeast(0, Integer.parseInt(v)));
                    case "max-time" -> b.maxDuration(duration(v));
                    default -> throw new IllegalStateException(o.key());
                }
            } catch (IllegalArgumentException e) {
                throw new ScriptException(
                        o.value().pos(),
                        "expected a value for OPTION " + o.key() + ", found '" + v + "' (" + e.getMessage() + ")");
            }
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new ScriptException(
                    options.isEmpty() ? new Pos("?", 0, 0) : options.get(0).pos(),
                    "the TEST's OPTIONs do not fit together: " + e.getMessage());
        }
    }

    private static int atLeast(int least, int value) {
        if (value < least) {
            throw new IllegalArgumentException("must be " + least + " or more");
        }
        return value;
    }

    /** A number and a unit as {@code pilot run --max-time} takes them: ms, s (sec), m (min) or h. */
    private static final java.util.regex.Pattern DURATION =
            java.util.regex.Pattern.compile("([0-9]*\\.?[0-9]+)\\s*(ms|s|sec|m|min|h)?");

    /**
     * "90s", "5m", "1min", "1h", "250ms" or plain seconds, as {@code pilot run --max-time} reads them; any other unit
     * is refused ("1min" was read as 1 s, "1d" and "5x" as 1 and 5 s: the letters were dropped).
     */
    static Duration duration(String v) {
        java.util.regex.Matcher m = DURATION.matcher(v.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("a duration is a number with ms, s, m, min or h");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double seconds =
                switch (unit) {
                    case "ms" -> n / 1000;
                    case "m", "min" -> n * 60;
                    case "h" -> n * 3600;
                    default -> n;
                };
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("a duration must be > 0");
        }
        return Duration.ofNanos((long) (seconds * 1e9));
    }
}
