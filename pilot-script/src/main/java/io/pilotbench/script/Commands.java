package io.pilotbench.script;

import io.pilotbench.process.CommandRequest;
import io.pilotbench.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a campaign has running, and how it is killed: the commands that are not a measured EXEC (SETUP, CLEANUP,
 * PRESETUP, an EXEC outside a TEST...) each in a process group of its own, the TEST's EXEC copies
 * ({@link ThreadedRun}), and the kills of a stop request or of a TEST's passed max-time, repeated until what runs is
 * gone. Separate from {@link Campaign}, which decides what runs: this class only runs and kills, from any thread.
 */
final class Commands {
    /**
     * How often a stop request or a TEST's passed {@code max-time} kills again what runs (a command may start just as
     * the request comes), as {@code pilot run}'s deadline does.
     */
    static final long KILL_AGAIN_MILLIS = 50;

    private static final ScheduledExecutorService KILLER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "pilot-campaign-killer");
        t.setDaemon(true);
        return t;
    });

    private final Path dir;
    /**
     * Runs every command that is not a measured EXEC: in a process group of its own, which a stop or a TEST's max-time
     * kills with its descendants (SIGTERM, SIGKILL after the launcher's grace period).
     */
    private final ProcessLauncher shells = ProcessLauncher.best();

    private volatile ThreadedRun running;
    /** Set when the running TEST's max-time passes (a new flag per TEST); null outside a TEST's runs. */
    private volatile AtomicBoolean timeUp;

    private ScheduledFuture<?> stopping;

    /** @param dir where the commands run: the script's directory */
    Commands(Path dir) {
        this.dir = dir;
    }

    /** Runs {@code text} with {@code /bin/sh -c} in the script's directory, output to {@code out}; its exit code. */
    int shell(String text, Path out, Map<String, String> env) throws IOException, InterruptedException {
        // one launcher, one command at a time: commands run one after another on the campaign's thread
        synchronized (shells) {
            return shells.run(new CommandRequest(List.of("/bin/sh", "-c", text), dir, env, out, out, null))
                    .exitCode();
        }
    }

    /** The TEST's EXEC copies, killed with the rest from now on; null when the TEST is over. */
    void running(ThreadedRun r) {
        running = r;
    }

    /** Whether the running TEST's max-time has passed. */
    boolean timeUp() {
        AtomicBoolean t = timeUp;
        return t != null && t.get();
    }

    /** Kills what runs now, and again every {@link #KILL_AGAIN_MILLIS} until {@link #stopKilling()}. */
    void killRepeatedly() {
        killRunning();
        synchronized (this) {
            if (stopping == null) {
                stopping = KILLER.scheduleAtFixedRate(
                        this::killRunning, KILL_AGAIN_MILLIS, KILL_AGAIN_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Ends the kills {@link #killRepeatedly()} started, if any. */
    synchronized void stopKilling() {
        if (stopping != null) {
            stopping.cancel(false);
        }
    }

    /** Kills what runs now at once, without the grace period (SIGKILL). */
    void killNow() {
        ThreadedRun r = running;
        if (r != null) {
            r.killNow();
        }
        shells.killRunningNow();
    }

    private void killRunning() {
        ThreadedRun r = running;
        if (r != null) {
            r.kill();
        }
        shells.killRunning();
    }

    /**
     * Starts a TEST's max-time: once {@code max} has passed, what runs is killed, and again every
     * {@link #KILL_AGAIN_MILLIS}, until the deadline is closed. With {@code max} null, a deadline that never passes.
     */
    Deadline deadline(Duration max) {
        AtomicBoolean passed = new AtomicBoolean();
        ScheduledFuture<?> task = null;
        if (max != null) {
            timeUp = passed;
            task = KILLER.scheduleAtFixedRate(
                    () -> {
                        passed.set(true);
                        if (timeUp == passed) {
                            killRunning();
                        }
                    },
                    max.toNanos(),
                    TimeUnit.MILLISECONDS.toNanos(KILL_AGAIN_MILLIS),
                    TimeUnit.NANOSECONDS);
        }
        return new Deadline(passed, task);
    }

    /** A TEST's max-time, running until closed. */
    final class Deadline implements AutoCloseable {
        private final AtomicBoolean passed;
        private final ScheduledFuture<?> task;

        private Deadline(AtomicBoolean passed, ScheduledFuture<?> task) {
            this.passed = passed;
            this.task = task;
        }

        /** Whether the max-time has passed (and what ran was killed). */
        boolean passed() {
            return passed.get();
        }

        @Override
        public void close() {
            if (task != null) {
                task.cancel(false);
            }
            timeUp = null;
        }
    }
}
