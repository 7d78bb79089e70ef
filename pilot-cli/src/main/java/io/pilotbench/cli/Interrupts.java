package io.pilotbench.cli;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ctrl-C for commands that run sessions. {@link Main} routes SIGINT here ({@link #installSignalHandler}); a command
 * registers what the first Ctrl-C does (stop after recording what is finished, kill the running round); a second
 * Ctrl-C halts at once with exit code 130 (what is recorded stays on disk). Without a registered action, Ctrl-C exits
 * at once, as usual.
 */
final class Interrupts {
    /** The exit code of a run stopped by Ctrl-C: 128 + SIGINT, as shells report it. */
    static final int EXIT_CODE = 130;
    private static volatile Runnable action;
    private static final AtomicInteger COUNT = new AtomicInteger();

    private Interrupts() {
    }

    /**
     * Routes SIGINT to {@link #interrupt()}. Uses {@code sun.misc.Signal} (module jdk.unsupported, in every JDK):
     * the supported alternative, a shutdown hook, cannot keep the JVM alive to print the report and choose the exit
     * code. Where it is missing, the JVM's default (exit at once) stays.
     */
    static void installSignalHandler() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> interrupt());
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no SIGINT on this platform, or the JVM reserves it (-Xrs): keep the default
        }
    }

    /** Registers the first Ctrl-C's action for a running session; close the result when the session is over. */
    static AutoCloseable onInterrupt(Runnable value) {
        COUNT.set(0);
        action = value;
        return () -> action = null;
    }

    /** What SIGINT does: the registered action the first time, halt with 130 after that (or with no action). */
    static void interrupt() {
        Runnable a = action;
        if (a == null) {
            System.exit(EXIT_CODE);
        } else if (COUNT.incrementAndGet() > 1) {
            Runtime.getRuntime().halt(EXIT_CODE);
        } else {
            a.run();
        }
    }
}
