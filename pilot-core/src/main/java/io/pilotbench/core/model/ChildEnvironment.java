package io.pilotbench.core.model;

import java.util.HashMap;
import java.util.Map;

/**
 * The environment pilot's children get: the user's, as it was before the launcher made the JVM's locale UTF-8.
 *
 * <p>A JVM started under a locale that is not UTF-8 (LANG unset, as under cron or in a container; LC_ALL=C) decodes
 * its arguments and file names as ASCII: "naïve" reached the command as "na??ve" and a file café.txt could not be
 * opened. The launchers (bin/pilot, ./pilot) therefore start the JVM with a UTF-8 character type and record what
 * the user had in {@value #SAVED_PREFIX}LC_ALL and {@value #SAVED_PREFIX}LC_CTYPE ({@value #UNSET} for a variable
 * that was not set). Every process pilot starts gets those values back, so that the benchmarked command runs in
 * the user's locale, not pilot's.
 */
public final class ChildEnvironment {
    /** The prefix of the variables in which the launchers keep the user's locale variables. */
    public static final String SAVED_PREFIX = "PILOT_USER_";
    /** The value of a saved variable that was not set. */
    public static final String UNSET = "-unset-";

    private static final String[] SAVED = {"LC_ALL", "LC_CTYPE"};

    private ChildEnvironment() {}

    /** The JVM's environment with the user's locale variables restored. */
    public static Map<String, String> of() {
        Map<String, String> env = new HashMap<>(System.getenv());
        restore(env);
        return env;
    }

    /** Restores the user's locale variables in {@code env} (a ProcessBuilder's), and drops the saved copies. */
    public static void restore(Map<String, String> env) {
        for (String name : SAVED) {
            String saved = env.remove(SAVED_PREFIX + name);
            if (saved == null) {
                continue; // the launcher left the locale as it was
            }
            if (saved.equals(UNSET)) {
                env.remove(name);
            } else {
                env.put(name, saved);
            }
        }
    }
}
