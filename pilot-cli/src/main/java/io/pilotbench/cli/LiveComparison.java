package io.pilotbench.cli;

import io.pilotbench.core.api.ComparisonDirectory;
import io.pilotbench.core.api.InterleavedComparison;
import io.pilotbench.core.api.RecordedComparison;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.compare.CompareSettings;
import io.pilotbench.core.compare.Comparison;
import io.pilotbench.core.compare.Contender;
import io.pilotbench.core.compare.Direction;
import io.pilotbench.core.compare.Gate;
import io.pilotbench.core.compare.PairComparison;
import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.Formats;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.process.CommandTemplate;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.PiSpec;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.RecordedCommand;
import io.pilotbench.report.ComparisonReport;
import io.pilotbench.report.Format;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * {@code pilot compare -- CMD_A ::: CMD_B} (and {@code --baseline SESSION -- CMD}): the commands run in interleaved
 * rounds, each into its own session directory, until the comparison is decided or a limit ends it.
 */
final class LiveComparison {

    /**
     * What a comparison leaves its caller ({@code pilot overhead}): the exit code, the workloads in the order given,
     * and the result, or null when it ended before one (a failed command, an error).
     */
    record Outcome(int code, List<String> workloads, InterleavedComparison.Result result) {
        Outcome {
            workloads = List.copyOf(workloads);
        }
    }

    private final CompareCommand cmd;

    LiveComparison(CompareCommand command) {
        this.cmd = command;
    }

