package io.pilotbench.script;

import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The program of {@code TEST name min-runs batch program…}: exit status 0 stops the TEST (paper §3.1).
 *
 * <p>{@code getstats --predicate EXPR} (or {@code pilot getstats ...}, as in the paper's Figure 1) is evaluated in
 * this process, on the TEST's runs so far, without starting a JVM per check: the predicate must hold for every
 * column (elapsed, user, system by default; {@code --column NAME} picks others), as Getstats did. Any other program
 * runs with {@code /bin/sh -c} in the script's directory; {@code %RESULTS%} names the TEST's {@code runs.csv}.
 */
final class StopProgram {
    static final List<String> DEFAULT_COLUMNS = List.of("elapsed", "user", "system");

    private final String text;
    private final Path dir;
    private final Predicate predicate;
    private final List<String> columns = new ArrayList<>();
    private double confidence = 0.95;

    StopProgram(String text, Path dir) {
        this.text = text;
        this.dir = dir;
        List<Word> words = Line.split("TEST program", text).get(0).words();
        int i = 0;
        if (words.size() > 1 && words.get(0).text().endsWith("pilot") && words.get(1).text().equals("getstats")) {
            i = 1;
        }
        if (words.get(i).text().equals("getstats")) {
            String expr = null;
            for (int k = i + 1; k < words.size(); k++) {
                String w = words.get(k).text();
                String value = k + 1 < words.size() ? words.get(k + 1).text() : null;
                if (w.startsWith("--predicate=")) {
                    expr = w.substring("--predicate=".length());
                } else if (w.equals("--predicate") && value != null) {
                    expr = value;
                    k++;
                } else if (w.equals("--column") && value != null) {
                    columns.addAll(List.of(value.split(",")));
                    k++;
                } else if (w.equals("--confidence") && value != null) {
                    confidence = Double.parseDouble(value);
                    k++;
                }
            }
            if (expr == null) {
                throw new IllegalArgumentException("TEST program '" + text + "': getstats needs --predicate EXPR");
            }
            predicate = Predicate.parse(expr);
        } else {
            predicate = null;
        }
        if (columns.isEmpty()) {
            columns.addAll(DEFAULT_COLUMNS);
        }
    }

    /** True when the TEST may stop now. */
    boolean saysStop(List<Round> rounds, Map<String, String> env) throws IOException, InterruptedException {
        if (predicate == null) {
            ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", text).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().putAll(env);
            return pb.start().waitFor() == 0;
        }
        Map<String, double[]> data = columns(rounds);
        for (String c : columns) {
            double[] x = data.get(c);
            if (x == null) {
                throw new IllegalArgumentException("TEST program '" + text + "': no column " + c + " (columns: "
                        + String.join(", ", data.keySet()) + ")");
            }
            if (x.length == 0) {
                continue; // not measured here (CPU time without the native launcher)
            }
            if (!predicate.holds(ColumnStats.of(c, x, confidence).variables())) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, double[]> columns(List<Round> rounds) {
        List<Round> ok = rounds.stream().filter(r -> r.status() == RoundStatus.OK).toList();
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put("elapsed", ok.stream().mapToDouble(Round::durationSeconds).toArray());
        boolean cpu = ok.stream().allMatch(r -> r.userCpuNanos() != null && r.systemCpuNanos() != null);
        m.put("user", cpu ? ok.stream().mapToDouble(r -> r.userCpuNanos() / 1e9).toArray() : new double[0]);
        m.put("system", cpu ? ok.stream().mapToDouble(r -> r.systemCpuNanos() / 1e9).toArray() : new double[0]);
        m.put("wait", cpu ? ok.stream().mapToDouble(r -> r.durationSeconds()
                - (r.userCpuNanos() + r.systemCpuNanos()) / 1e9).toArray() : new double[0]);
        return m;
    }

    @Override
    public String toString() {
        return text;
    }
}
