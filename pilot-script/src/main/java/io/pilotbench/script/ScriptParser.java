package io.pilotbench.script;

import io.pilotbench.script.Stmt.CommandKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a script and its INCLUDEs into {@link Stmt}s, checking everything that can be checked before a command runs:
 * every directive is known, every block is closed, numbers written as numbers are numbers, INCLUDEd files exist and
 * include no cycle (nor nest deeper than {@value #MAX_INCLUDE_DEPTH}), a TEST has at most one EXEC on any path, OPTION
 * values, chill sizes and predicates written without variables are valid, and (with the variables given on the command
 * line) every {@code %NAME%} names a variable that something sets. The first mistake is a {@link ScriptException}:
 * {@code file:line:column: what was expected}.
 */
final class ScriptParser {
    static final Set<String> OPTIONS = Set.of("ci-width", "confidence", "max-runs", "max-time", "max-failures");
    static final Set<String> MEASURES = Set.of("io", "free-memory", "cpu-others", "net", "remote");
    static final Set<String> COOLS = Set.of("drop-caches", "chill", "remount");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> OPS = Set.of("==", "!=", "<", ">", "<=", ">=");
    private static final String DIRECTIVES = "TEST, SETUP, EXEC, CLEANUP, PRESETUP, POSTCLEANUP, THREADS, VAR, ENV, "
            + "IF, WHILE, FOREACH, FOR, INCLUDE, FASTFAIL, CHECKPOINT, OPTION, MEASURE, COOL";

    /** How deep INCLUDEs may nest: far beyond any real script, far below a stack overflow. */
    static final int MAX_INCLUDE_DEPTH = 64;
    /** Variables pilot sets itself. */
    static final Set<String> BUILT_IN = Set.of("RESTORE", "RESULTS_DIR", "RESULTS", "THREADS");

    /** A {@code %NAME%} in the script and where. */
    private record Ref(String name, Pos pos) {
    }

    private final Deque<Path> including = new ArrayDeque<>();
    private final List<Ref> refs = new ArrayList<>();
    private final Set<String> assigned = new HashSet<>();
    /** The text of every file read, in order (the script's digest covers its INCLUDEs). */
    private final List<String> texts = new ArrayList<>();

    private ScriptParser() {
    }

    /** Parses {@code file} (named in messages as given) and everything it includes. */
    static List<Stmt> parse(Path file) throws IOException {
        return new ScriptParser().parseFile(file, file.toString(), null);
    }

    /**
     * Parses {@code file} and everything it includes, and checks that every {@code %NAME%} names a variable that a
     * VAR, ENV, FOREACH or FOR of the script sets, that pilot sets ({@link #BUILT_IN}), or that is {@code given} on
     * the command line. Substitution is done when a line runs (Auto-pilot, §3.1), so a variable may be set later in the
     * file than where it is used (a FASTFAIL naming the TEST that failed); one set nowhere is a mistake.
     */
    static List<Stmt> parse(Path file, Set<String> given) throws IOException {
        ScriptParser p = new ScriptParser();
        List<Stmt> program = p.parseFile(file, file.toString(), null);
        for (Ref r : p.refs) {
            if (!p.assigned.contains(r.name()) && !given.contains(r.name()) && !BUILT_IN.contains(r.name())) {
                throw new ScriptException(r.pos(), Substitution.unset(r.name()));
            }
        }
        return program;
    }

    /** Parses {@code file} and returns the texts of it and of every file it includes, in the order read. */
    static List<String> texts(Path file) throws IOException {
        ScriptParser p = new ScriptParser();
        p.parseFile(file, file.toString(), null);
        return p.texts;
    }

    /** Parses script text (for tests and for scripts without INCLUDEs relative to a file). */
    static List<Stmt> parse(String name, String text, Path dir) throws IOException {
        ScriptParser p = new ScriptParser();
        p.including.push(dir.resolve(name).toAbsolutePath().normalize());
        return p.block(new Cursor(Line.split(name, text), dir), Context.TOP, Set.of()).body;
    }

    private List<Stmt> parseFile(Path file, String shown, Pos includedAt) throws IOException {
        Path real = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(real)) {
            if (includedAt == null) {
                throw new IllegalArgumentException(shown + ": no such script file");
            }
            throw new ScriptException(includedAt, "expected an existing file to INCLUDE, but " + shown
                    + " does not exist");
        }
        real = real.toRealPath();
        if (including.size() >= MAX_INCLUDE_DEPTH) {
            throw new ScriptException(includedAt, "expected INCLUDEs nested at most " + MAX_INCLUDE_DEPTH
                    + " deep; " + shown + " would be the " + (including.size() + 1) + "th (include the files from "
                    + "one place instead of each from the last)");
        }
        if (including.contains(real)) {
            throw new ScriptException(includedAt, "INCLUDE cycle: " + shown + " is already being included ("
                    + cycle(real) + ")");
        }
        including.push(real);
        String text = Files.readString(real, StandardCharsets.UTF_8);
        texts.add(text);
        Path dir = real.getParent();
        List<Stmt> body = block(new Cursor(Line.split(shown, text), dir), Context.TOP, Set.of()).body;
        including.pop();
        return body;
    }

    private String cycle(Path again) {
        List<String> names = new ArrayList<>();
        for (var it = including.descendingIterator(); it.hasNext();) {
            names.add(it.next().getFileName().toString());
        }
        names.add(again.getFileName().toString());
        return String.join(" -> ", names);
    }

    private enum Context { TOP, TEST }

    private static final class Cursor {
        final List<Line> lines;
        final Path dir;
        int next;

        Cursor(List<Line> lines, Path dir) {
            this.lines = lines;
            this.dir = dir;
        }
    }

    /** A block and the line that ended it (null at the end of the file). */
    private record Block(List<Stmt> body, Line end) {
    }

    private Block block(Cursor c, Context ctx, Set<String> enders) throws IOException {
        List<Stmt> out = new ArrayList<>();
        while (c.next < c.lines.size()) {
            Line line = c.lines.get(c.next++);
            Word first = line.words().get(0);
            String d = directive(first);
            if (enders.contains(d)) {
                return new Block(out, line);
            }
            out.addAll(statement(c, ctx, line, d));
        }
        return new Block(out, null);
    }

    /** The directive of a line: its first word in upper case, cut at '=' for THREADS=n, VAR X=1, FOR V=1. */
    private static String directive(Word first) {
        String w = first.text();
        int eq = w.indexOf('=');
        return (eq > 0 ? w.substring(0, eq) : w).toUpperCase(Locale.ROOT);
    }

    private List<Stmt> statement(Cursor c, Context ctx, Line line, String d) throws IOException {
        List<Word> w = line.words();
        Pos pos = line.pos();
        if (!d.equals("INCLUDE")) {
            for (Word x : w) {
                Matcher m = Substitution.SCRIPT_VAR.matcher(x.text());
                while (m.find()) {
                    if (m.group(1) != null) {
                        Pos p = x.pos();
                        refs.add(new Ref(m.group(1), x.raw().equals(x.text())
                                ? new Pos(p.file(), p.line(), p.column() + m.start()) : p));
                    }
                }
            }
        }
        switch (d) {
            case "TEST" -> {
                if (ctx == Context.TEST) {
                    throw new ScriptException(pos, "expected DONE to end the TEST before another TEST starts");
                }
                return List.of(test(c, line));
            }
            case "SETUP", "CLEANUP", "PRESETUP", "POSTCLEANUP", "EXEC" -> {
                CommandKind kind = CommandKind.valueOf(d);
                if (ctx != Context.TEST && kind != CommandKind.EXEC) {
                    throw new ScriptException(pos, d + " belongs inside a TEST (expected TEST name ... before it)");
                }
                if (w.size() < 2) {
                    throw new ScriptException(end(line), "expected a command after " + d);
                }
                return List.of(new Stmt.Command(pos, kind, line.restAfter(1)));
            }
            case "THREADS" -> {
                Word n = valueAfter(line, "THREADS", "a thread count");
                requireInt(n, 1, "a thread count of at least 1");
                return List.of(new Stmt.Threads(pos, n));
            }
            case "VAR", "ENV" -> {
                return List.of(assign(line, d));
            }
            case "IF" -> {
                return List.of(ifStatement(c, ctx, line));
            }
            case "WHILE", "FOREACH", "FOR" -> {
                if (ctx == Context.TEST) {
                    throw new ScriptException(pos, "expected SETUP, EXEC, CLEANUP, OPTION, VAR or IF inside a TEST; "
                            + "put the " + d + " loop around the TEST");
                }
                return List.of(loop(c, line, d));
            }
            case "INCLUDE" -> {
                if (w.size() != 2) {
                    throw new ScriptException(w.size() < 2 ? end(line) : w.get(2).pos(),
                            "expected one file name after INCLUDE");
                }
                Word f = w.get(1);
                if (f.text().contains("%") || f.text().contains("$")) {
                    throw new ScriptException(f.pos(), "expected a literal file name after INCLUDE (it is read "
                            + "before the script runs, so variables cannot be used)");
                }
                return parseFile(c.dir.resolve(f.text()), f.text(), f.pos());
            }
            case "FASTFAIL" -> {
                return List.of(new Stmt.Fastfail(pos, line.restAfter(1)));
            }
            case "CHECKPOINT" -> {
                if (w.size() > 2) {
                    throw new ScriptException(w.get(2).pos(), "expected at most one file name after CHECKPOINT");
                }
                return List.of(new Stmt.Checkpoint(pos, w.size() == 2 ? w.get(1) : null));
            }
            case "OPTION" -> {
                if (ctx != Context.TEST) {
                    throw new ScriptException(pos, "OPTION belongs inside a TEST (it sets that TEST's precision)");
                }
                if (w.size() != 3) {
                    throw new ScriptException(w.size() < 3 ? end(line) : w.get(3).pos(),
                            "expected OPTION KEY VALUE, KEY one of " + String.join(", ", sorted(OPTIONS)));
                }
                String key = w.get(1).text().toLowerCase(Locale.ROOT);
                if (!OPTIONS.contains(key)) {
                    throw new ScriptException(w.get(1).pos(), "expected an option, one of "
                            + String.join(", ", sorted(OPTIONS)) + "; found '" + w.get(1).text() + "'");
                }
                Stmt.Option o = new Stmt.Option(pos, key, w.get(2));
                if (!Substitution.substitutes(o.value().text())) {
                    TestSettings.of(List.of(o), UnaryOperator.identity()); // -5%: refused now, not at the TEST
                }
                return List.of(o);
            }
            case "MEASURE", "COOL" -> {
                Set<String> kinds = d.equals("MEASURE") ? MEASURES : COOLS;
                if (w.size() < 2 || !kinds.contains(w.get(1).text().toLowerCase(Locale.ROOT))) {
                    throw new ScriptException(w.size() < 2 ? end(line) : w.get(1).pos(), "expected one of "
                            + String.join(", ", sorted(kinds)) + " after " + d);
                }
                String kind = w.get(1).text().toLowerCase(Locale.ROOT);
                List<Word> args = w.subList(2, w.size());
                int need = switch (kind) {
                    case "io", "net", "remount" -> 1;
                    case "remote" -> 2;
                    default -> 0;
                };
                int most = need + (kind.equals("chill") ? 1 : 0); // COOL chill [SIZE]
                if (args.size() < need || need < 2 && args.size() > most) {
                    throw new ScriptException(args.size() < need ? end(line) : args.get(most).pos(),
                            "expected " + d + " " + kind + usage(kind));
                }
                if (kind.equals("chill") && !args.isEmpty() && isLiteral(args.get(0))) {
                    Cooling.checkSize(args.get(0), args.get(0).text());
                }
                return List.of(d.equals("MEASURE") ? new Stmt.Measure(pos, kind, List.copyOf(args))
                        : new Stmt.Cool(pos, kind, List.copyOf(args)));
            }
            case "DONE" -> throw new ScriptException(pos, "DONE without a TEST, WHILE, FOREACH or FOR to end");
            case "FI", "ELSE", "ELSEIF" -> throw new ScriptException(pos, d + " without an IF");
            default -> throw new ScriptException(pos, "expected a directive (" + DIRECTIVES + "), found '"
                    + line.words().get(0).text() + "'");
        }
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

    private Stmt test(Cursor c, Line line) throws IOException {
        List<Word> w = line.words();
        if (w.size() < 2) {
            throw new ScriptException(end(line), "expected a name after TEST");
        }
        Word minRuns = w.size() > 2 ? w.get(2) : null;
        Word batch = w.size() > 3 ? w.get(3) : null;
        if (minRuns != null) {
            requireInt(minRuns, 1, "a minimum number of runs (an integer >= 1)");
        }
        if (batch != null) {
            requireInt(batch, 1, "a batch size (an integer >= 1: runs between two runs of the stop program)");
            if (w.size() < 5) {
                throw new ScriptException(end(line), "expected a stop program after the batch size");
            }
        }
        String program = w.size() > 4 ? line.restAfter(4) : null;
        if (program != null && !Substitution.substitutes(program)) {
            try {
                new StopProgram(program, c.dir); // a getstats predicate is checked now, not when the TEST starts
            } catch (IllegalArgumentException e) {
                throw new ScriptException(w.get(4).pos(), "expected a stop program: " + e.getMessage());
            }
        }
        Block b = block(c, Context.TEST, Set.of("DONE"));
        if (b.end == null) {
            throw new ScriptException(line.pos(), "expected DONE to end this TEST before the end of the file");
        }
        if (!hasExec(b.body)) {
            throw new ScriptException(line.pos(), "expected an EXEC inside this TEST (the command to measure)");
        }
        execs(b.body, 0);
        List<Stmt.Option> options = b.body.stream().filter(x -> x instanceof Stmt.Option o
                && !Substitution.substitutes(o.value().text()))
                .map(x -> (Stmt.Option) x).toList();
        TestSettings.of(options, UnaryOperator.identity()); // options that do not fit together
        requireNothingAfter(b.end, "DONE");
        return new Stmt.Test(line.pos(), w.get(1), minRuns, batch, program, b.body);
    }

    /**
     * The most EXECs any path through a TEST's body runs, after {@code before}; a second one on a path is refused at
     * its line (the run would refuse it only on reaching the TEST, after the TESTs before it ran).
     */
    private static int execs(List<Stmt> body, int before) {
        int n = before;
        for (Stmt s : body) {
            if (s instanceof Stmt.Command cmd && cmd.kind() == CommandKind.EXEC) {
                n++;
                if (n > 1) {
                    throw new ScriptException(cmd.pos(), "expected one EXEC in a TEST (the command it measures), "
                            + "found a second; THREADS runs copies at once, a second TEST measures another command");
                }
            } else if (s instanceof Stmt.If i) {
                int most = execs(i.otherwise(), n);
                for (Stmt.Branch br : i.branches()) {
                    most = Math.max(most, execs(br.body(), n));
                }
                n = most;
            }
        }
        return n;
    }

    private static boolean hasExec(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Command cmd && cmd.kind() == CommandKind.EXEC) {
                return true;
            }
            if (s instanceof Stmt.If i && (i.branches().stream().anyMatch(br -> hasExec(br.body()))
                    || hasExec(i.otherwise()))) {
                return true;
            }
        }
        return false;
    }

    private Stmt assign(Line line, String d) {
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
            Word vw = new Word(v, nw.raw().substring(Math.min(nw.raw().length(), nw.raw().indexOf('=') + 1)),
                    new Pos(namePos.file(), namePos.line(), namePos.column() + eq + 1));
            if (!v.isEmpty() || w.size() == 2) {
                value.add(vw);
            }
            value.addAll(w.subList(2, w.size()));
            if (value.size() > 1 && !Arithmetic.starts(value.get(0))) {
                throw new ScriptException(value.get(1).pos(), "expected the end of the line after " + d + " "
                        + nw.text() + " (quote a value with spaces)");
            }
        } else {
            name = nw.text();
            value.addAll(w.subList(2, w.size()));
            if (value.size() > 1 && value.get(0).raw().equals("=")) {
                value.remove(0); // VAR I = $((%I% + 1))
            }
            if (value.size() != 1 && !(value.size() > 1 && Arithmetic.starts(value.get(0)))) {
                throw new ScriptException(w.size() < 3 ? end(line) : w.get(3).pos(),
                        "expected " + d + " NAME=VALUE or " + d + " NAME VALUE");
            }
        }
        if (!NAME.matcher(name).matches()) {
            throw new ScriptException(namePos, "expected a variable name (letters, digits, _), found '" + name
                    + "'");
        }
        assigned.add(name);
        if (Arithmetic.starts(value.get(0))) {
            return new Stmt.Assign(line.pos(), d.equals("ENV"), name, value.get(0), Arithmetic.parse(value));
        }
        return new Stmt.Assign(line.pos(), d.equals("ENV"), name, value.get(0), null);
    }

    private Stmt ifStatement(Cursor c, Context ctx, Line line) throws IOException {
        List<Stmt.Branch> branches = new ArrayList<>();
        Stmt.Cond cond = cond(line, "IF");
        Set<String> enders = Set.of("ELSEIF", "ELSE", "FI");
        while (true) {
            Block b = block(c, ctx, enders);
            if (b.end == null) {
                throw new ScriptException(line.pos(), "expected FI to end this IF before the end of the file");
            }
            String d = directive(b.end.words().get(0));
            if (cond != null) {
                branches.add(new Stmt.Branch(cond, b.body));
            }
            switch (d) {
                case "ELSEIF" -> {
                    if (cond == null) {
                        throw new ScriptException(b.end.pos(), "expected FI after ELSE, found ELSEIF");
                    }
                    cond = cond(b.end, "ELSEIF");
                }
                case "ELSE" -> {
                    if (cond == null) {
                        throw new ScriptException(b.end.pos(), "expected FI after ELSE, found another ELSE");
                    }
                    requireNothingAfter(b.end, "ELSE");
                    cond = null;
                    enders = Set.of("FI", "ELSE", "ELSEIF");
                }
                default -> {
                    requireNothingAfter(b.end, "FI");
                    List<Stmt> otherwise = cond == null ? b.body : List.of();
                    return new Stmt.If(line.pos(), branches, otherwise);
                }
            }
        }
    }

    private static Stmt.Cond cond(Line line, String d) {
        List<Word> w = line.words().subList(1, line.words().size());
        if (w.isEmpty()) {
            throw new ScriptException(end(line), "expected a condition after " + d + " (e.g. %X% == 1)");
        }
        if (w.size() == 3 && w.get(1).text().equals("=")) {
            throw new ScriptException(w.get(1).pos(), "expected a comparison (== != < > <= >=), found '='");
        }
        if (w.size() == 1 && !w.get(0).text().contains(" ")) {
            throw new ScriptException(end(line), "expected a comparison after '" + w.get(0).text()
                    + "' (== != < > <= >=)");
        }
        if (w.size() == 2 || w.size() == 3 && !OPS.contains(w.get(1).text()) && w.stream().noneMatch(
                x -> x.text().matches(".*[<>=!&|()].*"))) {
            throw new ScriptException(w.get(1).pos(), "expected a comparison (== != < > <= >=), found '"
                    + w.get(1).text() + "'");
        }
        boolean compare = w.size() == 3 && Conditions.isOperator(w.get(1).text())
                && !Predicate.isVariable(w.get(0).text()) && !Predicate.isVariable(w.get(2).text());
        if (!compare && w.stream().noneMatch(x -> Substitution.substitutes(x.text()))) {
            String expr = String.join(" ", w.stream().map(Word::text).toList());
            try {
                Predicate.parse(expr); // as the run evaluates it: an unknown $variable is refused now
            } catch (IllegalArgumentException e) {
                throw new ScriptException(w.get(0).pos(), "expected a condition such as %X% == 1 or $count >= 3, "
                        + "found '" + expr + "' (" + e.getMessage() + ")");
            }
        }
        return new Stmt.Cond(line.pos(), List.copyOf(w));
    }

    private Stmt loop(Cursor c, Line line, String d) throws IOException {
        List<Word> w = line.words();
        Stmt head;
        switch (d) {
            case "WHILE" -> head = new Stmt.While(line.pos(), cond(line, "WHILE"), List.of());
            case "FOREACH" -> {
                if (w.size() < 3) {
                    throw new ScriptException(end(line), "expected FOREACH VAR value value...");
                }
                requireName(w.get(1));
                assigned.add(w.get(1).text());
                head = new Stmt.Foreach(line.pos(), w.get(1).text(), List.copyOf(w.subList(2, w.size())),
                        List.of());
            }
            default -> {
                head = forHead(line);
                assigned.add(((Stmt.For) head).var());
            }
        }
        Block b = block(c, Context.TOP, Set.of("DONE"));
        if (b.end == null) {
            throw new ScriptException(line.pos(), "expected DONE to end this " + d + " before the end of the file");
        }
        requireNothingAfter(b.end, "DONE");
        if (head instanceof Stmt.While x) {
            return new Stmt.While(x.pos(), x.cond(), b.body);
        }
        if (head instanceof Stmt.Foreach x) {
            return new Stmt.Foreach(x.pos(), x.var(), x.values(), b.body);
        }
        Stmt.For x = (Stmt.For) head;
        return new Stmt.For(x.pos(), x.var(), x.from(), x.to(), x.factor(), x.by(), b.body);
    }

    /** FOR V=1 TO 32 [FACTOR 2 | STEP k], also written FOR V = 1 TO 32. */
    private static Stmt forHead(Line line) {
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
                    t.add(new Word(s.substring(eq + 1), s.substring(eq + 1),
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
                throw new ScriptException(t.get(4).pos(), "expected FACTOR F or STEP S after FOR ... TO "
                        + t.get(3).text());
            }
            factor = k.equals("FACTOR");
            by = t.get(5);
            if (isLiteral(by)) {
                double v = requireNumber(by, "a number after " + k);
                if (factor ? !(v > 1) : v == 0) {
                    throw new ScriptException(by.pos(), factor ? "expected a FACTOR greater than 1"
                            : "expected a STEP other than 0");
                }
            }
        }
        return new Stmt.For(line.pos(), t.get(0).text(), t.get(1), t.get(3), factor, by, List.of());
    }

    private static void requireName(Word w) {
        if (!NAME.matcher(w.text()).matches()) {
            throw new ScriptException(w.pos(), "expected a variable name (letters, digits, _), found '"
                    + w.text() + "'");
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
            v = new Word(first.substring(eq + 1), w.get(0).raw().substring(eq + 1),
                    new Pos(p.file(), p.line(), p.column() + eq + 1));
            if (w.size() > 1) {
                throw new ScriptException(w.get(1).pos(), "expected the end of the line after " + first);
            }
        } else {
            if (w.size() != 2) {
                throw new ScriptException(w.size() < 2 ? end(line) : w.get(2).pos(), "expected " + d + " N ("
                        + what + ")");
            }
            v = w.get(1);
        }
        return v;
    }

    static boolean isLiteral(Word w) {
        return !w.text().contains("%") && !w.text().contains("$");
    }

    private static void requireInt(Word w, int min, String what) {
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

    private static void requireNothingAfter(Line line, String d) {
        if (line.words().size() > 1) {
            throw new ScriptException(line.words().get(1).pos(), "expected the end of the line after " + d);
        }
    }

    /** Just after the last word of a line: where a missing word was expected. */
    private static Pos end(Line line) {
        Word last = line.words().get(line.words().size() - 1);
        return new Pos(last.pos().file(), last.pos().line(), last.pos().column() + last.raw().length() + 1);
    }
}
