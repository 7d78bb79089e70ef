package io.pilotbench.script;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.files.FileTrees;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One TEST of a running campaign (Auto-pilot, Wright et al., USENIX ATC 2005 FREENIX, §3.1): its body evaluated into
 * a {@link Plan}, its Pilot session opened (or continued after a crash), PRESETUP, the runs until its stop program,
 * Pilot's precision target or a limit ends it, POSTCLEANUP, and its end journaled. Separate from {@link Campaign},
 * which interprets the script around the TESTs: this class holds what one TEST needs while it runs; one run of it is
 * a {@link TestRun}.
 */
final class TestStep {
    /** What a TEST does, once its body's VAR, IF, OPTION lines have been evaluated. */
    static final class Plan {
        final List<String> setup = new ArrayList<>();
        final List<String> cleanup = new ArrayList<>();
        final List<String> presetup = new ArrayList<>();
        final List<String> postcleanup = new ArrayList<>();
        final List<Stmt.Command> exec = new ArrayList<>();
        final List<Stmt.Option> options = new ArrayList<>();
    }

    private final Campaign campaign;
    private final Scope scope;
    private final Progress progress;
    private final Commands commands;
    private final Stmt.Test test;
    private final Plan plan = new Plan();
    private String name;
    private int minRuns;
    private int batch;
    /** The TEST's session directory, {@code NNN-name}, and its path. */
    private String dirName;

    private Path dir;
    private SessionSettings settings;
    /** The TEST's stop program; null without one. */
    private StopProgram program;

    private RunsCsv runs;

    TestStep(Campaign campaign, Scope scope, Progress progress, Commands commands, Stmt.Test test) {
        this.campaign = campaign;
        this.scope = scope;
        this.progress = progress;
        this.commands = commands;
        this.test = test;
    }

    /** Runs the TEST, or passes over it while a resume replays the steps completed before. */
    void run() throws IOException, InterruptedException {
        name = scope.sub(test.name().text());
        collect(test.body());
        if (plan.exec.size() != 1) {
            throw new ScriptException(
                    plan.exec.isEmpty() ? test.pos() : plan.exec.get(1).pos(),
                    "expected exactly one EXEC in TEST " + name + " (got " + plan.exec.size() + ")");
        }
        minRuns = test.minRuns() == null ? 1 : (int) scope.integer(test.minRuns(), 1);
        batch = test.batch() == null ? 0 : (int) scope.integer(test.batch(), 1);
        dirName = String.format(Locale.ROOT, "%03d-%s", progress.step(), name.replaceAll("[^A-Za-z0-9._-]", "_"));
        dir = campaign.results().resolve(dirName);
        Path csv = dir.resolve(RunsCsv.FILE);
        scope.set("RESULTS", csv.toString());
        if (progress.replaying()) {
            scope.rememberLastTest(csv); // as it was when this TEST ended, so that conditions replay the same way
            progress.skipStep();
            return;
        }
        settings = TestSettings.of(plan.options, scope::sub);
        program = stopProgram();
        Session session = start(csv);
        try (ThreadedRun exec = new ThreadedRun(campaign.threads(), campaign.beforeBarrier)) {
            commands.running(exec);
            measure(session, exec);
        } finally {
            commands.running(null);
        }
    }

    private void collect(List<Stmt> body) throws IOException, InterruptedException {
        for (Stmt s : body) {
            if (s instanceof Stmt.Command c) {
                scope.at(c.pos());
                scope.sub(c.text()); // every %VAR% set: refused here, before the TEST's first run, not in a run
                switch (c.kind()) {
                    case SETUP -> plan.setup.add(c.text());
                    case CLEANUP -> plan.cleanup.add(c.text());
                    case PRESETUP -> plan.presetup.add(c.text());
                    case POSTCLEANUP -> plan.postcleanup.add(c.text());
                    case EXEC -> plan.exec.add(c);
                    default -> throw new IllegalStateException();
                }
            } else if (s instanceof Stmt.Option o) {
                plan.options.add(o);
            } else if (s instanceof Stmt.If i) {
                boolean done = false;
                for (Stmt.Branch b : i.branches()) {
                    if (scope.holds(b.cond())) {
                        collect(b.body());
                        done = true;
                        break;
                    }
                }
                if (!done) {
                    collect(i.otherwise());
                }
            } else {
                campaign.statement(s);
            }
        }
    }

    /** The TEST's stop program, checked before anything of the TEST runs; null without one. */
    private StopProgram stopProgram() {
        if (test.program() == null) {
            return null;
        }
        try {
            StopProgram p = new StopProgram(scope.sub(test.program()), campaign.scriptDir());
            p.check(scope.env());
            return p;
        } catch (ScriptException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScriptException(test.pos(), "TEST " + name + ": " + e.getMessage());
        }
    }

