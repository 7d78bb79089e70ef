package io.pilotbench.cli;

import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Parsing helpers for the option values still given as Strings, with messages that name the option and what it
 * accepts; typed options are converted by {@link Converters}, whose parsers these share.
 */
final class Options {
    private Options() {
    }

    /** A case-insensitive enum constant; "markdown" → MARKDOWN. */
    static <E extends Enum<E>> E enumValue(Class<E> type, String option, String value) {
        return prefixed(option, () -> Converters.enumValue(type, value));
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
        return prefixed(option, () -> Converters.fraction(value).value());
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

    /** What {@code parse} returns; a value it refuses is one line naming {@code option}. */
    private static <T> T prefixed(String option, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (CommandLine.TypeConversionException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }
}
