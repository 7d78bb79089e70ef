package io.pilotbench.process;

import io.pilotbench.core.model.EnvironmentException;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
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
 * directory as it found it hands it on: the next round's directory is that one, renamed.
 *
 * <p>The child also gets {@code PILOT_ROUND}, {@code PILOT_WORK_AMOUNT} and {@code PILOT_RESULT_DIR} in its
 * environment. A round fails when the exit code is not accepted, when it times out (its process tree is killed),
 * or when a PI's value is missing or not a number; the message says which, with the last line of standard error.
 * The round's duration is the launcher's wall time around the process, less {@code overheadNanos} (the calibrated
 * start-up of a shell, when one is used).
 */
public final class CommandWorkload implements Workload {
    /** The most of a round's standard output that is read for its PIs: its last 16 MiB. */
    private static final int MAX_OUTPUT = 16 << 20;
    /** The tail of each round's standard output and error kept by default: 64 KiB. */
    public static final long DEFAULT_KEEP_OUTPUT_BYTES = 64 << 10;
    private static final String STDOUT = "stdout.txt";
    private static final String STDERR = "stderr.txt";
    /** Less free space than this on the disk of a failed round's directory means the disk is full. */
    private static final long MIN_FREE_BYTES = 64 << 10;

    private final CommandTemplate command;
    private final List<PiSpec> pis;
    private final ProcessLauncher launcher;
    private final Path roundsDir;
    private final Map<String, String> env;
    private final Path cwd;
    private final Duration timeout;
    private final Set<Integer> validExitCodes;
    private final long overheadNanos;
    private final long keepOutputBytes;
    private final boolean keepEveryRound;
    /** A shell command run, untimed, before every round ({@code --prepare}), or null. */
    private final String prepare;
    /** The directory of the latest round that succeeded, whose output is kept until the next one succeeds. */
    private Path lastSucceeded;
    /** How many distinct output columns the PIs read. */
    private final long columnsRead;
    private final AtomicInteger leftProcesses = new AtomicInteger();
    /** Round directories to tidy when the session is over ({@link #tidyRounds}). */
    private final java.util.List<Path> untidy = new java.util.ArrayList<>();
    /**
     * The last round's directory while that round left nothing in it but its two empty output files: the next round
     * renames it to its own number instead of making a directory and two files. On ext4 a mkdir and two creats took
     * 0.15-0.5 ms of the time between rounds, more as the file system aged (inode allocation), a rename 0.01 ms. Null
     * when there is none.
     */
    private Path reusable;
    private boolean roundsDirMade;
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
        this.keepOutputBytes = b.keepOutputBytes;
        this.keepEveryRound = b.keepEveryRound;
        this.prepare = b.prepare;
        this.columnsRead = pis.stream().map(PiSpec::readings).filter(r -> r instanceof PiSpec.Column)
                .map(r -> ((PiSpec.Column) r).index()).distinct().count();
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
                childEnv.put("PILOT_RESULT_DIR", dir.toString());
                if (prepare != null) {
                    String failed = hook("--prepare", prepare, childEnv, dir.resolve("prepare.txt"));
                    if (failed != null) {
                        return "warm-up run " + (i + 1) + ": " + failed;
                    }
                }
                Path out = dir.resolve(STDOUT);
                Path err = dir.resolve(STDERR);
                ProcessOutcome o = launcher.run(new CommandRequest(command.argv(-1, 0, dir), cwd, childEnv, out, err,
                        timeout));
                if (o.interrupted()) {
                    throw new InterruptedException("the warm-up was stopped");
                }
                if (o.timedOut() || !validExitCodes.contains(o.exitCode())) {
                    return "warm-up run " + (i + 1) + " of " + runs + ": " + (o.timedOut() ? "timed out after "
                            + seconds(timeout.toNanos()) : o.signal() != 0 ? "killed by signal " + o.signal()
                            : "exit code " + o.exitCode() + " (accepted: " + codes() + ")") + stderrTail(err);
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
        ProcessOutcome o = launcher.run(new CommandRequest(List.of("/bin/sh", "-c", shellCommand), cwd, childEnv, log,
                log, timeout));
        if (o.interrupted()) {
            throw new InterruptedException(option + " was stopped");
        }
        if (o.timedOut() || o.exitCode() != 0) {
            return option + " '" + shellCommand + "' " + (o.timedOut() ? "timed out after "
                    + seconds(timeout.toNanos()) : o.signal() != 0 ? "was killed by signal " + o.signal()
                    : "exited with code " + o.exitCode()) + stderrTail(log);
        }
        Files.deleteIfExists(log);
        return null;
    }

    /** What is subtracted from every round's wall time: the calibrated start-up of a shell, or 0. */
    public long overheadNanos() {
        return overheadNanos;
    }

