package io.pilotbench.cli;

import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.store.SessionReader;
import io.pilotbench.process.CommandTemplate;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.PiSpec;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.RecordedCommand;
import io.pilotbench.report.Format;
import io.pilotbench.report.RunReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot run}: benchmark a command, round after round, until its result is as precise as asked. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Run COMMAND round after round until the confidence interval of every required performance index (PI) "
                    + "is narrow enough, then report the mean, its CI and how it was reached.",
            "",
            "Without --pi the PI is the wall-clock time of a round, measured with a monotonic clock around the "
                    + "process (no shell in between unless --shell). Each round also records the exit code, user and "
                    + "system CPU time and peak RSS of the command and its descendants (where the platform allows). "
                    + "With a --work-amount range the wall time per round mixes work amounts: it is reported but is no "
                    + "target, and the work-per-second regression is (--wps required).",
            "",
            "Placeholders in COMMAND: %%WORK_AMOUNT%% (the round's work amount, with --work-amount) and "
                    + "%%RESULT_DIR%% (a fresh directory per round, inside the session). The child also gets PILOT_ROUND, "
                    + "PILOT_WORK_AMOUNT and PILOT_RESULT_DIR in its environment.",
            "",
            "Results are written as they are measured, in a session directory: a killed run can be analysed "
                    + "(pilot analyze DIR) and resumed (pilot run --resume DIR). Ctrl-C stops the running round, prints "
                    + "the report marked interrupted and exits with 130; a second Ctrl-C exits at once.",
            ""
        },
        footerHeading = "%nPI forms (--pi):%n",
        footer = {
            "  \"latency,ms,2,0,1\"",
            "      the original Pilot's name,unit,column,type,must_satisfy: column 2",
            "      (0-based) of the last output line; type 0 ordinary, 1 ratio, 2 binary",
            "  \"name=latency,unit=ms,column=2\"",
            "      the same with keys",
            "  \"name=tput,unit=MB/s,kind=ratio,regex=([0-9.]+) MB/s\"",
            "      group 1 of the last match in the output",
            "  \"name=p99,unit=ms,json=$.latency.p99\"",
            "      a JSON path (or Pointer /latency/p99) in the output",
            "  \"name=op,unit=us,unit-readings=ops.txt\"",
            "      unit readings: one value per line of %%RESULT_DIR%%/ops.txt",
            "      (ur-column=K|NAME for a column of a CSV);",
            "      must=readings|unit-readings|both|none",
            "  wall",
            "      the round's wall-clock time in seconds (the default PI)",
            "",
            "Examples:",
            "  pilot run -- sleep 0.1",
            "  pilot run --ci-width 2%% --max-time 5m -- ./build.sh",
            "  pilot run --pi 'name=tput,unit=MB/s,kind=ratio,regex=([0-9.]+) MB/s' \\",
            "      -- ./disk-bench --size 1G",
            "  pilot run --work-amount 1000:1000000 -- ./loop %%WORK_AMOUNT%%",
            "  pilot run --format json -o results/sleep -- sleep 0.01 > sleep.json",
            "  pilot run --resume results/sleep --max-time 10m",
            "",
            "Exit codes:",
            "  0    the target was met",
            "  3    a limit (--max-rounds, --max-time) stopped the session first",
            "       (results are still written)",
            "  7    a limit stopped the session while its readings showed no steady",
            "       state (they still trend, shift, or hold a warm-up not yet cut):",
            "       the CI describes what was measured, not a steady level",
            "  4    the command failed more often than --max-failures allows",
            "  6    --monitor: a component other than the one under test passed the",
            "       utilisation limit (the target was met, but the result may be bound",
            "       by that component)",
            "  2    bad usage, bad input, or an unusable output directory (full,",
            "       read-only, in use by another pilot)",
            "  130  interrupted by Ctrl-C; 143 by SIGTERM (the session can be resumed)",
            "  1    internal error (a bug: please report it)"
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProcessOptions process;

    @Mixin
    SessionOptions sessionOptions;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "DIR",
            order = 40,
            description = "The session directory (new or empty). Default: pilot-results/<date>-<time>-<command>.")
    String output;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            order = 41,
            description = "The session's name in reports. Default: the command line.")
    String name;

    @Mixin
    ReportOptions report;

    @Option(
            names = "--resume",
            paramLabel = "DIR",
            order = 46,
            description = "Continue the interrupted session in DIR with its recorded command and settings; "
                    + "precision and limit options given now replace the recorded ones, and limits count the whole "
                    + "session, its rounds and time before the interrupt included (after 10 minutes, --max-time 20m "
                    + "gives it 10 more).")
    String resume;

    @Mixin
    MonitorOptions monitorOptions;

    @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "The command and its arguments (after --).")
    List<String> command = new ArrayList<>();

    @Mixin
    ParameterScan scan;

    /** The result of the latest session this command ran, for a scan's table; null before one ends. */
    private SessionResult lastResult;
    /** Whether an interrupt stopped --setup or the --warmup runs (no round ran), or the --cleanup after the rounds. */
    private boolean interruptedBeforeRounds;

    private boolean cleanupInterrupted;

    @Override
    public Integer call() throws Exception {
        return scan.active() ? scan() : single();
    }

    /**
     * -P or -L: a session per value, in DIR/NAME=VALUE, with {NAME} replaced in the command, the hooks and the name;
     * each session's report (in text; only the scan's table in the other formats), then the scan's table.
     */
    private int scan() throws Exception {
        if (resume != null) {
            throw new IllegalArgumentException("--resume continues one session; resume a scan's sessions one by one "
                    + "(pilot run --resume DIR/NAME=VALUE)");
        }
        String parameter = scan.parameter();
        List<String> values = scan.values();
        if (command.stream().noneMatch(w -> w.contains("{" + parameter + "}"))) {
            throw new IllegalArgumentException("the command does not use {" + parameter + "}: put it where the value "
                    + "goes, e.g. pilot run -P threads 1 8 -- ./bench --threads {threads}");
        }
        Path base = output != null ? Path.of(output) : OutputDirs.claimNew("scan-" + parameter);
        Files.createDirectories(base);
        List<String> words = List.copyOf(command);
        String setup = process.setup;
        String prepare = process.prepare;
        String cleanup = process.cleanup;
        String given = name;
        PrintWriter out = spec.commandLine().getOut();
        List<ParameterScan.Row> rows = new ArrayList<>();
        try {
            for (String value : values) {
                command = words.stream()
                        .map(w -> ParameterScan.substitute(w, parameter, value))
                        .toList();
                process.setup = ParameterScan.substitute(setup, parameter, value);
                process.prepare = ParameterScan.substitute(prepare, parameter, value);
                process.cleanup = ParameterScan.substitute(cleanup, parameter, value);
                name = ParameterScan.substitute(given, parameter, value);
                output = base.resolve(ParameterScan.directory(parameter, value)).toString();
                lastResult = null;
                if (report.format() != Format.TEXT) {
                    spec.commandLine().setOut(new PrintWriter(java.io.Writer.nullWriter()));
                }
                int code;
                try {
                    code = single();
                } finally {
                    spec.commandLine().setOut(out);
                }
                rows.add(new ParameterScan.Row(value, code, lastResult));
                if (code == ExitCode.INTERRUPTED.code() || code == ExitCode.TERMINATED.code()) {
                    break; // the user stopped the scan
                }
            }
        } finally {
            command = words;
        }
        ParameterScan.report(parameter, rows, base, report.format(), out);
        return ParameterScan.exitCode(rows);
    }

    private int single() throws Exception {
        Format outputFormat = report.format();
        ProgressLine.Mode mode = report.mode();
        RunMonitor.Setup monitoring = monitorOptions.setup();
        Prepared p = resume != null ? resumed() : fresh();
        PrintWriter err = spec.commandLine().getErr();
        ProgressLine line = new ProgressLine(err, mode);
        RunMonitor monitored = monitoring == null
                ? null
                : monitoring.start(p.workload, p.session.result().directory(), notes());
        Pilot pilot = Pilot.of(p.session.settings(), monitored != null ? monitored.workload() : p.workload)
                .listener(line);
        SessionResult result;
        try {
            result = rounds(p, pilot, err);
        } catch (Exception e) {
            line.clear();
            try {
                p.session.close(); // records it as interrupted, when the disk still takes it
                p.workload.tidyRounds();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        if (result == null) {
            return interruptedBeforeRounds ? Interrupts.exitCode() : ExitCode.WORKLOAD_FAILED.code();
        }
        line.clear();
        p.session.close();
        p.workload.tidyRounds();
        return report(p, result, monitored, outputFormat);
    }

    /**
     * The hooks and the rounds, which Ctrl-C stops: the start line, --setup and --prepare, the session, and the
     * cleanup hooks however it ended. Null when a hook before the rounds failed (said on stderr; the session is
     * closed), the session's result otherwise.
     */
    private SessionResult rounds(Prepared p, Pilot pilot, PrintWriter err) throws Exception {
        try (AutoCloseable ignored = Interrupts.onInterrupt(() -> {
            pilot.requestStop();
            p.workload.cancel();
        })) {
            if (!report.quiet) {
                err.println("pilot: " + (resume != null ? "resuming" : "running") + " " + p.template
                        + " until " + SessionOptions.goal(p.session.settings()) + "; session in "
                        + p.session.result().directory() + " (Ctrl-C stops it and keeps the results)");
                err.flush();
            }
            String failed;
            try {
                failed = process.beforeRounds(p.workload);
            } catch (InterruptedException e) {
                // Ctrl-C or SIGTERM in --setup or the --warmup runs: no round ran, the session stays resumable
                p.session.close();
                p.workload.tidyRounds();
                err.println("pilot: interrupted: " + e.getMessage() + " before the first round; pilot run --resume "
                        + p.session.result().directory() + " starts it again");
                interruptedBeforeRounds = true;
                return null;
            }
            if (failed != null) {
                p.session.close();
                p.workload.tidyRounds();
                String cleanupFailed = process.afterRounds(p.workload);
                err.println("pilot: error: " + failed + (cleanupFailed == null ? "" : "; then " + cleanupFailed));
                return null;
            }
            try {
                SessionResult result = pilot.run(p.session);
                lastResult = result;
                return result;
            } finally {
                String cleanupFailed;
                try {
                    cleanupFailed = process.afterRounds(p.workload);
                } catch (InterruptedException e) {
                    // the rounds are recorded and reported; only the hook did not finish
                    cleanupFailed = e.getMessage() + " by an interrupt; the rounds are recorded";
                    cleanupInterrupted = true;
                }
                if (cleanupFailed != null) {
                    err.println("pilot: warning: " + cleanupFailed);
                }
            }
        }
    }

    /**
     * The report on stdout (with --monitor, its figures too), a warning about processes the command left, and the
     * exit code.
     */
    private int report(Prepared p, SessionResult result, RunMonitor monitored, Format outputFormat) throws IOException {
        int code = reportedCode(p, result, monitored, outputFormat);
        return cleanupInterrupted ? Interrupts.exitCode() : code;
    }

    private int reportedCode(Prepared p, SessionResult result, RunMonitor monitored, Format outputFormat)
            throws IOException {
        Path dir = p.session.result().directory();
        Map<String, Object> monitorJson = monitored == null ? Map.of() : Map.of("monitor", monitored.finish(dir));
        Colour.print(
                spec.commandLine().getOut(),
                outputFormat == Format.TEXT && Colour.onStdout(),
                o -> RunReport.render(
                        result,
                        p.session.rounds(),
                        p.template.toString(),
                        RoundsTiming.line(p.workload, p.launcher),
                        outputFormat,
                        o,
                        monitorJson));
        String left = p.workload.leftProcessesWarning();
        if (left != null) {
            spec.commandLine().getErr().println("pilot: warning: " + left);
        }
        String wallTime = PiSpec.wallTime().pi().name();
        String tooShort =
                result.settings().pis().stream().anyMatch(pi -> pi.name().equals(wallTime))
                        ? RoundsTiming.shorterThanTheShell(p.workload, p.session.rounds())
                        : null; // the wall time is not a PI: its cut rounds bias nothing reported
        if (tooShort != null) {
            spec.commandLine().getErr().println("pilot: warning: " + tooShort);
        }
        if (monitored != null) {
            if (outputFormat == Format.TEXT) {
                monitored.print(spec.commandLine().getOut(), dir);
            }
            if (monitored.suspected() && result.stopReason() == StopReason.TARGET_MET) {
                return ExitCode.BOTTLENECK.code();
            }
        }
        return switch (result.stopReason()) {
            case TARGET_MET -> ExitCode.OK.code();
            case ROUND_LIMIT, TIME_LIMIT ->
                result.steadyStateProblem() != null ? ExitCode.NO_STEADY_STATE.code() : ExitCode.LIMIT.code();
            // not the end of a run: a comparison's; its own target was not met
            case COMPARISON_DECIDED -> ExitCode.LIMIT.code();
            case WORKLOAD_FAILED -> ExitCode.WORKLOAD_FAILED.code();
            case INTERRUPTED -> Interrupts.exitCode();
            case RUNNING -> ExitCode.FAILURE.code();
        };
    }

    /** What a session needs to run. */
    private record Prepared(
            Session session,
            CommandWorkload workload,
            CommandTemplate template,
            RecordedCommand recorded,
            ProcessLauncher launcher) {}

    private Prepared fresh() throws IOException, InterruptedException {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run: put it after --, e.g. pilot run -- sleep 0.1");
        }
        RecordedCommand recorded = process.record(command, List.of());
        CommandTemplate template = CommandTemplate.of(command, recorded.shell());
        List<PiSpec> specs = ProcessOptions.specs(recorded.pis());
        SessionSettings settings = sessionOptions.defaultTargets(
                sessionOptions
                        .apply(SessionSettings.builder()
                                .pis(specs.stream().map(PiSpec::pi).toList()))
                        .build(),
                !recorded.pis().isEmpty());
        if (template.usesWorkAmount() && settings.workAmount() == null && settings.fixedWorkAmount() == 0) {
            throw new IllegalArgumentException(CommandTemplate.WORK_AMOUNT + " is in the command but no work amount "
                    + "is given: add --work-amount MIN:MAX (or a fixed --work-amount N)");
        }
        ProcessLauncher launcher = ProcessLauncher.best();
        long overhead = ProcessOptions.calibrate(launcher, template.shell(), notes());
        Path dir = outputDir(template);
        Session session = Session.create(
                settings,
                dir,
                name != null ? name : template.toString(),
                EnvironmentProbe.system().capture(Path.of("").toAbsolutePath()));
        recorded.write(dir);
        return new Prepared(session, process.workload(recorded, launcher, dir, overhead), template, recorded, launcher);
    }

    private Prepared resumed() throws IOException, InterruptedException {
        if (!command.isEmpty()) {
            throw new IllegalArgumentException(
                    "--resume runs the recorded command; do not give one ('" + String.join(" ", command) + "')");
        }
        List<String> fixed = new ArrayList<>(List.of(ProcessOptions.RECORDED));
        fixed.addAll(List.of("--name", "--output"));
        for (String option : fixed) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new IllegalArgumentException(
                        option + " cannot change when a session is resumed; start a new " + "session instead");
            }
        }
        Path dir = Path.of(resume);
        if (!SessionReader.isSession(dir)) {
            throw new InputException(SessionReader.whyNotASession(dir));
        }
        if (!RecordedCommand.exists(dir)) {
            throw new InputException(resume + " was not recorded by pilot run (no " + RecordedCommand.FILE
                    + "), so there is no command to resume; pilot analyze still reads it");
        }
        RecordedCommand recorded = RecordedCommand.read(dir);
        CommandTemplate template = CommandTemplate.of(recorded.words(), recorded.shell());
        List<PiSpec> specs = ProcessOptions.specs(recorded.pis());
        ProcessLauncher launcher = ProcessLauncher.best();
        long overhead = ProcessOptions.calibrate(launcher, template.shell(), notes());
        Session session = Session.resume(
                dir,
                sessionOptions.overrides(SessionSettings.builder()
                        .pis(specs.stream().map(PiSpec::pi).toList())
                        .build()));
        return new Prepared(session, process.workload(recorded, launcher, dir, overhead), template, recorded, launcher);
    }

    /** Where notes go: stderr, or nowhere with --quiet. */
    private PrintWriter notes() {
        return report.quiet ? null : spec.commandLine().getErr();
    }

    /** -o, or a new pilot-results/YYYYMMDD-HHMMSS-<program>. */
    private Path outputDir(CommandTemplate template) throws IOException {
        return output != null
                ? Path.of(output)
                : OutputDirs.claimNew(
                        Path.of(template.words().get(0)).getFileName().toString());
    }
}
