package io.pilotbench.process;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The native side of one posix_spawnp call of {@link NativeLauncher}: its memory (one arena), its file actions
 * (fd 0 from /dev/null, fd 1 and 2 to the request's files, the working directory, every other descriptor closed),
 * the output descriptors it hands the child and the buffers the wait fills, all made before the clock starts and
 * freed together by {@link #close()}; and the attributes every spawn shares. Kept apart from the launcher, which
 * times the spawn and waits: this is what the spawn is given.
 */
final class NativeSpawn implements AutoCloseable {
    private static final String NULL_DEVICE = "/dev/null";
    private static final int FILE_MODE = 0644;

    private final Arena arena;
    private final Pointer fileActions;
    private boolean fileActionsInitialised;
    private int outFd = -1;
    private int errFd = -1;
    private Pointer argv;
    private Pointer envp;
    private Pointer pidOut;
    private Pointer status;
    private Pointer rusage;
    private Pointer siginfo;

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
            if (LibC.posix_spawnattr_init(ATTR) != 0
                    || LibC.sigemptyset(MASK) != 0
                    || LibC.sigfillset(DEFAULTS) != 0
                    || LibC.sigdelset(DEFAULTS, LibC.SIGKILL) != 0
                    || LibC.sigdelset(DEFAULTS, LibC.SIGSTOP) != 0
                    || LibC.posix_spawnattr_setflags(ATTR, (short) (LibC.POSIX_SPAWN_SETPGROUP
                                    | LibC.POSIX_SPAWN_SETSIGMASK
                                    | LibC.POSIX_SPAWN_SETSIGDEF))
                            != 0
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

    /** An arena large enough for {@code argv}, {@code envp}, {@code cwd} (or null), {@code file} and the buffers. */
    NativeSpawn(byte[][] argv, byte[][] envp, byte[] cwd, byte[] file) {
        arena = new Arena(LibC.FILE_ACTIONS_BYTES
                + 8
                + 8
                + LibC.RUSAGE_BYTES
                + LibC.SIGINFO_BYTES
                + Arena.size(argv)
                + Arena.size(envp)
                + (cwd == null ? 0 : cwd.length)
                + file.length
                + 16 * 9);
        fileActions = arena.take(LibC.FILE_ACTIONS_BYTES);
    }

    /**
     * Makes the file actions of {@code request} (its output files are created here, and its working directory is
     * {@code cwd}, or null for the JVM's) and copies {@code argvBytes} and {@code envBytes} into the arena.
     */
    void prepare(CommandRequest request, byte[] cwd, LibC.Binding binding, byte[][] argvBytes, byte[][] envBytes)
            throws IOException {
        check(LibC.posix_spawn_file_actions_init(fileActions), "posix_spawn_file_actions_init");
        fileActionsInitialised = true;
        // the opens come before the chdir: relative output paths are the JVM's, as with ProcessBuilder
        check(
                LibC.posix_spawn_file_actions_addopen(fileActions, 0, Attributes.DEV_NULL, LibC.O_RDONLY, 0),
                "posix_spawn_file_actions_addopen");
        // The output files are created here, before the clock starts, and handed to the child as descriptors:
        // created by the child's file actions, inside the timed interval, two file creations added about 0.3 ms
        // to every round of a fast command against hyperfine, whose child writes to /dev/null.
        outFd = create(request, request.stdoutFile());
        errFd = Launchers.sameOutputFile(request) ? outFd : create(request, request.stderrFile());
        check(LibC.posix_spawn_file_actions_adddup2(fileActions, outFd, 1), "posix_spawn_file_actions_adddup2");
        check(LibC.posix_spawn_file_actions_adddup2(fileActions, errFd, 2), "posix_spawn_file_actions_adddup2");
        if (cwd != null) {
            check(
                    LibC.Chdir.posix_spawn_file_actions_addchdir_np(fileActions, arena.cString(cwd)),
                    "posix_spawn_file_actions_addchdir_np");
        }
        if (binding.closeFrom()) {
            check(
                    LibC.CloseFrom.posix_spawn_file_actions_addclosefrom_np(fileActions, 3),
                    "posix_spawn_file_actions_addclosefrom_np");
        }

        argv = arena.strings(argvBytes);
        envp = arena.strings(envBytes);
        pidOut = arena.take(8);
        status = arena.take(8);
        rusage = arena.take(LibC.RUSAGE_BYTES);
        siginfo = arena.take(LibC.SIGINFO_BYTES);
    }

    /** A NUL-terminated copy in the arena, for the program's path. */
    Pointer cString(byte[] nulTerminated) {
        return arena.cString(nulTerminated);
    }

    /**
     * posix_spawn(3) of {@code file}: returns an error number (not -1 and errno), including the exec's own failure;
     * 0 when {@link #pid()} runs.
     */
    int spawn(Pointer file) {
        return LibC.posix_spawnp(pidOut, file, fileActions, Attributes.ATTR, argv, envp);
    }

    int pid() {
        return pidOut.getInt(0);
    }

    /** What waitid writes (and this launcher does not read). */
    Pointer siginfo() {
        return siginfo;
    }

    /** The wait status, filled by wait4. */
    Pointer status() {
        return status;
    }

    /** The child's rusage, filled by wait4. */
    Pointer rusage() {
        return rusage;
    }

    @Override
    public void close() {
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

    /** Creates (or truncates) an output file for the child; a failure is said as {@link Launchers#prepare} says it. */
    private static int create(CommandRequest request, Path file) throws IOException {
        int fd = LibC.creat(file.toAbsolutePath().toString(), FILE_MODE);
        if (fd < 0) {
            int errno = Native.getLastError();
            Launchers.prepare(request);
            throw new IOException(
                    Launchers.cannotRun(request.argv().get(0), "cannot create " + file + ": " + LibC.strerror(errno)));
        }
        return fd;
    }

    private static void check(int error, String name) throws IOException {
        if (error != 0) {
            throw new IOException(name + " failed: " + LibC.strerror(error));
        }
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
}
