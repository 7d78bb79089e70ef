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

/**
 * Reads a script and its INCLUDEs into {@link Stmt}s, checking everything that can be checked before a command runs:
 * every directive is known, every block is closed, numbers written as numbers are numbers, INCLUDEd files exist and
 * include no cycle (nor nest deeper than {@value #MAX_INCLUDE_DEPTH}), a TEST has at most one EXEC on any path, OPTION
 * values, chill sizes and predicates written without variables are valid, and (with the variables given on the command
 * line) every {@code %NAME%} names a variable that something sets. The first mistake is a {@link ScriptException}:
 * {@code file:line:column: what was expected}.
 *
 * <p>This class reads the files and nests the blocks (TEST, IF, WHILE, FOREACH, FOR); the directives of one line and
 * the heads of conditions and loops are {@link Directives}'.
 */
final class ScriptParser {
    private static final String DIRECTIVES = "TEST, SETUP, EXEC, CLEANUP, PRESETUP, POSTCLEANUP, THREADS, VAR, ENV, "
            + "IF, WHILE, FOREACH, FOR, INCLUDE, FASTFAIL, CHECKPOINT, OPTION, MEASURE, COOL";

    /** How deep INCLUDEs may nest: far beyond any real script, far below a stack overflow. */
    static final int MAX_INCLUDE_DEPTH = 64;
    /** Variables pilot sets itself. */
    static final Set<String> BUILT_IN = Set.of("RESTORE", "RESULTS_DIR", "RESULTS", "THREADS");

    /** A {@code %NAME%} in the script and where. */
    private record Ref(String name, Pos pos) {}

    private final Deque<Path> including = new ArrayDeque<>();
    private final List<Ref> refs = new ArrayList<>();
    private final Set<String> assigned = new HashSet<>();
    /** The text of every file read, in order (the script's digest covers its INCLUDEs). */
    private final List<String> texts = new ArrayList<>();

    private ScriptParser() {}

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

