package io.pilotbench.process;

/**
 * What one run of a command did.
 *
 * @param exitCode       the exit status (0..255) when the process exited; 128 + signal when a signal killed it (as
 *                       shells report it)
 * @param signal         the signal that killed it, or 0 when it exited
 * @param timedOut       true when the timeout expired and Pilot killed the process tree
 * @param interrupted    true when {@link ProcessLauncher#killRunning()} stopped it (Ctrl-C)
 * @param wallNanos      monotonic wall time from just before the spawn to just after the process was reaped, ns
 * @param userCpuNanos   user CPU time of the process and its waited-for descendants, ns; null when the launcher
 *                       cannot tell
 * @param systemCpuNanos system CPU time, as above
 * @param peakRssBytes   the largest resident set of the process or of any waited-for descendant, bytes; null when
 *                       the launcher cannot tell, which on Linux includes every peak at or below the spawning JVM's
 *                       own peak RSS (the kernel folds the spawner's peak into the child's ru_maxrss at exec)
 * @param leftProcesses  true when processes the command started in its process group (background children) were still
 *                       running after it exited: they run on, unmeasured, beside later rounds and after Pilot exits
 *                       (only the native launcher can tell; false otherwise)
 */
public record ProcessOutcome(
        int exitCode,
        int signal,
        boolean timedOut,
        boolean interrupted,
        long wallNanos,
        Long userCpuNanos,
        Long systemCpuNanos,
        Long peakRssBytes,
        boolean leftProcesses) {}
