package io.pilotbench.process;

import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.files.JsonMappers;
import io.pilotbench.core.input.SeriesReader;
import io.pilotbench.core.input.ToolResults;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Series;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads a PI's values out of what a command left behind: its standard output, and the files in its round directory.
 * Each failure is a {@link BadOutputException} whose message says what was expected and what was found, in one line.
 */
final class OutputParser {
    /** The longest piece of output quoted in an error message. */
    private static final int QUOTE = 80;

    private OutputParser() {}

    /** Thrown when the output does not hold the value a PI asks for. */
    static final class BadOutputException extends Exception {
        BadOutputException(String message) {
            super(message);
        }
    }

    /** The reading of {@code source} in {@code stdout}; wall time is not read from output. */
    static double reading(PiSpec.ReadingSource source, String stdout) throws BadOutputException {
        return reading(source, stdout, true);
    }

    /**
     * @param onlyColumn whether this is the only column the command's PIs read: then "1,5" (two integers joined by
     *                   the one comma of the line) is refused as ambiguous — a decimal comma, or two columns? When
     *                   PIs read several columns, the commas are field separators, as in the original's "4,4".
     */
    static double reading(PiSpec.ReadingSource source, String stdout, boolean onlyColumn) throws BadOutputException {
        if (source instanceof PiSpec.Column c) {
            return column(c.index(), stdout, onlyColumn);
        } else if (source instanceof PiSpec.Regex r) {
            return regex(r, stdout);
        } else if (source instanceof PiSpec.Json j) {
            return json(j, stdout);
        }
        throw new IllegalStateException(source + " is measured, not parsed");
    }

    /**
     * Field {@code index} of the last non-empty line, split on any of space, tab, CR and comma with empty fields
     * counted, as the original's {@code extract_csv_fields} ("a, b" is a, "", b).
     */
    private static double column(int index, String stdout, boolean onlyColumn) throws BadOutputException {
        String line = lastLine(stdout);
        if (line == null) {
            throw new BadOutputException(
                    "the command printed nothing on standard output, where column " + index + " was expected");
        }
        String[] fields = line.split("[ \t\r,]", -1);
        if (index >= fields.length) {
            throw new BadOutputException(
                    "the output line has " + fields.length + " field" + (fields.length == 1 ? "" : "s")
                            + ", so there is no column " + index + " (0-based): '" + quote(line) + "'");
        }
        int comma = line.indexOf(',');
        if (onlyColumn
                && comma > 0
                && comma == line.lastIndexOf(',')
                && line.indexOf('.') < 0
                && comma + 1 < line.length()
                && Character.isDigit(line.charAt(comma - 1))
                && Character.isDigit(line.charAt(comma + 1))) {
            throw new BadOutputException("'" + quote(line) + "' has a number with a decimal comma, or two columns "
                    + "split at the comma: Pilot cannot tell which; make the command print a decimal point (e.g. "
                    + "--env LC_ALL=C) or read the value with a regex PI");
        }
        return number(fields[index], "column " + index + " of '" + quote(line) + "'");
    }

    private static double regex(PiSpec.Regex r, String stdout) throws BadOutputException {
        Matcher m = r.pattern().matcher(stdout);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        if (last == null) {
            String line = lastLine(stdout);
            throw new BadOutputException("no match for regex '" + r.pattern().pattern() + "' in the output"
                    + (line == null ? " (it is empty)" : " (last line: '" + quote(line) + "')"));
        }
        return number(last, "the group of regex '" + r.pattern().pattern() + "'");
    }

