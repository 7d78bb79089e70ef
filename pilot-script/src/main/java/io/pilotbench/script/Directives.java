package io.pilotbench.script;

import io.pilotbench.script.Stmt.CommandKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The directives of a script that are one line each (the commands, THREADS, VAR and ENV, CHECKPOINT, OPTION, MEASURE,
 * COOL) and the heads of IF, WHILE and FOR, each parsed from its line's words with every check that line allows on
 * its own (Auto-pilot's language, Wright et al., USENIX ATC 2005 FREENIX, §3.1). Separate from {@link ScriptParser},
 * which reads files and INCLUDEs, nests blocks, and checks what spans lines ({@code %NAME%} references, one EXEC per
 * TEST); these methods keep no state.
 */
final class Directives {
    static final Set<String> OPTIONS = Set.of("ci-width", "confidence", "max-runs", "max-time", "max-failures");
    static final Set<String> MEASURES = Set.of("io", "free-memory", "cpu-others", "net", "remote");
    static final Set<String> COOLS = Set.of("drop-caches", "chill", "remount");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> OPS = Set.of("==", "!=", "<", ">", "<=", ">=");

    private Directives() {}

    /** SETUP, CLEANUP, PRESETUP, POSTCLEANUP or EXEC and its command; all but EXEC belong inside a TEST. */
    static Stmt.Command command(Line line, String d, boolean inTest) {
        CommandKind kind = CommandKind.valueOf(d);
        if (!inTest && kind != CommandKind.EXEC) {
            throw new ScriptException(line.pos(), d + " belongs inside a TEST (expected TEST name ... before it)");
        }
        if (line.words().size() < 2) {
            throw new ScriptException(end(line), "expected a command after " + d);
        }
        return new Stmt.Command(line.pos(), kind, line.restAfter(1));
    }

    /** THREADS N or THREADS=N. */
    static Stmt.Threads threads(Line line) {
        Word n = valueAfter(line, "THREADS", "a thread count");
        requireInt(n, 1, "a thread count of at least 1");
        return new Stmt.Threads(line.pos(), n);
    }

    /** CHECKPOINT [FILE]. */
    static Stmt.Checkpoint checkpoint(Line line) {
        List<Word> w = line.words();
        if (w.size() > 2) {
            throw new ScriptException(w.get(2).pos(), "expected at most one file name after CHECKPOINT");
        }
        return new Stmt.Checkpoint(line.pos(), w.size() == 2 ? w.get(1) : null);
    }

    /** OPTION KEY VALUE, inside a TEST; a value without variables is checked now, not when the TEST starts. */
    static Stmt.Option option(Line line, boolean inTest) {
        List<Word> w = line.words();
        if (!inTest) {
            throw new ScriptException(line.pos(), "OPTION belongs inside a TEST (it sets that TEST's precision)");
        }
        if (w.size() != 3) {
            throw new ScriptException(
                    w.size() < 3 ? end(line) : w.get(3).pos(),
                    "expected OPTION KEY VALUE, KEY one of " + String.join(", ", sorted(OPTIONS)));
        }
        String key = w.get(1).text().toLowerCase(Locale.ROOT);
        if (!OPTIONS.contains(key)) {
            throw new ScriptException(
                    w.get(1).pos(),
                    "expected an option, one of " + String.join(", ", sorted(OPTIONS)) + "; found '"
                            + w.get(1).text() + "'");
        }
        Stmt.Option o = new Stmt.Option(line.pos(), key, w.get(2));
        if (!Substitution.substitutes(o.value().text())) {
            TestSettings.of(List.of(o), UnaryOperator.identity()); // -5%: refused now, not at the TEST
        }
        return o;
    }

    /** MEASURE KIND ARGS... or COOL KIND ARGS..., with the number of arguments the kind takes. */
    static Stmt measureOrCool(Line line, String d) {
        List<Word> w = line.words();
        Set<String> kinds = d.equals("MEASURE") ? MEASURES : COOLS;
        if (w.size() < 2 || !kinds.contains(w.get(1).text().toLowerCase(Locale.ROOT))) {
            throw new ScriptException(
                    w.size() < 2 ? end(line) : w.get(1).pos(),
                    "expected one of " + String.join(", ", sorted(kinds)) + " after " + d);
        }
        String kind = w.get(1).text().toLowerCase(Locale.ROOT);
        List<Word> args = w.subList(2, w.size());
        int need =
                switch (kind) {
                    case "io", "net", "remount" -> 1;
                    case "remote" -> 2;
                    default -> 0;
                };
        int most = need + (kind.equals("chill") ? 1 : 0); // COOL chill [SIZE]
        if (args.size() < need || need < 2 && args.size() > most) {
            throw new ScriptException(
                    args.size() < need ? end(line) : args.get(most).pos(), "expected " + d + " " + kind + usage(kind));
        }
        if (kind.equals("chill") && !args.isEmpty() && isLiteral(args.get(0))) {
            Cooling.checkSize(args.get(0), args.get(0).text());
        }
        return d.equals("MEASURE")
                ? new Stmt.Measure(line.pos(), kind, List.copyOf(args))
                : new Stmt.Cool(line.pos(), kind, List.copyOf(args));
    }

    private static String usage(String kind) {
        return switch (kind) {
            case "io" -> " DEVICE (a partition of /proc/diskstats, e.g. sda1)";
            case "net" -> " INTERFACE (e.g. eth0)";
            case "remote" -> " HOST COMMAND...";
            case "remount" -> " DIRECTORY";
            case "chill" -> " [SIZE]";
            default -> " with nothing after it";
        };
    }

    private static List<String> sorted(Set<String> s) {
        return s.stream().sorted().toList();
    }

    /** VAR or ENV: {@code NAME=VALUE}, {@code NAME VALUE}, or an arithmetic {@code $((...))} with spaces. */
    static Stmt.Assign assign(Line line, String d) {
        List<Word> w = line.words();
        String first = w.get(0).text();
        String name;
        Pos namePos;
        int eq0 = first.indexOf('=');
        if (eq0 > 0) {
            throw new ScriptException(w.get(0).pos(), "expected " + d + " NAME=VALUE (a space after " + d + ")");
        }
        if (w.size() < 2) {
            throw new ScriptException(end(line), "expected NAME=VALUE after " + d);
        }
        Word nw = w.get(1);
        namePos = nw.pos();
        int eq = nw.text().indexOf('=');
        List<Word> value = new ArrayList<>(); // the words of the value: one, or an arithmetic $((...)) with spaces
        if (eq >= 0) {
            name = nw.text().substring(0, eq);
            String v = nw.text().substring(eq + 1);
            Word vw = new Word(
                    v,
                    nw.raw().substring(Math.min(nw.raw().length(), nw.raw().indexOf('=') + 1)),
                    new Pos(namePos.file(), namePos.line(), namePos.column() + eq + 1));
            if (!v.isEmpty() || w.size() == 2) {
                value.add(vw);
            }
            value.addAll(w.subList(2, w.size()));
            if (value.size() > 1 && !Arithmetic.starts(value.get(0))) {
                throw new ScriptException(
                        value.get(1).pos(),
                        "expected the end of the line after " + d + " " + nw.text() + " (quote a value with spaces)");
            }
        } else {
            name = nw.text();
            value.addAll(w.subList(2, w.size()));
            if (value.size() > 1 && value.get(0).raw().equals("=")) {
                value.remove(0); // VAR I = $((%I% + 1))
            }
            if (value.size() != 1 && !(value.size() > 1 && Arithmetic.starts(value.get(0)))) {
                throw new ScriptException(
                        w.size() < 3 ? end(line) : w.get(3).pos(),
                        "expected " + d + " NAME=VALUE or " + d + " NAME VALUE");
            }
        }
        if (!NAME.matcher(name).matches()) {
            throw new ScriptException(namePos, "expected a variable name (letters, digits, _), found '" + name + "'");
        }
        if (Arithmetic.starts(value.get(0))) {
            return new Stmt.Assign(line.pos(), d.equals("ENV"), name, value.get(0), Arithmetic.parse(value));
        }
        return new Stmt.Assign(line.pos(), d.equals("ENV"), name, value.get(0), null);
    }

    /** The condition of IF, ELSEIF or WHILE: a comparison of two words, or a Getstats predicate. */
    static Stmt.Cond cond(Line line, String d) {
        List<Word> w = line.words().subList(1, line.words().size());
        if (w.isEmpty()) {
            throw new ScriptException(end(line), "expected a condition after " + d + " (e.g. %X% == 1)");
        }
        if (w.size() == 3 && w.get(1).text().equals("=")) {
            throw new ScriptException(w.get(1).pos(), "expected a comparison (== != < > <= >=), found '='");
        }
        if (w.size() == 1 && !w.get(0).text().contains(" ")) {
            throw new ScriptException(
                    end(line), "expected a comparison after '" + w.get(0).text() + "' (== != < > <= >=)");
        }
        if (w.size() == 2 && OPS.contains(w.get(1).text())) {
            // "IF 1 ==": the operator is there, its right-hand side is not
            throw new ScriptException(
                    end(line),
                    "expected a value after '" + w.get(1).text() + "' (e.g. "
                            + w.get(0).text() + " " + w.get(1).text() + " 1)");
        }
        if (w.size() == 2
                || w.size() == 3
                        && !OPS.contains(w.get(1).text())
                        && w.stream().noneMatch(x -> x.text().matches(".*[<>=!&|()].*"))) {
            throw new ScriptException(
                    w.get(1).pos(),
                    "expected a comparison (== != < > <= >=), found '"
                            + w.get(1).text() + "'");
        }
        boolean compare = w.size() == 3
                && Conditions.isOperator(w.get(1).text())
                && !Predicate.isVariable(w.get(0).text())
                && !Predicate.isVariable(w.get(2).text());
        if (!compare && w.stream().noneMatch(x -> Substitution.substitutes(x.text()))) {
            String expr = String.join(" ", w.stream().map(Word::text).toList());
            try {
                Predicate.parse(expr); // as the run evaluates it: an unknown $variable is refused now
            } catch (IllegalArgumentException e) {
                throw new ScriptException(
                        w.get(0).pos(),
                        "expected a condition such as %X% == 1 or $count >= 3, " + "found '" + expr + "' ("
                                + e.getMessage() + ")");
            }
        }
        return new Stmt.Cond(line.pos(), List.copyOf(w));
    }

    /** FOR V=1 TO 32 [FACTOR 2 | STEP k], also written FOR V = 1 TO 32. */
    static Stmt.For forHead(Line line) {
        List<Word> w = new ArrayList<>(line.words());
        // normalise "V=1", "V = 1", "V= 1", "V =1" into V, 1
        List<Word> t = new ArrayList<>();
        for (Word x : w.subList(1, w.size())) {
            String s = x.text();
            int eq = s.indexOf('=');
            if (t.size() < 2 && eq >= 0) {
                if (eq > 0) {
                    t.add(new Word(s.substring(0, eq), s.substring(0, eq), x.pos()));
                }
                if (eq < s.length() - 1) {
                    t.add(new Word(
                            s.substring(eq + 1),
                            s.substring(eq + 1),
                            new Pos(x.pos().file(), x.pos().line(), x.pos().column() + eq + 1)));
                }
            } else {
                t.add(x);
            }
        }
        if (t.size() < 4 || !t.get(2).text().equalsIgnoreCase("TO")) {
            Pos at = t.size() < 3 ? end(line) : t.get(2).pos();
            throw new ScriptException(at, "expected FOR VAR=FROM TO LAST [FACTOR F | STEP S]");
        }
        requireName(t.get(0));
        requireNumber(t.get(1), "a number to start FOR at");
        requireNumber(t.get(3), "a number to end FOR at");
        boolean factor = false;
        Word by = new Word("1", "1", t.get(3).pos());
        if (t.size() > 4) {
            String k = t.get(4).text().toUpperCase(Locale.ROOT);
            if (!(k.equals("FACTOR") || k.equals("STEP")) || t.size() != 6) {
                throw new ScriptException(
                        t.get(4).pos(),
                        "expected FACTOR F or STEP S after FOR ... TO "
                                + t.get(3).text());
            }
            factor = k.equals("FACTOR");
            by = t.get(5);
            if (isLiteral(by)) {
                double v = requireNumber(by, "a number after " + k);
                if (factor ? !(v > 1) : v == 0) {
                    throw new ScriptException(
                            by.pos(), factor ? "expected a FACTOR greater than 1" : "expected a STEP other than 0");
                }
            }
        }
        return new Stmt.For(line.pos(), t.get(0).text(), t.get(1), t.get(3), factor, by, List.of());
    }

    static void requireName(Word w) {
        if (!NAME.matcher(w.text()).matches()) {
            throw new ScriptException(
                    w.pos(), "expected a variable name (letters, digits, _), found '" + w.text() + "'");
        }
    }

    private static Word valueAfter(Line line, String d, String what) {
        List<Word> w = line.words();
        String first = w.get(0).text();
        int eq = first.indexOf('=');
        Word v;
        if (eq > 0) {
            if (eq == first.length() - 1) {
                throw new ScriptException(end(line), "expected " + what + " after " + d + "=");
            }
            Pos p = w.get(0).pos();
            v = new Word(
                    first.substring(eq + 1),
                    w.get(0).raw().substring(eq + 1),
                    new Pos(p.file(), p.line(), p.column() + eq + 1));
            if (w.size() > 1) {
                throw new ScriptException(w.get(1).pos(), "expected the end of the line after " + first);
            }
        } else {
            if (w.size() != 2) {
                throw new ScriptException(
                        w.size() < 2 ? end(line) : w.get(2).pos(), "expected " + d + " N (" + what + ")");
            }
            v = w.get(1);
        }
        return v;
    }

    /** Whether a word is known before the script runs: it names no variable. */
    static boolean isLiteral(Word w) {
        return !w.text().contains("%") && !w.text().contains("$");
    }

    static void requireInt(Word w, int min, String what) {
        if (!isLiteral(w)) {
            return;
        }
        try {
            if (Long.parseLong(w.text()) >= min) {
                return;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ScriptException(w.pos(), "expected " + what + ", found '" + w.text() + "'");
    }

    private static double requireNumber(Word w, String what) {
        if (!isLiteral(w)) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(w.text());
        } catch (NumberFormatException e) {
            throw new ScriptException(w.pos(), "expected " + what + ", found '" + w.text() + "'");
        }
    }

    static void requireNothingAfter(Line line, String d) {
        if (line.words().size() > 1) {
            throw new ScriptException(line.words().get(1).pos(), "expected the end of the line after " + d);
        }
    }

    /** Just after the last word of a line: where a missing word was expected. */
    static Pos end(Line line) {
        Word last = line.words().get(line.words().size() - 1);
        return new Pos(
                last.pos().file(),
                last.pos().line(),
                last.pos().column() + last.raw().length() + 1);
    }
}
