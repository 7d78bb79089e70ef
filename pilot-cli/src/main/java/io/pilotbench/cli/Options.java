package io.pilotbench.cli;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Parsing helpers for option values, with messages that name the option and what it accepts. */
final class Options {
    private Options() {
    }

    /** A case-insensitive enum constant; "markdown" → MARKDOWN. */
    static <E extends Enum<E>> E enumValue(Class<E> type, String option, String value) {
        try {
            return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            String allowed = Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT))
                    .collect(Collectors.joining(", "));
            throw new IllegalArgumentException(option + ": '" + value + "' is not one of " + allowed);
        }
    }

    /** A value parsed by {@code parser}, whose IllegalArgumentException message is prefixed by the option. */
    static <T> T parse(String option, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }

    /** A fraction in (0, 1) given as "0.95" or "95%". */
    static double fraction(String option, String value) {
        String s = value.strip();
        try {
            double x = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
            if (!(x > 0 && x < 1)) {
                throw new IllegalArgumentException(option + ": '" + value + "' must be between 0 and 1 (e.g. 0.95 or 95%)");
            }
            return x;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + value + "' is not a number (e.g. 0.95 or 95%)");
        }
    }

    /** A finite number > 0 ("200", "0.5"). */
    static double positive(String option, String value) {
        try {
            double x = Double.parseDouble(value.strip());
            if (x > 0 && Double.isFinite(x)) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + ": '" + value + "' is not a number > 0");
    }

    /** "5%" or "0.05" → 0.05, in [0, 1); one line on bad input. */
    static double percent(String option, String text) {
        String t = text.strip();
        double v;
        try {
            v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
                    : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + text + "' is not a percentage (e.g. 5%)");
        }
        if (!(v >= 0 && v < 1)) {
            throw new IllegalArgumentException(option + ": '" + text + "' must be between 0% and 100%");
        }
        return v;
    }

    /** {@code value}, when it is at least 0. */
    static long nonNegative(String option, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(option + ": " + value + " must be 0 or more");
        }
        return value;
    }

    /** {@code value}, when it is at least 1. */
    static long positive(String option, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(option + ": " + value + " must be 1 or more");
        }
        return value;
    }

    /** A whole number. */
    static long wholeNumber(String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not a whole number");
        }
    }

    /** A size in bytes, at most 2GiB: a whole number with an optional unit, k/KB/KiB, M/MB/MiB, G/GB/GiB (all powers of
     *  1024). */
    static long bytes(String option, String value) {
        return bytes(option, value, Integer.MAX_VALUE - 8L, "2GiB");
    }

    /** {@link #bytes(String, String)} up to {@code max} ({@code maxText} in the message). */
    static long bytes(String option, String value, long max, String maxText) {
        var m = java.util.regex.Pattern.compile("([0-9]+)\\s*(|b|k|kb|kib|m|mb|mib|g|gb|gib)")
                .matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches() || m.group(1).length() > 12) {
            throw new IllegalArgumentException(option + ": '" + value + "' is not a size (e.g. 0, 64KiB, 1MiB)");
        }
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2).isEmpty() ? 'b' : m.group(2).charAt(0)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        if (n > max >> shift) {
            throw new IllegalArgumentException(option + ": '" + value + "' is more than the most allowed, " + maxText);
        }
        return n << shift;
    }

    /** The longest duration an option takes: 100 years (a Duration of ns overflows at 292). */
    static final double MAX_DURATION_NANOS = 100 * 365 * 24 * 3600e9;

    /**
     * A positive duration: a number with a unit, ms, s, m or h ("500ms", "1.5s", "5m"), or a bare number of seconds;
     * at most 100 years.
     */
    static Duration duration(String option, String value) {
        String s = value.strip().toLowerCase(Locale.ROOT);
        var m = java.util.regex.Pattern.compile("([0-9]*\\.?[0-9]+)\\s*(ms|s|sec|m|min|h)?").matcher(s);
        if (m.matches()) {
            double x = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            double nanos = x * switch (unit) {
                case "ms" -> 1e6;
                case "m", "min" -> 60e9;
                case "h" -> 3600e9;
                default -> 1e9;
            };
            if (nanos < 1e6) {
                throw new IllegalArgumentException(option + ": '" + value + "' must be at least 1ms");
            }
            if (nanos > MAX_DURATION_NANOS) {
                throw new IllegalArgumentException(option + ": '" + value + "' is more than the longest allowed, "
                        + "100 years; leave the option out for no limit");
            }
            return Duration.ofNanos(Math.round(nanos));
        }
        throw new IllegalArgumentException(option + ": '" + value + "' is not a duration (e.g. 500ms, 30s, 5m, 1h)");
    }
}
