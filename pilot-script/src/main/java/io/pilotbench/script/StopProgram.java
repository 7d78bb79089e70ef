package io.pilotbench.script;

import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The program of {@code TEST name min-runs batch program…}: exit status 0 stops the TEST (paper §3.1).
 *
 * <p>{@code getstats --predicate EXPR} (or {@code pilot getstats ...}, as in the paper's Figure 1) is evaluated in
 * this process, on the TEST's runs so far, without starting a JVM per check: the predicate must hold for every
 * column (elapsed, user, system by default; {@code --column NAME} picks others), as Getstats did. Any other program
 * runs with {@code /bin/sh -c} in the script's directory; {@code %RESULTS%} names the TEST's {@code runs.csv}.
 *
 * <p>{@link #verdict} says why a TEST may stop, so that a run cap is not reported as a target met; {@link #check}
 * refuses, before the TEST's first run, a program that is not there (the shell's "not found", exit 127, would
 * otherwise read as "not yet" forever).
 */
final class StopProgram {
    static final List<String> DEFAULT_COLUMNS = List.of("elapsed", "user", "system");

    /** Whether the TEST may stop, and why. */
    enum Verdict {
        /** Not yet. */
        GO_ON,
        /** The predicate held with its run caps left out: the precision it asks for was reached. */
        PRECISION,
        /** The predicate held only through a run cap ({@code || $count >= 15}): its precision was not reached. */
        RUN_CAP,
        /** A predicate on {@code $count} alone held: the TEST ran the runs it asks for; it asks no precision. */
        RUNS_ASKED,
        /** An external program exited 0; why, only it knows. */
        PROGRAM
    }

    /** Shell words that are not programs on the PATH: the shell decides about them. */
    private static final Set<String> SHELL_WORDS = Set.of(
            "!", "[", "[[", "{", "(", ":", ".", "if", "case", "for", "while", "until", "test", "true", "false", "exec",
            "eval", "command", "cd", "set", "export", "echo", "printf", "read", "exit", "type", "source", "let",
            "return", "ulimit", "umask", "wait", "trap");
    /** Characters that start shell syntax rather than a program's name: a subshell, a group, a negation, quotes. */
    private static final String SHELL_SYNTAX = "({!`'\"";

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
        if (words.size() > 1
                && words.get(0).text().endsWith("pilot")
                && words.get(1).text().equals("getstats")) {
            i = 1;
        }
        if (words.get(i).text().equals("getstats")) {
            String expr = null;
            for (int k = i + 1; k < words.size(); k++) {
                String w = words.get(k).text();
                // --opt VALUE and --opt=VALUE alike; any other word is refused, not skipped (a --column=NAME that was
                // skipped left the stop to elapsed, user and system, and a TEST ran to its cap)
                int eq = w.indexOf('=');
                String option = w.startsWith("--") && eq > 0 ? w.substring(0, eq) : w;
                String value;
                if (eq > 0 && w.startsWith("--")) {
                    value = w.substring(eq + 1);
                } else if (k + 1 < words.size()) {
                    value = words.get(++k).text();
                } else {
                    value = null;
                }
                switch (option) {
                    case "--predicate" -> expr = value;
                    case "--column" ->
                        columns.addAll(List.of(required(option, value).split(",")));
                    case "--confidence" -> confidence = confidence(required(option, value));
                    default ->
                        throw new IllegalArgumentException("TEST program '" + text + "': getstats as a stop program "
                                + "takes --predicate EXPR, --column NAME[,NAME...] and --confidence X, not '" + w
                                + "'");
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

    private String required(String option, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("TEST program '" + text + "': " + option + " needs a value");
        }
        return value;
    }

    /** 0.99 or 99%, in (0, 1). */
    private double confidence(String value) {
        double c;
        try {
            c = TestSettings.level(value);
        } catch (IllegalArgumentException e) {
            c = Double.NaN;
        }
        if (!(c > 0 && c < 1)) {
            throw new IllegalArgumentException(
                    "TEST program '" + text + "': --confidence wants a level from 50% to below 100%, such as 0.95 or "
                            + "95%, not '" + value + "'");
        }
        return c;
    }

    /**
     * Refuses a program that cannot run: a path (relative to the script's directory) that does not exist or is not
     * executable, or a command that is not on the PATH. Shell syntax and builtins are left to the shell.
     *
     * @param env the commands' environment (an ENV PATH=... counts)
     * @throws IllegalArgumentException saying what is missing and how to fix it
     */
    void check(Map<String, String> env) {
        if (predicate != null) {
            return;
        }
        String first = Line.split("TEST program", text).get(0).words().get(0).text();
        if (SHELL_WORDS.contains(first)
                || first.isEmpty()
                || first.contains("=")
                || first.contains("$")
                || SHELL_SYNTAX.indexOf(first.charAt(0)) >= 0) {
            return;
        }
        if (first.contains("/")) {
            checkFile(first);
        } else {
            checkOnPath(first, env);
        }
    }

    /** Refuses a program named by a path (relative to the script's directory) that is not an executable file. */
    private void checkFile(String first) {
        Path p = dir.resolve(first);
        if (!Files.exists(p)) {
            throw new IllegalArgumentException("the stop program " + first + " does not exist (relative to the "
                    + "script's directory, " + p.toAbsolutePath().normalize() + "); create it, fix the TEST "
                    + "line, or leave the program out to stop at Pilot's precision target");
        }
        if (Files.isDirectory(p) || !Files.isExecutable(p)) {
            throw new IllegalArgumentException("the stop program " + first + " is not an executable file; "
                    + "chmod +x it, or run it through its interpreter (sh " + first + ")");
        }
    }

    /** Refuses a command that is not an executable file in a directory of the PATH. */
    private static void checkOnPath(String first, Map<String, String> env) {
        String path = env.containsKey("PATH") ? env.get("PATH") : System.getenv("PATH");
        for (String d : (path == null ? "" : path).split(":")) {
            Path p = Path.of(d.isEmpty() ? "." : d).resolve(first);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return;
            }
        }
        throw new IllegalArgumentException("the stop program " + first + " is not a command on the PATH; install "
                + "it, give its path (./" + first + " for one in the script's directory), or fix the TEST line");
    }

    /** Whether the TEST may stop now, and why. */
    Verdict verdict(List<Round> rounds, Map<String, String> env) throws IOException, InterruptedException {
        if (predicate == null) {
            ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", text)
                    .directory(dir.toFile())
                    .redirectErrorStream(true);
            io.pilotbench.core.model.ChildEnvironment.restore(pb.environment()); // the user's locale
            pb.environment().putAll(env);
            Process p = pb.start();
            byte[] out = p.getInputStream().readAllBytes();
            int code = p.waitFor();
            if (code == 126 || code == 127) { // the shell's "cannot execute" and "not found", not the program's
                String said = new String(out, StandardCharsets.UTF_8).strip();
                said = said.substring(said.lastIndexOf('\n') + 1);
                throw new IllegalArgumentException("the stop program '" + text + "' could not run (exit " + code
                        + (said.isEmpty() ? "" : ": " + said) + "); fix the TEST line or the program");
            }
            return code == 0 ? Verdict.PROGRAM : Verdict.GO_ON;
        }
        Map<String, double[]> data = columns(rounds);
        boolean precise = true;
        for (String c : columns) {
            double[] x = data.get(c);
            if (x == null) {
                throw new IllegalArgumentException("TEST program '" + text + "': no column " + c + " (columns: "
                        + String.join(", ", data.keySet()) + ")");
            }
            if (x.length == 0) {
                continue; // not measured here (CPU time without the native launcher)
            }
            Map<String, Double> v = ColumnStats.of(c, x, confidence).variables();
            if (!predicate.holds(v)) {
                return Verdict.GO_ON;
            }
            precise &= predicate.precisionHolds(v);
        }
        if (!predicate.asksPrecision()) {
            return Verdict.RUNS_ASKED;
        }
        return precise ? Verdict.PRECISION : Verdict.RUN_CAP;
    }

    /**
     * The precision reached, per column the program tests ("elapsed ±4.86%, user ±9.5% short of it, system ±69% short
     * of it at 95% confidence"): a run cap's message named elapsed alone, which had met the precision, and not the
     * columns that had not.
     */
    String reached(List<Round> rounds) {
        Map<String, double[]> data = columns(rounds);
        List<String> parts = new ArrayList<>();
        for (String c : columns) {
            double[] x = data.get(c);
            if (x == null || x.length == 0) {
                continue;
            }
            ColumnStats st = ColumnStats.of(c, x, confidence);
            double hw = st.hwPercent();
            boolean shortOf =
                    predicate != null && predicate.asksPrecision() && !predicate.precisionHolds(st.variables());
            parts.add(c + " ±" + (Double.isFinite(hw) ? Formats.number(hw) + "%" : "?")
                    + (shortOf ? " short of it" : ""));
        }
        return (parts.isEmpty() ? "no column measured" : String.join(", ", parts)) + " at "
                + Formats.number(confidence * 100) + "% confidence";
    }

    /** The columns the predicate's statistics are of. */
    List<String> columns() {
        return List.copyOf(columns);
    }

    double confidence() {
        return confidence;
    }

    private static Map<String, double[]> columns(List<Round> rounds) {
        List<Round> ok =
                rounds.stream().filter(r -> r.status() == RoundStatus.OK).toList();
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put("elapsed", ok.stream().mapToDouble(Round::durationSeconds).toArray());
        boolean cpu = ok.stream().allMatch(r -> r.userCpuNanos() != null && r.systemCpuNanos() != null);
        m.put("user", cpu ? ok.stream().mapToDouble(r -> r.userCpuNanos() / 1e9).toArray() : new double[0]);
        m.put(
                "system",
                cpu ? ok.stream().mapToDouble(r -> r.systemCpuNanos() / 1e9).toArray() : new double[0]);
        m.put(
                "wait",
                cpu
                        ? ok.stream()
                                .mapToDouble(r -> r.durationSeconds() - (r.userCpuNanos() + r.systemCpuNanos()) / 1e9)
                                .toArray()
                        : new double[0]);
        return m;
    }

    @Override
    public String toString() {
        return text;
    }
}
