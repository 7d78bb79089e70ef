package io.pilotbench.cli;

import io.pilotbench.core.model.Round;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.ShellCalibration;
import java.util.List;

/** How a session's rounds were timed, in the report's words: its timing line and the warning --shell may need. */
final class RoundsTiming {
    private RoundsTiming() {}

    /**
     * How the rounds were timed, for the report: the launcher, and whether anything was subtracted (only a shell's
     * calibrated start-up, with --shell; what Pilot's own JVM would add is kept out of the timed interval instead).
     */
    static String line(CommandWorkload workload, ProcessLauncher launcher) {
        long overhead = workload.overheadNanos();
        return launcher.description()
                + (overhead > 0
                        ? "; the shell's start-up, " + milliseconds(overhead) + " (median of " + ShellCalibration.RUNS
                                + " runs), subtracted from every round"
                        : "; nothing subtracted");
    }

    /**
     * With --shell, the rounds that took less than the shell's calibrated start-up: they count as 0 s (a time is not
     * negative), which biases the mean upward, so the command is too short to time through a shell (hyperfine warns
     * likewise). Null when there are none.
     */
    static String shorterThanTheShell(CommandWorkload workload, List<Round> rounds) {
        long overhead = workload.overheadNanos();
        long zero = rounds.stream().filter(r -> r.durationNanos() == 0).count();
        if (overhead <= 0 || zero == 0) {
            return null;
        }
        return zero + " of " + rounds.size() + " rounds took less than the shell's start-up ("
                + milliseconds(overhead) + ") and count as 0 s, which biases the mean upward: the "
                + "command is too short to time through a shell; run it without --shell (a pipe or redirection can go "
                + "in a script file run as the command)";
    }

    /** "0.665 ms": nanoseconds to the microsecond. */
    private static String milliseconds(long nanos) {
        return Math.round(nanos / 1e3) / 1e3 + " ms";
    }
}