    /** Runs the comparison; its directory is locked (one writer) until it ends. */
    Outcome run(CompareSettings settings, Gate gate, Format outputFormat) throws IOException, InterruptedException {
        for (String option : new String[] {"--column", "--delimiter", "--unit"}) {
            if (cmd.given(option)) {
                throw new IllegalArgumentException(option + " applies to stored files, not to commands");
            }
        }
        List<List<String>> commands = ComparisonDirectory.split(cmd.args);
        Contender base = cmd.baseline == null ? null : baselineContender();
        if (base == null && commands.size() < 2) {
            throw new IllegalArgumentException("only one command: a comparison needs two or more, separated by ::: "
                    + "(or --baseline SESSION_DIR)");
        }
        cmd.checkNames(commands.size());
        List<String> defaultPis = List.of();
        if (cmd.baseline != null && cmd.process.pis.isEmpty() && RecordedCommand.exists(Path.of(cmd.baseline))) {
            defaultPis = RecordedCommand.read(Path.of(cmd.baseline)).pis();
        }
        List<RecordedCommand> recorded = new ArrayList<>();
        for (List<String> command : commands) {
            recorded.add(cmd.process.record(command, defaultPis));
        }
        List<PiSpec> specs = ProcessOptions.specs(recorded.get(0).pis());
        SessionSettings sessionSettings = sessionSettings(specs, recorded);
        PerformanceIndex pi = cmd.metric == null
                ? specs.get(0).pi()
                : specs.stream()
                        .map(PiSpec::pi)
                        .filter(p -> p.name().equals(cmd.metric))
                        .findFirst()
                        .orElseThrow(
                                () -> new IllegalArgumentException("--metric: no PI named '" + cmd.metric + "' among "
                                        + specs.stream()
                                                .map(s -> "'" + s.pi().name() + "'")
                                                .toList()));
        if (base != null && !java.util.Objects.equals(base.pi().unit(), pi.unit())) {
            throw new IllegalArgumentException("mismatched units: the baseline " + cmd.baseline + " measures '"
                    + base.pi().name() + "' in " + base.pi().unit() + " but the candidate measures '" + pi.name()
                    + "' in " + pi.unit() + "; give --pi with the baseline's unit");
        }
        List<String> workloadNames = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            workloadNames.add(
                    cmd.names.isEmpty()
                            ? CommandTemplate.of(commands.get(i), cmd.process.shell)
                                    .toString()
                            : cmd.names.get(i));
        }
        workloadNames = ComparisonDirectory.unique(workloadNames, base == null ? Set.of() : Set.of(base.name()));
        ProcessLauncher launcher = ProcessLauncher.best();
        PrintWriter err = cmd.spec.commandLine().getErr();
        long overhead = ProcessOptions.calibrate(launcher, cmd.process.shell, cmd.report.quiet ? null : err);
        EnvironmentSnapshot environment =
                EnvironmentProbe.system().capture(Path.of("").toAbsolutePath());
        Path dir = outputDir();
        Long seed =
                cmd.shuffle == null ? null : cmd.shuffle == -1 ? new Random().nextLong() & Long.MAX_VALUE : cmd.shuffle;
        ComparisonDirectory.Plan plan = new ComparisonDirectory.Plan(
                workloadNames, pi.name(), cmd.direction(pi), cmd.baseline, cmd.metric, settings, seed, gate);
        try (ComparisonDirectory directory = ComparisonDirectory.create(dir, plan)) {
            List<InterleavedComparison.Entry> entries = new ArrayList<>();
            for (int i = 0; i < commands.size(); i++) {
                Session session = directory.createSession(i, sessionSettings, environment);
                Path sessionDir = directory.sessionDirectory(i);
                recorded.get(i).write(sessionDir);
                CommandWorkload w = cmd.process.workload(recorded.get(i), launcher, sessionDir, overhead);
                entries.add(new InterleavedComparison.Entry(workloadNames.get(i), session, w));
            }
            return interleave(
                    directory,
                    entries,
                    base,
                    settings,
                    cmd.direction(pi),
                    pi.name(),
                    sessionSettings,
                    gate,
                    outputFormat,
                    err);
        }
    }

    /** Every workload's session settings; refused when a command uses the work amount and none is given. */
    private SessionSettings sessionSettings(List<PiSpec> specs, List<RecordedCommand> recorded) {
        SessionSettings sessionSettings = cmd.sessionOptions
                .apply(SessionSettings.builder()
                        .pis(specs.stream().map(PiSpec::pi).toList()))
                .build();
        for (RecordedCommand r : recorded) {
            CommandTemplate t = CommandTemplate.of(r.words(), r.shell());
            if (t.usesWorkAmount() && sessionSettings.workAmount() == null && sessionSettings.fixedWorkAmount() == 0) {
                throw new IllegalArgumentException(CommandTemplate.WORK_AMOUNT + " is in '" + t + "' but no work "
                        + "amount is given: add --work-amount MIN:MAX (or a fixed --work-amount N)");
            }
        }
        return sessionSettings;
    }

    /** Runs the entries in interleaved cycles to the end, writes comparison.json, prints the report and warnings. */
    Outcome interleave(
            ComparisonDirectory directory,
            List<InterleavedComparison.Entry> entries,
            Contender base,
            CompareSettings settings,
            Direction direction,
            String piName,
            SessionSettings sessionSettings,
            Gate gate,
            Format outputFormat,
            PrintWriter err)
            throws IOException {
        InterleavedComparison run = directory.interleave(entries, base, settings, direction, piName);
        Long seed = directory.shuffleSeed();
        int firstCycle = directory.firstCycle();
        Path dir = directory.directory();
        List<String> workloadNames =
                entries.stream().map(InterleavedComparison.Entry::name).toList();
        ProgressLine line = new ProgressLine(err, cmd.report.mode());
        run.listener(p -> line.show(progressText(p)));
        if (!cmd.report.quiet) {
            err.println("pilot: " + (firstCycle > 0 ? "resuming the comparison of " : "comparing ")
                    + String.join(", ", workloadNames) + (base == null ? "" : " against " + base.name())
                    + " in interleaved rounds" + (seed == null ? "" : " (shuffled, seed " + seed + ")")
                    + "; results in " + dir
                    + " (Ctrl-C stops and keeps them)");
            err.flush();
        }
        InterleavedComparison.Result result;
        boolean cleanupInterrupted = false;
        try (AutoCloseable ignored = Interrupts.onInterrupt(() -> {
            run.requestStop();
            entries.forEach(e -> e.workload().cancel());
        })) {
            try {
                for (InterleavedComparison.Entry e : entries) {
                    String failed;
                    try {
                        failed = cmd.process.beforeRounds((CommandWorkload) e.workload());
                    } catch (InterruptedException stopped) {
                        // Ctrl-C or SIGTERM in --setup or the --warmup runs: no cycle ran (it was "internal error")
                        err.println("pilot: interrupted: " + e.name() + ": " + stopped.getMessage()
                                + " before the first cycle; pilot compare --resume " + dir + " starts it again");
                        return new Outcome(Interrupts.exitCode(), workloadNames, null);
                    }
                    if (failed != null) {
                        err.println("pilot: error: " + e.name() + ": " + failed);
                        return new Outcome(ExitCode.WORKLOAD_FAILED.code(), workloadNames, null);
                    }
                }
                result = run.run();
            } finally {
                // within the interrupt's registration: a signal during --cleanup stops the hook, not the JVM
                line.clear();
                cleanupInterrupted = cleanUp(entries, err);
            }
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        String limit = result.stopReason() == StopReason.TIME_LIMIT || result.stopReason() == StopReason.ROUND_LIMIT
                ? InterleavedComparison.limitWords(result.stopReason(), sessionSettings)
                : null;
        ComparisonReport rendered =
                new ComparisonReport(result.comparison(), result.stopReason(), result.seconds(), gate, limit);
        directory.writeResult(rendered.toMap());
        Colour.print(
                cmd.spec.commandLine().getOut(),
                outputFormat == Format.TEXT && Colour.onStdout(),
                o -> rendered.render(outputFormat, o));
        afterwards(entries, result.stopReason() == StopReason.WORKLOAD_FAILED, dir, err);
        return new Outcome(
                cleanupInterrupted
                        ? Interrupts.exitCode()
                        : cmd.exitCode(result.comparison(), result.stopReason(), gate),
                workloadNames,
                result);
    }

    /** Tidies every workload's rounds and runs its --cleanup; whether an interrupt stopped a cleanup. */
    private boolean cleanUp(List<InterleavedComparison.Entry> entries, PrintWriter err) throws IOException {
        boolean interruptedCleanup = false;
        for (InterleavedComparison.Entry e : entries) {
            ((CommandWorkload) e.workload()).tidyRounds();
            if (interruptedCleanup) {
                err.println("pilot: warning: " + e.name() + ": --cleanup not run after the interrupt");
                continue;
            }
            try {
                String failed = cmd.process.afterRounds((CommandWorkload) e.workload());
                if (failed != null) {
                    err.println("pilot: warning: " + e.name() + ": " + failed);
                }
            } catch (InterruptedException interrupted) {
                // not the thread's flag again: the result still has to be written, and an interrupted thread's
                // file channels close (nothing reached stdout or comparison.json)
                err.println("pilot: warning: " + e.name() + ": " + interrupted.getMessage()
                        + " by an interrupt; the rounds are recorded");
                interruptedCleanup = true;
            }
        }
        return interruptedCleanup;
    }

    /**
     * What stderr says after the report: processes a workload left running, and, when one failed, what the report's
     * "a workload failed (see stderr)" points to, as pilot run's "Failed rounds": each failed or timed-out round
     * (three per workload at most), why, and its session.
     */
    private static void afterwards(
            List<InterleavedComparison.Entry> entries, boolean failed, Path dir, PrintWriter err) {
        for (InterleavedComparison.Entry e : entries) {
            String left = ((CommandWorkload) e.workload()).leftProcessesWarning();
            if (left != null) {
                err.println("pilot: warning: " + e.name() + ": " + left);
            }
            List<io.pilotbench.core.model.Round> bad = e.session().rounds().stream()
                    .filter(r -> r.status() == io.pilotbench.core.model.RoundStatus.FAILED
                            || r.status() == io.pilotbench.core.model.RoundStatus.TIMED_OUT)
                    .toList();
            if (bad.isEmpty()) {
                continue;
            }
            if (!failed) {
                // within --max-failures: the report counts only the rounds that worked (a "rounds 0" row for a
                // command whose every round timed out, and no word why)
                err.println("pilot: warning: " + e.name() + ": " + bad.size() + " of "
                        + e.session().rounds().size() + " rounds failed or timed out and are left out of its analysis");
            }
            bad.stream()
                    .limit(3)
                    .forEach(r -> err.println("pilot: " + e.name() + ": round " + r.index() + " "
                            + r.status()
                                    .name()
                                    .toLowerCase(java.util.Locale.ROOT)
                                    .replace('_', ' ') + ": "
                            + r.message() + " (its session: "
                            + dir.resolve(e.session().result().directory().getFileName()) + ")"));
        }
        err.flush();
    }

    private Contender baselineContender() {
        return baselineContender(cmd.baseline);
    }

    /** The recorded session at {@code path} as the baseline contender, analysed with the precision given now. */
    Contender baselineContender(String path) {
        Path dir = Path.of(path);
        if (!SessionReader.isSession(dir)) {
            if (io.pilotbench.core.store.CompareRecord.exists(dir)) {
                // a comparison's directory (pilot compare -o DIR): its sessions are its subdirectories
                throw new InputException("--baseline: " + path + " is a comparison's directory, not a session; give "
                        + "one of its workloads' sessions (" + Path.of(path, "1-NAME") + ", …)");
            }
            throw new InputException("--baseline: " + SessionReader.whyNotASession(dir));
        }
        SessionOptions.Precision precision = cmd.precision();
        Contender c = new RecordedComparison(
                        s -> precision.applyTo(s.toBuilder()).build(), precision.toAnalysisSettings(), cmd.metric)
                .contender(new RecordedComparison.SessionDirectory(path, "baseline"));
        if (!c.valid()) {
            throw new InputException("--baseline: " + path + " has no confidence interval for '" + c.pi().name() + "' ("
                    + c.n() + " samples); resume it (pilot run --resume " + path + ") or pick another");
        }
        return c;
    }

    /** -o (new, or empty), or a new pilot-results/YYYYMMDD-HHMMSS-compare. */
    private Path outputDir() throws IOException {
        return cmd.output != null ? Path.of(cmd.output) : OutputDirs.claimNew("compare");
    }

    /** "cycle 12 · A 1.23 ms ± 2.1% · B 1.30 ms ± 1.9% · A vs B p = 0.03, ~40 more rounds each". */
    static String progressText(InterleavedComparison.Progress p) {
        List<String> parts = new ArrayList<>();
        parts.add("cycle " + (p.cycle() + 1));
        Comparison c = p.comparison();
        for (Contender x : c.contenders()) {
            if (!x.live()) {
                continue;
            }
            String mean = Double.isFinite(x.mean()) ? Formats.quantity(x.mean(), x.pi().unit(), x.mean()) : "-";
            parts.add(x.name() + " " + mean
                    + (x.ci() == null
                            ? " (no CI yet)"
                            : " ± " + Formats.significant(100 * x.ci().halfWidth() / Math.abs(x.mean()), 2) + "%"));
        }
        for (PairComparison pair : c.adjacent()) {
            if (pair.verdict().decided() || pair.welch() == null) {
                continue;
            }
            long more = Comparison.moreRounds(pair);
            parts.add(pair.a().name() + " vs " + pair.b().name() + " p = "
                    + Formats.significant(pair.p(c.settings().test()), 2)
                    + (more < 0 ? "" : ", ~" + more + " more rounds"));
        }
        parts.add(Formats.duration(p.seconds()));
        return String.join(" · ", parts);
    }
}
