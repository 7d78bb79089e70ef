package io.pilotbench.experiment;

import io.pilotbench.core.model.InputException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The one rule for a name that a user or a worker gives and that becomes a file or directory name (a package's
 * name, a factor's, an experiment file's), and for a relative path made of such names (the files of a submission):
 * 1 to 100 letters, digits, {@code .}, {@code _} or {@code -}, starting with a letter, a digit or {@code _}. So a name
 * is never absolute, never {@code .} or {@code ..}, never hidden, never an option ({@code -x}), never holds a
 * separator, a control character or a character a shell or a spreadsheet would read. The experiment file's parser,
 * the runner, the mill's master (on submission) and its workers (on each lease) all check with it before anything
 * touches a file system.
 */
public final class SafeName {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]{0,99}");
    /** The rule, as messages say it. */
    public static final String RULE =
            "1 to 100 letters, digits, '.', '_' or '-', starting with a letter, a digit or " + "'_'";

    private SafeName() {}

    /** Whether {@code name} follows the rule. */
    public static boolean ok(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** Why {@code name} is refused ({@code name "../x" is not a safe name (...)}), or null when it is safe. */
    public static String problem(String name) {
        return ok(name) ? null : "name " + shown(name) + " is not a safe name (" + RULE + "; e.g. gzip)";
    }

    /**
     * Returns {@code name}, checked.
     *
     * @param field where it was given, for the message ({@code packages})
     * @throws InputException {@code FIELD: name "../x" is not a safe name (...)}
     */
    public static String check(String field, String name) {
        String why = problem(name);
        if (why != null) {
            throw new InputException(field + ": " + why);
        }
        return name;
    }

    /**
     * Returns {@code path}, checked: a relative path whose parts, separated by {@code /}, each follow the rule (so
     * no leading {@code /}, no {@code ..}, no {@code .} or empty parts), at most 1000 characters.
     *
     * @throws InputException {@code FIELD: '../p.tar.gz' is not a plain relative path inside the experiment's
     *                        directory (...)}
     */
    public static String checkPath(String field, String path) {
        boolean ok = path != null && !path.isEmpty() && path.length() <= 1000;
        if (ok) {
            for (String part : path.split("/", -1)) {
                ok &= ok(part);
            }
        }
        if (!ok) {
            throw new InputException(field + ": " + (path == null ? "(none)" : "'" + printable(path) + "'") + " is "
                    + "not a plain relative path inside the experiment's directory (no leading /, no .., no . or "
                    + "empty parts; each part " + RULE + ")");
        }
        return path;
    }

    /**
     * {@code dir}'s child {@code name}, checked: the name by the rule and the result by where it is (it stays a
     * direct child of {@code dir}).
     */
    public static Path child(Path dir, String field, String name) {
        check(field, name);
        Path p = dir.resolve(name).normalize();
        if (!dir.normalize().equals(p.getParent())) {
            throw new InputException(field + ": " + problem("/" + name));
        }
        return p;
    }

    private static String shown(String name) {
        return name == null ? "(none)" : "\"" + printable(name) + "\"";
    }

    /** At most 80 characters, control and other unprintable characters as {@code ?}. */
    private static String printable(String s) {
        String cut = s.length() > 80 ? s.substring(0, 80) + "..." : s;
        StringBuilder b = new StringBuilder();
        cut.codePoints()
                .forEach(c -> b.appendCodePoint(
                        Character.isISOControl(c) || !Character.isDefined(c) || Character.getType(c) == Character.FORMAT
                                ? '?'
                                : c));
        return b.toString();
    }
}
