package io.pilotbench.script;

import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Auto-pilot's substitution (paper §3.1): {@code %VAR%} is the script variable VAR (set by VAR, ENV, FOREACH, FOR or
 * on the command line), {@code $VAR$} the environment variable VAR (one set by ENV, else the inherited one). A
 * reference to something unset is left as written, so Pilot's own placeholders and shell text pass through.
 */
final class Substitution {
    private static final Pattern SCRIPT_VAR = Pattern.compile("%([A-Za-z_][A-Za-z0-9_]*)%");
    private static final Pattern ENV_VAR = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)\\$");

    private Substitution() {
    }

    static String apply(String text, Map<String, String> vars, Function<String, String> env) {
        String s = replace(text, SCRIPT_VAR, vars::get);
        return replace(s, ENV_VAR, env);
    }

    private static String replace(String text, Pattern p, Function<String, String> lookup) {
        if (text.indexOf('%') < 0 && text.indexOf('$') < 0) {
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
