package io.pilotbench.process;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Chooses a launcher, and what both launchers share: the checks before a spawn, the one-line error messages, and the
 * watchdog thread that enforces timeouts and escalates a kill.
 *
 * <p>The system property {@code pilot.launcher=jdk} makes {@link #best()} return the {@link ProcessBuilder} launcher
 * even where the native one works (read at every call; any other value, or none, means "the best available").
 */
final class Launchers {
    /** The system property that forces the {@link ProcessBuilder} launcher when set to {@code jdk}. */
    static final String PROPERTY = "pilot.launcher";

    /** How long {@link ProcessLauncher#killRunning()} waits after SIGTERM before it sends SIGKILL. */
    static final long KILL_GRACE_MILLIS = 2000;

    private Launchers() {}

    /** A new launcher of the best kind (the native binding is probed once per JVM); see the class comment. */
    static ProcessLauncher best() {
        if ("jdk".equalsIgnoreCase(System.getProperty(PROPERTY, "").trim())) {
            return new JdkLauncher(null);
        }
        String unavailable = NativeLauncher.unavailableReason();
        return unavailable == null ? new NativeLauncher() : new JdkLauncher(unavailable);
    }

    static ProcessLauncher jdk() {
        return new JdkLauncher(null);
    }

    /** One daemon thread for all launchers' timeouts and kill escalations; tasks are short (a signal each). */
    static ScheduledExecutorService watchdog() {
        return Watchdog.EXECUTOR;
    }

    private static final class Watchdog {
        static final ScheduledThreadPoolExecutor EXECUTOR = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "pilot-launcher-watchdog");
            t.setDaemon(true);
            return t;
        });

        static {
            EXECUTOR.setRemoveOnCancelPolicy(true);
        }
    }

    /**
     * Checks what would otherwise fail inside the child with a misleading message (a missing output directory makes
     * posix_spawn report ENOENT as if the program were missing): the working directory exists, and both output files
     * can be created (they are truncated here and again by the launcher). The native launcher calls it only when a
     * spawn failed, to say why (two opens and a stat a round); the JDK launcher before every spawn.
     */
    static void prepare(CommandRequest request) throws IOException {
        String program = request.argv().get(0);
        if (request.cwd() != null && !Files.isDirectory(request.cwd())) {
            throw new IOException(
                    "cannot run '" + program + "': working directory '" + request.cwd() + "' is not a directory");
        }
        create(program, "standard output", request.stdoutFile());
        create(program, "standard error", request.stderrFile());
    }

    private static void create(String program, String what, Path file) throws IOException {
        try {
            Files.newOutputStream(
                            file,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.TRUNCATE_EXISTING,
                            StandardOpenOption.WRITE)
                    .close();
        } catch (IOException e) {
            String reason = e instanceof NoSuchFileException
                    ? "No such file or directory"
                    : e instanceof AccessDeniedException ? "Permission denied" : e.getMessage();
            throw new IOException("cannot write the " + what + " of '" + program + "' to '" + file + "': " + reason, e);
        }
    }

    /**
     * True when both streams go to the same file (then they must share one descriptor, or each overwrites the other):
     * the same path once made absolute and normalised. No file system call: this runs before every round's spawn.
     */
    static boolean sameOutputFile(CommandRequest request) {
        return request.stdoutFile()
                .toAbsolutePath()
                .normalize()
                .equals(request.stderrFile().toAbsolutePath().normalize());
    }

    /** The shell that runs a program the kernel cannot execute. */
    static final String SHELL = "/bin/sh";

    /**
     * Whether a request whose program failed with ENOEXEC can be run by {@value #SHELL}: execvp's convention (POSIX
     * exec, "the shell is invoked with the file as its first argument"; glibc's execvp and hyperfine do the same) for
     * a script without a "#!" line. Not when the program is that shell already.
     */
    static boolean shellCanRun(CommandRequest request) {
        return !request.argv().get(0).equals(SHELL) && Files.isExecutable(Path.of(SHELL));
    }

    /** The request run as {@code /bin/sh PROGRAM ARGS…}. */
    static CommandRequest viaShell(CommandRequest r) {
        List<String> argv = new ArrayList<>();
        argv.add(SHELL);
        argv.addAll(r.argv());
        return new CommandRequest(argv, r.cwd(), r.env(), r.stdoutFile(), r.stderrFile(), r.timeout());
    }

    /** The one-line message for a program that cannot be started. */
    static String cannotRun(String program, String reason) {
        return "cannot run '" + program + "': " + reason;
    }
}
