package io.pilotbench.script;

import io.pilotbench.core.files.Privileges;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.Formats;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs a {@code pilot script} campaign (Auto-pilot, Wright et al., USENIX ATC 2005 FREENIX, §3.1) on Pilot's engine.
 *
 * <pre>{@code
 * Campaign c = Campaign.start(Path.of("campaign.pilot"), Map.of("SIZE", "1M"), Path.of("results"), err, env);
 * int exit = c.run();            // 0: every TEST done; 3: a limit stopped one; 4: a run failed (FASTFAIL)
 * // after a crash: Campaign.resume(Path.of("results"), err, env).run();
 * }</pre>
 *
 * <p>Each TEST is one Pilot session directory {@code NNN-name} in the results directory (NNN: the TEST's step in the
 * campaign), so {@code pilot analyze} reads it; {@code runs.csv} beside its journal has one row per run (elapsed,
 * user, system, wait, cpu%, exit, and the measurement hooks' columns) for {@code pilot getstats}. Progress is journaled
 * in {@link CampaignState#FILE} after every run. Not thread-safe, except {@link #requestStop()}.
 *
 * <p>This class interprets the script's statements; a TEST runs as a {@link TestStep}, the variables are a
 * {@link Scope}, the steps and the journal a {@link Progress}, and what runs is killed through {@link Commands}.
 */
public final class Campaign {
    /** Exit codes of {@link #run()}. */
    public static final int OK = 0;

    public static final int LIMIT = 3;
    public static final int FAILED = 4;
    /** Stopped by {@link #requestStop()}: the caller maps it to 130 or 143. */
    public static final int STOPPED = -1;

    /** The campaign's journal in its results directory, beside one session directory per TEST. */
    public static final String JOURNAL = CampaignState.FILE;

    private final List<Stmt> program;
    private final Path scriptDir;
    private final Path results;
    private final PrintWriter err;
    private final Supplier<EnvironmentSnapshot> environment;
    private final Scope scope;
    private final Progress progress;
    private final Commands commands;
    private final List<MeasurementHook> hooks = new ArrayList<>();
    private final List<Stmt.Cool> cools = new ArrayList<>();
    private final boolean resuming;
    private int threads = 1;
    private String fastfail;
    private boolean limitHit;
    private boolean failed;
    private volatile boolean stop;
    /** Tests set this to stagger the copies before the barrier. */
    String beforeBarrier;
    /** Whether pilot runs as root (COOL needs it); tests set it. */
    boolean root = Privileges.isRoot();

    private Campaign(
            List<Stmt> program,
            Path scriptDir,
            Path results,
            PrintWriter err,
            Supplier<EnvironmentSnapshot> environment,
            CampaignState state,
            boolean resuming) {
        this.program = program;
        this.scriptDir = scriptDir;
        // absolute: commands run in the script's directory, so a path relative to where pilot ran would name
        // nothing there (%RESULTS%, %RESULTS_DIR%, PILOT_RESULTS_DIR)
        this.results = results.toAbsolutePath().normalize();
        this.err = err;
        this.environment = environment;
        this.resuming = resuming;
        this.scope = new Scope(state.args, this.results);
        this.progress = new Progress(state, resuming, scope, this.results, this::note);
        this.commands = new Commands(scriptDir);
        // what ended the TESTs before an interrupt still counts (a resumed campaign with a capped TEST exited 0)
        this.failed = state.failed || state.ended("WORKLOAD_FAILED");
        this.limitHit = state.ended("ROUND_LIMIT", "TIME_LIMIT", "RUN_CAP");
    }

    /**
     * Checks a script and everything it includes without running anything.
     *
     * @throws ScriptException at the first mistake ({@code file:line:column: what was expected})
     */
    public static void check(Path script) throws IOException {
        check(script, Map.of());
    }

    /**
     * Checks a script and everything it includes, with the variables given on the command line, without running
     * anything: what {@link #start} checks before it writes anything.
     *
     * @throws ScriptException at the first mistake ({@code file:line:column: what was expected})
     */
    public static void check(Path script, Map<String, String> args) throws IOException {
        MeasureCheck.all(ScriptParser.parse(script, args.keySet()));
    }

    /**
     * Prepares a new campaign: parses and checks the whole script first.
     *
     * @param args        variables from the command line ({@code NAME=VALUE}), visible as {@code %NAME%}
     * @param results     the results directory (created by the caller, locked by it, empty)
     * @param environment the system snapshot stored with every TEST (may return null)
     */
    public static Campaign start(
            Path script,
            Map<String, String> args,
            Path results,
            PrintWriter err,
            Supplier<EnvironmentSnapshot> environment)
            throws IOException {
        List<Stmt> program = ScriptParser.parse(script, args.keySet());
        MeasureCheck.all(program); // before campaign.json is written
        CampaignState s = new CampaignState();
        s.script = script.toAbsolutePath().normalize().toString();
        s.digest = Progress.digest(script);
        s.results = results.toAbsolutePath().normalize().toString();
        s.args.putAll(args);
        Campaign c = new Campaign(
                program, script.toAbsolutePath().normalize().getParent(), results, err, environment, s, false);
        c.progress.journal();
        return c;
    }

    /**
     * Reopens the campaign journaled in {@code results} to go on where it stopped.
     *
     * @throws IllegalArgumentException when there is no journal, the script changed since, or the campaign is complete
     */
    public static Campaign resume(Path results, PrintWriter err, Supplier<EnvironmentSnapshot> environment)
            throws IOException {
        CampaignState s = CampaignState.resumable(results);
        Path script = Path.of(s.script);
        List<Stmt> program = ScriptParser.parse(script, s.args.keySet());
        return new Campaign(program, script.getParent(), results, err, environment, s, true);
    }

    /**
     * The results directory of a campaign named by {@code path}: the directory itself, or the one a CHECKPOINT file
     * names (the paper resumed from the checkpoint file).
     */
    public static Path resultsOf(Path path) throws IOException {
        return CampaignState.resultsOf(path);
    }

    boolean stopRequested() {
        return stop;
    }

    /** Whether the run in progress is to be dropped: a stop was requested, or the TEST's max-time passed. */
    boolean cutShort() {
        return stop || commands.timeUp();
    }

    /**
     * Asks the campaign to stop soon (Ctrl-C): the command in progress (EXEC, SETUP, CLEANUP, PRESETUP...) is killed
     * with its process group, the TEST is kept, resumable.
     */
    public void requestStop() {
        stop = true;
        commands.killRepeatedly();
    }

    /**
     * Kills what runs now at once, without the grace period (SIGKILL): a second Ctrl-C, just before the JVM halts, so
     * that nothing is left running.
     */
    public void killNow() {
        stop = true;
        commands.killNow();
    }

    /**
     * Runs the campaign to its end.
     *
     * @return {@link #OK}, {@link #LIMIT}, {@link #FAILED} or {@link #STOPPED}
     */
    public int run() throws IOException, InterruptedException {
        try {
            if (resuming && progress.replaysNothing()) {
                progress.catchUp();
            }
            try {
                block(program);
            } catch (Abort a) {
                progress.journal();
                return a.code;
            }
            progress.catchUp();
            progress.state().complete = true;
            progress.journal();
            return failed ? FAILED : limitHit ? LIMIT : OK;
        } finally {
            commands.stopKilling();
        }
    }

    /** Unwinds the interpreter: FASTFAIL or a stop request. */
    static final class Abort extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Abort(int code) {
            super(null, null, false, false);
            this.code = code;
        }
    }

    private void block(List<Stmt> body) throws IOException, InterruptedException {
        for (Stmt s : body) {
            if (stop) {
                throw new Abort(STOPPED);
            }
            statement(s);
        }
    }

    /** Runs one statement; a TEST's body runs its VAR, THREADS... lines through here too. */
    void statement(Stmt s) throws IOException, InterruptedException {
        scope.at(s.pos());
        if (s instanceof Stmt.Assign a) {
            scope.assign(a);
        } else if (s instanceof Stmt.Threads t) {
            threads = (int) scope.integer(t.count(), 1);
            scope.set("THREADS", Integer.toString(threads));
        } else if (s instanceof Stmt.If i) {
            ifStatement(i);
        } else if (s instanceof Stmt.While w) {
            whileLoop(w);
        } else if (s instanceof Stmt.Foreach f) {
            foreachLoop(f);
        } else if (s instanceof Stmt.For f) {
            forLoop(f);
        } else if (s instanceof Stmt.Fastfail f) {
            fastfail = f.script(); // substituted when it runs: %VAR%s then name the failure
        } else if (s instanceof Stmt.Checkpoint c) {
            progress.checkpoint(c);
        } else if (s instanceof Stmt.Measure m) {
            measure(m);
        } else if (s instanceof Stmt.Cool c) {
            cools.add(c);
        } else if (s instanceof Stmt.Command c) {
            command(c);
        } else if (s instanceof Stmt.Test t) {
            new TestStep(this, scope, progress, commands, t).run();
        } else if (s instanceof Stmt.Option o) {
            throw new ScriptException(o.pos(), "OPTION belongs inside a TEST");
        }
    }

    private void ifStatement(Stmt.If i) throws IOException, InterruptedException {
        for (Stmt.Branch b : i.branches()) {
            if (scope.holds(b.cond())) {
                block(b.body());
                return;
            }
        }
        block(i.otherwise());
    }

    private void whileLoop(Stmt.While w) throws IOException, InterruptedException {
        progress.enter("WHILE at line " + w.pos().line());
        while (scope.holds(w.cond())) {
            block(w.body());
            if (stop) {
                throw new Abort(STOPPED);
            }
        }
        progress.leave();
    }

    private void foreachLoop(Stmt.Foreach f) throws IOException, InterruptedException {
        for (Word value : f.values()) {
            String v = scope.sub(value.text());
            scope.set(f.var(), v);
            progress.enter("FOREACH " + f.var() + "=" + v);
            block(f.body());
            progress.leave();
        }
    }

    private void forLoop(Stmt.For f) throws IOException, InterruptedException {
        double from = scope.number(f.from());
        double to = scope.number(f.to());
        double by = scope.number(f.by());
        if (f.factor() ? !(by > 1) || !(from > 0) : by == 0) {
            throw new ScriptException(
                    f.by().pos(),
                    f.factor()
                            ? "expected FACTOR > 1 and a start > 0, got start " + Formats.number(from) + " FACTOR "
                                    + Formats.number(by)
                            : "expected a STEP other than 0");
        }
        // in decimal, as written: in binary STEP 0.1 reached 0.30000000000000004, into commands and directory names
        BigDecimal end = BigDecimal.valueOf(to);
        BigDecimal step = BigDecimal.valueOf(by);
        int sign = by > 0 || f.factor() ? 1 : -1;
        for (BigDecimal v = BigDecimal.valueOf(from);
                sign * v.compareTo(end) <= 0;
                v = f.factor() ? v.multiply(step) : v.add(step)) {
            String text = v.stripTrailingZeros().toPlainString();
            scope.set(f.var(), text);
            progress.enter("FOR " + f.var() + "=" + text);
            block(f.body());
            progress.leave();
        }
    }

    private void measure(Stmt.Measure m) {
        List<String> args = m.args().stream().map(w -> scope.sub(w.text())).toList();
        MeasurementHook h = MeasurementHook.of(m.kind(), args, Path.of("/proc"), scope.exported());
        if (!progress.replaying()) {
            try {
                h.sample(); // a device or interface that is not there: say so now, not at every run
            } catch (IOException e) {
                throw new ScriptException(m.pos(), "MEASURE " + m.kind() + " cannot measure here: " + e.getMessage());
            }
        }
        hooks.add(h);
    }

    // ---- steps: side effects, counted, skipped while a resume replays (CHECKPOINT: Progress) ----

    /** EXEC outside a TEST: a command run once, not measured (services off, a reboot after a CHECKPOINT...). */
    private void command(Stmt.Command c) throws IOException, InterruptedException {
        if (progress.replaying()) {
            progress.skipStep();
            return;
        }
        String text = scope.sub(c.text());
        Path out = results.resolve(String.format(Locale.ROOT, "%03d-exec.out", progress.step()));
        int code = shell(text, out, Map.of());
        if (stop) {
            throw new Abort(STOPPED); // killed by Ctrl-C: not done, so a resume runs it again
        }
        progress.stepDone();
        if (code != 0) {
            note("EXEC " + text + " exited with " + code + " (output in " + out.getFileName() + ")");
            if (fastfail != null) {
                failed = true;
                progress.state().failed = true;
                runFastfail();
                throw new Abort(FAILED);
            }
        }
    }

    /** Runs the FASTFAIL script, if there is one, as the campaign stops for a failure. */
    void runFastfail() throws IOException, InterruptedException {
        if (fastfail != null && !fastfail.isBlank()) {
            Path out = results.resolve("fastfail.out");
            String text = scope.sub(fastfail);
            int code = shell(text, out, Map.of());
            note("FASTFAIL ran '" + text + "' (exit " + code + ", output in fastfail.out)");
        }
    }

    // ---- what a TEST and its runs use ----

    /** The FASTFAIL script set so far; null without one. */
    String fastfail() {
        return fastfail;
    }

    /** The copies of EXEC that run at once (THREADS). */
    int threads() {
        return threads;
    }

    /** A run failed: the campaign ends with {@link #FAILED}. */
    void failed() {
        failed = true;
    }

    /** A limit ended a TEST before its target: the campaign ends with {@link #LIMIT}. */
    void limitHit() {
        limitHit = true;
    }

    public Path results() {
        return results;
    }

    /** The system snapshot stored with a TEST's session; null without one. */
    EnvironmentSnapshot snapshot() {
        return environment == null ? null : environment.get();
    }

    /** Checks the COOL lines before a TEST's first run (drop-caches and remount need root). */
    void checkCooling() {
        new Cooling(cools, this).check(root);
    }

    /** Cools caches between runs. */
    void cool(Path dir) throws IOException, InterruptedException {
        new Cooling(cools, this).apply(dir.resolve("cool.out"));
    }

    List<MeasurementHook> hooks() {
        return hooks;
    }

    Map<String, String> env() {
        return scope.env();
    }

    Path scriptDir() {
        return scriptDir;
    }

    /**
     * Runs {@code text} with {@code /bin/sh -c} in the script's directory, output to {@code out}, in the commands'
     * environment and {@code extraEnv}; its exit code.
     */
    int shell(String text, Path out, Map<String, String> extraEnv) throws IOException, InterruptedException {
        Map<String, String> e = env();
        e.putAll(extraEnv);
        return commands.shell(text, out, e);
    }

    String sub(String text) {
        return scope.sub(text);
    }

    void note(String line) {
        if (err != null) {
            err.println("pilot: " + line);
            err.flush();
        }
    }
}
