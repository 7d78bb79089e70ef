package io.pilotbench.process;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The libc functions {@link NativeLauncher} calls, bound with JNA direct mapping (static native methods: no proxy, no
 * reflection per call). Linux with glibc on x86-64 and aarch64 only: the constants below are those two ABIs' (they
 * share the asm-generic values), and the structure offsets are LP64 glibc's.
 *
 * <p>Functions that return -1 and set errno (waitid, wait4, kill): read errno with {@link Native#getLastError()}
 * right after the call, on the same thread (JNA saves it after every call). The posix_spawn family returns the error
 * number itself and leaves errno alone (posix_spawn(3)).
 */
final class LibC {
    // <fcntl.h>, asm-generic (x86-64 and aarch64)
    static final int O_RDONLY = 0;
    static final int O_WRONLY = 1;
    static final int O_CREAT = 0100;
    static final int O_TRUNC = 01000;

    // <spawn.h>, glibc
    static final short POSIX_SPAWN_SETPGROUP = 0x02;
    static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    static final short POSIX_SPAWN_SETSIGMASK = 0x08;

    // <signal.h>, x86-64 and aarch64
    static final int SIGTERM = 15;
    static final int SIGKILL = 9;
    static final int SIGSTOP = 19;

    // <sys/wait.h>
    static final int P_PID = 1;
    static final int WEXITED = 4;
    static final int WNOWAIT = 0x01000000;

    // <errno.h>
    static final int EINTR = 4;
    /** execve: the file is not in a format the kernel runs (a script without "#!"). */
    static final int ENOEXEC = 8;

    /**
     * Generous sizes for glibc's opaque types (glibc 2.36 on x86-64: file actions 80 bytes, attributes 336,
     * sigset_t 128, siginfo_t 128, struct rusage 144): the blocks are zeroed and only passed by pointer.
     */
    static final int FILE_ACTIONS_BYTES = 512;

    static final int ATTR_BYTES = 1024;
    static final int SIGSET_BYTES = 256;
    static final int SIGINFO_BYTES = 256;
    static final int RUSAGE_BYTES = 256;

    /**
     * struct rusage on LP64 Linux (getrusage(2)): ru_utime and ru_stime are struct timeval {long tv_sec; long
     * tv_usec;}, then ru_maxrss (a long, in kilobytes on Linux).
     */
    static final int RU_UTIME_SEC = 0;

    static final int RU_UTIME_USEC = 8;
    static final int RU_STIME_SEC = 16;
    static final int RU_STIME_USEC = 24;
    static final int RU_MAXRSS = 32;

    private LibC() {}

    /** Where in the jar JNA keeps its native library for this platform (what {@link JnaLibrary} unpacks). */
    static String dispatchLibraryResource() {
        return "/com/sun/jna/" + Platform.RESOURCE_PREFIX + "/" + System.mapLibraryName("jnidispatch");
    }

    static native int posix_spawnp(
            Pointer pid, Pointer file, Pointer fileActions, Pointer attr, Pointer argv, Pointer envp);

    static native int posix_spawn_file_actions_init(Pointer fileActions);

    static native int posix_spawn_file_actions_destroy(Pointer fileActions);

    static native int posix_spawn_file_actions_addopen(Pointer fileActions, int fd, Pointer path, int oflag, int mode);

    static native int posix_spawn_file_actions_adddup2(Pointer fileActions, int fd, int newFd);

    static native int posix_spawnattr_init(Pointer attr);

    static native int posix_spawnattr_setflags(Pointer attr, short flags);

    static native int posix_spawnattr_setpgroup(Pointer attr, int pgroup);

    static native int posix_spawnattr_setsigmask(Pointer attr, Pointer sigmask);

    static native int posix_spawnattr_setsigdefault(Pointer attr, Pointer sigdefault);

    static native int sigemptyset(Pointer set);

    /** Every signal but glibc's own (32 and 33). */
    static native int sigfillset(Pointer set);

    static native int sigdelset(Pointer set, int signo);

    static native int waitid(int idtype, int id, Pointer infop, int options);

    static native int wait4(int pid, Pointer status, int options, Pointer rusage);

    static native int kill(int pid, int sig);

    /** creat(2): open(path, O_CREAT | O_WRONLY | O_TRUNC, mode), which, unlike open, is not variadic. */
    static native int creat(String path, int mode);

    static native int close(int fd);

    static native String strerror(int errnum);

    /** posix_spawn_file_actions_addchdir_np: glibc 2.29 and later. */
    static final class Chdir {
        private Chdir() {}

        static native int posix_spawn_file_actions_addchdir_np(Pointer fileActions, Pointer path);
    }

    /** posix_spawn_file_actions_addclosefrom_np: glibc 2.34 and later. */
    static final class CloseFrom {
        private CloseFrom() {}

        static native int posix_spawn_file_actions_addclosefrom_np(Pointer fileActions, int from);
    }

    /** What binding found; {@link #unavailable} is null when the launcher can run. */
    record Binding(String unavailable, boolean chdir, boolean closeFrom) {}

    /** glibc's shared object name (the functions below are glibc's: musl's constants and sizes differ). */
    private static final String GLIBC = "libc.so.6";

    private static final String JNA_PLATFORM_PATH = "jna.platform.library.path";

    /** Binds the functions once; never throws. */
    static Binding bind() {
        try {
            if (!Platform.isLinux() || !(Platform.ARCH.equals("x86-64") || Platform.ARCH.equals("aarch64"))) {
                return new Binding(
                        "needs Linux on x86-64 or aarch64, this is " + System.getProperty("os.name") + " on "
                                + Platform.ARCH,
                        false,
                        false);
            }
            // glibc by its soname, which dlopen finds at once: no search path is needed. Without a platform path of
            // its own, JNA's NativeLibrary computes one when its class loads by running ldconfig -p: a process, and
            // about 0.2 s of every pilot run's start-up. An empty one (unless the user set one) skips it.
            if (System.getProperty(JNA_PLATFORM_PATH) == null) {
                System.setProperty(JNA_PLATFORM_PATH, "");
            }
            NativeLibrary c = NativeLibrary.getInstance(GLIBC);
            // musl and others share the function names but not the constants and sizes above
            c.getFunction("gnu_get_libc_version");
            Native.register(LibC.class, c);
            return new Binding(null, optional(Chdir.class, c), optional(CloseFrom.class, c));
        } catch (LinkageError | RuntimeException e) {
            return new Binding("cannot bind libc: " + e.getMessage(), false, false);
        }
    }

    private static boolean optional(Class<?> holder, NativeLibrary c) {
        try {
            Native.register(holder, c);
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }
}
