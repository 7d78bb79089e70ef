package io.pilotbench.cli;

import io.pilotbench.process.CommandTemplate;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.PiSpec;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.RecordedCommand;
import io.pilotbench.process.ShellCalibration;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How commands are run, for {@code run} and {@code compare}: the PIs and where they come from, and the process
 * options (timeout, accepted exit codes, environment, working directory, shell); plus the checks made before anything
 * is recorded and the construction of the round-running workload.
 */
final class ProcessOptions {
    /** The option names that cannot change on --resume (the command is recorded with them). */
    static final String[] RECORDED = {"--pi", "--env", "--cwd", "--shell", "--round-timeout", "--valid-exit-codes"};

    @Option(
            names = "--pi",
            paramLabel = "PI",
            order = 1,
            description = "A performance index and where it comes from (forms below); repeat for several. Default: "
                    + "the wall-clock time of a round, in seconds.")
    List<String> pis = new ArrayList<>();

    @Option(
            names = "--round-timeout",
            paramLabel = "T",
            order = 30,
            description = "Kill a round's whole process tree after T (e.g. 30s, 2m) and record it as timed out.")
    Duration roundTimeout;

    @Option(
            names = "--valid-exit-codes",
            paramLabel = "CODES",
            split = ",",
            order = 31,
            description = "Exit codes of a successful round, comma-separated. Default: 0.")
    List<Integer> validExitCodes = new ArrayList<>();

    @Option(
            names = "--env",
            paramLabel = "NAME=VALUE",
            order = 32,
            description = "Set a variable for the command only (not for Pilot); repeatable.")
    List<String> env = new ArrayList<>();

    @Option(names = "--cwd", paramLabel = "DIR", order = 33, description = "Run the command in DIR.")
    String cwd;

    @Option(
            names = "--keep-output",
            paramLabel = "SIZE|all|failed",
            order = 35,
            description = "Which rounds' standard output and error to keep in the session (round-results/N/stdout.txt,"
                    + " stderr.txt) once their PIs are read. Default (failed): the failed rounds' and the latest "
                    + "successful round's, each cut to its last 64KiB. SIZE (e.g. 1MiB, 0 for none): the last SIZE of "
                    + "every round's; all: every round's, whole.")
    Converters.KeepOutput keepOutput;

    @Option(
            names = "--setup",
            paramLabel = "CMD",
            order = 36,
            description = "Run CMD (through sh -c) once before the first round, untimed, as hyperfine's --setup: "
                    + "build, create test data. The session fails (exit code 4) when it fails.")
    String setup;

    @Option(
            names = "--prepare",
            paramLabel = "CMD",
            order = 37,
            description = "Run CMD (through sh -c) before every round, untimed, as hyperfine's --prepare: drop the "
                    + "page cache, reset a database. A round whose preparation fails is a failed round.")
    String prepare;

    @Option(
            names = "--cleanup",
            paramLabel = "CMD",
            order = 38,
            description = "Run CMD (through sh -c) once after the last round, also when the session fails or is "
                    + "interrupted, as hyperfine's --cleanup.")
    String cleanup;

    @Option(
            names = {"-w", "--warmup"},
            paramLabel = "N",
            order = 39,
            description = "Run the command N times before the first round, untimed and unrecorded, as hyperfine's "
                    + "--warmup (Pilot also finds and cuts a warm-up in the recorded rounds). Default: 0.")
    int warmup;

    @Option(
            names = "--shell",
            paramLabel = "SHELL",
            arity = "0..1",
            fallbackValue = "sh",
            order = 34,
            description = "Run COMMAND through SHELL -c (default sh), for pipes and redirections; the shell's own "
                    + "start-up is measured (median of 15 runs) and subtracted. Off by default: nothing is parsed by a "
                    + "shell.")
    String shell;

    /**
     * The command as it will be recorded, with these options; the working directory is always recorded, so that
     * --resume from elsewhere runs the command where it ran. Checks the directory and the program first.
     */
    RecordedCommand record(List<String> command, List<String> defaultPis) {
        for (int code : validExitCodes) {
            if (code < 0 || code > 255) {
                // a process's exit status is 0-255 (a signal's death is not an exit code): every round would fail
                throw new IllegalArgumentException(
                        "--valid-exit-codes: " + code + " is not an exit code; a process " + "exits with 0 to 255");
            }
        }
        // as Converters.keepOutput reads it back on --resume
        String keepOutputText = keepOutput == null
                ? null
                : !keepOutput.everyRound() ? "failed" : keepOutput.bytes() < 0 ? "all" : keepOutput.bytes() + "B";
        RecordedCommand recorded = new RecordedCommand(
                command,
                shell,
                Path.of(cwd == null ? "" : cwd).toAbsolutePath().normalize().toString(),
                envVars(),
                pis.isEmpty() ? defaultPis : pis,
                roundTimeout == null ? 0 : roundTimeout.toMillis(),
                validExitCodes.isEmpty() ? List.of(0) : validExitCodes,
                keepOutputText);
        if (!Files.isDirectory(Path.of(recorded.cwd()))) {
            throw new IllegalArgumentException("--cwd: " + recorded.cwd() + " is not a directory");
        }
        checkProgram(CommandTemplate.of(command, shell), recorded.cwd());
        return recorded;
    }

