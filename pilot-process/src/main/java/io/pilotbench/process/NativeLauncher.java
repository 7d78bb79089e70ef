package io.pilotbench.process;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs commands with posix_spawnp and reaps them with wait4, through JNA, on Linux with glibc (x86-64, aarch64; other
 * platforms, macOS included, get {@link JdkLauncher} from {@link Launchers#best()}).
 *
 * <p>Why hand-written: {@link ProcessBuilder}'s {@link Process} reaps its child in a JDK thread with waitpid, so the
 * child's own rusage (what wait4 returns for exactly that child) is gone before we could ask, and
 * getrusage(RUSAGE_CHILDREN) would mix every child the JVM ever had. NuProcess uses posix_spawn but exposes no
 * rusage; zt-exec wraps {@link ProcessBuilder}. So this class spawns and waits itself:
 * <ul>
 *   <li>posix_spawnp(3) with file actions: fd 0 from /dev/null, fd 1 and 2 to the request's files, chdir to the
 *       working directory (posix_spawn_file_actions_addchdir_np, glibc 2.29+; without it a run with a working
 *       directory is delegated to {@link JdkLauncher}), and every other descriptor closed
 *       (posix_spawn_file_actions_addclosefrom_np, glibc 2.34+; without it, descriptors the JVM opened without
 *       close-on-exec leak into the command);</li>
 *   <li>attributes: a new process group led by the child (so a timeout can kill the whole group), an empty signal
 *       mask, and the default disposition for every signal except SIGKILL and SIGSTOP (so the command inherits
 *       neither the blocked signals of the calling thread, e.g. SIGQUIT, which HotSpot blocks in Java threads, nor
 *       the JVM's ignored ones, e.g. SIGINT in a JVM started in the background by a shell; glibc's own signals 32 and
 *       33 stay ignored, as glibc's posix_spawn leaves them). Made once, by {@link NativeSpawn}, which prepares each
 *       spawn;</li>
 *   <li>the environment is the JVM's {@link System#getenv()} with the request's variables applied; argv[0] is looked
 *       up on the JVM's PATH (posix_spawnp uses the parent's PATH), both by {@link SpawnEnvironment}; a script
 *       without a "#!" line is not run by /bin/sh (posix_spawnp reports ENOEXEC, unlike execvp and
 *       {@link ProcessBuilder});</li>
 *   <li>wait4(2) on the calling thread returns the exit status and the rusage of that child including its
 *       descendants that were waited for (getrusage(2), RUSAGE_CHILDREN semantics): user and system CPU time and the
 *       largest peak RSS among them. Descendants that were never waited for (a daemon that detaches) are not
 *       counted ({@link NativeChild}).</li>
 * </ul>
 *
 * <p>Peak RSS has a floor: at exec, Linux folds the high-water mark of the address space being replaced into the
 * process's ru_maxrss (fs/exec.c, exec_mmap), and a child spawned with vfork semantics (posix_spawn) or by fork
 * replaces this JVM's address space, so wait4 reports max(this JVM's peak RSS at the spawn, the tree's peak). Nothing
 * in the spawn avoids it: a clean figure would have to be measured by a small intermediate process that forks the
 * command and reports its rusage. So the peak is reported only when it exceeds this JVM's own peak (VmHWM, read after
 * the wait; the JVM's peak only grows), and then it is exactly the tree's; at or below it (typically 50-200 MB),
 * {@link ProcessOutcome#peakRssBytes()} is null. CPU times have no such floor.
 *
 * <p>Wall time runs from just before posix_spawnp to just after wait4, on the same thread. glibc's posix_spawnp
 * returns only after the exec succeeded or failed (it uses CLONE_VFORK), so a failed exec is its return value and
 * becomes an {@link IOException} here.
 *
 * <p>Timeout: the shared watchdog thread sends SIGKILL to the process group. {@link #killRunning()} sends SIGTERM to
 * the group, then SIGKILL after {@value Launchers#KILL_GRACE_MILLIS} ms if the child has not exited. Processes that
 * left the group (setsid, setpgid) are not reached. The group is signalled only while its leader (the child) has not
 * been reaped: the child is first waited for with waitid(WNOWAIT), which leaves it a zombie holding its pid, then
 * marked exited, then reaped, so a late timer can never signal a recycled process group id. The flip side: once the
 * child has exited, members of its group that outlive it get no further signal.
 *
 * <p>One run at a time per instance. {@link #killRunning()} may be called from any thread (a Ctrl-C handler). The
 * wait is a blocking system call: interrupting the thread in {@link #run} does not stop the command (use
 * {@link #killRunning()}); an interrupt that arrives before the spawn throws {@link InterruptedException}.
 */
final class NativeLauncher implements ProcessLauncher {
    private final JdkLauncher fallback = new JdkLauncher("posix_spawn_file_actions_addchdir_np missing (glibc < 2.29)");
    private volatile NativeChild current;
    /**
     * A {@link #killRunning()} (1) or {@link #killRunningNow()} (2) that came while a run had begun but before its child
     * was {@link #current}: the child is signalled as soon as it is. Without it, a Ctrl-C right after the spawn found
     * no child to signal and the command ran on (a 30 s sleep outlived a test's 3 s wait).
     */
    private final AtomicInteger killAsked = new AtomicInteger();

    /** The binding, done once per JVM when first needed. */
    private static final class Holder {
        static final LibC.Binding BINDING = LibC.bind();
    }

    /** Null when this launcher works here, else why not (one line). */
    static String unavailableReason() {
        return Holder.BINDING.unavailable();
    }

    /** True when the child's descriptors above 2 are closed (glibc 2.34+). */
    static boolean closesDescriptors() {
        return Holder.BINDING.closeFrom();
    }

    NativeLauncher() {
        String unavailable = unavailableReason();
        if (unavailable != null) {
            throw new IllegalStateException(unavailable);
        }
    }

    @Override
    public ProcessOutcome run(CommandRequest request) throws IOException, InterruptedException {
        killAsked.set(0);
        LibC.Binding binding = Holder.BINDING;
        if (request.cwd() != null && !binding.chdir()) {
            return fallback.run(request);
        }
        String program = request.argv().get(0);
        byte[][] argvBytes = SpawnEnvironment.bytes(request.argv().toArray(String[]::new));
        byte[][] envBytes = SpawnEnvironment.environment(request.env());
        byte[] cwd = request.cwd() == null
                ? null
                : Native.toByteArray(request.cwd().toAbsolutePath().toString());
        byte[] file = Native.toByteArray(SpawnEnvironment.onPath(program, request.env()));
        try (NativeSpawn spawn = new NativeSpawn(argvBytes, envBytes, cwd, file)) {
            spawn.prepare(request, cwd, binding, argvBytes, envBytes);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }

            Pointer resolved = spawn.cString(file);
            QuietCompiler.await();
            long start = System.nanoTime();
            // Until this thread blocks in waitid, what it does competes with the child's exec, which glibc's vfork
            // lets run on only once the parent is woken: 50 us of work here made a C spawner's exec 50 us slower. So
            // the path from here to waitid is kept to a few calls: no lambdas, no String to convert, no allocation
            // but the NativeChild.
            int error = spawn.spawn(resolved);
            if (error != 0) {
                return failedSpawn(request, program, error);
            }
            return waitFor(new NativeChild(spawn.pid()), request, spawn, start);
        }
    }

    /** Waits for {@code child}, spawned at {@code start}, under the request's timeout; its outcome. */
    private ProcessOutcome waitFor(NativeChild child, CommandRequest request, NativeSpawn spawn, long start)
            throws IOException {
        current = child;
        int asked = killAsked.get();
        if (asked != 0) {
            signal(child, asked == 2);
        }
        ScheduledFuture<?> timer = request.timeout() == null
                ? null
                : Launchers.watchdog()
                        .schedule(child::timeOut, request.timeout().toNanos(), TimeUnit.NANOSECONDS);
        long end;
        boolean leftProcesses;
        try {
            end = child.reap(spawn.siginfo(), spawn.status(), spawn.rusage());
            leftProcesses = child.leftProcesses();
        } finally {
            current = null;
            if (timer != null) {
                timer.cancel(false);
            }
        }
        return child.outcome(spawn.status().getInt(0), end - start, spawn.rusage(), leftProcesses);
    }

    /** A spawn that failed: a script without "#!" run by /bin/sh, or an IOException saying why. */
    private ProcessOutcome failedSpawn(CommandRequest request, String program, int error)
            throws IOException, InterruptedException {
        if (error == LibC.ENOEXEC && Launchers.shellCanRun(request)) {
            return run(Launchers.viaShell(request)); // the failed attempt's memory is freed by the caller
        }
        Launchers.prepare(request); // an unusable directory or output file: say so, not "no such program"
        throw new IOException(Launchers.cannotRun(program, LibC.strerror(error)));
    }

    @Override
    public void killRunning() {
        kill(false);
    }

    @Override
    public void killRunningNow() {
        kill(true);
    }

    /** Asked first, then looked for: the run thread sets the child, then looks at what was asked (see killAsked). */
    private void kill(boolean now) {
        killAsked.accumulateAndGet(now ? 2 : 1, Math::max);
        NativeChild running = current;
        if (running == null) {
            if (now) {
                fallback.killRunningNow();
            } else {
                fallback.killRunning();
            }
            return;
        }
        signal(running, now);
    }

    /** SIGTERM to the child's group, SIGKILL after the grace period (at once with {@code now}). */
    private static void signal(NativeChild running, boolean now) {
        if (now) {
            running.interrupt();
            running.escalate();
        } else if (running.interrupt()) {
            Launchers.watchdog().schedule(running::escalate, Launchers.KILL_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public String description() {
        return "posix_spawn + wait4 around the command, the JVM's JIT compiler idle before the clock starts (exact CPU"
                + " time per round; peak RSS when above the JVM's own; process group killed on timeout)";
    }
}