    private static double json(PiSpec.Json j, String stdout) throws BadOutputException {
        JsonNode root;
        try {
            root = JsonMappers.plain().readTree(stdout);
        } catch (JacksonException whole) {
            String line = lastLine(stdout); // JSON lines: the last one is the result
            try {
                root = line == null ? null : JsonMappers.plain().readTree(line);
            } catch (JacksonException e) {
                root = null;
            }
            if (root == null) {
                throw new BadOutputException("the output is not JSON (nor is its last line), so json path '" + j.given()
                        + "' cannot be read" + (line == null ? "" : ": '" + quote(line) + "'"));
            }
        }
        if (root == null || root.isMissingNode()) {
            throw new BadOutputException("the command printed nothing on standard output, where JSON was expected");
        }
        JsonNode node = root.at(j.pointer());
        if (node.isMissingNode()) {
            throw new BadOutputException("json path '" + j.given() + "' is not in the output");
        }
        if (node.isNumber()) {
            // 1e400 is a JSON number that overflows a double: a failed round, as through a column or a regex (it
            // reached the engine as an infinite reading, which ended the session and every resume of it)
            double v = node.doubleValue();
            if (!Double.isFinite(v)) {
                throw new BadOutputException("json path '" + j.given()
                        + "' holds a number beyond a double's range (magnitude over 1.8e308)");
            }
            return v;
        }
        if (node.isString()) {
            return number(node.asString(), "json path '" + j.given() + "'");
        }
        throw new BadOutputException("json path '" + j.given() + "' holds "
                + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not a number");
    }

    /**
     * The unit readings in {@code file} of the round directory: one number per line or a column of CSV/TSV (a header
     * is recognised and skipped; blank lines and # comments are ignored), or a JMH JSON result (its iterations, so
     * that a round is one JMH fork) or a hyperfine JSON export (its runs).
     */
    static double[] unitReadings(PiSpec.UnitReadingsFile source, Path roundDir, PerformanceIndex pi)
            throws BadOutputException {
        Path file = roundDir.resolve(source.file());
        if (!Files.isRegularFile(file)) {
            throw new BadOutputException(
                    "the command did not write its unit readings to %RESULT_DIR%/" + source.file());
        }
        try {
            List<Series> tool = ToolResults.read(file);
            if (tool != null && tool.size() != 1) {
                throw new BadOutputException("unit readings file " + source.file() + " holds the results of "
                        + tool.size() + " benchmarks or commands; give one per round (one JMH benchmark, one "
                        + "hyperfine command)");
            }
            if (tool != null) {
                sameDirection(tool.get(0).unit(), pi, source.file());
            }
            List<Series> series = tool != null
                    ? tool
                    : new SeriesReader(SeriesReader.Delimiter.AUTO, List.of(source.column())).read(file, notice -> {});
            double[] values = series.get(0).values();
            for (double v : values) {
                if (!Double.isFinite(v)) {
                    throw new BadOutputException("unit readings file " + source.file() + " holds " + v);
                }
            }
            return values;
        } catch (InputException e) {
            throw new BadOutputException("unit readings: " + e.getMessage());
        }
    }

    /**
     * Refuses a tool's result whose unit says the other way is better than the PI's unit does: JMH's throughput
     * (ops/s, higher is better) read into a PI whose unit is a time or a bare "score" (lower is better) was ranked
     * and gated backwards, a 2.2× slower build first.
     */
    private static void sameDirection(String fileUnit, PerformanceIndex pi, String file) throws BadOutputException {
        if (fileUnit == null || fileUnit.isBlank()) {
            return;
        }
        boolean fileHigher = Direction.perTime(fileUnit);
        boolean piHigher = Direction.of(pi) == Direction.HIGHER_IS_BETTER;
        if (fileHigher != piHigher) {
            throw new BadOutputException(file + " gives its values in " + fileUnit + " ("
                    + (fileHigher ? "higher" : "lower")
                    + " is better), but the PI's unit is '" + pi.unit() + "' (" + (piHigher ? "higher" : "lower")
                    + " is better): give the PI unit=" + fileUnit + " (pilot jmh: --unit " + fileUnit + ")");
        }
    }

    private static double number(String text, String where) throws BadOutputException {
        String s = text.strip();
        try {
            double v = Double.parseDouble(s);
            if (v == 0 && s.replaceAll("[eE].*", "").matches(".*[1-9].*")) {
                // 1e-400 parses to 0: a reading of 0 recorded silently
                throw new BadOutputException(where + " is '" + quote(s) + "', too small for a double (it would be 0)");
            }
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadOutputException(where + " is '" + quote(s) + "', not a finite number");
    }

    /** The last line with something other than white space on it, or null. */
    static String lastLine(String text) {
        int end = text.length();
        while (end > 0) {
            int start = text.lastIndexOf('\n', end - 1) + 1;
            String line = text.substring(start, end);
            if (!line.isBlank()) {
                return line.strip();
            }
            end = start - 1;
        }
        return null;
    }

    static String quote(String s) {
        return visible(s.length() <= QUOTE ? s : s.substring(0, QUOTE) + "…");
    }

    /**
     * {@code s} with its control characters as {@code \xNN}: a command's stderr quoted in a message went to the
     * terminal as it was, so its escape sequences cleared the screen, set the window's title or switched the
     * character set of whoever read pilot's report.
     */
    static String visible(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 && c != '\t' || c >= 0x7f && c <= 0x9f;
            if (control && b == null) {
                b = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (b != null) {
                if (control) {
                    b.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }
}
