package io.pilotbench.core.process;

import java.io.IOException;

/**
 * Runs external commands one at a time and measures them: wall time around the process, exit status, and (where the
 * platform allows) CPU time and peak memory of the process tree.
 *
 * <p>{@link #best()} picks the native launcher (posix_spawn + wait4 through JNA: the child gets its own process
 * group, rusage is exact per run and includes descendants, a timeout kills the whole group) and falls back to
 * {@link ProcessBuilder} (no CPU or memory figures; a timeout kills the descendants Java can see).
 */
public interface ProcessLauncher {
    /**
     * Runs the command to its end (or its timeout) and returns what it did. Output goes to the request's files.
     *
     * @throws IOException when the program cannot be started (not found, not executable): the message is one line
     *                     naming the program
     */
    ProcessOutcome run(CommandRequest request) throws IOException, InterruptedException;

    /** Kills the command running now, if any, with its process tree (thread-safe; for Ctrl-C handlers). */
    void killRunning();

    /** One line for reports: which launcher, and what it measures. */
    String description();

    /** The native launcher where it works on this platform, else the {@link ProcessBuilder} one. */
    static ProcessLauncher best() {
        return Launchers.best();
    }

    /** The {@link ProcessBuilder} launcher (any platform). */
    static ProcessLauncher jdk() {
        return Launchers.jdk();
    }
}