    /** The 1-based line of the first byte sequence in {@code file} that is not UTF-8. */
    private static int notUtf8Line(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        var decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        int line = 1;
        int start = 0;
        for (int i = 0; i <= b.length; i++) {
            if (i == b.length || b[i] == '\n') {
                try {
                    decoder.reset().decode(java.nio.ByteBuffer.wrap(b, start, i - start));
                } catch (java.nio.charset.CharacterCodingException e) {
                    return line;
                }
                line++;
                start = i + 1;
            }
        }
        return 1;
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
                throw new IllegalArgumentException(shown
                        + (Files.isDirectory(real)
                                ? ": is a directory, not a script"
                                : Files.exists(real)
                                        ? ": is not a regular file (a device or a pipe?), not a script"
                                        : ": no such script file"));
            }
            throw new ScriptException(
                    includedAt, "expected an existing file to INCLUDE, but " + shown + " does not exist");
        }
        real = real.toRealPath();
        if (including.size() >= MAX_INCLUDE_DEPTH) {
            throw new ScriptException(
                    includedAt,
                    "expected INCLUDEs nested at most " + MAX_INCLUDE_DEPTH
                            + " deep; " + shown + " would be the " + (including.size() + 1)
                            + "th (include the files from "
                            + "one place instead of each from the last)");
        }
        if (including.contains(real)) {
            throw new ScriptException(
                    includedAt, "INCLUDE cycle: " + shown + " is already being included (" + cycle(real) + ")");
        }
        including.push(real);
        String text;
        try {
            text = Files.readString(real, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ScriptException(
                    new Pos(shown, notUtf8Line(real), 1),
                    "not UTF-8 text (a byte that UTF-8 "
                            + "does not allow, as Latin-1's é is); save the script as UTF-8 (iconv -f latin1 -t utf-8)");
        }
        texts.add(text);
        Path dir = real.getParent();
        List<Stmt> body = block(new Cursor(Line.split(shown, text), dir), Context.TOP, Set.of()).body;
        including.pop();
        return body;
    }

    private String cycle(Path again) {
        List<String> names = new ArrayList<>();
        for (var it = including.descendingIterator(); it.hasNext(); ) {
            names.add(it.next().getFileName().toString());
        }
        names.add(again.getFileName().toString());
        return String.join(" -> ", names);
    }

    private enum Context {
        TOP,
        TEST
    }

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
    private record Block(List<Stmt> body, Line end) {}

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
        if (!d.equals("INCLUDE")) {
            collectRefs(line);
        }
        boolean inTest = ctx == Context.TEST;
        return switch (d) {
            case "TEST" -> List.of(test(c, ctx, line));
            case "SETUP", "CLEANUP", "PRESETUP", "POSTCLEANUP", "EXEC" -> List.of(Directives.command(line, d, inTest));
            case "THREADS" -> List.of(Directives.threads(line));
            case "VAR", "ENV" -> List.of(assign(line, d));
            case "IF" -> List.of(ifStatement(c, ctx, line));
            case "WHILE", "FOREACH", "FOR" -> List.of(loop(c, ctx, line, d));
            case "INCLUDE" -> include(c, line);
            case "FASTFAIL" -> List.of(new Stmt.Fastfail(line.pos(), line.restAfter(1)));
            case "CHECKPOINT" -> List.of(Directives.checkpoint(line));
            case "OPTION" -> List.of(Directives.option(line, inTest));
            case "MEASURE", "COOL" -> List.of(Directives.measureOrCool(line, d));
            case "DONE" -> throw new ScriptException(line.pos(), "DONE without a TEST, WHILE, FOREACH or FOR to end");
            case "FI", "ELSE", "ELSEIF" -> throw new ScriptException(line.pos(), d + " without an IF");
            default ->
                throw new ScriptException(
                        line.pos(),
                        "expected a directive (" + DIRECTIVES + "), found '"
                                + line.words().get(0).text() + "'");
        };
    }

    /** Notes every {@code %NAME%} of a line, at its column when the word has no quotes to shift it. */
    private void collectRefs(Line line) {
        for (Word x : line.words()) {
            Matcher m = Substitution.SCRIPT_VAR.matcher(x.text());
            while (m.find()) {
                if (m.group(1) != null) {
                    Pos p = x.pos();
                    refs.add(new Ref(
                            m.group(1),
                            x.raw().equals(x.text()) ? new Pos(p.file(), p.line(), p.column() + m.start()) : p));
                }
            }
        }
    }

    private Stmt.Assign assign(Line line, String d) {
        Stmt.Assign a = Directives.assign(line, d);
        assigned.add(a.name());
        return a;
    }

    /** INCLUDE FILE: the statements of that file, read now (relative to the including file's directory). */
    private List<Stmt> include(Cursor c, Line line) throws IOException {
        List<Word> w = line.words();
        if (w.size() != 2) {
            throw new ScriptException(
                    w.size() < 2 ? Directives.end(line) : w.get(2).pos(), "expected one file name after INCLUDE");
        }
        Word f = w.get(1);
        if (f.text().contains("%") || f.text().contains("$")) {
            throw new ScriptException(
                    f.pos(),
                    "expected a literal file name after INCLUDE (it is read "
                            + "before the script runs, so variables cannot be used)");
        }
        return parseFile(c.dir.resolve(f.text()), f.text(), f.pos());
    }

    private Stmt test(Cursor c, Context ctx, Line line) throws IOException {
        if (ctx == Context.TEST) {
            throw new ScriptException(line.pos(), "expected DONE to end the TEST before another TEST starts");
        }
        List<Word> w = line.words();
        if (w.size() < 2) {
            throw new ScriptException(Directives.end(line), "expected a name after TEST");
        }
        Word minRuns = w.size() > 2 ? w.get(2) : null;
        Word batch = w.size() > 3 ? w.get(3) : null;
        if (minRuns != null) {
            Directives.requireInt(minRuns, 1, "a minimum number of runs (an integer >= 1)");
        }
        if (batch != null) {
            Directives.requireInt(
                    batch, 1, "a batch size (an integer >= 1: runs between two runs of the stop program)");
            if (w.size() < 5) {
                throw new ScriptException(Directives.end(line), "expected a stop program after the batch size");
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
        List<Stmt.Option> options = b.body.stream()
                .filter(x -> x instanceof Stmt.Option o
                        && !Substitution.substitutes(o.value().text()))
                .map(x -> (Stmt.Option) x)
                .toList();
        TestSettings.of(options, UnaryOperator.identity()); // options that do not fit together
        Directives.requireNothingAfter(b.end, "DONE");
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
                    throw new ScriptException(
                            cmd.pos(),
                            "expected one EXEC in a TEST (the command it measures), "
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
            if (s instanceof Stmt.If i
                    && (i.branches().stream().anyMatch(br -> hasExec(br.body())) || hasExec(i.otherwise()))) {
                return true;
            }
        }
        return false;
    }

    private Stmt ifStatement(Cursor c, Context ctx, Line line) throws IOException {
        List<Stmt.Branch> branches = new ArrayList<>();
        Stmt.Cond cond = Directives.cond(line, "IF");
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
                    cond = Directives.cond(b.end, "ELSEIF");
                }
                case "ELSE" -> {
                    if (cond == null) {
                        throw new ScriptException(b.end.pos(), "expected FI after ELSE, found another ELSE");
                    }
                    Directives.requireNothingAfter(b.end, "ELSE");
                    cond = null;
                    enders = Set.of("FI", "ELSE", "ELSEIF");
                }
                default -> {
                    Directives.requireNothingAfter(b.end, "FI");
                    List<Stmt> otherwise = cond == null ? b.body : List.of();
                    return new Stmt.If(line.pos(), branches, otherwise);
                }
            }
        }
    }

    private Stmt loop(Cursor c, Context ctx, Line line, String d) throws IOException {
        if (ctx == Context.TEST) {
            throw new ScriptException(
                    line.pos(),
                    "expected SETUP, EXEC, CLEANUP, OPTION, VAR or IF inside a TEST; " + "put the " + d
                            + " loop around the TEST");
        }
        List<Word> w = line.words();
        Stmt head;
        switch (d) {
            case "WHILE" -> head = new Stmt.While(line.pos(), Directives.cond(line, "WHILE"), List.of());
            case "FOREACH" -> {
                if (w.size() < 3) {
                    throw new ScriptException(Directives.end(line), "expected FOREACH VAR value value...");
                }
                Directives.requireName(w.get(1));
                assigned.add(w.get(1).text());
                head = new Stmt.Foreach(line.pos(), w.get(1).text(), List.copyOf(w.subList(2, w.size())), List.of());
            }
            default -> {
                head = Directives.forHead(line);
                assigned.add(((Stmt.For) head).var());
            }
        }
        Block b = block(c, Context.TOP, Set.of("DONE"));
        if (b.end == null) {
            throw new ScriptException(line.pos(), "expected DONE to end this " + d + " before the end of the file");
        }
        Directives.requireNothingAfter(b.end, "DONE");
        if (head instanceof Stmt.While x) {
            return new Stmt.While(x.pos(), x.cond(), b.body);
        }
        if (head instanceof Stmt.Foreach x) {
            return new Stmt.Foreach(x.pos(), x.var(), x.values(), b.body);
        }
        Stmt.For x = (Stmt.For) head;
        return new Stmt.For(x.pos(), x.var(), x.from(), x.to(), x.factor(), x.by(), b.body);
    }
}
