package io.pilotbench.script;

import io.pilotbench.process.CommandRequest;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.ProcessOutcome;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code n} copies of an EXEC command at once (Auto-pilot's THREADS, paper §3.1–3.3), each with
 * {@code PILOT_THREAD} and {@code APTHREAD} set to 1..n, behind a barrier so that no copy gets a head start.
 *
 * <p>The barrier: each copy is started as {@code sh -c 'read _ < FIFO_k; exec sh -c COMMAND'}, with a FIFO of its own.
 * Opening a FIFO for writing blocks until its reader has opened it, so once Pilot has opened all n FIFOs every copy is
 * waiting in {@code read}; Pilot then writes one newline to each, and they all go (the paper used a System V semaphore
 * the copies decremented; a FIFO needs no helper program). A copy that dies before reaching its FIFO (a missing
 * shell, a kill) is unblocked by Pilot opening the FIFO itself, so a round never hangs on it.
 *
 * <p>Per round (paper §3.3, "Combining Results"): elapsed = from the release to the end of the longest copy; user and
 * system CPU = the sums over the copies; wait = the sum over the copies of the time each spent off a CPU, its own
 * elapsed time (from the release to its end) less its own CPU time — summed as the CPU times are, so that it is never
 * the longest copy's elapsed time less every copy's CPU time (negative as soon as the copies run in parallel); the
 * exit status is the first non-zero one. With one copy there is no barrier and elapsed is the launcher's own wall
 * time around the process, wait elapsed − CPU.
 *
 * <p>The shell that holds a copy at the barrier has used CPU before the release (starting {@code /bin/sh}: about
 * 0.6 ms, more than a short command's wait), which the copy's CPU times from {@code wait4} include but its elapsed
 * time does not: two copies of a 6 ms command showed waits of −1.2 ms and 218% of two processors. So each copy writes
 * its process id before it waits, and at the release its time on a CPU so far is read from {@code
 * /proc/PID/schedstat} (nanoseconds; the copy is blocked, so the kernel's count is current) and left out of its CPU
 * times, from its user time first (where a shell's start goes: 0.52 ms user, 0.05 ms system over 300 starts) —
 * each copy is then counted as one copy without a barrier is, from its {@code sh -c COMMAND} on. Where the file
 * cannot be read, nothing is left out.
 */
final class ThreadedRun implements AutoCloseable {
    /** What a round of n copies did. */
    record Outcome(long elapsedNanos, Long userNanos, Long systemNanos, Long waitNanos, int exitCode, String failure) {}

    private final int threads;
    private final List<ProcessLauncher> launchers = new ArrayList<>();
    private final Path fifoDir;
    private final ExecutorService pool;
    /** Shell text run by each copy before it waits at the barrier (tests use it to stagger the copies). */
    private final String beforeBarrier;

    ThreadedRun(int threads, String beforeBarrier) throws IOException, InterruptedException {
        this.threads = threads;
        this.beforeBarrier = beforeBarrier;
        for (int i = 0; i < threads; i++) {
            launchers.add(ProcessLauncher.best());
        }
        if (threads > 1) {
            fifoDir = Files.createTempDirectory("pilot-barrier-");
            List<String> cmd = new ArrayList<>(List.of("mkfifo", "-m", "600"));
            for (int k = 1; k <= threads; k++) {
                cmd.add(fifoDir.resolve("go-" + k).toString());
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new IOException("cannot make the FIFOs of the THREADS barrier: " + out.strip());
            }
            pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "pilot-thread-copy");
                t.setDaemon(true);
                return t;
            });
        } else {
            fifoDir = null;
            pool = null;
        }
    }

    int threads() {
        return threads;
    }

    String description() {
        return launchers.get(0).description();
    }

    /**
     * Runs the copies and waits for all of them.
     *
     * @param outDir where each copy's output goes ({@code thread-K.out}, {@code thread-K.err})
     */
    Outcome run(String command, Path cwd, Map<String, String> env, Path outDir)
            throws IOException, InterruptedException {
        if (threads == 1) {
            ProcessOutcome o = launchers.get(0).run(request(List.of("/bin/sh", "-c", command), cwd, env, 1, outDir));
            Long wait = o.userCpuNanos() == null || o.systemCpuNanos() == null
                    ? null
                    : o.wallNanos() - o.userCpuNanos() - o.systemCpuNanos();
            return new Outcome(o.wallNanos(), o.userCpuNanos(), o.systemCpuNanos(), wait, o.exitCode(), failure(o, 1));
        }
        ProcessOutcome[] outcomes = new ProcessOutcome[threads];
        boolean[] released = {false};
        List<Future<long[]>> copies = start(command, cwd, env, outDir, outcomes, released);
        long[] before = new long[threads];
        long release = release(released, before);
        long[] ends = new long[threads];
        long last = release;
        for (int k = 0; k < threads; k++) {
            ends[k] = end(copies.get(k));
            last = Math.max(last, ends[k]);
        }
        return combine(outcomes, before, ends, release, last);
    }

    /**
     * Starts the copies, each waiting at its FIFO; each fills its outcome in {@code outcomes} and its future gives
     * when it ended. A copy that ends before the release unblocks its own FIFO, so that the barrier does not wait for
     * it.
     */
    private List<Future<long[]>> start(
            String command,
            Path cwd,
            Map<String, String> env,
            Path outDir,
            ProcessOutcome[] outcomes,
            boolean[] released) {
        String wrapper = (beforeBarrier == null ? "" : beforeBarrier + "; ")
                + "echo $$ > \"$2\"; read _ < \"$1\" || exit 125; shift 2; exec /bin/sh -c \"$1\"";
        List<Future<long[]>> copies = new ArrayList<>();
        for (int k = 1; k <= threads; k++) {
            int copy = k;
            Path fifo = fifoDir.resolve("go-" + k);
            Path pid = pidFile(k);
            try {
                Files.deleteIfExists(pid); // a copy that dies before writing it must not name the last round's process
            } catch (IOException e) {
                // then its CPU before the release is not known: nothing is left out (see readyCpu)
            }
            CommandRequest r = request(
                    List.of("/bin/sh", "-c", wrapper, "sh", fifo.toString(), pid.toString(), command),
                    cwd,
                    env,
                    copy,
                    outDir);
            copies.add(pool.submit(() -> {
                ProcessOutcome o = launchers.get(copy - 1).run(r);
                long end = System.nanoTime();
                outcomes[copy - 1] = o;
                synchronized (released) {
                    if (!released[0]) {
                        unblock(fifo); // it ended before the release: do not let the barrier wait for it
                    }
                }
                return new long[] {end};
            }));
        }
        return copies;
    }

    /**
     * Opens every FIFO (so every copy waits in {@code read}), notes each copy's CPU time so far in {@code before}, then
     * lets them all go; when they went.
     */
    private long release(boolean[] released, long[] before) throws IOException {
        List<FileOutputStream> opened = new ArrayList<>();
        try {
            for (int k = 1; k <= threads; k++) {
                opened.add(new FileOutputStream(fifoDir.resolve("go-" + k).toFile()));
            }
            for (int k = 1; k <= threads; k++) {
                before[k - 1] = readyCpu(pidFile(k));
            }
            synchronized (released) {
                long release = System.nanoTime();
                for (FileOutputStream o : opened) {
                    try {
                        o.write('\n');
                        o.flush();
                    } catch (IOException e) {
                        // that copy died before reading: its outcome says so
                    }
                }
                released[0] = true;
                return release;
            }
        } finally {
            for (FileOutputStream o : opened) {
                try {
                    o.close();
                } catch (IOException e) {
                    // a reader gone: nothing to close cleanly
                }
            }
        }
    }

    /** When a copy ended, once it has. */
    private static long end(Future<long[]> copy) throws IOException, InterruptedException {
        try {
            return copy.get()[0];
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            throw new IOException("a copy of the command failed: " + c, c);
        }
    }

    /** The round's outcome from the copies' (paper §3.3): see the class comment. */
    private Outcome combine(ProcessOutcome[] outcomes, long[] before, long[] ends, long release, long last) {
        Long user = 0L;
        Long sys = 0L;
        Long wait = 0L;
        int exit = 0;
        String failure = null;
        for (int k = 0; k < threads; k++) {
            ProcessOutcome o = outcomes[k];
            boolean known = o.userCpuNanos() != null && o.systemCpuNanos() != null;
            // this copy's CPU since the release: what the barrier's shell used before it is left out, from the user
            // time first (the class comment)
            long copyUser = known ? o.userCpuNanos() : 0;
            long copySys = known ? o.systemCpuNanos() : 0;
            long fromUser = Math.min(copyUser, before[k]);
            copyUser -= fromUser;
            copySys -= Math.min(copySys, before[k] - fromUser);
            user = user == null || !known ? null : user + copyUser;
            sys = sys == null || !known ? null : sys + copySys;
            // this copy's time off a CPU since the release
            wait = wait == null || !known ? null : wait + Math.max(0, ends[k] - release) - copyUser - copySys;
            if (failure == null && failure(o, k + 1) != null) {
                failure = failure(o, k + 1);
                exit = o.exitCode();
            }
        }
        return new Outcome(last - release, user, sys, wait, exit, failure);
    }

    private Path pidFile(int copy) {
        return fifoDir.resolve("pid-" + copy);
    }

    /**
     * The CPU time, in nanoseconds, that the copy whose process id is in {@code pidFile} has used so far: the first
     * field of {@code /proc/PID/schedstat}. 0 where it cannot be read (no such file, a kernel without it).
     */
    static long readyCpu(Path pidFile) {
        try {
            String pid = Files.readString(pidFile).strip();
            if (!pid.matches("[0-9]{1,10}")) {
                return 0;
            }
            String stat = Files.readString(Path.of("/proc", pid, "schedstat")).strip();
            int space = stat.indexOf(' ');
            return Math.max(0, Long.parseLong(space < 0 ? stat : stat.substring(0, space)));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static String failure(ProcessOutcome o, int copy) {
        if (o.interrupted()) {
            return "copy " + copy + " was interrupted";
        }
        if (o.signal() != 0) {
            return "copy " + copy + " was killed by signal " + o.signal();
        }
        if (o.exitCode() != 0) {
            return "copy " + copy + " exited with " + o.exitCode();
        }
        return null;
    }

    private static void unblock(Path fifo) {
        Thread t = new Thread(
                () -> {
                    try (FileInputStream in = new FileInputStream(fifo.toFile())) {
                        in.read();
                    } catch (IOException e) {
                        // gone: nothing to unblock
                    }
                },
                "pilot-barrier-unblock");
        t.setDaemon(true);
        t.start();
    }

    private static CommandRequest request(List<String> argv, Path cwd, Map<String, String> env, int copy, Path out) {
        Map<String, String> e = new HashMap<>(env);
        e.put("PILOT_THREAD", Integer.toString(copy));
        e.put("APTHREAD", Integer.toString(copy));
        return new CommandRequest(
                argv, cwd, e, out.resolve("thread-" + copy + ".out"), out.resolve("thread-" + copy + ".err"), null);
    }

    /** Stops the copies running now (Ctrl-C). */
    void kill() {
        for (ProcessLauncher l : launchers) {
            l.killRunning();
        }
    }

    /** Kills the copies running now at once, without a grace period (a second Ctrl-C). */
    void killNow() {
        for (ProcessLauncher l : launchers) {
            l.killRunningNow();
        }
    }

    @Override
    public void close() throws IOException {
        if (pool != null) {
            pool.shutdownNow();
            try {
                pool.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (fifoDir != null) {
            try (var s = Files.list(fifoDir)) {
                for (Path p : s.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(fifoDir);
        }
    }
}
