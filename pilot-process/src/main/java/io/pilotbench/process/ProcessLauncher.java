package io.pilotbench.process;

import java.io.IOException;

/**
 * Runs external commands one at a time and measures them: wall time around the process, exit status, and (where the
 * platform allows) CPU time and peak memory of the process tree.
 *
 * <p>{@link #best()} picks the native launcher (posix_spawn + wait4 through JNA, Linux with glibc: the child gets its
 * own process group, CPU time is exact per run and includes waited-for descendants, peak RSS likewise but only when
 * above the JVM's own peak, a timeout kills the whole group) and falls back to {@link ProcessBuilder} (no CPU or
 * memory figures; a timeout kills the descendants Java can see). The system property {@code pilot.launcher=jdk}
 * forces the {@link ProcessBuilder} launcher.
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

    /**
     * Kills the command running now, if any, with its process tree, at once (SIGKILL, no grace period): what a second
     * Ctrl-C does just before the JVM halts, when the grace period of {@link #killRunning()} would never end.
     */
    default void killRunningNow() {
        killRunning();
    }

    /** One line for reports: which launcher, and what it measures. */
    String description();

    /**
     * A new launcher: the native one where it works on this platform (probed once per JVM) and the system property
     * {@code pilot.launcher} is not {@code jdk}, else the {@link ProcessBuilder} one (whose {@link #description()}
     * says why when the native one does not work here).
     */
    static ProcessLauncher best() {
        return Launchers.best();
    }

    /**
     * Waits (at most 20 ms) until this JVM's JIT compiler threads are idle, as the launchers do just before their
     * clock starts; for a caller that measures around a run, so that its window holds the command, not the wait.
     */
    static void awaitIdleCompiler() {
        QuietCompiler.await();
    }

    /** The {@link ProcessBuilder} launcher (any platform). */
    static ProcessLauncher jdk() {
        return Launchers.jdk();
    }
}
