package io.pilotbench.cli;

import io.pilotbench.core.api.PerformanceIndex;
import io.pilotbench.core.api.Pilot;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.api.SessionResult;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.input.InputException;
import io.pilotbench.core.process.CommandTemplate;
import io.pilotbench.core.process.CommandWorkload;
import io.pilotbench.core.process.PiSpec;
import io.pilotbench.core.process.ProcessLauncher;
import io.pilotbench.core.process.RecordedCommand;
import io.pilotbench.core.process.ShellCalibration;
import io.pilotbench.core.report.Format;
import io.pilotbench.core.report.RunReport;
import io.pilotbench.core.store.SessionReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pilot run}: benchmark a command, round after round, until its result is as precise as asked. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Run COMMAND round after round until the confidence interval of every required performance index (PI) "
                + "is narrow enough, then report the mean, its CI and how it was reached.",
            "",
            "Without --pi the PI is the wall-clock time of a round, measured with a monotonic clock around the "
                + "process (no shell in between unless --shell). Each round also records the exit code, user and "
                + "system CPU time and peak RSS of the command and its descendants (where the platform allows).",
            "",
            "Placeholders in COMMAND: %%WORK_AMOUNT%% (the round's work amount, with --work-amount) and "
                + "%%RESULT_DIR%% (a fresh directory per round, inside the session). The child also gets PILOT_ROUND, "
                + "PILOT_WORK_AMOUNT and PILOT_RESULT_DIR in its environment.",
            "",
            "Results are written as they are measured, in a session directory: a killed run can be analysed "
                + "(pilot analyze DIR) and resumed (pilot run --resume DIR). Ctrl-C stops the running round, prints "
                + "the report marked interrupted and exits with 130; a second Ctrl-C exits at once.",
            ""},
        footerHeading = "%nPI forms (--pi):%n",
        footer = {
            "  \"latency,ms,2,0,1\"                      the original Pilot's name,unit,column,type,must_satisfy: "
                + "column 2 (0-based) of the last output line; type 0 ordinary, 1 ratio, 2 binary",
            "  \"name=latency,unit=ms,column=2\"         the same with keys",
            "  \"name=tput,unit=MB/s,kind=ratio,regex=([0-9.]+) MB/s\"   group 1 of the last match in the output",
            "  \"name=p99,unit=ms,json=$.latency.p99\"   a JSON path (or Pointer /latency/p99) in the output",
            "  \"name=op,unit=us,unit-readings=ops.txt\" unit readings: one value per line of %%RESULT_DIR%%/ops.txt "
                + "(ur-column=K|NAME for a column of a CSV); must=readings|unit-readings|both|none",
            "  wall                                     the round's wall-clock time in seconds (the default PI)",
            "",
            "Examples:",
            "  pilot run -- sleep 0.1",
            "  pilot run --ci-width 2% --max-time 5m -- ./build.sh",
            "  pilot run --pi 'name=tput,unit=MB/s,kind=ratio,regex=([0-9.]+) MB/s' -- ./disk-bench --size 1G",
            "  pilot run --work-amount 1000:1000000 -- ./loop %%WORK_AMOUNT%%",
            "  pilot run --format json -o results/sleep -- sleep 0.01 > sleep.json",
            "  pilot run --resume results/sleep --max-time 10m",
            "",
            "Exit codes: 0 target met; 3 a limit (--max-rounds, --max-time) stopped the session first (results are "
                + "still written); 4 the command failed more often than --max-failures allows; 2 bad usage; 130 "
                + "interrupted (Ctrl-C); 1 internal error."})
final class RunCommand implements Callable<Integer> {
    /** A limit stopped the session before the target was met. */
    static final int LIMIT = 3;
    /** The workload failed more often than allowed. */
    static final int WORKLOAD_FAILED = 4;

    @Spec
    CommandSpec spec;

    @Option(names = "--pi", paramLabel = "PI", order = 1,
            description = "A performance index and where it comes from (forms below); repeat for several. Default: "
                + "the wall-clock time of a round, in seconds.")
    List<String> pis = new ArrayList<>();

