package io.pilotbench.process;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

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
 *       33 stay ignored, as glibc's posix_spawn leaves them). Made once ({@code Attributes});</li>
 *   <li>the environment is the JVM's {@link System#getenv()} with the request's variables applied; argv[0] is looked
 *       up on the JVM's PATH (posix_spawnp uses the parent's PATH); a script without a "#!" line is not run by
 *       /bin/sh (posix_spawnp reports ENOEXEC, unlike execvp and {@link ProcessBuilder});</li>
 *   <li>wait4(2) on the calling thread returns the exit status and the rusage of that child including its
 *       descendants that were waited for (getrusage(2), RUSAGE_CHILDREN semantics): user and system CPU time and the
 *       largest peak RSS among them. Descendants that were never waited for (a daemon that detaches) are not
 *       counted.</li>
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
    private static final String NULL_DEVICE = "/dev/null";
    private static final int FILE_MODE = 0644;

    private final JdkLauncher fallback = new JdkLauncher("posix_spawn_file_actions_addchdir_np missing (glibc < 2.29)");
    private volatile Running current;

    /** The binding, done once per JVM when first needed. */
    private static final class Holder {
        static final LibC.Binding BINDING = LibC.bind();
    }

    /**
     * What every spawn shares, made once per JVM: the attributes (a new process group led by the child, an empty
     * signal mask, the default disposition for every signal but SIGKILL and SIGSTOP) and "/dev/null". Made per run,
     * they were about 35 of the 45 native calls before each spawn, which ran interpreted in a session's first hundreds
     * of rounds. posix_spawnp only reads them, so concurrent runs may share them; the memory is never freed.
     */
    private static final class Attributes {
        static final Memory ATTR = new Memory(LibC.ATTR_BYTES);
        static final Memory DEV_NULL = cString(NULL_DEVICE);
        private static final Memory MASK = new Memory(LibC.SIGSET_BYTES);
        private static final Memory DEFAULTS = new Memory(LibC.SIGSET_BYTES);

        static {
            ATTR.clear();
            MASK.clear();
            DEFAULTS.clear();
            // sigfillset leaves out glibc's own signals (32 and 33), which its posix_spawn keeps ignored in the child
            if (LibC.posix_spawnattr_init(ATTR) != 0 || LibC.sigemptyset(MASK) != 0 || LibC.sigfillset(DEFAULTS) != 0
                    || LibC.sigdelset(DEFAULTS, LibC.SIGKILL) != 0 || LibC.sigdelset(DEFAULTS, LibC.SIGSTOP) != 0
                    || LibC.posix_spawnattr_setflags(ATTR, (short) (LibC.POSIX_SPAWN_SETPGROUP
                            | LibC.POSIX_SPAWN_SETSIGMASK | LibC.POSIX_SPAWN_SETSIGDEF)) != 0
                    || LibC.posix_spawnattr_setpgroup(ATTR, 0) != 0 // 0: the group's id is the child's pid
                    || LibC.posix_spawnattr_setsigmask(ATTR, MASK) != 0
                    || LibC.posix_spawnattr_setsigdefault(ATTR, DEFAULTS) != 0) {
                throw new IllegalStateException("glibc refused posix_spawn's attributes");
            }
        }

        private static Memory cString(String s) {
            byte[] bytes = Native.toByteArray(s);
            Memory m = new Memory(bytes.length);
            m.write(0, bytes, 0, bytes.length);
            return m;
        }
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

    /** The child being waited for; the lock orders signals against the reap. */
    private static final class Running {
        final int pid;
        private boolean exited;
        private boolean timedOut;
        private boolean interrupted;

        Running(int pid) {
            this.pid = pid;
        }

        synchronized void timeOut() {
            if (!exited) {
                timedOut = true;
                LibC.kill(-pid, LibC.SIGKILL);
            }
        }

        synchronized boolean interrupt() {
            if (exited) {
                return false;
            }
            interrupted = true;
            LibC.kill(-pid, LibC.SIGTERM);
            return true;
        }

        synchronized void escalate() {
            if (!exited) {
                LibC.kill(-pid, LibC.SIGKILL);
            }
        }

        synchronized void markExited() {
            exited = true;
        }

        synchronized boolean timedOut() {
            return timedOut;
        }

        synchronized boolean interrupted() {
            return interrupted;
        }
    }

    @Override
    public ProcessOutcome run(CommandRequest request) throws IOException, InterruptedException {
        LibC.Binding binding = Holder.BINDING;
        if (request.cwd() != null && !binding.chdir()) {
            return fallback.run(request);
        }
        String program = request.argv().get(0);
        byte[][] argvBytes = bytes(request.argv().toArray(String[]::new));
        byte[][] envBytes = environment(request.env());
        byte[] cwd = request.cwd() == null ? null : Native.toByteArray(request.cwd().toAbsolutePath().toString());
        byte[] file = Native.toByteArray(onPath(program, request.env()));
        Arena arena = new Arena(LibC.FILE_ACTIONS_BYTES + 8 + 8 + LibC.RUSAGE_BYTES + LibC.SIGINFO_BYTES
                + Arena.size(argvBytes) + Arena.size(envBytes) + (cwd == null ? 0 : cwd.length) + file.length
                + 16 * 9);
        Pointer fileActions = arena.take(LibC.FILE_ACTIONS_BYTES);
        boolean fileActionsInitialised = false;
        int outFd = -1;
        int errFd = -1;
        try {
            check(LibC.posix_spawn_file_actions_init(fileActions), "posix_spawn_file_actions_init");
            fileActionsInitialised = true;
            // the opens come before the chdir: relative output paths are the JVM's, as with ProcessBuilder
            check(LibC.posix_spawn_file_actions_addopen(fileActions, 0, Attributes.DEV_NULL, LibC.O_RDONLY, 0),
                    "posix_spawn_file_actions_addopen");
            // The output files are created here, before the clock starts, and handed to the child as descriptors:
            // created by the child's file actions, inside the timed interval, two file creations added about 0.3 ms
            // to every round of a fast command against hyperfine, whose child writes to /dev/null.
            outFd = create(request, request.stdoutFile());
            errFd = Launchers.sameOutputFile(request) ? outFd : create(request, request.stderrFile());
            check(LibC.posix_spawn_file_actions_adddup2(fileActions, outFd, 1), "posix_spawn_file_actions_adddup2");
            check(LibC.posix_spawn_file_actions_adddup2(fileActions, errFd, 2), "posix_spawn_file_actions_adddup2");
            if (request.cwd() != null) {
                check(LibC.Chdir.posix_spawn_file_actions_addchdir_np(fileActions,
                        arena.cString(cwd)),
                        "posix_spawn_file_actions_addchdir_np");
            }
            if (binding.closeFrom()) {
                check(LibC.CloseFrom.posix_spawn_file_actions_addclosefrom_np(fileActions, 3),
                        "posix_spawn_file_actions_addclosefrom_np");
            }

            Pointer argv = arena.strings(argvBytes);
            Pointer envp = arena.strings(envBytes);
            Pointer pidOut = arena.take(8);
            Pointer status = arena.take(8);
            Pointer rusage = arena.take(LibC.RUSAGE_BYTES);
            Pointer siginfo = arena.take(LibC.SIGINFO_BYTES);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }

            Pointer resolved = arena.cString(file);
            QuietCompiler.await();
            long start = System.nanoTime();
            // posix_spawn(3): returns an error number (not -1 and errno), including the exec's own failure. Until this
            // thread blocks in waitid, what it does competes with the child's exec, which glibc's vfork lets run on
            // only once the parent is woken: 50 us of work here made a C spawner's exec 50 us slower. So
            // the path from here to waitid is kept to a few calls: no lambdas, no String to convert, no allocation
            // but the Running.
            int error = LibC.posix_spawnp(pidOut, resolved, fileActions, Attributes.ATTR, argv, envp);
            if (error != 0) {
                return failedSpawn(request, program, error);
            }
            Running running = new Running(pidOut.getInt(0));
            current = running;
            ScheduledFuture<?> timer = request.timeout() == null ? null
                    : Launchers.watchdog().schedule(running::timeOut, request.timeout().toNanos(),
                            TimeUnit.NANOSECONDS);
            long end;
            boolean leftProcesses;
            try {
                // waitid(2) with WNOWAIT: wait for the exit but leave the zombie, so the pid stays ours until marked
                while (LibC.waitid(LibC.P_PID, running.pid, siginfo, LibC.WEXITED | LibC.WNOWAIT) == -1) {
                    retryOrThrow("waitid");
                }
                running.markExited();
                // wait4(2): reap, and the rusage of the child and of its waited-for descendants
                while (LibC.wait4(running.pid, status, 0, rusage) == -1) {
                    retryOrThrow("wait4");
                }
                end = System.nanoTime();
                if (running.timedOut() || running.interrupted()) {
                    // Pilot stopped the round by signalling the whole group: what is left of it is dying of the
                    // SIGKILL, or ignored a SIGTERM, and gets a SIGKILL now. None of it is the command's doing, so
                    // it is not reported as processes the command left running.
                    LibC.kill(-running.pid, LibC.SIGKILL);
                    leftProcesses = false;
                } else {
                    // signal 0 to the group: does any member outlive its leader? (the number stays the group's, not
                    // reusable, while it has members, so this cannot reach another group)
                    leftProcesses = LibC.kill(-running.pid, 0) == 0;
                }
            } finally {
                current = null;
                if (timer != null) {
                    timer.cancel(false);
                }
            }
            return outcome(status.getInt(0), running, end - start, rusage, leftProcesses);
        } finally {
            if (outFd >= 0) {
                LibC.close(outFd);
            }
            if (errFd >= 0 && errFd != outFd) {
                LibC.close(errFd);
            }
            if (fileActionsInitialised) {
                LibC.posix_spawn_file_actions_destroy(fileActions);
            }
            arena.close();
        }
    }

    private static ProcessOutcome outcome(int status, Running running, long wallNanos, Pointer rusage,
            boolean leftProcesses) {
        int termSig = status & 0x7f; // WIFEXITED: 0; WIFSIGNALED: the signal (0x7f would be stopped: not asked for)
        int exitCode = termSig == 0 ? (status >> 8) & 0xff : 128 + termSig;
        long user = rusage.getLong(LibC.RU_UTIME_SEC) * 1_000_000_000L + rusage.getLong(LibC.RU_UTIME_USEC) * 1000L;
        long system = rusage.getLong(LibC.RU_STIME_SEC) * 1_000_000_000L
                + rusage.getLong(LibC.RU_STIME_USEC) * 1000L;
        long maxRss = rusage.getLong(LibC.RU_MAXRSS) * 1024L; // kilobytes on Linux (getrusage(2))
        // the child's figure is at least this JVM's peak at the spawn (see the class comment); read after the wait,
        // this JVM's peak only grew since, so a larger figure is the tree's own
        Long peakRss = maxRss > jvmPeak(maxRss) ? maxRss : null;
        return new ProcessOutcome(exitCode, termSig, running.timedOut(), running.interrupted(), wallNanos, user,
                system, peakRss, leftProcesses);
    }

    /** The JVM's peak as last read: it only grows, so a child's figure at or below it needs no new read. */
    private static volatile long knownJvmPeak;

    /** This JVM's peak RSS, read from /proc only when {@code childMaxRss} is above the peak known (a read a round). */
    private static long jvmPeak(long childMaxRss) {
        long known = knownJvmPeak;
        if (childMaxRss <= known) {
            return known;
        }
        long now = jvmPeakRssBytes();
        knownJvmPeak = now == Long.MAX_VALUE ? 0 : now;
        return now;
    }

    /**
     * This JVM's peak resident set (VmHWM in /proc/self/status, proc(5): the high-water mark of this address space
     * only, unlike getrusage(RUSAGE_SELF), which also carries what our own parent folded in), bytes;
     * {@link Long#MAX_VALUE} when unreadable, so that no figure is trusted.
     */
    static long jvmPeakRssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).strip().split("\\s+")[0]) * 1024L;
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc, or an unexpected format: fall through
        }
        return Long.MAX_VALUE;
    }

    /** Returns when the call failed with EINTR (to be made again); any other failure is an IOException. */
    private static void retryOrThrow(String name) throws IOException {
        int errno = Native.getLastError();
        if (errno != LibC.EINTR) {
            throw new IOException(name + " failed: " + LibC.strerror(errno));
        }
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

    /** Programs found on the PATH, by PATH and name: looked up once, not by the child in every round. */
    private static final Map<String, Map<String, String>> FOUND = new ConcurrentHashMap<>();

    /**
     * {@code program}'s path on the child's PATH, as posix_spawnp would find it (the first executable regular file),
     * or {@code program} itself when it has a '/' or is not found (posix_spawnp then says why). Searched here, before
     * the clock starts: the child's search tries an execve in each directory before the right one, inside the
     * measured interval of every round.
     */
    private static String onPath(String program, Map<String, String> env) {
        if (program.indexOf('/') >= 0) {
            return program;
        }
        String path = env != null && env.containsKey("PATH") ? env.get("PATH")
                : System.getenv().getOrDefault("PATH", "");
        // by PATH, then by name: no key to build a round (a PATH's String is the same object each time, its hash kept)
        return FOUND.computeIfAbsent(path, p -> new ConcurrentHashMap<>())
                .computeIfAbsent(program, name -> search(path, name));
    }

    private static String search(String path, String program) {
        for (String dir : path.split(":", -1)) {
            if (!dir.startsWith("/")) {
                return program; // relative to the child's directory: leave the search to posix_spawnp
            }
            Path candidate = Path.of(dir).resolve(program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return program;
    }

    /** Creates (or truncates) an output file for the child; a failure is said as {@link Launchers#prepare} says it. */
    private static int create(CommandRequest request, Path file) throws IOException {
        int fd = LibC.creat(file.toAbsolutePath().toString(), FILE_MODE);
        if (fd < 0) {
            int errno = Native.getLastError();
            Launchers.prepare(request);
            throw new IOException(Launchers.cannotRun(request.argv().get(0), "cannot create " + file + ": "
                    + LibC.strerror(errno)));
        }
        return fd;
    }

    private static void check(int error, String name) throws IOException {
        if (error != 0) {
            throw new IOException(name + " failed: " + LibC.strerror(error));
        }
    }

    /** Each string as C wants it: its bytes in JNA's encoding, NUL-terminated. */
    private static byte[][] bytes(String[] strings) {
        byte[][] out = new byte[strings.length][];
        for (int i = 0; i < strings.length; i++) {
            out[i] = Native.toByteArray(strings[i]);
        }
        return out;
    }

    /**
     * A run's native memory in one zeroed block, handed out in 16-byte-aligned pieces and freed at once. JNA
     * registers every {@link Memory} with its cleaner (a hash-map entry and a phantom reference): one per string of
     * argv and of the environment, about a hundred a round, whose bookkeeping and collection ran beside the command
     * being timed. The pieces ({@link Memory#share}) are not registered.
     */
    private static final class Arena {
        private final Memory block;
        private long used;

        Arena(long bytes) {
            block = new Memory(bytes);
            block.clear();
        }

        /** What {@link #strings} takes for {@code strings}, alignment included. */
        static long size(byte[][] strings) {
            long n = 16 + (strings.length + 1L) * Native.POINTER_SIZE;
            for (byte[] s : strings) {
                n += s.length;
            }
            return n;
        }

        Pointer take(long bytes) {
            long at = (used + 15) & ~15L;
            if (at + bytes > block.size()) {
                throw new IllegalStateException("arena of " + block.size() + " bytes cannot give " + bytes + " more");
            }
            used = at + bytes;
            return block.share(at, bytes);
        }

        /** A NUL-terminated copy that lives until the run ends (glibc before 2.20 kept addopen's pointer). */
        Pointer cString(byte[] nulTerminated) {
            Pointer p = take(nulTerminated.length);
            p.write(0, nulTerminated, 0, nulTerminated.length);
            return p;
        }

        /** A NULL-terminated array of pointers to NUL-terminated copies of {@code strings} (argv, envp). */
        Pointer strings(byte[][] strings) {
            Pointer array = take((strings.length + 1L) * Native.POINTER_SIZE);
            long total = 0;
            for (byte[] s : strings) {
                total += s.length;
            }
            Pointer text = take(Math.max(1, total));
            long at = 0;
            for (int i = 0; i < strings.length; i++) {
                text.write(at, strings[i], 0, strings[i].length);
                array.setPointer((long) i * Native.POINTER_SIZE, text.share(at));
                at += strings[i].length;
            }
            array.setPointer((long) strings.length * Native.POINTER_SIZE, null);
            return array;
        }

        void close() {
            block.close();
        }
    }

    /** The JVM's environment, each variable as "NAME=value" in C's form, encoded once. */
    private static final class BaseEnvironment {
        static final Map<String, byte[]> ENCODED = new LinkedHashMap<>();

        static {
            System.getenv().forEach((k, v) -> ENCODED.put(k, Native.toByteArray(k + "=" + v)));
        }
    }

    /** The child's environment: the JVM's with {@code overrides} applied (only the overrides are encoded a run). */
    private static byte[][] environment(Map<String, String> overrides) {
        Map<String, byte[]> base = BaseEnvironment.ENCODED;
        List<byte[]> env = new ArrayList<>(base.size() + overrides.size());
        for (Map.Entry<String, byte[]> e : base.entrySet()) {
            if (!overrides.containsKey(e.getKey())) {
                env.add(e.getValue());
            }
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            env.add(Native.toByteArray(e.getKey() + "=" + e.getValue()));
        }
        return env.toArray(new byte[0][]);
    }

    @Override
    public void killRunning() {
        Running running = current;
        if (running == null) {
            fallback.killRunning();
            return;
        }
        if (running.interrupt()) {
            Launchers.watchdog().schedule(running::escalate, Launchers.KILL_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void killRunningNow() {
        Running running = current;
        if (running == null) {
            fallback.killRunningNow();
            return;
        }
        running.interrupt();
        running.escalate();
    }

    @Override
    public String description() {
        return "posix_spawn + wait4 around the command, the JVM's JIT compiler idle before the clock starts (exact CPU"
                + " time per round; peak RSS when above the JVM's own; process group killed on timeout)";
    }
}
