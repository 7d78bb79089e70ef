package io.pilotbench.cli;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine;

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
        return prefixed(option, () -> Converters.percent(text).fraction());
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

    /** A size in bytes, at most 2GiB: a whole number with an optional unit, k/KB/KiB, M/MB/MiB, G/GB/GiB (all powers of
     *  1024). */
    static long bytes(String option, String value) {
        return bytes(option, value, Integer.MAX_VALUE - 8L, "2GiB");
    }

    /** {@link #bytes(String, String)} up to {@code max} ({@code maxText} in the message). */
    static long bytes(String option, String value, long max, String maxText) {
        long n = prefixed(option, () -> Converters.byteSize(value).bytes());
        if (n > max) {
            throw new IllegalArgumentException(option + ": '" + value + "' is more than the most allowed, " + maxText);
        }
        return n;
    }

    /** A positive duration ({@link Converters#duration}). */
    static Duration duration(String option, String value) {
        return prefixed(option, () -> Converters.duration(value));
    }

    /** What {@code parse} returns; a value it refuses is one line naming {@code option}. */
    private static <T> T prefixed(String option, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (CommandLine.TypeConversionException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }
}