    /** Journals the TEST as the one in progress, checks its cooling, and opens its session and its runs.csv. */
    private Session start(Path csv) throws IOException {
        CampaignState state = progress.state();
        boolean continuing = state.currentStep != null && state.currentStep == progress.step();
        state.currentStep = progress.step();
        state.currentName = name;
        state.currentDir = dirName;
        state.currentRuns = 0;
        progress.journal();
        campaign.checkCooling();
        Session session = open(continuing);
        List<String> hookColumns = new ArrayList<>();
        for (MeasurementHook h : campaign.hooks()) {
            hookColumns.addAll(h.columns());
        }
        runs = RunsCsv.open(csv, hookColumns, session.rounds().size());
        campaign.note("TEST " + name + ": "
                + (continuing ? "continuing after " + session.rounds().size() + " runs, " : "")
                + (campaign.threads() > 1 ? campaign.threads() + " copies at once, " : "") + "until "
                + (program == null ? "Pilot's precision target" : program + " says stop") + "; in " + dirName);
        return session;
    }

    private Session open(boolean continuing) throws IOException {
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
        return Session.create(settings, dir, name, campaign.snapshot());
    }

    /** PRESETUP once, the runs, POSTCLEANUP; the end recorded, or the campaign aborted (FASTFAIL, a stop). */
    private void measure(Session session, ThreadedRun exec) throws IOException, InterruptedException {
        String presetupFailed = session.rounds().isEmpty() ? presetup(session) : null;
        TestEnd end;
        if (presetupFailed != null) {
            // the TEST cannot run: it failed, as a failed run fails it (FASTFAIL, exit code 4), not the campaign's
            // usage (exit 2, the FASTFAIL command not run, the TESTs after it skipped)
            end = new TestEnd(StopReason.WORKLOAD_FAILED, StopReason.WORKLOAD_FAILED.name(), presetupFailed, false);
        } else {
            TestRun workload = new TestRun(
                    campaign, exec, plan, dir, runs, scope.sub(plan.exec.get(0).text()));
            workload.catchUp(session.rounds());
            end = loop(session, workload);
        }
        StopReason reason = end.reason();
        if (reason == StopReason.WORKLOAD_FAILED && campaign.fastfail() != null) {
            finish(session, end);
            campaign.failed();
            progress.state().failed = true;
            progress.journal();
            campaign.note(failure(session, presetupFailed) + "; FASTFAIL stops the campaign (results kept in " + dirName
                    + ")");
            campaign.runFastfail();
            throw new Campaign.Abort(Campaign.FAILED);
        }
        if (reason == StopReason.INTERRUPTED) {
            session.close();
            throw new Campaign.Abort(Campaign.STOPPED);
        }
        for (String c : plan.postcleanup) {
            int code = campaign.shell(scope.sub(c), dir.resolve("postcleanup.out"), Map.of());
            if (code != 0) {
                // as pilot run --cleanup: said, and the results kept (the runs were measured before it)
                campaign.note("TEST " + name + ": POSTCLEANUP '" + c + "' exited with " + code + " (output in "
                        + dirName + "/postcleanup.out)");
            }
        }
        if (end.limit()) {
            campaign.limitHit();
        }
        if (reason == StopReason.WORKLOAD_FAILED) {
            campaign.failed();
            // why, as the FASTFAIL path says it: else the reason (an exit code, a COOL that could not run) is only
            // in rounds.csv
            campaign.note(failure(session, presetupFailed) + "; the campaign goes on (FASTFAIL would stop it)");
        }
        finish(session, end);
    }

    /** What failed in the TEST, in words: its PRESETUP, or its last run with the reason recorded. */
    private String failure(Session session, String presetupFailed) {
        return "TEST " + name + ": "
                + (presetupFailed != null
                        ? presetupFailed
                        : "run " + session.rounds().size() + " failed: "
                                + lastMessage(session).strip().replaceAll("\\s*\\n\\s*", " / "));
    }

    /** Runs the PRESETUP commands; what failed ("PRESETUP 'x' exited with 1 …"), or null when all succeeded. */
    private String presetup(Session session) throws IOException, InterruptedException {
        for (String c : plan.presetup) {
            int code = campaign.shell(scope.sub(c), dir.resolve("presetup.out"), Map.of());
            if (campaign.stopRequested()) {
                session.close();
                throw new Campaign.Abort(Campaign.STOPPED);
            }
            if (code != 0) {
                return "PRESETUP '" + c + "' exited with " + code + " (output in " + dirName + "/presetup.out)";
            }
        }
        return null;
    }

