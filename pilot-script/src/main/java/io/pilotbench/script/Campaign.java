package io.pilotbench.script;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.files.Privileges;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.process.CommandRequest;
import io.pilotbench.process.ProcessLauncher;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
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
 */
public final class Campaign {
    /** Exit codes of {@link #run()}. */
    public static final int OK = 0;
    public static final int LIMIT = 3;
    public static final int FAILED = 4;
    /** Stopped by {@link #requestStop()}: the caller maps it to 130 or 143. */
    public static final int STOPPED = -1;
    /**
     * How often a stop request or a TEST's passed {@code max-time} kills again what runs (a command may start just as
     * the request comes), as {@code pilot run}'s deadline does.
     */
    static final long KILL_AGAIN_MILLIS = 50;
    private static final ScheduledExecutorService KILLER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "pilot-campaign-killer");
        t.setDaemon(true);
        return t;
    });

    private final List<Stmt> program;
    private final Path scriptDir;
    private final Path results;
    private final PrintWriter err;
    private final Supplier<EnvironmentSnapshot> environment;
    private final CampaignState state;
    private final Map<String, String> vars = new LinkedHashMap<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private final Deque<String> position = new ArrayDeque<>();
    private final List<MeasurementHook> hooks = new ArrayList<>();
    private final List<Stmt.Cool> cools = new ArrayList<>();
    private final boolean resuming;
    private final int replayUntil;
    private boolean caughtUp;
    private int step;
    private int threads = 1;
    private String fastfail;
    private boolean limitHit;
    /** The line running now: where a %VAR% that is not set is reported. */
    private Pos at;
    private boolean failed;
    private volatile boolean stop;
    private volatile ThreadedRun running;
    /**
     * Runs every command that is not a measured EXEC (SETUP, CLEANUP, PRESETUP, an EXEC outside a TEST...): in a
     * process group of its own, which a stop or a TEST's max-time kills with its descendants (SIGTERM, SIGKILL after
     * the launcher's grace period).
     */
    private final ProcessLauncher shells = ProcessLauncher.best();
    /** Set when the running TEST's max-time passes (a new flag per TEST); null outside a TEST's runs. */
    private volatile AtomicBoolean timeUp;
    private volatile ScheduledFuture<?> stopping;
    /** The Getstats variables of the elapsed times of the last TEST that ended, for IF and WHILE expressions. */
    private Map<String, Double> lastTest = Map.of();
    /** Tests set this to stagger the copies before the barrier. */
    String beforeBarrier;
    /** Whether pilot runs as root (COOL needs it); tests set it. */
    boolean root = Privileges.isRoot();

    private Campaign(List<Stmt> program, Path scriptDir, Path results, PrintWriter err,
            Supplier<EnvironmentSnapshot> environment, CampaignState state, boolean resuming) {
        this.program = program;
        this.scriptDir = scriptDir;
        // absolute: commands run in the script's directory, so a path relative to where pilot ran would name
        // nothing there (%RESULTS%, %RESULTS_DIR%, PILOT_RESULTS_DIR)
        this.results = results.toAbsolutePath().normalize();
        this.err = err;
        this.environment = environment;
        this.state = state;
        this.resuming = resuming;
        this.replayUntil = resuming ? state.steps : 0;
        this.caughtUp = !resuming;
        vars.put("RESTORE", "0");
        vars.put("RESULTS_DIR", this.results.toString());
        vars.putAll(state.args);
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
        ScriptParser.parse(script, args.keySet());
    }

    /**
     * Prepares a new campaign: parses and checks the whole script first.
     *
     * @param args        variables from the command line ({@code NAME=VALUE}), visible as {@code %NAME%}
     * @param results     the results directory (created by the caller, locked by it, empty)
     * @param environment the system snapshot stored with every TEST (may return null)
     */
    public static Campaign start(Path script, Map<String, String> args, Path results, PrintWriter err,
            Supplier<EnvironmentSnapshot> environment) throws IOException {
        List<Stmt> program = ScriptParser.parse(script, args.keySet());
        CampaignState s = new CampaignState();
        s.script = script.toAbsolutePath().normalize().toString();
        s.digest = digest(script);
        s.results = results.toAbsolutePath().normalize().toString();
        s.args.putAll(args);
        Campaign c = new Campaign(program, script.toAbsolutePath().normalize().getParent(), results, err,
                environment, s, false);
        c.journal();
        return c;
    }

    /**
     * Reopens the campaign journaled in {@code results} to go on where it stopped.
     *
     * @throws IllegalArgumentException when there is no journal, the script changed since, or the campaign is complete
     */
    public static Campaign resume(Path results, PrintWriter err, Supplier<EnvironmentSnapshot> environment)
            throws IOException {
        CampaignState s = CampaignState.read(results.resolve(CampaignState.FILE));
        Path script = Path.of(s.script);
        if (!Files.isRegularFile(script)) {
            throw new IllegalArgumentException(results + ": the campaign's script " + script + " is gone");
        }
        if (!digest(script).equals(s.digest)) {
            throw new IllegalArgumentException(script + " changed since the campaign in " + results
                    + " started; resuming would replay a different script (start a new campaign instead)");
        }
        if (s.complete) {
            throw new IllegalArgumentException(results + ": the campaign is complete; nothing to resume");
        }
        List<Stmt> program = ScriptParser.parse(script, s.args.keySet());
        s.failed = false;
        return new Campaign(program, script.getParent(), results, err, environment, s, true);
    }

    /**
     * The results directory of a campaign named by {@code path}: the directory itself, or the one a CHECKPOINT file
     * names (the paper resumed from the checkpoint file).
     */
    public static Path resultsOf(Path path) throws IOException {
        if (Files.isRegularFile(path)) {
            CampaignState s = CampaignState.read(path);
            if (s.results == null) {
                throw new IllegalArgumentException(path + ": names no results directory");
            }
            return Path.of(s.results);
        }
        return path;
    }

    boolean stopRequested() {
        return stop;
    }

    /** Whether the run in progress is to be dropped: a stop was requested, or the TEST's max-time passed. */
    boolean cutShort() {
        AtomicBoolean t = timeUp;
        return stop || t != null && t.get();
    }

    /**
     * Asks the campaign to stop soon (Ctrl-C): the command in progress (EXEC, SETUP, CLEANUP, PRESETUP...) is killed
     * with its process group, the TEST is kept, resumable.
     */
    public void requestStop() {
        stop = true;
        killRunning();
        synchronized (this) {
            if (stopping == null) {
                stopping = KILLER.scheduleAtFixedRate(this::killRunning, KILL_AGAIN_MILLIS, KILL_AGAIN_MILLIS,
                        TimeUnit.MILLISECONDS);
            }
        }
    }

    /**
     * Kills what runs now at once, without the grace period (SIGKILL): a second Ctrl-C, just before the JVM halts, so
     * that nothing is left running.
     */
    public void killNow() {
        stop = true;
        ThreadedRun r = running;
        if (r != null) {
            r.killNow();
        }
        shells.killRunningNow();
    }

    private void killRunning() {
        ThreadedRun r = running;
        if (r != null) {
            r.kill();
        }
        shells.killRunning();
    }

    /**
     * Runs the campaign to its end.
     *
     * @return {@link #OK}, {@link #LIMIT}, {@link #FAILED} or {@link #STOPPED}
     */
    public int run() throws IOException, InterruptedException {
        try {
            if (resuming && replayUntil == 0) {
                catchUp();
            }
            try {
                block(program);
            } catch (Abort a) {
                journal();
                return a.code;
            }
            catchUp();
            state.complete = true;
            journal();
            return failed ? FAILED : limitHit ? LIMIT : OK;
        } finally {
            synchronized (this) {
                if (stopping != null) {
                    stopping.cancel(false);
                }
            }
        }
    }

    /** Unwinds the interpreter: FASTFAIL or a stop request. */
    private static final class Abort extends RuntimeException {
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

    private void statement(Stmt s) throws IOException, InterruptedException {
        at = s.pos();
        if (s instanceof Stmt.Assign a) {
            // a value given on the command line wins over the script's (as make's command-line variables do);
            // arithmetic is computed from the values at hand (a counter the command line pinned would never end)
            // arithmetic says itself which %VAR% is not set, and where in the expression
            String v = a.arithmetic() != null ? a.arithmetic().evaluate(t -> Substitution.apply(t, vars,
                    k -> env.containsKey(k) ? env.get(k) : System.getenv(k), false))
                    : state.args.containsKey(a.name()) ? state.args.get(a.name()) : sub(a.value().text());
            vars.put(a.name(), v);
            if (a.env()) {
                env.put(a.name(), v);
            }
        } else if (s instanceof Stmt.Threads t) {
            threads = (int) integer(t.count(), 1);
            vars.put("THREADS", Integer.toString(threads));
        } else if (s instanceof Stmt.If i) {
            for (Stmt.Branch b : i.branches()) {
                if (holds(b.cond())) {
                    block(b.body());
                    return;
                }
            }
            block(i.otherwise());
        } else if (s instanceof Stmt.While w) {
            position.push("WHILE at line " + w.pos().line());
            while (holds(w.cond())) {
                block(w.body());
                if (stop) {
                    throw new Abort(STOPPED);
                }
            }
            position.pop();
        } else if (s instanceof Stmt.Foreach f) {
            for (Word value : f.values()) {
                String v = sub(value.text());
                vars.put(f.var(), v);
                position.push("FOREACH " + f.var() + "=" + v);
                block(f.body());
                position.pop();
            }
        } else if (s instanceof Stmt.For f) {
            forLoop(f);
        } else if (s instanceof Stmt.Fastfail f) {
            fastfail = f.script(); // substituted when it runs: %VAR%s then name the failure
        } else if (s instanceof Stmt.Checkpoint c) {
            checkpoint(c);
        } else if (s instanceof Stmt.Measure m) {
            List<String> args = m.args().stream().map(w -> sub(w.text())).toList();
            MeasurementHook h = MeasurementHook.of(m.kind(), args, Path.of("/proc"), env);
            if (!replaying()) {
                try {
                    h.sample(); // a device or interface that is not there: say so now, not at every run
                } catch (IOException e) {
                    throw new ScriptException(m.pos(), "MEASURE " + m.kind() + " cannot measure here: "
                            + e.getMessage());
                }
            }
            hooks.add(h);
        } else if (s instanceof Stmt.Cool c) {
            cools.add(c);
        } else if (s instanceof Stmt.Command c) {
            command(c);
        } else if (s instanceof Stmt.Test t) {
            test(t);
        } else if (s instanceof Stmt.Option o) {
            throw new ScriptException(o.pos(), "OPTION belongs inside a TEST");
        }
    }

    private void forLoop(Stmt.For f) throws IOException, InterruptedException {
        double from = number(f.from());
        double to = number(f.to());
        double by = number(f.by());
        if (f.factor() ? !(by > 1) || !(from > 0) : by == 0) {
            throw new ScriptException(f.by().pos(), f.factor() ? "expected FACTOR > 1 and a start > 0, got start "
                    + Formats.number(from) + " FACTOR " + Formats.number(by) : "expected a STEP other than 0");
        }
        double slack = 1e-9 * Math.max(1, Math.abs(to));
        for (double v = from; by > 0 || f.factor() ? v <= to + slack : v >= to - slack;
                v = f.factor() ? v * by : v + by) {
            String text = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
            vars.put(f.var(), text);
            position.push("FOR " + f.var() + "=" + text);
            block(f.body());
            position.pop();
        }
    }

    // ---- steps: side effects, counted, skipped while a resume replays ----

    /** True while a resume replays steps that were completed before. */
    private boolean replaying() {
        return step < replayUntil;
    }

    /**
     * Passes over a step completed before the crash. Right after the last of them the replay has caught up, before
     * any condition after it is evaluated: RESTORE is 1 from there on (so {@code IF %RESTORE% == 0} after a
     * CHECKPOINT does not reboot the machine again).
     */
    private void skipStep() {
        step++;
        if (step == replayUntil) {
            catchUp();
        }
    }

    /** The replay reached the first step not completed: check it rebuilt the state recorded, then RESTORE = 1. */
    private void catchUp() {
        if (caughtUp) {
            return;
        }
        caughtUp = true;
        Map<String, String> now = new LinkedHashMap<>(vars);
        Map<String, String> then = new LinkedHashMap<>(state.vars);
        now.remove("RESTORE");
        then.remove("RESTORE");
        if (step == replayUntil && !now.equals(then)) {
            throw new IllegalArgumentException("resuming " + results + ": replaying the script up to step " + step
                    + " gave variables " + now + ", not the recorded " + then + "; the script depends on something "
                    + "that changed (start a new campaign)");
        }
        vars.put("RESTORE", "1");
        note("resuming after step " + step + (state.position.isEmpty() ? ""
                : " (" + String.join(", ", state.position) + ")"));
    }

    private void checkpoint(Stmt.Checkpoint c) throws IOException {
        if (replaying()) {
            vars.put("RESTORE", "0");
            skipStep();
            return;
        }
        vars.put("RESTORE", "0");
        step++;
        state.steps = step;
        journal();
        if (c.file() != null) {
            Path f = results.resolve(sub(c.file().text()));
            state.write(f);
        }
        note("checkpoint after step " + step);
    }

    /** EXEC outside a TEST: a command run once, not measured (services off, a reboot after a CHECKPOINT...). */
    private void command(Stmt.Command c) throws IOException, InterruptedException {
        if (replaying()) {
            skipStep();
            return;
        }
        String text = sub(c.text());
        Path out = results.resolve(String.format(Locale.ROOT, "%03d-exec.out", step));
        int code = shell(text, out, Map.of());
        if (stop) {
            throw new Abort(STOPPED); // killed by Ctrl-C: not done, so a resume runs it again
        }
        step++;
        state.steps = step;
        journal();
        if (code != 0) {
            note("EXEC " + text + " exited with " + code + " (output in " + out.getFileName() + ")");
            if (fastfail != null) {
                failed = true;
                state.failed = true;
                runFastfail();
                throw new Abort(FAILED);
            }
        }
    }

    // ---- TEST ----

    /** What a TEST does, once its body's VAR, IF, OPTION lines have been evaluated. */
    static final class Plan {
        final List<String> setup = new ArrayList<>();
        final List<String> cleanup = new ArrayList<>();
        final List<String> presetup = new ArrayList<>();
        final List<String> postcleanup = new ArrayList<>();
        final List<Stmt.Command> exec = new ArrayList<>();
        final List<Stmt.Option> options = new ArrayList<>();
    }

    private void collect(List<Stmt> body, Plan p) throws IOException, InterruptedException {
        for (Stmt s : body) {
            if (s instanceof Stmt.Command c) {
                at = c.pos();
                sub(c.text()); // every %VAR% set: refused here, before the TEST's first run, not in a run
                switch (c.kind()) {
                    case SETUP -> p.setup.add(c.text());
                    case CLEANUP -> p.cleanup.add(c.text());
                    case PRESETUP -> p.presetup.add(c.text());
                    case POSTCLEANUP -> p.postcleanup.add(c.text());
                    case EXEC -> p.exec.add(c);
                    default -> throw new IllegalStateException();
                }
            } else if (s instanceof Stmt.Option o) {
                p.options.add(o);
            } else if (s instanceof Stmt.If i) {
                boolean done = false;
                for (Stmt.Branch b : i.branches()) {
                    if (holds(b.cond())) {
                        collect(b.body(), p);
                        done = true;
                        break;
                    }
                }
                if (!done) {
                    collect(i.otherwise(), p);
                }
            } else {
                statement(s);
            }
        }
    }

    private void test(Stmt.Test t) throws IOException, InterruptedException {
        String name = sub(t.name().text());
        Plan plan = new Plan();
        collect(t.body(), plan);
        if (plan.exec.size() != 1) {
            throw new ScriptException(plan.exec.isEmpty() ? t.pos() : plan.exec.get(1).pos(),
                    "expected exactly one EXEC in TEST " + name + " (got " + plan.exec.size() + ")");
        }
        int minRuns = t.minRuns() == null ? 1 : (int) integer(t.minRuns(), 1);
        int batch = t.batch() == null ? 0 : (int) integer(t.batch(), 1);
        String dirName = String.format(Locale.ROOT, "%03d-%s", step, name.replaceAll("[^A-Za-z0-9._-]", "_"));
        Path dir = results.resolve(dirName);
        Path csv = dir.resolve(RunsCsv.FILE);
        vars.put("RESULTS", csv.toString());
        if (replaying()) {
            rememberLastTest(csv); // as it was when this TEST ended, so that conditions replay the same way
            skipStep();
            return;
        }
        SessionSettings settings = settings(plan.options);
        StopProgram program = stopProgram(t, name);
        boolean continuing = state.currentStep != null && state.currentStep == step;
        state.currentStep = step;
        state.currentName = name;
        state.currentDir = dirName;
        state.currentRuns = 0;
        journal();
        checkCooling();
        Session session = open(dir, name, settings, continuing);
        List<String> hookColumns = new ArrayList<>();
        for (MeasurementHook h : hooks) {
            hookColumns.addAll(h.columns());
        }
        RunsCsv runs = RunsCsv.open(csv, hookColumns, session.rounds().size());
        note("TEST " + name + ": " + (continuing ? "continuing after " + session.rounds().size() + " runs, " : "")
                + (threads > 1 ? threads + " copies at once, " : "") + "until "
                + (program == null ? "Pilot's precision target" : program + " says stop") + "; in " + dirName);
        try (ThreadedRun exec = new ThreadedRun(threads, beforeBarrier)) {
            running = exec;
            if (session.rounds().isEmpty()) {
                for (String c : plan.presetup) {
                    int code = shell(sub(c), dir.resolve("presetup.out"), Map.of());
                    if (stop) {
                        session.close();
                        throw new Abort(STOPPED);
                    }
                    requireOk(c, code, "PRESETUP");
                }
            }
            TestRun workload = new TestRun(this, exec, plan, dir, runs, sub(plan.exec.get(0).text()));
            workload.catchUp(session.rounds());
            End end = loop(session, workload, minRuns, batch, program, settings, t.pos(), name);
            StopReason reason = end.reason();
            if (reason == StopReason.WORKLOAD_FAILED && fastfail != null) {
                finishTest(session, name, dirName, end);
                failed = true;
                state.failed = true;
                journal();
                note("TEST " + name + ": run " + session.rounds().size() + " failed: "
                        + lastMessage(session) + "; FASTFAIL stops the campaign (results kept in " + dirName + ")");
                runFastfail();
                throw new Abort(FAILED);
            }
            if (reason == StopReason.INTERRUPTED) {
                session.close();
                throw new Abort(STOPPED);
            }
            for (String c : plan.postcleanup) {
                shell(sub(c), dir.resolve("postcleanup.out"), Map.of());
            }
            if (end.limit()) {
                limitHit = true;
            }
            if (reason == StopReason.WORKLOAD_FAILED) {
                failed = true;
            }
            finishTest(session, name, dirName, end);
        } finally {
            running = null;
        }
    }

    /**
     * Why a TEST ended: the reason its Pilot session records, what campaign.json says ({@code stop}) and a phrase for
     * people.
     *
     * @param limit whether a limit ended it before its target (exit code 3)
     */
    private record End(StopReason reason, String stop, String why, boolean limit) {
        static End of(StopReason r) {
            return switch (r) {
                case TARGET_MET -> new End(r, r.name(), "target met (Pilot's precision target)", false);
                case ROUND_LIMIT -> new End(r, r.name(), "OPTION max-runs reached before the target", true);
                case TIME_LIMIT -> new End(r, r.name(), "OPTION max-time reached before the target", true);
                case WORKLOAD_FAILED -> new End(r, r.name(), "a run failed", false);
                default -> new End(r, r.name(), r.name().toLowerCase(Locale.ROOT).replace('_', ' '), false);
            };
        }
    }

    /** The TEST's stop program, checked before anything of the TEST runs; null without one. */
    private StopProgram stopProgram(Stmt.Test t, String name) {
        if (t.program() == null) {
            return null;
        }
        try {
            StopProgram p = new StopProgram(sub(t.program()), scriptDir);
            p.check(env());
            return p;
        } catch (ScriptException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScriptException(t.pos(), "TEST " + name + ": " + e.getMessage());
        }
    }

    /** Why a stop program's verdict ends the TEST, with the precision of its elapsed times reached by then. */
    private static End end(StopProgram.Verdict v, List<Round> rounds, StopProgram program) {
        double[] elapsed = rounds.stream().filter(r -> r.status() == RoundStatus.OK)
                .mapToDouble(Round::durationSeconds).toArray();
        double hw = ColumnStats.of("elapsed", elapsed, program.confidence()).hwPercent();
        String reached = "elapsed ±" + (Double.isFinite(hw) ? Formats.number(hw) + "%" : "?") + " at "
                + Formats.number(program.confidence() * 100) + "% confidence";
        return switch (v) {
            case PRECISION -> new End(StopReason.TARGET_MET, "TARGET_MET", "target met: its stop program's "
                    + "precision held (" + reached + ")", false);
            case RUN_CAP -> new End(StopReason.ROUND_LIMIT, "RUN_CAP", "ended by the run cap of its stop program "
                    + "($count), not by its precision (" + reached + "); the target was not met", true);
            case RUNS_ASKED -> new End(StopReason.ROUND_LIMIT, "RUNS_ASKED", "the runs its stop program asks for "
                    + "(it asks no precision; " + reached + ")", false);
            case PROGRAM -> new End(StopReason.TARGET_MET, "PROGRAM_SAID_STOP", "its stop program said stop ("
                    + reached + ")", false);
            case GO_ON -> throw new IllegalStateException();
        };
    }

    /**
     * Runs the TEST's runs until its end. Its max-time bounds it also in the middle of a run, as {@code pilot run
     * --max-time} does: when it passes, the SETUP, EXEC or CLEANUP running is killed with its process group and the
     * run is dropped, as one not started.
     */
    private End loop(Session session, TestRun workload, int minRuns, int batch, StopProgram program,
            SessionSettings settings, Pos at, String name) throws IOException, InterruptedException {
        AtomicBoolean passed = new AtomicBoolean();
        ScheduledFuture<?> deadline = null;
        if (settings.maxDuration() != null) {
            timeUp = passed;
            deadline = KILLER.scheduleAtFixedRate(() -> {
                passed.set(true);
                if (timeUp == passed) {
                    killRunning();
                }
            }, settings.maxDuration().toNanos(), TimeUnit.MILLISECONDS.toNanos(KILL_AGAIN_MILLIS),
                    TimeUnit.NANOSECONDS);
        }
        try {
            return loop(session, workload, minRuns, batch, program, settings, at, name, passed);
        } finally {
            if (deadline != null) {
                deadline.cancel(false);
            }
            timeUp = null;
        }
    }

    private End loop(Session session, TestRun workload, int minRuns, int batch, StopProgram program,
            SessionSettings settings, Pos at, String name, AtomicBoolean passed)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        int checkedAt = -1;
        while (true) {
            if (stop) {
                return End.of(StopReason.INTERRUPTED);
            }
            List<Round> rounds = session.rounds();
            int ok = (int) rounds.stream().filter(r -> r.status() == RoundStatus.OK).count();
            int failures = rounds.size() - ok;
            if (!rounds.isEmpty() && rounds.get(rounds.size() - 1).status() == RoundStatus.FAILED
                    && (fastfail != null || failures > settings.maxFailures())) {
                return End.of(StopReason.WORKLOAD_FAILED);
            }
            if (ok >= minRuns) {
                if (program != null) {
                    if ((ok - minRuns) % batch == 0 && checkedAt != ok) {
                        checkedAt = ok;
                        StopProgram.Verdict v;
                        try {
                            v = program.verdict(rounds, env());
                        } catch (ScriptException e) {
                            throw e;
                        } catch (IllegalArgumentException e) {
                            throw new ScriptException(at, "TEST " + name + ": " + e.getMessage());
                        }
                        if (v != StopProgram.Verdict.GO_ON) {
                            return end(v, rounds, program);
                        }
                    }
                } else if (!session.needsMoreRounds()) {
                    return End.of(StopReason.TARGET_MET);
                }
            }
            if (settings.maxRounds() > 0 && rounds.size() >= settings.maxRounds()) {
                return End.of(StopReason.ROUND_LIMIT);
            }
            if (passed.get() || settings.maxDuration() != null
                    && System.nanoTime() - started >= settings.maxDuration().toNanos()) {
                return End.of(StopReason.TIME_LIMIT);
            }
            Round r;
            try {
                r = session.runRound(workload, System::nanoTime, Clock.systemUTC());
            } catch (InterruptedException e) {
                if (stop) {
                    return End.of(StopReason.INTERRUPTED);
                }
                if (passed.get()) {
                    return End.of(StopReason.TIME_LIMIT); // the run max-time cut is dropped
                }
                throw e;
            }
            if (stop && r.status() == RoundStatus.FAILED) {
                return End.of(StopReason.INTERRUPTED); // killed by Ctrl-C: not the command's failure
            }
            workload.recorded(r);
            state.currentRuns = session.rounds().size();
            journal();
        }
    }

    private void finishTest(Session session, String name, String dirName, End end) throws IOException {
        SessionResult r = session.finish(end.reason());
        rememberLastTest(results.resolve(dirName).resolve(RunsCsv.FILE));
        state.finished.add(new CampaignState.Finished(name, dirName, session.rounds().size(), end.stop(),
                end.why()));
        state.currentStep = null;
        state.currentName = null;
        state.currentDir = null;
        step++;
        state.steps = step;
        state.vars = new LinkedHashMap<>(vars);
        journal();
        note("TEST " + name + ": " + session.rounds().size() + " runs in " + Formats.duration(r.seconds()) + ", "
                + end.why());
    }

    private void rememberLastTest(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            lastTest = Map.of();
            return;
        }
        double[] elapsed = SampleParser.Csv.readCsv(csv, "last").columns().get("elapsed");
        lastTest = elapsed == null ? Map.of() : ColumnStats.of("elapsed", elapsed, 0.95).variables();
    }

    private static String lastMessage(Session s) {
        List<Round> r = s.rounds();
        return r.isEmpty() || r.get(r.size() - 1).message() == null ? "failed" : r.get(r.size() - 1).message();
    }

    private Session open(Path dir, String name, SessionSettings settings, boolean continuing) throws IOException {
        if (continuing && Files.isDirectory(dir)) {
            try {
                return Session.resume(dir, s -> settings.toBuilder().build());
            } catch (IOException | RuntimeException e) {
                if (RunsCsv.rows(dir.resolve(RunsCsv.FILE)) > 0) {
                    throw e;
                }
                FileTrees.delete(dir); // killed while it was being created, before its first run: start it again
            }
        }
        return Session.create(settings, dir, name, environment == null ? null : environment.get());
    }

    private SessionSettings settings(List<Stmt.Option> options) {
        return TestSettings.of(options, this::sub);
    }

    private void checkCooling() throws IOException {
        new Cooling(cools, this).check(root);
    }

    /** Cools caches between runs (drop-caches and remount need root: checked before the TEST's first run). */
    void cool(Path dir) throws IOException, InterruptedException {
        new Cooling(cools, this).apply(dir.resolve("cool.out"));
    }

    private void requireOk(String command, int code, String what) throws IOException {
        if (code != 0) {
            throw new IOException(what + " '" + command + "' exited with " + code);
        }
    }

    private void runFastfail() throws IOException, InterruptedException {
        if (fastfail != null && !fastfail.isBlank()) {
            Path out = results.resolve("fastfail.out");
            String text = sub(fastfail);
            int code = shell(text, out, Map.of());
            note("FASTFAIL ran '" + text + "' (exit " + code + ", output in fastfail.out)");
        }
    }

    // ---- helpers ----

    List<MeasurementHook> hooks() {
        return hooks;
    }

    Map<String, String> env() {
        Map<String, String> e = new LinkedHashMap<>(env);
        e.put("PILOT_RESULTS_DIR", results.toString());
        return e;
    }

    Path scriptDir() {
        return scriptDir;
    }

    /** Runs {@code text} with {@code /bin/sh -c} in the script's directory, output to {@code out}; its exit code. */
    int shell(String text, Path out, Map<String, String> extraEnv) throws IOException, InterruptedException {
        Map<String, String> e = env();
        e.putAll(extraEnv);
        // one launcher, one command at a time: commands run one after another on the campaign's thread
        synchronized (shells) {
            return shells.run(new CommandRequest(List.of("/bin/sh", "-c", text), scriptDir, e, out, out, null))
                    .exitCode();
        }
    }

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

    private long integer(Word w, long min) {
        String v = sub(w.text());
        try {
            long n = Long.parseLong(v.strip());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ScriptException(w.pos(), "expected an integer >= " + min + ", found '" + v + "'"
                + (v.equals(w.text()) ? "" : " (from " + w.text() + ")"));
    }

    private double number(Word w) {
        String v = sub(w.text());
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new ScriptException(w.pos(), "expected a number, found '" + v + "'"
                    + (v.equals(w.text()) ? "" : " (from " + w.text() + ")"));
        }
    }

    private boolean holds(Stmt.Cond c) {
        List<String> w = c.words().stream().map(x -> sub(x.text())).toList();
        // a OP b on script values; a side that names a Getstats variable ($count) is a number of the last TEST,
        // so the comparison goes to the predicate evaluator, which compares numbers as numbers
        if (w.size() == 3 && Conditions.isOperator(w.get(1)) && !Predicate.isVariable(w.get(0))
                && !Predicate.isVariable(w.get(2))) {
            return Conditions.compare(w.get(0), w.get(1), w.get(2));
        }
        String expr = String.join(" ", w);
        try {
            return Predicate.parse(expr).holds(lastTest);
        } catch (IllegalArgumentException e) {
            throw new ScriptException(c.pos(), "expected a condition such as %X% == 1, found '" + expr + "' ("
                    + e.getMessage() + ")");
        }
    }

    private void journal() throws IOException {
        state.position = new ArrayList<>(position);
        java.util.Collections.reverse(state.position);
        if (state.currentStep == null) {
            state.vars = new LinkedHashMap<>(vars);
        }
        state.write(results.resolve(CampaignState.FILE));
    }

    private void note(String line) {
        if (err != null) {
            err.println("pilot: " + line);
            err.flush();
        }
    }

    private static String digest(Path script) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String text : ScriptParser.texts(script)) {
                md.update(text.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
