package io.pilotbench.process;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs commands with {@link ProcessBuilder} (no shell): standard input from the null device, standard output and
 * error to the request's files. Works wherever Java does, but measures only wall time: Java reaps the child in its
 * own thread, so neither CPU time nor peak memory is available ({@link ProcessOutcome}'s fields are null).
 *
 * <p>Exit status: Java reports a process killed by signal N as exit code 128 + N, indistinguishable from a process
 * that exited with that code, so {@link ProcessOutcome#signal()} is 0 except when this launcher itself signalled the
 * process (timeout: SIGKILL; {@link #killRunning()}: SIGTERM, then SIGKILL) and the exit code is above 128.
 *
 * <p>Timeout and {@link #killRunning()} signal the process and the descendants {@link ProcessHandle#descendants()}
 * lists at that moment; a descendant that already left the tree (its parent died) is not reached.
 *
 * <p>One run at a time per instance; {@link #killRunning()} may be called from any thread. Interrupting the thread
 * in {@link #run} kills the process tree and throws {@link InterruptedException}.
 */
final class JdkLauncher implements ProcessLauncher {
    private static final File NULL_DEVICE =
            new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    /** Java's wording: {@code Cannot run program "x" (in directory "d"): error=2, No such file or directory}. */
    private static final Pattern JAVA_ERROR = Pattern.compile("error=\\d+, (.+)$");

    private final String nativeUnavailable;
    private volatile Running current;
    /**
     * A {@link #killRunning()} (1) or {@link #killRunningNow()} (2) that came while a run had begun but before its
     * process was {@link #current}: the process is signalled as soon as it is (as in {@link NativeLauncher}).
     */
    private final AtomicInteger killAsked = new AtomicInteger();

    /** @param nativeUnavailable why the native launcher was not chosen (for {@link #description()}), or null */
    JdkLauncher(String nativeUnavailable) {
        this.nativeUnavailable = nativeUnavailable;
    }

    private static final class Running {
        final Process process;
        volatile boolean interrupted;
        volatile boolean signalled;

        Running(Process process) {
            this.process = process;
        }
    }

    @Override
    public ProcessOutcome run(CommandRequest request) throws IOException, InterruptedException {
        killAsked.set(0);
        Launchers.prepare(request);
        ProcessBuilder builder = new ProcessBuilder(request.argv());
        if (request.cwd() != null) {
            builder.directory(request.cwd().toFile());
        }
        io.pilotbench.core.model.ChildEnvironment.restore(builder.environment()); // the user's locale
        builder.environment().putAll(request.env());
        builder.redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE));
        builder.redirectOutput(ProcessBuilder.Redirect.to(request.stdoutFile().toFile()));
        if (Launchers.sameOutputFile(request)) {
            builder.redirectErrorStream(true);
        } else {
            builder.redirectError(
                    ProcessBuilder.Redirect.to(request.stderrFile().toFile()));
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }

        QuietCompiler.await();
        long start = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).contains("error=" + LibC.ENOEXEC + ",")
                    && Launchers.shellCanRun(request)) {
                return run(Launchers.viaShell(request));
            }
            throw new IOException(Launchers.cannotRun(request.argv().get(0), reason(e)), e);
        }
        Running running = new Running(process);
        current = running;
        int asked = killAsked.get();
        if (asked != 0) {
            signal(running, asked == 2);
        }
        boolean timedOut = false;
        long end;
        try {
            if (request.timeout() == null) {
                process.waitFor();
            } else if (!process.waitFor(request.timeout().toNanos(), TimeUnit.NANOSECONDS)) {
                timedOut = true;
                running.signalled = true;
                killTree(process);
                process.waitFor();
            }
            end = System.nanoTime();
        } catch (InterruptedException e) {
            killTree(process);
            throw e;
        } finally {
            current = null;
        }
        int exitCode = process.exitValue();
        int signal = running.signalled && exitCode > 128 ? exitCode - 128 : 0;
        return new ProcessOutcome(
                exitCode, signal, timedOut, running.interrupted, end - start, null, null, null, false);
    }

    /** Java's "Cannot run program ... error=2, No such file or directory" reduced to its last part. */
    static String reason(IOException e) {
        String message = String.valueOf(e.getMessage());
        Matcher m = JAVA_ERROR.matcher(message);
        return m.find() ? m.group(1) : message;
    }

    /** SIGKILLs the process first (so it starts no more children), then the descendants it had a moment before. */
    private static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public void killRunning() {
        killAsked.accumulateAndGet(1, Math::max);
        Running running = current;
        if (running != null) {
            signal(running, false);
        }
    }

    @Override
    public void killRunningNow() {
        killAsked.set(2);
        Running running = current;
        if (running != null) {
            signal(running, true);
        }
    }

    /** SIGTERM to the process and its descendants, SIGKILL after the grace period (at once with {@code now}). */
    private static void signal(Running running, boolean now) {
        if (now) {
            running.interrupted = true;
            running.signalled = true;
            killTree(running.process);
            return;
        }
        running.interrupted = true;
        running.signalled = true;
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(running.process.toHandle()); // first, so that it starts no more children
        running.process.descendants().forEach(tree::add);
        tree.forEach(ProcessHandle::destroy); // SIGTERM
        Launchers.watchdog()
                .schedule(
                        () -> {
                            for (ProcessHandle h : tree) {
                                if (h.isAlive()) {
                                    h.destroyForcibly();
                                }
                            }
                        },
                        Launchers.KILL_GRACE_MILLIS,
                        TimeUnit.MILLISECONDS);
    }

    @Override
    public String description() {
        return "java.lang.ProcessBuilder around the command, the JVM's JIT compiler idle before the clock starts (no"
                + " CPU or memory figures)"
                + (nativeUnavailable == null ? "" : "; native launcher unavailable: " + nativeUnavailable);
    }
}
