package io.pilotbench.process;

import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An external command as a Pilot {@link Workload} (the paper's third kind of benchmark, §II): each round runs the
 * command once, in a fresh directory {@code <rounds>/<round>/} (its {@code %RESULT_DIR%}), with its standard output
 * and error in {@code stdout.txt} and {@code stderr.txt} there (removed when empty, with the directory when nothing
 * else is left), and reads the PIs from what it printed and wrote.
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

    private final CommandTemplate command;
    private final List<PiSpec> pis;
    private final ProcessLauncher launcher;
    private final Path roundsDir;
    private final Map<String, String> env;
    private final Path cwd;
    private final Duration timeout;
    private final Set<Integer> validExitCodes;
    private final long overheadNanos;

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
    }

    public static Builder builder(CommandTemplate command, List<PiSpec> pis, Path roundsDir) {
        return new Builder(command, pis, roundsDir);
    }

    /** The PIs in session order. */
    public List<PerformanceIndex> performanceIndices() {
        return pis.stream().map(PiSpec::pi).toList();
    }

    /** Kills the round running now, if any (Ctrl-C); its {@link #run} then throws {@link InterruptedException}. */
    public void stop() {
        launcher.killRunning();
    }

    @Override
    public RoundResult run(int round, long workAmount) throws IOException, InterruptedException {
        Path dir = roundsDir.resolve(Integer.toString(round));
        Files.createDirectories(dir);
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Map<String, String> childEnv = new LinkedHashMap<>(env);
        childEnv.put("PILOT_ROUND", Integer.toString(round));
        childEnv.put("PILOT_WORK_AMOUNT", Long.toString(workAmount));
        childEnv.put("PILOT_RESULT_DIR", dir.toString());
        ProcessOutcome outcome;
        try {
            outcome = launcher.run(new CommandRequest(command.argv(round, workAmount, dir), cwd, childEnv, stdout, stderr,
                    timeout));
        } catch (IOException e) {
            tidy(dir, stdout, stderr);
            throw e;
        }
        try {
            if (outcome.interrupted()) {
                throw new InterruptedException("round " + round + " was stopped");
            }
            return result(outcome, dir, stdout, stderr);
        } finally {
            tidy(dir, stdout, stderr);
        }
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
                    b.reading(i, OutputParser.reading(p.readings(), out));
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

    /** Removes empty output files, and the round directory when nothing else is in it. */
    private static void tidy(Path dir, Path stdout, Path stderr) {
        try {
            for (Path f : new Path[] {stdout, stderr}) {
                if (Files.exists(f) && Files.size(f) == 0) {
                    Files.delete(f);
                }
            }
            Files.deleteIfExists(dir);
        } catch (DirectoryNotEmptyException e) {
            // the command left files: they are the round's results
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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

        public CommandWorkload build() {
            return new CommandWorkload(this);
        }
    }
}