    /**
     * Runs the TEST's runs until its end. Its max-time bounds it also in the middle of a run, as {@code pilot run
     * --max-time} does: when it passes, the SETUP, EXEC or CLEANUP running is killed with its process group and the
     * run is dropped, as one not started.
     */
    private TestEnd loop(Session session, TestRun workload) throws IOException, InterruptedException {
        try (Commands.Deadline deadline = commands.deadline(settings.maxDuration())) {
            return loop(session, workload, deadline);
        }
    }

    private TestEnd loop(Session session, TestRun workload, Commands.Deadline deadline)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        int checkedAt = -1;
        while (true) {
            if (campaign.stopRequested()) {
                return TestEnd.of(StopReason.INTERRUPTED);
            }
            List<Round> rounds = session.rounds();
            int ok = (int)
                    rounds.stream().filter(r -> r.status() == RoundStatus.OK).count();
            int failures = rounds.size() - ok;
            if (!rounds.isEmpty()
                    && rounds.get(rounds.size() - 1).status() == RoundStatus.FAILED
                    && (campaign.fastfail() != null || failures > settings.maxFailures())) {
                return TestEnd.of(StopReason.WORKLOAD_FAILED);
            }
            if (ok >= minRuns) {
                if (program != null) {
                    if ((ok - minRuns) % batch == 0 && checkedAt != ok) {
                        checkedAt = ok;
                        StopProgram.Verdict v = verdict(rounds);
                        if (v != StopProgram.Verdict.GO_ON) {
                            return TestEnd.of(v, rounds, program);
                        }
                    }
                } else if (!session.needsMoreRounds()) {
                    return TestEnd.of(StopReason.TARGET_MET);
                }
            }
            if (settings.maxRounds() > 0 && rounds.size() >= settings.maxRounds()) {
                return TestEnd.of(StopReason.ROUND_LIMIT);
            }
            if (deadline.passed()
                    || settings.maxDuration() != null
                            && System.nanoTime() - started
                                    >= settings.maxDuration().toNanos()) {
                return TestEnd.of(StopReason.TIME_LIMIT);
            }
            TestEnd cut = runRound(session, workload, deadline);
            if (cut != null) {
                return cut;
            }
        }
    }

    /** The stop program's verdict on the runs so far; its mistakes are the TEST line's. */
    private StopProgram.Verdict verdict(List<Round> rounds) throws IOException, InterruptedException {
        try {
            return program.verdict(rounds, scope.env());
        } catch (ScriptException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ScriptException(test.pos(), "TEST " + name + ": " + e.getMessage());
        }
    }

    /** Runs one run and journals it; the end of the TEST when a stop or its max-time cut the run, else null. */
    private TestEnd runRound(Session session, TestRun workload, Commands.Deadline deadline)
            throws IOException, InterruptedException {
        Round r;
        try {
            r = session.runRound(workload, System::nanoTime, Clock.systemUTC());
        } catch (InterruptedException e) {
            if (campaign.stopRequested()) {
                return TestEnd.of(StopReason.INTERRUPTED);
            }
            if (deadline.passed()) {
                return TestEnd.of(StopReason.TIME_LIMIT); // the run max-time cut is dropped
            }
            throw e;
        }
        if (campaign.stopRequested() && r.status() == RoundStatus.FAILED) {
            return TestEnd.of(StopReason.INTERRUPTED); // killed by Ctrl-C: not the command's failure
        }
        workload.recorded(r);
        progress.state().currentRuns = session.rounds().size();
        progress.journal();
        return null;
    }

    private void finish(Session session, TestEnd end) throws IOException {
        // what the stop program decided, for the session's own reports (its reason alone reads as Pilot's rule)
        SessionResult r = session.finish(end.reason(), end.byProgram() ? end.why() : null);
        scope.rememberLastTest(dir.resolve(RunsCsv.FILE));
        CampaignState state = progress.state();
        state.finished.add(
                new CampaignState.Finished(name, dirName, session.rounds().size(), end.stop(), end.why()));
        state.currentStep = null;
        state.currentName = null;
        state.currentDir = null;
        progress.stepDone();
        campaign.note("TEST " + name + ": " + session.rounds().size() + " runs in " + Formats.duration(r.seconds())
                + ", " + end.why());
    }

    private static String lastMessage(Session s) {
        List<Round> r = s.rounds();
        return r.isEmpty() || r.get(r.size() - 1).message() == null
                ? "failed"
                : r.get(r.size() - 1).message();
    }
}
