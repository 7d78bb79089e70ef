package io.pilotbench.experiment;

import io.pilotbench.core.model.InputException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The typed fields of a YAML file read with SnakeYAML, each checked as it is taken: a mapping, a list, a string, a
 * single value, a whole number in a range, a duration above 0; a mistake is one line naming the file and the key.
 */
abstract class YamlFields {
    /** The file read, as the user named it. */
    final Path file;

    YamlFields(Path file) {
        this.file = file;
    }

    final Duration duration(String key, String s) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|h)?")
                .matcher(s.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw bad(key, "'" + s + "' is not a duration (e.g. 500ms, 20s, 5m, 1h)");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double seconds =
                switch (unit) {
                    case "ms" -> v / 1000;
                    case "m" -> v * 60;
                    case "h" -> v * 3600;
                    default -> v;
                };
        if (!(seconds > 0)) { // 0s passed the plan and then failed every job
            throw bad(key, "'" + s + "' must be more than 0 (e.g. 500ms, 20s, 5m, 1h)");
        }
        return Duration.ofNanos((long) (seconds * 1e9));
    }

    @SuppressWarnings("unchecked")
    final Map<String, Object> map(String key, Object value) {
        if (value == null && !key.isEmpty()) {
            throw bad(key, "missing");
        }
        if (!(value instanceof Map<?, ?> m)) {
            throw bad(key.isEmpty() ? "(top)" : key, "expected a mapping (key: value lines)");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            out.put(String.valueOf(e.getKey()), e.getValue());
        }
        return out;
    }

    final List<?> list(String key, Object value) {
        if (!(value instanceof List<?> l)) {
            throw bad(key, "expected a list ([a, b] or '- a' lines)");
        }
        return l;
    }

    final String string(String key, Object value) {
        if (!(value instanceof String s) || s.isBlank()) {
            throw bad(key, "expected a non-empty string");
        }
        return s;
    }

    final String scalar(String key, Object value) {
        if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        throw bad(key, "expected a single value");
    }

    /** A whole number from {@code min} to {@code max} (an int's range was cast: 3000000000 became −1294967296). */
    final long integer(String key, Object value, long min, long max) {
        if (!(value instanceof Number n)
                || n.longValue() != n.doubleValue()
                || n.longValue() < min
                || n.longValue() > max) {
            throw bad(
                    key,
                    "expected a whole number" + (min == Long.MIN_VALUE ? "" : " from " + min + " to " + max) + ", got "
                            + value);
        }
        return n.longValue();
    }

    final InputException bad(String key, String why) {
        return new InputException(file + ": " + key + ": " + why);
    }
}
