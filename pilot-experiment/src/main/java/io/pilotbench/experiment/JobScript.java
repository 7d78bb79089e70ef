package io.pilotbench.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a job's unmeasured scripts (setup.sh, the probe of the factors, collect.sh) as plain processes that a stop
 * request can end with their descendants. Kept apart from {@link JobRun}, which decides what runs and reads what it
 * printed: this is the process handling, which a stop request reaches from another thread.
 */
final class JobScript {
    /** How long a stop request lets a script end on SIGTERM before SIGKILL, as the launchers do. */
    static final long KILL_GRACE_MILLIS = 2000;

    private JobScript() {}

    /**
     * Runs {@code words} in {@code cwd} with exactly the environment {@code env}, its output in {@code log} and its
     * standard error appended to {@code log}'s sibling {@code NAME.err}. A stop request kills it with its
     * descendants (SIGTERM, then SIGKILL after {@link #KILL_GRACE_MILLIS} ms; at once on a second request) and the
     * job gets no row, so Ctrl-C never waits for a hung setup.sh.
     *
     * @return the script's exit code
     */
    static int run(ExperimentRunner.Stop stop, Map<String, String> env, List<String> words, Path cwd, Path log)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(words)
                .directory(cwd.toFile())
                .redirectErrorStream(false)
                .redirectOutput(log.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        log.resolveSibling(log.getFileName() + ".err").toFile()));
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        stop.running(() -> killTree(p, false), () -> killTree(p, true));
        try {
            return p.waitFor();
        } finally {
            stop.idle();
            stop.check();
        }
    }

    /** Signals {@code p} first (so it starts no more children), then its descendants; SIGKILL later or now. */
    private static void killTree(Process p, boolean now) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(p.toHandle());
        p.descendants().forEach(tree::add);
        for (ProcessHandle h : tree) {
            if (now) {
                h.destroyForcibly();
            } else {
                h.destroy();
            }
        }
        if (!now) {
            Thread t = new Thread(
                    () -> {
                        try {
                            Thread.sleep(KILL_GRACE_MILLIS);
                        } catch (InterruptedException e) {
                            // kill now
                        }
                        tree.forEach(ProcessHandle::destroyForcibly);
                    },
                    "pilot-script-kill");
            t.setDaemon(true);
            t.start();
        }
    }
}
