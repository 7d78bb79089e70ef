package io.pilotbench.script;

import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Auto-pilot's substitution (paper §3.1: "%VAR% is replaced with the value of VAR", before each line runs):
 * {@code %VAR%} is the script variable VAR (set by VAR, ENV, FOREACH, FOR or on the command line), {@code $VAR$} the
 * environment variable VAR (one set by ENV, else the inherited one; an unset one is left as written, as shell text). A
 * {@code %VAR%} that is not set is a mistake, not text: a misspelt name would otherwise reach a command as written.
 * {@code %%} is a literal {@code %} ({@code date +%%Y%%m%%d}).
 */
final class Substitution {
    /** {@code %%} (group 1 null) or {@code %NAME%} (group 1 the name). */
    static final Pattern SCRIPT_VAR = Pattern.compile("%%|%([A-Za-z_][A-Za-z0-9_]*)%");

    private static final Pattern ENV_VAR = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)\\$");

    private Substitution() {}

    /**
     * The text with its variables replaced.
     *
     * @throws IllegalArgumentException naming a {@code %VAR%} that is not set
     */
    static String apply(String text, Map<String, String> vars, Function<String, String> env) {
        return apply(text, vars, env, true);
    }

    /** As {@link #apply(String, Map, Function)}; not {@code strict}, an unset {@code %VAR%} is left as written. */
    static String apply(String text, Map<String, String> vars, Function<String, String> env, boolean strict) {
        if (text.indexOf('%') < 0 && text.indexOf('$') < 0) {
            return text;
        }
        Matcher m = SCRIPT_VAR.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v;
            if (m.group(1) == null) {
                v = "%";
            } else {
                v = vars.get(m.group(1));
                if (v == null && !strict) {
                    v = m.group();
                } else if (v == null) {
                    throw new IllegalArgumentException(unset(m.group(1)));
                }
            }
            m.appendReplacement(b, Matcher.quoteReplacement(v));
        }
        m.appendTail(b);
        return replace(b.toString(), ENV_VAR, env);
    }

    /** Whether {@code text} has anything to substitute: {@code %VAR%}, {@code %%} or {@code $VAR$}. */
    static boolean substitutes(String text) {
        return SCRIPT_VAR.matcher(text).find() || ENV_VAR.matcher(text).find();
    }

    /** The one-line message for a {@code %NAME%} that nothing sets. */
    static String unset(String name) {
        if (name.equals("RESULTS")) {
            return "%RESULTS% is the runs.csv of the TEST that runs: use it inside a TEST (its SETUP, EXEC, CLEANUP or "
                    + "stop program), or %RESULTS_DIR% for the campaign's directory";
        }
        return "%" + name + "% is not set (no VAR, ENV, FOREACH or FOR sets it before this line, nor NAME=VALUE on "
                + "the command line); set it, or write %%" + name + "%% for the text %" + name + "%";
    }

    private static String replace(String text, Pattern p, Function<String, String> lookup) {
        if (text.indexOf('$') < 0) {
            return text;
        }
        Matcher m = p.matcher(text);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v = lookup.apply(m.group(1));
            m.appendReplacement(b, Matcher.quoteReplacement(v == null ? m.group() : v));
        }
        m.appendTail(b);
        return b.toString();
    }
}
