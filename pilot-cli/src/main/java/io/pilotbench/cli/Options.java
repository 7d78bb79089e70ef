package io.pilotbench.cli;

import java.util.function.Function;

/**
 * Checks of the ranges that option values' types do not hold, and the parsing of the values still given as Strings,
 * with messages that name the option; typed options are converted by {@link Converters}.
 */
final class Options {
    private Options() {}

    /** A value parsed by {@code parser}, whose IllegalArgumentException message is prefixed by the option. */
    static <T> T parse(String option, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
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
}