    /** The PIs of a recorded command: the wall time when none was given. */
    static List<PiSpec> specs(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of(PiSpec.wallTime());
        }
        List<PiSpec> out = new ArrayList<>();
        for (String t : texts) {
            out.addAll(Options.parse("--pi", t, PiSpec::parse));
        }
        return out;
    }

    /** The workload that runs {@code recorded} once per round, with round directories under {@code dir}. */
    CommandWorkload workload(RecordedCommand recorded, ProcessLauncher launcher, Path dir, long overhead) {

        CommandTemplate template = CommandTemplate.of(recorded.words(), recorded.shell());
        return CommandWorkload.builder(template, specs(recorded.pis()), dir.resolve("round-results"))
                .launcher(launcher)
                .env(recorded.env())
                .cwd(recorded.cwd() == null ? null : Path.of(recorded.cwd()))
                .timeout(recorded.timeoutMillis() == 0 ? null : Duration.ofMillis(recorded.timeoutMillis()))
                .validExitCodes(new LinkedHashSet<>(recorded.validExitCodes()))
                .overheadNanos(overhead)
                .keepOutputBytes(keepOutputBytes(recorded))
                .keepEveryRound(keepEveryRound(recorded))
                .prepare(prepare)
                .build();
    }

    /**
     * --setup, then --warmup runs, before a session's first round; null when they succeeded (or were not asked for),
     * else why not in one line.
     */
    String beforeRounds(CommandWorkload workload) throws IOException, InterruptedException {
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup: " + warmup + " is negative; give 0 or more runs");
        }
        String failed = setup == null ? null : workload.runHook("--setup", setup);
        return failed != null || warmup == 0 ? failed : workload.warmUp(warmup);
    }

    /** --cleanup after a session's last round; null when it succeeded (or was not asked for). */
    String afterRounds(CommandWorkload workload) throws IOException, InterruptedException {
        return cleanup == null ? null : workload.runHook("--cleanup", cleanup);
    }

    /**
     * --keep-output as given now, else as the session's first run recorded it (a --resume without it went back to
     * the default, keeping only failed rounds' output), else null for the default.
     */
    private Converters.KeepOutput keepOutput(RecordedCommand recorded) {
        if (keepOutput != null) {
            return keepOutput;
        }
        return recorded.keepOutput() == null ? null : Converters.keepOutput(recorded.keepOutput());
    }

    /** Whether --keep-output asks for every round's output (a SIZE or all), not the default (failed). */
    private boolean keepEveryRound(RecordedCommand recorded) {
        Converters.KeepOutput k = keepOutput(recorded);
        return k != null && k.everyRound();
    }

    /** --keep-output in bytes: -1 for all. */
    private long keepOutputBytes(RecordedCommand recorded) {
        Converters.KeepOutput k = keepOutput(recorded);
        return k == null ? CommandWorkload.DEFAULT_KEEP_OUTPUT_BYTES : k.bytes();
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

    /**
     * Fails before anything is recorded when the program (or, with --shell, the shell) cannot be found: a shell finds
     * the command's program itself.
     */
    private static void checkProgram(CommandTemplate template, String cwd) {
        if (template.shell() != null) {
            checkExecutable(template.shell(), null, "--shell: ", " (give an installed shell, e.g. --shell=/bin/sh)");
        } else {
            checkExecutable(template.words().get(0), cwd, "", " (give its path, or use --shell for shell built-ins)");
        }
    }

    private static void checkExecutable(String program, String cwd, String prefix, String fix) {
        if (program.contains("/")) {
            Path p = Path.of(program);
            if (!p.isAbsolute() && cwd != null) {
                p = Path.of(cwd).resolve(p);
            }
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw new IllegalArgumentException(prefix + "cannot run '" + program + "': "
                        + (Files.exists(p) ? "it is not an executable file" : "no such file")
                        + (!Path.of(program).isAbsolute() && cwd != null ? " (relative to " + cwd + ")" : "") + fix);
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
        throw new IllegalArgumentException(prefix + "cannot run '" + program + "': not found on PATH" + fix);
    }

    /** The shell's start-up, measured now (noted on {@code err} unless null), or 0 without a shell. */
    static long calibrate(ProcessLauncher launcher, String shell, PrintWriter err)
            throws IOException, InterruptedException {
        if (shell == null) {
            return 0;
        }
        Path scratch = Files.createTempDirectory("pilot-calibration");
        try {
            ShellCalibration c = ShellCalibration.measure(launcher, shell, scratch);
            if (err != null) {
                err.println("pilot: note: --shell: subtracting " + shell + "'s start-up, "
                        + Math.round(c.nanos() / 1e3) / 1e3 + " ms (median of " + ShellCalibration.RUNS
                        + " runs of " + shell + " -c ''), from every round");
            }
            return c.nanos();
        } finally {
            Files.deleteIfExists(scratch);
        }
    }
}
