package io.pilotbench.script;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The variables of a running campaign and what is computed from them: the script's VAR and ENV values (a value given
 * on the command line wins), {@code %VAR%} substitution (Auto-pilot, Wright et al., USENIX ATC 2005 FREENIX, §3.1),
 * the numbers and conditions of FOR, THREADS, IF and WHILE, and the Getstats variables of the last TEST that ended.
 * Separate from {@link Campaign}, which runs the statements: this class only holds values and evaluates them, and
 * says where (the line running) a value was wrong.
 */
final class Scope {
    private final Map<String, String> vars = new LinkedHashMap<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    /** The variables given on the command line. */
    private final Map<String, String> args;

    private final Path results;
    /** The Getstats variables of the elapsed times of the last TEST that ended, for IF and WHILE expressions. */
    private Map<String, Double> lastTest = Map.of();
    /** The line running now: where a %VAR% that is not set is reported. */
    private Pos at;

    /** @param results the results directory, absolute: {@code %RESULTS_DIR%} and {@code PILOT_RESULTS_DIR} */
    Scope(Map<String, String> args, Path results) {
        this.args = args;
        this.results = results;
        vars.put("RESTORE", "0");
        vars.put("RESULTS_DIR", results.toString());
        vars.put("THREADS", "1"); // EXEC runs one copy until a THREADS line says otherwise
        vars.putAll(args);
    }

    /** The line that runs now. */
    void at(Pos pos) {
        at = pos;
    }

    void set(String name, String value) {
        vars.put(name, value);
    }

    /** The variables, as they are now (a view). */
    Map<String, String> vars() {
        return Collections.unmodifiableMap(vars);
    }

    /** The exported variables (ENV), as they are now (a view). */
    Map<String, String> exported() {
        return Collections.unmodifiableMap(env);
    }

    /** The environment of the campaign's commands: the exported variables and {@code PILOT_RESULTS_DIR}. */
    Map<String, String> env() {
        Map<String, String> e = new LinkedHashMap<>(env);
        e.put("PILOT_RESULTS_DIR", results.toString());
        return e;
    }

    /** Runs VAR or ENV. */
    void assign(Stmt.Assign a) {
        // a value given on the command line wins over the script's (as make's command-line variables do);
        // arithmetic is computed from the values at hand (a counter the command line pinned would never end)
        // arithmetic says itself which %VAR% is not set, and where in the expression
        String v = a.arithmetic() != null
                ? a.arithmetic()
                        .evaluate(t -> Substitution.apply(
                                t, vars, k -> env.containsKey(k) ? env.get(k) : System.getenv(k), false))
                : args.containsKey(a.name())
                        ? args.get(a.name())
                        : sub(a.value().text());
        vars.put(a.name(), v);
        if (a.env()) {
            env.put(a.name(), v);
        }
    }

    /** {@code text} with its {@code %VAR%}s replaced; one not set is a {@link ScriptException} at the line running. */
    String sub(String text) {
        Function<String, String> envLookup = k -> env.containsKey(k) ? env.get(k) : System.getenv(k);
        try {
            return Substitution.apply(text, vars, envLookup);
        } catch (ScriptException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScriptException(at == null ? new Pos("?", 0, 0) : at, e.getMessage());
        }
    }

    long integer(Word w, long min) {
        String v = sub(w.text());
        try {
            long n = Long.parseLong(v.strip());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ScriptException(
                w.pos(),
                "expected an integer >= " + min + ", found '" + v + "'"
                        + (v.equals(w.text()) ? "" : " (from " + w.text() + ")"));
    }

    double number(Word w) {
        String v = sub(w.text());
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new ScriptException(
                    w.pos(),
                    "expected a number, found '" + v + "'" + (v.equals(w.text()) ? "" : " (from " + w.text() + ")"));
        }
    }

    boolean holds(Stmt.Cond c) {
        List<String> w = c.words().stream().map(x -> sub(x.text())).toList();
        // a OP b on script values; a side that names a Getstats variable ($count) is a number of the last TEST,
        // so the comparison goes to the predicate evaluator, which compares numbers as numbers
        if (w.size() == 3
                && Conditions.isOperator(w.get(1))
                && !Predicate.isVariable(w.get(0))
                && !Predicate.isVariable(w.get(2))) {
            return Conditions.compare(w.get(0), w.get(1), w.get(2));
        }
        String expr = String.join(" ", w);
        try {
            return Predicate.parse(expr).holds(lastTest);
        } catch (IllegalArgumentException e) {
            throw new ScriptException(
                    c.pos(), "expected a condition such as %X% == 1, found '" + expr + "' (" + e.getMessage() + ")");
        }
    }

    /** Takes the Getstats variables of a TEST's elapsed times from its {@code runs.csv} (none without one). */
    void rememberLastTest(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            lastTest = Map.of();
            return;
        }
        double[] elapsed = SampleParser.Csv.readCsv(csv, "last").columns().get("elapsed");
        lastTest = elapsed == null
                ? Map.of()
                : ColumnStats.of("elapsed", elapsed, 0.95).variables();
    }
}