    /** The PIs in session order. */
    public List<PerformanceIndex> performanceIndices() {
        return pis.stream().map(PiSpec::pi).toList();
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
        return n == 0 ? null : n + " round" + (n == 1 ? "" : "s") + " (the first: round " + firstLeftProcesses
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
            if (reason.contains("No space left") || reason.contains("Read-only file system")
                    || reason.contains("quota exceeded")) {
                throw new EnvironmentException(e.getFile() + ": " + reason, e); // the disk's fault, not the command's
            }
            throw e;
        }
    }

    private RoundResult runIn(Path dir, int round, long workAmount) throws IOException, InterruptedException {
        if (!roundsDirMade) {
            Files.createDirectories(roundsDir);
            roundsDirMade = true;
        }
        makeRoundDirectory(dir);
        Path stdout = dir.resolve(STDOUT);
        Path stderr = dir.resolve(STDERR);
        Map<String, String> childEnv = new LinkedHashMap<>(env);
        childEnv.put("PILOT_ROUND", Integer.toString(round));
        childEnv.put("PILOT_WORK_AMOUNT", Long.toString(workAmount));
        childEnv.put("PILOT_RESULT_DIR", dir.toString());
        if (prepare != null) {
            String failed = hook("--prepare", prepare, childEnv, dir.resolve("prepare.txt"));
            if (failed != null) {
                return RoundResult.failure(failed);
            }
        }
        ProcessOutcome outcome;
        try {
            outcome = launcher.run(new CommandRequest(command.argv(round, workAmount, dir), cwd, childEnv, stdout, stderr,
                    timeout));
        } catch (IOException e) {
            trim(stdout, stderr, keepOutputBytes);
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
            RoundResult r = result(outcome, dir, stdout, stderr);
            done = true;
            succeeded = !r.failed();
            return r;
        } finally {
            boolean empty = trim(stdout, stderr, keepOutputBytes);
            if (succeeded && !keepEveryRound) {
                // only the latest successful round's output stays: a session of 1,000 rounds keeps one
                if (lastSucceeded != null) {
                    trim(lastSucceeded.resolve(STDOUT), lastSucceeded.resolve(STDERR), 0);
                }
                lastSucceeded = empty ? null : dir;
            }
            // processes left running may still write there: that directory stays the round's
            if (done && empty && !outcome.leftProcesses() && onlyOutputFiles(dir)) {
                reusable = dir;
            }
        }
    }

    /**
     * Makes {@code dir} the round's directory: the last round's renamed when it is {@link #reusable}, else a new one
     * (or, in a resumed session, the one a cut-off round left).
     */
    private void makeRoundDirectory(Path dir) throws IOException {
        Path last = reusable;
        reusable = null;
        if (last != null) {
            // rename(2) in the same parent; it fails when dir is there and not empty (a resumed session's cut-off
            // round, which keeps its directory; last then stays for the tidy at the end). File.renameTo, not
            // Files.move: the latter first looks for dir and builds an exception with a stack trace when it is
            // missing, as it is every round.
            if (last.toFile().renameTo(dir.toFile())) {
                untidy.set(untidy.size() - 1, dir); // last was the latest added
                return;
            }
        }
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            // a resumed session: the directory of a round that was cut off
        }
        untidy.add(dir);
    }

    /** True when {@code dir} holds nothing but the round's two output files (opendir, getdents, closedir). */
    private static boolean onlyOutputFiles(Path dir) {
        String[] names = dir.toFile().list();
        if (names == null || names.length != 2) {
            return false;
        }
        for (String name : names) {
            if (!name.equals(STDOUT) && !name.equals(STDERR)) {
                return false;
            }
        }
        return true;
    }

    private RoundResult result(ProcessOutcome o, Path dir, Path stdout, Path stderr) throws IOException {
        long duration = Math.max(0, o.wallNanos() - overheadNanos);
        RoundResult.Builder b = RoundResult.builder().durationNanos(duration).exitCode(o.exitCode());
        if (o.userCpuNanos() != null && o.systemCpuNanos() != null) {
            b.cpuNanos(o.userCpuNanos(), o.systemCpuNanos());
        }
        if (o.peakRssBytes() != null) {
            b.peakRssBytes(o.peakRssBytes());
        }
        if (o.timedOut()) {
            return b.timedOut("timed out after " + seconds(timeout.toNanos()) + "; its process tree was killed"
                    + stderrTail(stderr)).build();
        }
        if (!validExitCodes.contains(o.exitCode())) {
            requireSpace(dir);
            String how = o.signal() != 0 ? "killed by signal " + o.signal() : "exit code " + o.exitCode();
            return b.failed(how + " (accepted: " + codes() + ")" + stderrTail(stderr)).build();
        }
        String out = null;
        for (int i = 0; i < pis.size(); i++) {
            PiSpec p = pis.get(i);
            try {
                if (p.readings() instanceof PiSpec.WallTime) {
                    b.reading(i, duration / 1e9);
                } else if (p.readings() != null) {
                    if (out == null) {
                        out = tail(stdout);
                    }
                    b.reading(i, OutputParser.reading(p.readings(), out, columnsRead == 1));
                }
                if (p.unitReadings() != null) {
                    b.unitReadings(i, OutputParser.unitReadings(p.unitReadings(), dir));
                }
            } catch (OutputParser.BadOutputException e) {
                return b.failed("PI '" + p.pi().name() + "': " + e.getMessage()).build();
            }
        }
        return b.build();
    }

    /**
     * A command whose output cannot be written (a full disk: stdout.txt is on it) fails; that is not the workload's
     * failure, so the session must stop with the disk named instead of counting the round against the command.
     */
    private static void requireSpace(Path dir) throws IOException {
        if (Files.getFileStore(dir).getUnallocatedSpace() < MIN_FREE_BYTES) {
            throw new EnvironmentException(dir + ": no space left on device (so the round's output could not be "
                    + "written, and its failure is not counted against the command)",
                    new FileSystemException(dir.toString(), null, "No space left on device"));
        }
    }

    private String codes() {
        return String.join(", ", validExitCodes.stream().sorted().map(String::valueOf).toList());
    }

    /** "; stderr: 'last line'" or nothing. */
    private static String stderrTail(Path stderr) throws IOException {
        String line = Files.exists(stderr) ? OutputParser.lastLine(tail(stderr)) : null;
        return line == null ? "" : "; stderr: '" + OutputParser.quote(line) + "'";
    }

    /** The file's text, or its last {@link #MAX_OUTPUT} bytes. */
    private static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long size = f.length();
            int n = (int) Math.min(size, MAX_OUTPUT);
            byte[] bytes = new byte[n];
            f.seek(size - n);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * Cuts a round's output files to their last {@code keep} bytes (one stat each when they are smaller); true when
     * both are empty (or missing) now.
     */
    private static boolean trim(Path stdout, Path stderr, long keep) throws IOException {
        boolean empty = true;
        for (Path f : new Path[] {stdout, stderr}) {
            long size = f.toFile().length(); // 0 when there is no file
            empty &= size == 0 || keep == 0; // kept: nothing, so the file is empty below
            if (keep >= 0 && size > keep) {
                keepTail(f, keep);
            }
        }
        return empty;
    }

    /**
     * Removes the rounds' empty output files, and the round directories that hold nothing else. Done once, when the
     * session is over, not between rounds: a mkdir is all a round costs, where an unlink and an rmdir each round took
     * about 0.2 ms of the time between rounds. A killed session leaves them; the next tidy (after a resume) removes
     * them too. Thread-confined, like {@link #run}.
     */
    public void tidyRounds() throws IOException {
        for (Path dir : untidy) {
            for (String name : new String[] {STDOUT, STDERR}) {
                Path f = dir.resolve(name);
                if (f.toFile().length() == 0) {
                    Files.deleteIfExists(f);
                }
            }
            try {
                Files.deleteIfExists(dir);
            } catch (DirectoryNotEmptyException e) {
                // the command left files: they are the round's results
            }
        }
        untidy.clear();
        if (Files.isDirectory(roundsDir)) {
            try (var left = Files.list(roundsDir)) {
                for (Path dir : left.toList()) { // rounds of an earlier, killed run of this session
                    tidyIfEmpty(dir);
                }
            }
        }
    }

    private static void tidyIfEmpty(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        for (String name : new String[] {STDOUT, STDERR}) {
            Path f = dir.resolve(name);
            if (Files.isRegularFile(f) && Files.size(f) == 0) {
                Files.delete(f);
            }
        }
        try {
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // results
        }
    }

    /** Cuts {@code file} to its last {@code keep} bytes (a command that prints 20 MB a round must not fill the disk). */
    private static void keepTail(Path file, long keep) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            long size = f.length();
            byte[] tail = new byte[(int) keep];
            f.seek(size - keep);
            f.readFully(tail);
            f.seek(0);
            f.write(tail);
            f.setLength(keep);
        }
    }

    static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s" : nanos / 1e9 + " s";
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

        /** Subtracted from every round's wall time: the calibrated start-up of a shell (see {@link ShellCalibration}). */
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
                throw new IllegalArgumentException("output to keep must be -1 (all) or 0.." + (Integer.MAX_VALUE - 8)
                        + " bytes, got " + bytes);
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
