package io.pilotbench.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The start-up time of a shell, to be subtracted from rounds run through it, measured as hyperfine does for its
 * intermediate shell: run {@code SHELL -c ''} several times and take the median wall time (the median, not the mean,
 * so that one descheduled run does not skew it). Without {@code --shell} nothing stands between Pilot and the
 * program, so nothing is subtracted: starting the program is part of what it costs.
 *
 * @param shell   the shell measured
 * @param nanos   the median start-up, ns
 * @param samples every measurement, ns, in order
 */
public record ShellCalibration(String shell, long nanos, long[] samples) {
    /** Runs of the empty script: enough for a stable median, few enough to take well under a second. */
    public static final int RUNS = 15;

    /**
     * Measures {@code shell} with {@code launcher}; the output goes to files in {@code scratch}, which are removed.
     *
     * @throws IOException when the shell cannot be run, or exits with an error
     */
    public static ShellCalibration measure(ProcessLauncher launcher, String shell, Path scratch)
            throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        Path out = scratch.resolve("calibration.out");
        Path err = scratch.resolve("calibration.err");
        long[] t = new long[RUNS];
        try {
            for (int i = 0; i < RUNS; i++) {
                ProcessOutcome o =
                        launcher.run(new CommandRequest(List.of(shell, "-c", ""), null, null, out, err, null));
                if (o.exitCode() != 0) {
                    throw new IOException("--shell " + shell + ": '" + shell + " -c \"\"' exits with " + o.exitCode()
                            + ", so it cannot run commands");
                }
                t[i] = o.wallNanos();
            }
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
        long[] sorted = t.clone();
        Arrays.sort(sorted);
        return new ShellCalibration(shell, sorted[RUNS / 2], t);
    }
}
