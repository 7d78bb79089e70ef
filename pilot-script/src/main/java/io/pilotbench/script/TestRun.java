package io.pilotbench.script;

import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One run of a TEST as a Pilot {@link Workload}: SETUP (not measured), cooling, the measurement hooks' first sample,
 * EXEC (n copies with THREADS), the hooks' second sample, CLEANUP. The round's duration is EXEC's elapsed time; a
 * SETUP, EXEC or CLEANUP that fails makes the run a failed one.
 */
final class TestRun implements Workload {
    private final Campaign campaign;
    private final ThreadedRun exec;
    private final List<String> setup;
    private final List<String> cleanup;
    private final Path dir;
    private final RunsCsv runs;
    private final String command;
    private final Map<Integer, double[]> hookValues = new HashMap<>();
    /** Per round, the copies' summed time off a CPU ({@link ThreadedRun.Outcome#waitNanos}), until it is written. */
    private final Map<Integer, Long> waits = new HashMap<>();

    private final int threads;

    TestRun(Campaign campaign, ThreadedRun exec, TestStep.Plan plan, Path dir, RunsCsv runs, String command)
            throws IOException {
        this.campaign = campaign;
        this.exec = exec;
        this.setup = plan.setup;
        this.cleanup = plan.cleanup;
        this.dir = dir;
        this.runs = runs;
        this.command = command;
        this.threads = exec.threads();
        Files.createDirectories(dir.resolve("output"));
    }

    @Override
    public RoundResult run(int round, long workAmount) throws Exception {
        Path out = dir.resolve("output");
        Map<String, String> env = campaign.env();
        env.put("PILOT_RUN", Integer.toString(round + 1));
        String setupFailure = setUp(out, env);
        if (setupFailure != null) {
            return RoundResult.failure(setupFailure);
        }
        campaign.cool(dir);
        if (campaign.cutShort()) {
            throw new InterruptedException("stopped before EXEC");
        }
        List<MeasurementHook> hooks = campaign.hooks();
        double[][] before = new double[hooks.size()][];
        for (int i = 0; i < hooks.size(); i++) {
            before[i] = hooks.get(i).sample();
        }
        ThreadedRun.Outcome o = exec.run(command, campaign.scriptDir(), env, out);
        if (campaign.cutShort()) {
            // killed by Ctrl-C, SIGTERM or the TEST's max-time: not a result, and not recorded (Session.runRound
            // passes this on)
            throw new InterruptedException("stopped");
        }
        hookValues.put(round, hookValues(hooks, before));
        if (o.waitNanos() != null) {
            waits.put(round, o.waitNanos());
        }
        writeHookNotes(round, hooks);
        String cleanupFailure = cleanUp(out, env);
        return result(o, cleanupFailure);
    }

    /**
     * Runs SETUP's commands in order.
     *
     * @return the failure of the first that exited non-zero, or null when all succeeded
     * @throws InterruptedException when the run was cut short (killed: not a result, not recorded)
     */
    private String setUp(Path out, Map<String, String> env) throws IOException, InterruptedException {
        for (String s : setup) {
            int code = campaign.shell(campaign.sub(s), out.resolve("setup.out"), env);
            if (campaign.cutShort()) {
                throw new InterruptedException("stopped in SETUP"); // killed: not a result, not recorded
            }
            if (code != 0) {
                return "SETUP '" + campaign.sub(s) + "' exited with " + code;
            }
        }
        return null;
    }

    /** The hooks' values of a run, in column order: after − before for counters, the second sample for others. */
    private static double[] hookValues(List<MeasurementHook> hooks, double[][] before) throws IOException {
        int width = hooks.stream().mapToInt(h -> h.columns().size()).sum();
        double[] values = new double[width];
        int at = 0;
        for (int i = 0; i < hooks.size(); i++) {
            double[] after = hooks.get(i).sample();
            for (int k = 0; k < after.length; k++) {
                values[at++] = hooks.get(i).counter() ? after[k] - before[i][k] : after[k];
            }
        }
        return values;
    }

    /** Appends what the hooks noted about this run to hooks.log. */
    private void writeHookNotes(int round, List<MeasurementHook> hooks) throws IOException {
        StringBuilder notes = new StringBuilder();
        for (MeasurementHook h : hooks) {
            if (h.note() != null) {
                notes.append("run ")
                        .append(round + 1)
                        .append(": ")
                        .append(h.note())
                        .append('\n');
            }
        }
        if (notes.length() > 0) {
            Files.writeString(
                    dir.resolve("hooks.log"),
                    notes,
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
    }

    /**
     * Runs every CLEANUP command, also after one failed.
     *
     * @return the failure of the first that exited non-zero, or null
     * @throws InterruptedException when the run was cut short
     */
    private String cleanUp(Path out, Map<String, String> env) throws IOException, InterruptedException {
        String cleanupFailure = null;
        for (String c : cleanup) {
            int code = campaign.shell(campaign.sub(c), out.resolve("cleanup.out"), env);
            if (code != 0 && cleanupFailure == null) {
                cleanupFailure = "CLEANUP '" + campaign.sub(c) + "' exited with " + code;
            }
            if (campaign.cutShort()) {
                throw new InterruptedException("stopped in CLEANUP");
            }
        }
        return cleanupFailure;
    }

    /** The round's result: EXEC's elapsed time and CPU, failed when EXEC or a CLEANUP command failed. */
    private RoundResult result(ThreadedRun.Outcome o, String cleanupFailure) {
        RoundResult.Builder b =
                RoundResult.builder().durationNanos(o.elapsedNanos()).exitCode(o.exitCode());
        if (o.userNanos() != null && o.systemNanos() != null) {
            b.cpuNanos(o.userNanos(), o.systemNanos());
        }
        if (o.failure() != null) {
            b.failed("EXEC: " + o.failure() + " (output in " + dir.getFileName() + "/output)");
        } else if (cleanupFailure != null) {
            b.failed(cleanupFailure);
        } else {
            b.reading(0, o.elapsedNanos() / 1e9);
        }
        return b.build();
    }

    @Override
    public void cancel() {
        exec.kill();
    }

    /** Writes the row of a round Pilot recorded (and of any recorded before a crash but not yet in runs.csv). */
    void recorded(Round r) throws IOException {
        Long wait = waits.remove(r.index());
        row(r, hookValues.remove(r.index()), wait == null ? null : wait / 1e9);
    }

    /** Fills runs.csv from the session's rounds that it lacks (a crash between the journal and this file). */
    void catchUp(List<Round> rounds) throws IOException {
        for (int i = runs.size(); i < rounds.size(); i++) {
            row(rounds.get(i), null, null);
        }
    }

    /**
     * A row of runs.csv; {@code wait} null when the round's copies were not measured in this process (a row caught up
     * after a crash): then, with one copy, elapsed − CPU, and with several, blank — the copies' own times are gone.
     */
    private void row(Round r, double[] hooks, Double wait) throws IOException {
        Double user = r.userCpuNanos() == null ? null : r.userCpuNanos() / 1e9;
        Double sys = r.systemCpuNanos() == null ? null : r.systemCpuNanos() / 1e9;
        if (wait == null && threads == 1 && user != null && sys != null) {
            wait = r.durationSeconds() - user - sys;
        }
        runs.add(
                r.index(),
                r.durationSeconds(),
                user,
                sys,
                wait,
                r.exitCode() == null ? -1 : r.exitCode(),
                threads,
                hooks);
    }
}