    @Mixin
    SessionOptions sessionOptions;

    @Option(names = "--round-timeout", paramLabel = "T", order = 30,
            description = "Kill a round's whole process tree after T (e.g. 30s, 2m) and record it as timed out.")
    String roundTimeout;

    @Option(names = "--valid-exit-codes", paramLabel = "CODES", split = ",", order = 31,
            description = "Exit codes of a successful round, comma-separated. Default: 0.")
    List<Integer> validExitCodes = new ArrayList<>();

    @Option(names = "--env", paramLabel = "NAME=VALUE", order = 32,
            description = "Set a variable for the command only (not for Pilot); repeatable.")
    List<String> env = new ArrayList<>();

    @Option(names = "--cwd", paramLabel = "DIR", order = 33, description = "Run the command in DIR.")
    String cwd;

    @Option(names = "--shell", paramLabel = "SHELL", arity = "0..1", fallbackValue = "sh", order = 34,
            description = "Run COMMAND through SHELL -c (default sh), for pipes and redirections; the shell's own "
                + "start-up is measured (median of 15 runs) and subtracted. Off by default: nothing is parsed by a "
                + "shell.")
    String shell;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", order = 40,
            description = "The session directory (new or empty). Default: pilot-results/<date>-<time>-<command>.")
    String output;

    @Option(names = "--name", paramLabel = "NAME", order = 41,
            description = "The session's name in reports. Default: the command line.")
    String name;

    @Option(names = "--format", paramLabel = "F", defaultValue = "text", order = 42,
            description = "Report format on stdout: text, json, csv or markdown. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = {"-q", "--quiet"}, order = 43, description = "No progress and no notes on stderr.")
    boolean quiet;

    @Option(names = {"-v", "--verbose"}, order = 44,
            description = "One line per round on stderr where no progress line is drawn (pipes, CI logs).")
    boolean verbose;

    @Option(names = "--progress", paramLabel = "WHEN", defaultValue = "auto", order = 45,
            description = "The live progress line: auto (only when stderr is a terminal), always or never.")
    String progress;

    @Option(names = "--resume", paramLabel = "DIR", order = 46,
            description = "Continue the interrupted session in DIR with its recorded command and settings; "
                + "precision and limit options given now replace the recorded ones.")
    String resume;

    @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "The command and its arguments (after --).")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (quiet && verbose) {
            throw new IllegalArgumentException("--quiet and --verbose cannot be used together");
        }
        Format outputFormat = Options.enumValue(Format.class, "--format", format);
        ProgressLine.Mode mode = ProgressLine.mode(progress, verbose, quiet);
        Prepared p = resume != null ? resumed() : fresh();
        PrintWriter err = spec.commandLine().getErr();
        ProgressLine line = new ProgressLine(err, mode);
        Pilot pilot = Pilot.of(p.session.settings(), p.workload).listener(line);
        SessionResult result;
        try (AutoCloseable ignored = Interrupts.onInterrupt(() -> {
            pilot.requestStop();
            p.workload.stop();
        })) {
            if (!quiet) {
                err.println("pilot: " + (resume != null ? "resuming" : "running") + " " + p.template
                        + " until " + goal(p.session.settings()) + "; session in "
                        + p.session.result().directory() + " (Ctrl-C stops it and keeps the results)");
                err.flush();
            }
            result = pilot.run(p.session);
        } catch (IOException | RuntimeException | InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            line.clear();
            p.session.close();
        }
        RunReport.render(result, p.session.rounds(), p.template.toString(), p.launcher.description(), outputFormat,
                spec.commandLine().getOut());
        return switch (result.stopReason()) {
            case TARGET_MET -> ExitCodes.OK;
            case ROUND_LIMIT, TIME_LIMIT -> LIMIT;
            case WORKLOAD_FAILED -> WORKLOAD_FAILED;
            case INTERRUPTED -> Interrupts.EXIT_CODE;
            case RUNNING -> ExitCodes.FAILURE;
        };
    }

    /** What a session needs to run. */
    private record Prepared(Session session, CommandWorkload workload, CommandTemplate template,
            RecordedCommand recorded, ProcessLauncher launcher) {
    }

    private Prepared fresh() throws IOException, InterruptedException {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run: put it after --, e.g. pilot run -- sleep 0.1");
        }
        // the working directory is always recorded, so that --resume from elsewhere runs the command where it ran
        RecordedCommand recorded = new RecordedCommand(command, shell,
                Path.of(cwd == null ? "" : cwd).toAbsolutePath().normalize().toString(), envVars(), pis,
                roundTimeout == null ? 0 : Options.duration("--round-timeout", roundTimeout).toMillis(),
                validExitCodes.isEmpty() ? List.of(0) : validExitCodes);
        CommandTemplate template = CommandTemplate.of(command, shell);
        List<PiSpec> specs = specs(recorded.pis());
        SessionSettings settings = sessionOptions.apply(SessionSettings.builder()
                .pis(specs.stream().map(PiSpec::pi).toList())).build();
        if (template.usesWorkAmount() && settings.workAmount() == null && settings.fixedWorkAmount() == 0) {
            throw new IllegalArgumentException(CommandTemplate.WORK_AMOUNT + " is in the command but no work amount "
                    + "is given: add --work-amount MIN:MAX (or a fixed --work-amount N)");
        }
        checkCwd(recorded.cwd());
        checkProgram(template, recorded.cwd());
        Path dir = outputDir(template);
        ProcessLauncher launcher = ProcessLauncher.best();
        long overhead = calibrate(launcher, template, dir);
        Session session = Session.create(settings, dir, name != null ? name : template.toString(),
                EnvironmentProbe.system().capture(Path.of("").toAbsolutePath()));
        recorded.write(dir);
        return new Prepared(session, workload(template, specs, recorded, launcher, dir, overhead), template, recorded,
                launcher);
    }

    private Prepared resumed() throws IOException, InterruptedException {
        if (!command.isEmpty()) {
            throw new IllegalArgumentException("--resume runs the recorded command; do not give one ('"
                    + String.join(" ", command) + "')");
        }
        for (String option : new String[] {"--pi", "--env", "--cwd", "--shell", "--round-timeout",
            "--valid-exit-codes", "--name", "--output"}) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new IllegalArgumentException(option + " cannot change when a session is resumed; start a new "
                        + "session instead");
            }
        }
        Path dir = Path.of(resume);
        if (!SessionReader.isSession(dir)) {
            throw new InputException(resume + " is not a Pilot session (no session.json)");
        }
        if (!RecordedCommand.exists(dir)) {
            throw new InputException(resume + " was not recorded by pilot run (no " + RecordedCommand.FILE
                    + "), so there is no command to resume; pilot analyze still reads it");
        }
        RecordedCommand recorded = RecordedCommand.read(dir);
        CommandTemplate template = CommandTemplate.of(recorded.words(), recorded.shell());
        List<PiSpec> specs = specs(recorded.pis());
        ProcessLauncher launcher = ProcessLauncher.best();
        long overhead = calibrate(launcher, template, dir);
        Session session = Session.resume(dir, sessionOptions.overrides(SessionSettings.builder()
                .pis(specs.stream().map(PiSpec::pi).toList()).build()));
        return new Prepared(session, workload(template, specs, recorded, launcher, dir, overhead), template, recorded,
                launcher);
    }

    private static CommandWorkload workload(CommandTemplate template, List<PiSpec> specs, RecordedCommand recorded,
            ProcessLauncher launcher, Path dir, long overhead) {
        return CommandWorkload.builder(template, specs, dir.resolve("round-results"))
                .launcher(launcher).env(recorded.env()).cwd(recorded.cwd() == null ? null : Path.of(recorded.cwd()))
                .timeout(recorded.timeoutMillis() == 0 ? null : Duration.ofMillis(recorded.timeoutMillis()))
                .validExitCodes(new LinkedHashSet<>(recorded.validExitCodes())).overheadNanos(overhead).build();
    }

    private static List<PiSpec> specs(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of(PiSpec.wallTime());
        }
        List<PiSpec> out = new ArrayList<>();
        for (String t : texts) {
            out.addAll(Options.parse("--pi", t, PiSpec::parse));
        }
        return out;
    }

    private Map<String, String> envVars() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String e : env) {
            int eq = e.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--env: '" + e + "' is not NAME=VALUE (e.g. --env LC_ALL=C)");
            }
            m.put(e.substring(0, eq), e.substring(eq + 1));
        }
        return m;
    }

    private static void checkCwd(String dir) {
        if (dir != null && !Files.isDirectory(Path.of(dir))) {
            throw new IllegalArgumentException("--cwd: " + dir + " is not a directory");
        }
    }

    /** Fails before anything is recorded when the program cannot be found (a shell finds its own). */
    private static void checkProgram(CommandTemplate template, String cwd) {
        if (template.shell() != null) {
            return;
        }
        String program = template.words().get(0);
        if (program.contains("/")) {
            Path p = Path.of(program);
            if (!p.isAbsolute() && cwd != null) {
                p = Path.of(cwd).resolve(p);
            }
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw new IllegalArgumentException("cannot run '" + program + "': "
                        + (Files.exists(p) ? "it is not an executable file" : "no such file")
                        + (!Path.of(program).isAbsolute() ? " (relative to " + cwd + ")" : ""));
            }
            return;
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String d : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(d.isEmpty() ? "." : d).resolve(program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return;
            }
        }
        throw new IllegalArgumentException("cannot run '" + program + "': not found on PATH (give its path, or use "
                + "--shell for shell built-ins)");
    }

    /** The shell's start-up, measured now, or 0 without a shell. */
    private long calibrate(ProcessLauncher launcher, CommandTemplate template, Path dir)
            throws IOException, InterruptedException {
        if (template.shell() == null) {
            return 0;
        }
        Path scratch = Files.createTempDirectory("pilot-calibration");
        try {
            ShellCalibration c = ShellCalibration.measure(launcher, template.shell(), scratch);
            if (!quiet) {
                spec.commandLine().getErr().println("pilot: note: --shell: subtracting " + template.shell()
                        + "'s start-up, " + Math.round(c.nanos() / 1e3) / 1e3 + " ms (median of " + ShellCalibration.RUNS
                        + " runs of " + template.shell() + " -c ''), from every round");
            }
            return c.nanos();
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    /** -o, or pilot-results/YYYYMMDD-HHMMSS-<program>, made unique. */
    private Path outputDir(CommandTemplate template) {
        if (output != null) {
            return Path.of(output);
        }
        String program = Path.of(template.words().get(0)).getFileName().toString()
                .replaceAll("[^A-Za-z0-9._-]", "_");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
        Path base = Path.of("pilot-results", stamp + "-" + (program.length() > 40 ? program.substring(0, 40)
                : program));
        Path dir = base;
        for (int i = 2; Files.exists(dir); i++) {
            dir = Path.of(base + "-" + i);
        }
        return dir;
    }

    /** "the 95% CI of wall time is within ±5% of its mean" (for the start line). */
    private static String goal(SessionSettings s) {
        List<String> names = new ArrayList<>();
        for (PerformanceIndex pi : s.pis()) {
            if (pi.readingsMustSatisfy() || pi.unitReadingsMustSatisfy()) {
                names.add(pi.name());
            }
        }
        String target = s.ciTarget().relative()
                ? "within ±" + io.pilotbench.core.analysis.Formats.number(s.ciTarget().value() * 50) + "% of the mean"
                : "at most " + io.pilotbench.core.analysis.Formats.number(s.ciTarget().value()) + " wide";
        return "the " + io.pilotbench.core.analysis.Formats.significant(s.confidence() * 100, 4) + "% CI of " + String.join(", ", names) + " is "
                + target;
    }
}
