package io.pilotbench.cli;

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
}
