package io.pilotbench.process;

import io.pilotbench.core.input.ColumnSelector;
import io.pilotbench.core.model.PerformanceIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A performance index of a command and where its values come from: the wall-clock time of the round, a field of
 * the command's output (a CSV column, a regular expression's group, a JSON path), and/or unit readings from a file
 * the command writes into its round directory.
 *
 * <p>Two textual forms ({@link #parse}):
 * <ul>
 *   <li>The original Pilot's {@code name,unit,column,type[,must_satisfy]}, several joined by {@code :}
 *       ({@code "response time,ms,0,0,1"}): column of the output line (0-based, split on any of space, tab and
 *       comma, empty fields counting), type 0 ordinary, 1 ratio, 2 binary; must_satisfy 1 makes the readings'
 *       CI a target (docs/original.md#pi-spec). When no PI of the list sets must_satisfy, all of them are targets
 *       (the original refused such a list).</li>
 *   <li>Keys: {@code name=N,unit=U,kind=ordinary|ratio|binary,must=readings|unit-readings|both|none} and one or
 *       both sources: {@code column=K} (0-based), {@code regex=RE} (one capturing group), {@code json=PATH}
 *       ({@code $.a.b[0]} or a JSON Pointer {@code /a/b/0}), {@code unit-readings=FILE} with optional
 *       {@code ur-column=K|NAME}. {@code regex=} and {@code json=} take the rest of the text, commas included, so
 *       they come last. {@code wall} alone is the round's wall-clock time in seconds.</li>
 * </ul>
 *
 * @param pi          the PI as the session records it
 * @param readings    where the round's reading comes from, or null (unit readings only)
 * @param unitReadings where the round's unit readings come from, or null
 */
public record PiSpec(PerformanceIndex pi, ReadingSource readings, UnitReadingsFile unitReadings) {

    /** Where a round's single reading comes from. */
    public sealed interface ReadingSource permits WallTime, Column, Regex, Json {}

    /** The wall-clock time of the round, in seconds (measured by Pilot around the process). */
    public record WallTime() implements ReadingSource {}

    /** Field {@code index} (0-based) of the last non-empty line of standard output. */
    public record Column(int index) implements ReadingSource {}

    /** Group 1 of the last match of {@code pattern} in standard output. */
    public record Regex(Pattern pattern) implements ReadingSource {
        @Override
        public String toString() {
            return "regex " + pattern.pattern();
        }
    }

    /** The number at a JSON Pointer in standard output (the whole output, or its last line, is the document). */
    public record Json(String pointer, String given) implements ReadingSource {}

    /** A file in the round directory with one unit reading per line, or a column of a CSV/TSV file. */
    public record UnitReadingsFile(String file, ColumnSelector column) {}

    public PiSpec {
        if (pi == null || (readings == null && unitReadings == null)) {
            throw new IllegalArgumentException("a PI needs a source of readings or of unit readings");
        }
    }

    /** The default PI of {@code pilot run}: the wall-clock time of a round, in seconds. */
    public static PiSpec wallTime() {
        return new PiSpec(PerformanceIndex.of("wall time", "s"), new WallTime(), null);
    }

    /**
     * Parses one {@code --pi} value (see the class comment); the original form may hold several PIs.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad part and the accepted forms
     */
    public static List<PiSpec> parse(String text) {
        String s = text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty PI; " + FORMS);
        }
        if (s.equals("wall")) {
            return List.of(wallTime());
        }
        if (!s.contains("=")) {
            List<PiSpec> list = new ArrayList<>();
            for (String part : s.split(":")) {
                list.add(parseOriginal(part, text));
            }
            if (list.stream().noneMatch(p -> p.pi().readingsMustSatisfy())) {
                list.replaceAll(p -> new PiSpec(p.pi().withReadingsMustSatisfy(true), p.readings(), null));
            }
            return list;
        }
        return List.of(parseKeys(s));
    }

    private static final String FORMS = "use the original form name,unit,column,type[,must_satisfy] (e.g. "
            + "\"latency,ms,0,0,1\") or keys (e.g. \"name=latency,unit=ms,regex=took ([0-9.]+) ms\"; keys: name, unit, "
            + "kind, must, column, regex, json, unit-readings, ur-column), or wall";

    private static PiSpec parseOriginal(String part, String whole) {
        String[] f = part.split(",", -1);
        if (f.length < 4 || f.length > 5) {
            throw new IllegalArgumentException("PI '" + whole + "': the original form has 4 or 5 comma-separated "
                    + "fields (name,unit,column,type[,must_satisfy]), got " + f.length + "; " + FORMS);
        }
        String name = f[0].strip();
        int column = nonNegative(f[2], "column", whole);
        PerformanceIndex.Kind kind = PerformanceIndex.Kind.parse(f[3]);
        boolean must = f.length == 5
                && switch (f[4].strip()) {
                    case "1", "true" -> true;
                    case "0", "false", "" -> false;
                    default ->
                        throw new IllegalArgumentException(
                                "PI '" + whole + "': must_satisfy is 0 or 1, got '" + f[4].strip() + "'");
                };
        return new PiSpec(
                new PerformanceIndex(nonBlank(name, whole), f[1], kind, must, false), new Column(column), null);
    }

    private static PiSpec parseKeys(String s) {
        Map<String, String> keys = keyValues(s);
        String name = keys.remove("name");
        String unit = keys.getOrDefault("unit", "");
        keys.remove("unit");
        PerformanceIndex.Kind kind = keys.containsKey("kind")
                ? PerformanceIndex.Kind.parse(keys.remove("kind"))
                : PerformanceIndex.Kind.ORDINARY;
        String must = keys.remove("must");
        List<ReadingSource> sources = readingSources(keys, s);
        UnitReadingsFile ur = unitReadingsFile(keys, s);
        if (!keys.isEmpty()) {
            throw new IllegalArgumentException(
                    "PI '" + s + "': unknown key '" + keys.keySet().iterator().next() + "'; " + FORMS);
        }
        if (sources.size() > 1) {
            throw new IllegalArgumentException(
                    "PI '" + s + "': give one source of readings (column, regex, json), " + "not " + sources.size());
        }
        ReadingSource reading = sources.isEmpty() ? null : sources.get(0);
        if (reading == null && ur == null) {
            throw new IllegalArgumentException(
                    "PI '" + s + "': no source; add column=, regex=, json= or " + "unit-readings=");
        }
        Targets targets = must == null ? new Targets(reading != null, ur != null) : Targets.parse(must, s);
        if (targets.readings() && reading == null || targets.unitReadings() && ur == null) {
            throw new IllegalArgumentException(
                    "PI '" + s + "': must=" + must + " names a source the PI does " + "not have");
        }
        return new PiSpec(
                new PerformanceIndex(nonBlank(name, s), unit, kind, targets.readings(), targets.unitReadings()),
                reading,
                ur);
    }

    /** The {@code key=value} pairs of {@code s}, keys in lower case; {@code regex=} and {@code json=} take the rest. */
    private static Map<String, String> keyValues(String s) {
        Map<String, String> keys = new LinkedHashMap<>();
        int i = 0;
        while (i < s.length()) {
            int eq = s.indexOf('=', i);
            if (eq < 0) {
                throw new IllegalArgumentException(
                        "PI '" + s + "': '" + s.substring(i) + "' is not key=value; " + FORMS);
            }
            String key = s.substring(i, eq).strip().toLowerCase(Locale.ROOT);
            boolean rest = key.equals("regex") || key.equals("json");
            int comma = rest ? -1 : s.indexOf(',', eq + 1);
            int end = comma < 0 ? s.length() : comma;
            if (keys.put(key, s.substring(eq + 1, end).strip()) != null) {
                throw new IllegalArgumentException("PI '" + s + "': key '" + key + "' is given twice");
            }
            i = end + 1;
        }
        return keys;
    }

    /** The sources of readings that {@code keys} name (removed from it), in the order column, regex, json, wall. */
    private static List<ReadingSource> readingSources(Map<String, String> keys, String s) {
        List<ReadingSource> sources = new ArrayList<>();
        if (keys.containsKey("column")) {
            sources.add(new Column(nonNegative(keys.remove("column"), "column", s)));
        }
        if (keys.containsKey("regex")) {
            sources.add(regex(keys.remove("regex"), s));
        }
        if (keys.containsKey("json")) {
            String path = keys.remove("json");
            sources.add(new Json(jsonPointer(path, s), path));
        }
        if (keys.containsKey("source")) {
            if (!keys.remove("source").equalsIgnoreCase("wall")) {
                throw new IllegalArgumentException("PI '" + s + "': source= can only be wall");
            }
            sources.add(new WallTime());
        }
        return sources;
    }

    /** The file of unit readings that {@code keys} name ({@code unit-readings=}, {@code ur-column=}), or null. */
    private static UnitReadingsFile unitReadingsFile(Map<String, String> keys, String s) {
        if (!keys.containsKey("unit-readings")) {
            if (keys.containsKey("ur-column")) {
                throw new IllegalArgumentException("PI '" + s + "': ur-column= needs unit-readings=FILE");
            }
            return null;
        }
        String file = keys.remove("unit-readings");
        if (file.isEmpty() || file.contains("/") && (file.startsWith("/") || file.contains(".."))) {
            throw new IllegalArgumentException("PI '" + s + "': unit-readings= names a file inside %RESULT_DIR% "
                    + "(a relative name such as ops.txt), got '" + file + "'");
        }
        ColumnSelector col =
                keys.containsKey("ur-column") ? ColumnSelector.parse(keys.remove("ur-column")) : ColumnSelector.FIRST;
        return new UnitReadingsFile(file, col);
    }

    /** Which of a PI's sources must meet the CI target ({@code must=}). */
    private record Targets(boolean readings, boolean unitReadings) {
        static Targets parse(String must, String whole) {
            return switch (must.toLowerCase(Locale.ROOT)) {
                case "readings" -> new Targets(true, false);
                case "unit-readings" -> new Targets(false, true);
                case "both" -> new Targets(true, true);
                case "none" -> new Targets(false, false);
                default ->
                    throw new IllegalArgumentException("PI '" + whole + "': must= is readings, unit-readings, "
                            + "both or none, got '" + must + "'");
            };
        }
    }

    private static Regex regex(String re, String whole) {
        try {
            Pattern p = Pattern.compile(re);
            if (p.matcher("").groupCount() != 1) {
                throw new IllegalArgumentException("PI '" + whole + "': regex= needs exactly one capturing group "
                        + "around the number, e.g. regex=took ([0-9.]+) ms; use (?:...) for other groups");
            }
            return new Regex(p);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "PI '" + whole + "': bad regex: " + e.getDescription() + " near index " + e.getIndex());
        }
    }

    /** {@code $.a.b[0]}, {@code $['a b']}, or a JSON Pointer, as a JSON Pointer (RFC 6901). */
    static String jsonPointer(String path, String whole) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("PI '" + whole + "': json= needs a path such as $.result.mean");
        }
        if (path.startsWith("/")) {
            return path;
        }
        if (!path.startsWith("$")) {
            path = "$." + path;
        }
        StringBuilder p = new StringBuilder();
        int i = 1;
        while (i < path.length()) {
            char c = path.charAt(i);
            if (c == '.') {
                int j = i + 1;
                while (j < path.length() && path.charAt(j) != '.' && path.charAt(j) != '[') {
                    j++;
                }
                if (j == i + 1) {
                    throw badPath(path, whole);
                }
                p.append('/').append(escape(path.substring(i + 1, j)));
                i = j;
            } else if (c == '[') {
                int close = path.indexOf(']', i);
                if (close < 0) {
                    throw badPath(path, whole);
                }
                String inner = path.substring(i + 1, close).strip();
                if (inner.length() >= 2
                        && (inner.charAt(0) == '\'' || inner.charAt(0) == '"')
                        && inner.charAt(inner.length() - 1) == inner.charAt(0)) {
                    p.append('/').append(escape(inner.substring(1, inner.length() - 1)));
                } else if (inner.matches("\\d+")) {
                    p.append('/').append(inner);
                } else {
                    throw badPath(path, whole);
                }
                i = close + 1;
            } else {
                throw badPath(path, whole);
            }
        }
        return p.toString();
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private static IllegalArgumentException badPath(String path, String whole) {
        return new IllegalArgumentException("PI '" + whole + "': json path '" + path + "' is not of the form "
                + "$.key.key[index] (or a JSON Pointer /key/index)");
    }

    private static int nonNegative(String value, String what, String whole) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "PI '" + whole + "': " + what + " must be a 0-based index, got '" + value.strip() + "'");
    }

    private static String nonBlank(String name, String whole) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("PI '" + whole + "': needs a name (name=...)");
        }
        return name.strip();
    }
}
