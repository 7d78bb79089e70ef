package io.pilotbench.script;

import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.process.PiSpec;
import java.time.Duration;
import java.util.List;
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
                    case "confidence" -> b.confidence(level(v));
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

    /**
     * A confidence level as written, 0.99 or 99%, from 50% to below 100% as {@code pilot run --confidence} takes it
     * (0.95% is a typo for 0.95, not a level).
     *
     * @throws IllegalArgumentException (a NumberFormatException when it is not a number) otherwise
     */
    static double level(String v) {
        double c = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100 : Double.parseDouble(v);
        if (!(c >= 0.5 && c < 1)) {
            throw new IllegalArgumentException("a confidence level is from 50% to below 100%, e.g. 0.95 or 95%");
        }
        return c;
    }

    private static int atLeast(int least, int value) {
        if (value < least) {
            throw new IllegalArgumentException("must be " + least + " or more");
        }
        return value;
    }

    /**
     * "90s", "5m", "1min", "1h", "250ms" or plain seconds, read as {@code pilot run --max-time} reads them; any other
     * unit is refused ("1min" was read as 1 s, "1d" and "5x" as 1 and 5 s: the letters were dropped).
     */
    static Duration duration(String v) {
        double nanos = Formats.durationNanos(v);
        if (Double.isNaN(nanos)) {
            throw new IllegalArgumentException("a duration is a number with ms, s (or sec), m (or min) or h");
        }
        if (!(nanos > 0)) {
            throw new IllegalArgumentException("a duration must be > 0");
        }
        return Duration.ofNanos((long) nanos);
    }
}
