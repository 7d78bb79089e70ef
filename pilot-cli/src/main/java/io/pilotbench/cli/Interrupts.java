package io.pilotbench.cli;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ctrl-C (SIGINT) and SIGTERM (what {@code timeout}, CI runners and service managers send) for commands that run
 * sessions. {@link Main} routes both here ({@link #installSignalHandler}); a command registers what the first signal
 * does (stop after recording what is finished, kill the running round's process group); the report is then printed
 * marked interrupted and the command exits with 128 + the signal's number (130, 143), as shells report it. A second
 * signal halts at once with that code (what is recorded stays on disk), after the command's last action (kill what
 * runs without a grace period, so that nothing outlives pilot). Without a registered action, a signal exits at once,
 * as usual.
 */
final class Interrupts {
    private static volatile Runnable action;
    private static volatile Runnable last;
    private static volatile int exitCode = ExitCode.INTERRUPTED.code();
    private static final AtomicInteger COUNT = new AtomicInteger();

    private Interrupts() {}

    /**
     * Routes SIGINT and SIGTERM to {@link #interrupt(int)}. Uses {@code sun.misc.Signal} (module jdk.unsupported, in
     * every JDK): the supported alternative, a shutdown hook, cannot keep the JVM alive to print the report and choose
     * the exit code. Where it is missing, the JVM's default (exit at once) stays.
     */
    static void installSignalHandler() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), s -> interrupt(128 + s.getNumber()));
            } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
                // no such signal on this platform, or the JVM reserves it (-Xrs): keep the default
            }
        }
    }

    /** Registers the first signal's action for a running session; close the result when the session is over. */
    static AutoCloseable onInterrupt(Runnable value) {
        return onInterrupt(value, null);
    }

    /**
     * Registers the first signal's action and what a second one does before the JVM halts ({@code again}: kill at
     * once what the first signal asked to stop, or null for nothing).
     */
    static AutoCloseable onInterrupt(Runnable value, Runnable again) {
        COUNT.set(0);
        exitCode = ExitCode.INTERRUPTED.code();
        last = again;
        action = value;
        return () -> {
            action = null;
            last = null;
        };
    }

    /** The exit code for a session the last signal stopped: 130 after Ctrl-C, 143 after SIGTERM. */
    static int exitCode() {
        return exitCode;
    }

    /** Ctrl-C, as the signal handler delivers it (tests call it directly). */
    static void interrupt() {
        interrupt(ExitCode.INTERRUPTED.code());
    }

    /** What a signal does: the registered action the first time, halt after that (or with no action). */
    static void interrupt(int code) {
        Runnable a = action;
        if (a == null) {
            System.exit(code);
        } else if (COUNT.incrementAndGet() > 1) {
            Runnable l = last;
            if (l != null) {
                try {
                    l.run();
                } catch (RuntimeException e) {
                    // halting anyway: what is recorded stays on disk
                }
            }
            Runtime.getRuntime().halt(code);
        } else {
            exitCode = code;
            a.run();
        }
    }
}
