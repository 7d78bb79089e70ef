package io.pilotbench.process;

import io.pilotbench.core.model.EnvironmentException;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An external command as a Pilot {@link Workload} (the paper's third kind of benchmark, §II): each round runs the
 * command once, in a fresh directory {@code <rounds>/<round>/} (its {@code %RESULT_DIR%}), with its standard output
 * and error in {@code stdout.txt} and {@code stderr.txt} there, and reads the PIs from what it printed and wrote. Once
 * the PIs are read, the output of a round that succeeded is kept only until the next round succeeds (so the last
 * one's is there for the report), as hyperfine discards it; a failed round's is kept. Kept output is cut to its last
 * 64 KiB. {@link Builder#keepEveryRound} and {@link Builder#keepOutputBytes} say otherwise. Empty output files are
 * removed, with the directory when nothing else is left, by {@link #tidyRounds()} at the end. A round that left its
 * directory as it found it hands it on: the next round's directory is that one, renamed. (The directories are kept by
 * {@link RoundDirectories}, their output files handled by {@link RoundOutput}.)
 *
 * <p>The child also gets {@code PILOT_ROUND}, {@code PILOT_WORK_AMOUNT} and {@code PILOT_RESULT_DIR} in its
 * environment. A round fails when the exit code is not accepted, when it times out (its process tree is killed),
 * or when a PI's value is missing or not a number; the message says which, with the last line of standard error.
 * The round's duration is the launcher's wall time around the process, less {@code overheadNanos} (the calibrated
 * start-up of a shell, when one is used). A round's outcome and output are read by {@link RoundReader}.
 */
public final class CommandWorkload implements Workload {
    /** The tail of each round's standard output and error kept by default: 64 KiB. */
    public static final long DEFAULT_KEEP_OUTPUT_BYTES = 64 << 10;

    private final CommandTemplate command;
    private final List<PiSpec> pis;
    private final ProcessLauncher launcher;
    private final Path roundsDir;
    private final Map<String, String> env;
    private final Path cwd;
    private final Duration timeout;
    private final Set<Integer> validExitCodes;
    private final long overheadNanos;
    /** A shell command run, untimed, before every round ({@code --prepare}), or null. */
    private final String prepare;

    private final RoundReader reader;
    private final RoundDirectories rounds;
    private final AtomicInteger leftProcesses = new AtomicInteger();
    private volatile int firstLeftProcesses = -1;

    private CommandWorkload(Builder b) {
        this.command = b.command;
        this.pis = List.copyOf(b.pis);
        this.launcher = b.launcher;
        this.roundsDir = b.roundsDir;
        this.env = Map.copyOf(b.env);
        this.cwd = b.cwd;
        this.timeout = b.timeout;
        this.validExitCodes = Set.copyOf(b.validExitCodes);
        this.overheadNanos = b.overheadNanos;
        this.prepare = b.prepare;
        this.reader = new RoundReader(pis, timeout, validExitCodes, overheadNanos);
        this.rounds = new RoundDirectories(roundsDir, b.keepOutputBytes, b.keepEveryRound);
    }

    public static Builder builder(CommandTemplate command, List<PiSpec> pis, Path roundsDir) {
        return new Builder(command, pis, roundsDir);
    }

    /**
     * Runs {@code shellCommand} through {@code sh -c}, untimed, where and with what the rounds run (their directory,
     * environment and timeout): a session's {@code --setup} or {@code --cleanup}, hyperfine's hooks.
     *
     * @return null when it succeeded, or why not in one line ("--setup 'make' exited with code 2: …")
     */
    public String runHook(String option, String shellCommand) throws IOException, InterruptedException {
        Files.createDirectories(roundsDir);
        Path log = roundsDir.resolve(option.replace("-", "") + ".txt");
        return hook(option, shellCommand, env, log);
    }

    /**
     * Runs the command {@code runs} times, untimed and unrecorded, before the session's first round (hyperfine's
     * {@code --warmup}), in a directory of its own that is removed after.
     *
     * @return null when every run succeeded, or why one did not
     */
    public String warmUp(int runs) throws IOException, InterruptedException {
        Path dir = roundsDir.resolve("warmup");
        Files.createDirectories(dir);
        try {
            for (int i = 0; i < runs; i++) {
                Map<String, String> childEnv = new LinkedHashMap<>(env);
                childEnv.put("PILOT_ROUND", "-1");
                childEnv.put("PILOT_WORK_AMOUNT", "0");
                childEnv.put("PILOT_RESULT_DIR", dir.toAbsolutePath().toString()); // --cwd runs elsewhere
                if (prepare != null) {
                    String failed = hook("--prepare", prepare, childEnv, dir.resolve("prepare.txt"));
                    if (failed != null) {
                        return "warm-up run " + (i + 1) + ": " + failed;
                    }
                }
                Path out = dir.resolve(RoundOutput.STDOUT);
                Path err = dir.resolve(RoundOutput.STDERR);
                ProcessOutcome o =
                        launcher.run(new CommandRequest(command.argv(-1, 0, dir), cwd, childEnv, out, err, timeout));
                if (o.interrupted()) {
                    throw new InterruptedException("the warm-up was stopped");
                }
                if (o.timedOut() || !validExitCodes.contains(o.exitCode())) {
                    return "warm-up run " + (i + 1) + " of " + runs + ": "
                            + (o.timedOut()
                                    ? "timed out after " + reader.timeoutText()
                                    : o.signal() != 0
                                            ? "killed by signal " + o.signal()
                                            : "exit code " + o.exitCode() + " (accepted: " + reader.codes() + ")")
                            + RoundOutput.stderrTail(err);
                }
            }
            return null;
        } finally {
            try (var files = Files.walk(dir)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /** Runs a hook; null when it succeeded. Its output goes to {@code log}, removed when it succeeded. */
    private String hook(String option, String shellCommand, Map<String, String> childEnv, Path log)
            throws IOException, InterruptedException {
        ProcessOutcome o = launcher.run(
                new CommandRequest(List.of("/bin/sh", "-c", shellCommand), cwd, childEnv, log, log, timeout));
        if (o.interrupted()) {
            throw new InterruptedException(option + " was stopped");
        }
        if (o.timedOut() || o.exitCode() != 0) {
            return option + " '" + shellCommand + "' "
                    + (o.timedOut()
                            ? "timed out after " + reader.timeoutText()
                            : o.signal() != 0
                                    ? "was killed by signal " + o.signal()
                                    : "exited with code " + o.exitCode())
                    + RoundOutput.lastLine(log, "output"); // the log holds stdout and stderr both
        }
        Files.deleteIfExists(log);
        return null;
    }

    /** What is subtracted from every round's wall time: the calibrated start-up of a shell, or 0. */
    public long overheadNanos() {
        return overheadNanos;
    }

    /**
     * Kills the round running now, if any, with its process group (Ctrl-C, SIGTERM, the session's time limit); its
     * {@link #run} then throws {@link InterruptedException}.
     */
    @Override
    public void cancel() {
        launcher.killRunning();
    }

    /**
     * A warning when rounds left processes running in their process group after the command exited (a background
     * child, {@code cmd &}): they compete with later rounds, unmeasured, and outlive Pilot. Null when none did (or
     * the launcher cannot tell).
     */
    public String leftProcessesWarning() {
        int n = leftProcesses.get();
        return n == 0
                ? null
                : n + " round" + (n == 1 ? "" : "s") + " (the first: round " + firstLeftProcesses
                        + ") left processes running after the command exited (background children in its process group); they "
                        + "ran on beside later rounds, unmeasured, and may still be running: wait for them in the command, or "
                        + "kill them";
    }

    @Override
    public RoundResult run(int round, long workAmount) throws IOException, InterruptedException {
        try {
            return runIn(roundsDir.resolve(Integer.toString(round)), round, workAmount);
        } catch (FileSystemException e) {
            String reason = String.valueOf(e.getReason());
            if (reason.contains("No space left")
                    || reason.contains("Read-only file system")
                    || reason.contains("quota exceeded")) {
                throw new EnvironmentException(e.getFile() + ": " + reason, e); // the disk's fault, not the command's
            }
            throw e;
        }
    }

    private RoundResult runIn(Path dir, int round, long workAmount) throws IOException, InterruptedException {
        rounds.make(dir);
        Path stdout = dir.resolve(RoundOutput.STDOUT);
        Path stderr = dir.resolve(RoundOutput.STDERR);
        Map<String, String> childEnv = new LinkedHashMap<>(env);
        childEnv.put("PILOT_ROUND", Integer.toString(round));
        childEnv.put("PILOT_WORK_AMOUNT", Long.toString(workAmount));
        childEnv.put("PILOT_RESULT_DIR", dir.toAbsolutePath().toString()); // --cwd runs elsewhere
        if (prepare != null) {
            String failed = hook("--prepare", prepare, childEnv, dir.resolve("prepare.txt"));
            if (failed != null) {
                return RoundResult.failure(failed);
            }
        }
        ProcessOutcome outcome;
        try {
            outcome = launcher.run(
                    new CommandRequest(command.argv(round, workAmount, dir), cwd, childEnv, stdout, stderr, timeout));
        } catch (IOException e) {
            rounds.notStarted(stdout, stderr);
            throw e;
        }
        boolean done = false;
        boolean succeeded = false;
        try {
            if (outcome.leftProcesses() && leftProcesses.getAndIncrement() == 0) {
                firstLeftProcesses = round;
            }
            if (outcome.interrupted()) {
                throw new InterruptedException("round " + round + " was stopped");
            }
            RoundResult r = reader.result(outcome, dir, stdout, stderr);
            done = true;
            succeeded = !r.failed();
            return r;
        } finally {
            rounds.finish(dir, stdout, stderr, done, succeeded, outcome.leftProcesses());
        }
    }

    /**
     * Removes the rounds' empty output files, and the round directories that hold nothing else. Done once, when the
     * session is over, not between rounds: a mkdir is all a round costs, where an unlink and an rmdir each round took
     * about 0.2 ms of the time between rounds. A killed session leaves them; the next tidy (after a resume) removes
     * them too. Thread-confined, like {@link #run}.
     */
    public void tidyRounds() throws IOException {
        rounds.tidy();
    }

    /** Builds a {@link CommandWorkload}. */
    public static final class Builder {
        private final CommandTemplate command;
        private final List<PiSpec> pis;
        private final Path roundsDir;
        private ProcessLauncher launcher = ProcessLauncher.best();
        private Map<String, String> env = Map.of();
        private Path cwd;
        private Duration timeout;
        private Set<Integer> validExitCodes = Set.of(0);
        private long overheadNanos;
        private long keepOutputBytes = DEFAULT_KEEP_OUTPUT_BYTES;
        private boolean keepEveryRound;
        private String prepare;

        private Builder(CommandTemplate command, List<PiSpec> pis, Path roundsDir) {
            if (command == null || pis == null || pis.isEmpty() || roundsDir == null) {
                throw new IllegalArgumentException("a command, at least one PI and a directory for rounds are needed");
            }
            this.command = command;
            this.pis = pis;
            this.roundsDir = roundsDir;
        }

        public Builder launcher(ProcessLauncher value) {
            launcher = value;
            return this;
        }

        /** Variables for the child only (added to what it inherits). */
        public Builder env(Map<String, String> value) {
            env = value;
            return this;
        }

        public Builder cwd(Path value) {
            cwd = value;
            return this;
        }

        /** The longest a round may run (null: no limit). */
        public Builder timeout(Duration value) {
            timeout = value;
            return this;
        }

        public Builder validExitCodes(Set<Integer> value) {
            if (value.isEmpty()) {
                throw new IllegalArgumentException("at least one exit code must be accepted");
            }
            validExitCodes = value;
            return this;
        }

        /**
         * Subtracted from every round's wall time: the calibrated start-up of a shell (see
         * {@link ShellCalibration}).
         */
        public Builder overheadNanos(long value) {
            if (value < 0) {
                throw new IllegalArgumentException("overhead must be >= 0 ns, got " + value);
            }
            overheadNanos = value;
            return this;
        }

        /**
         * How much of each round's standard output and error to keep in its directory, once the PIs are read: the
         * last {@code bytes} bytes of each (default {@value CommandWorkload#DEFAULT_KEEP_OUTPUT_BYTES}), or all of it
         * with -1.
         */
        public Builder keepOutputBytes(long bytes) {
            if (bytes < -1 || bytes > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(
                        "output to keep must be -1 (all) or 0.." + (Integer.MAX_VALUE - 8) + " bytes, got " + bytes);
            }
            keepOutputBytes = bytes;
            return this;
        }

        /**
         * Whether every round's output is kept (cut by {@link #keepOutputBytes}), or, by default, only failed rounds'
         * and the latest successful round's.
         */
        public Builder keepEveryRound(boolean value) {
            keepEveryRound = value;
            return this;
        }

        /**
         * A shell command run through {@code sh -c} before every round, untimed (hyperfine's {@code --prepare}: drop
         * the caches, reset a database); a round whose preparation fails fails. Null for none.
         */
        public Builder prepare(String shellCommand) {
            prepare = shellCommand == null || shellCommand.isBlank() ? null : shellCommand;
            return this;
        }

        public CommandWorkload build() {
            return new CommandWorkload(this);
        }
    }
}
