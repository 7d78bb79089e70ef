package io.pilotbench.process;

import io.pilotbench.core.model.EnvironmentException;
import io.pilotbench.core.model.RoundResult;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Reads a finished round of a {@link CommandWorkload} into its {@link RoundResult}: the wall time less the calibrated
 * overhead, the CPU time and peak RSS, a failure when it timed out or its exit code is not accepted (with the last
 * line of standard error), else each PI's reading from the output ({@link OutputParser}). Kept apart from the
 * workload, which runs the rounds and keeps their directories: this is what a round's outcome and output mean.
 */
final class RoundReader {
    /** Less free space than this on the disk of a failed round's directory means the disk is full. */
    private static final long MIN_FREE_BYTES = 64 << 10;

    private final List<PiSpec> pis;
    private final Duration timeout;
    private final Set<Integer> validExitCodes;
    private final long overheadNanos;
    /** How many distinct output columns the PIs read. */
    private final long columnsRead;

    RoundReader(List<PiSpec> pis, Duration timeout, Set<Integer> validExitCodes, long overheadNanos) {
        this.pis = pis;
        this.timeout = timeout;
        this.validExitCodes = validExitCodes;
        this.overheadNanos = overheadNanos;
        this.columnsRead = pis.stream()
                .map(PiSpec::readings)
                .filter(r -> r instanceof PiSpec.Column)
                .map(r -> ((PiSpec.Column) r).index())
                .distinct()
                .count();
    }

    /** The result of the round in {@code dir} whose process ended as {@code o}, its output in the two files. */
    RoundResult result(ProcessOutcome o, Path dir, Path stdout, Path stderr) throws IOException {
        long duration = Math.max(0, o.wallNanos() - overheadNanos);
        RoundResult.Builder b = RoundResult.builder().durationNanos(duration).exitCode(o.exitCode());
        if (o.userCpuNanos() != null && o.systemCpuNanos() != null) {
            b.cpuNanos(o.userCpuNanos(), o.systemCpuNanos());
        }
        if (o.peakRssBytes() != null) {
            b.peakRssBytes(o.peakRssBytes());
        }
        if (o.timedOut()) {
            return b.timedOut("timed out after " + timeoutText() + "; its process tree was killed"
                            + RoundOutput.stderrTail(stderr))
                    .build();
        }
        if (!validExitCodes.contains(o.exitCode())) {
            requireSpace(dir);
            String how = o.signal() != 0 ? "killed by signal " + o.signal() : "exit code " + o.exitCode();
            return b.failed(how + " (accepted: " + codes() + ")" + RoundOutput.stderrTail(stderr))
                    .build();
        }
        String out = null;
        for (int i = 0; i < pis.size(); i++) {
            PiSpec p = pis.get(i);
            try {
                if (p.readings() instanceof PiSpec.WallTime) {
                    b.reading(i, duration / 1e9);
                } else if (p.readings() != null) {
                    if (out == null) {
                        out = RoundOutput.tail(stdout);
                    }
                    b.reading(i, OutputParser.reading(p.readings(), out, columnsRead == 1));
                }
                if (p.unitReadings() != null) {
                    b.unitReadings(i, OutputParser.unitReadings(p.unitReadings(), dir, p.pi()));
                }
            } catch (OutputParser.BadOutputException e) {
                return b.failed("PI '" + p.pi().name() + "': " + e.getMessage() + RoundOutput.beyondTail(stdout))
                        .build();
            }
        }
        return b.build();
    }

    /** The accepted exit codes, in order: "0, 1". */
    String codes() {
        return String.join(
                ", ", validExitCodes.stream().sorted().map(String::valueOf).toList());
    }

    /** The round timeout as messages say it ("10 s", "0.5 s"); only when there is one. */
    String timeoutText() {
        return seconds(timeout.toNanos());
    }

    /**
     * A command whose output cannot be written (a full disk: stdout.txt is on it) fails; that is not the workload's
     * failure, so the session must stop with the disk named instead of counting the round against the command.
     */
    private static void requireSpace(Path dir) throws IOException {
        if (Files.getFileStore(dir).getUnallocatedSpace() < MIN_FREE_BYTES) {
            throw new EnvironmentException(
                    dir + ": no space left on device (so the round's output could not be "
                            + "written, and its failure is not counted against the command)",
                    new FileSystemException(dir.toString(), null, "No space left on device"));
        }
    }

    static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s" : nanos / 1e9 + " s";
    }
}
