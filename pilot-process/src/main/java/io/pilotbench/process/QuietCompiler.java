package io.pilotbench.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits, just before a round's clock starts, until this JVM's JIT compiler threads are idle, so that they do not run
 * beside the command being timed.
 *
 * <p>Why: a session's per-round code reaches the JIT's thresholds during its first hundreds of rounds, and the
 * compiler threads then compile while the command runs. On a 2-core machine that made the mean of 200 rounds of
 * {@code true} 1.19-1.25 times hyperfine's, while a bare loop of spawns run with {@code -Xint} or {@code -Xbatch} (no
 * compiler beside the command) came within 0.98-1.10 times (bench/README.md). {@code -Xbatch} itself
 * compiles start-up code on the main thread too (0.35 s more per session); waiting only before the clock starts puts
 * the compiler's work between rounds, where it belongs.
 *
 * <p>How: Linux only (elsewhere {@link #await} returns at once). The compiler threads are found by name in
 * {@code /proc/self/task/TID/comm} ("C1 CompilerThre", "C2 CompilerThre", "JVMCI CompilerT...") and found again
 * when the JVM's thread count ({@code /proc/self/stat}, read every {@value #THREAD_COUNT_EVERY} checks) changes,
 * since HotSpot starts and stops them as the queue grows and shrinks. A thread is busy when its state in
 * {@code /proc/self/task/TID/stat} is R (running or runnable): an idle compiler thread sleeps on the queue's lock.
 * Each check is one read per file already open. The wait is capped ({@link #MAX_WAIT_NANOS}), so a compile longer
 * than that (or a thread that only looks busy) delays a round by at most the cap.
 *
 * <p>Thread-safe; callers wait one at a time.
 */
final class QuietCompiler {
    /** The longest one round waits: C1 compiles of Pilot's methods take well under 1 ms each. */
    static final long MAX_WAIT_NANOS = 20_000_000L;

    private static final long POLL_NANOS = 50_000L;
    private static final Path TASKS = Path.of("/proc/self/task");

    private static FileChannel processStat;
    private static int knownThreads = -1;
    private static List<FileChannel> compilers = List.of();
    private static boolean unavailable = !System.getProperty("os.name", "").startsWith("Linux");
    private static final ByteBuffer BUFFER = ByteBuffer.allocate(1024);
    /** The thread count is read every this many checks (a power of two): compiler threads come and go rarely. */
    private static final int THREAD_COUNT_EVERY = 8;

    private static long checks;

    private QuietCompiler() {}

    /** Waits until no compiler thread is running, at most {@link #MAX_WAIT_NANOS}; returns the nanoseconds waited. */
    static synchronized long await() {
        if (unavailable) {
            return 0;
        }
        return waitWhile(COMPILING, MAX_WAIT_NANOS);
    }

    /** {@link #busy}, or false (and no more waiting in this JVM) when /proc does not read as expected. */
    private static final BooleanSupplier COMPILING = () -> {
        try {
            return busy();
        } catch (IOException | RuntimeException e) {
            unavailable = true; // time without waiting, as before
            close();
            return false;
        }
    };

    /** Waits while {@code busy} says so, asking every 50 µs, at most {@code maxNanos}; the nanoseconds waited. */
    static long waitWhile(BooleanSupplier busy, long maxNanos) {
        long start = System.nanoTime();
        while (busy.getAsBoolean() && System.nanoTime() - start < maxNanos) {
            LockSupport.parkNanos(POLL_NANOS);
        }
        return System.nanoTime() - start;
    }

    private static boolean busy() throws IOException {
        if ((checks++ & (THREAD_COUNT_EVERY - 1)) == 0) {
            int threads = threads();
            if (threads != knownThreads) {
                findCompilers();
                knownThreads = threads;
            }
        }
        for (FileChannel c : compilers) {
            if (running(c)) {
                return true;
            }
        }
        return false;
    }

    /** The compiler threads found (for tests). */
    static synchronized int compilerThreads() throws IOException {
        findCompilers();
        knownThreads = threads();
        return compilers.size();
    }

    /** The JVM's thread count: field 20 of /proc/self/stat (proc(5)). */
    static synchronized int threads() throws IOException {
        if (processStat == null) {
            processStat = FileChannel.open(Path.of("/proc/self/stat"), StandardOpenOption.READ);
        }
        int n = read(processStat);
        int at = afterName(n);
        // fields 3 (the state) to 19 are each followed by one space: skip 17 of them
        for (int field = 3; field < 20 && at >= 0; field++) {
            at = indexOf(' ', at, n) + 1;
        }
        if (at <= 0) {
            throw new IOException("/proc/self/stat: unexpected format");
        }
        int threads = 0;
        byte[] b = BUFFER.array();
        while (at < n && b[at] >= '0' && b[at] <= '9') {
            threads = threads * 10 + (b[at++] - '0');
        }
        return threads;
    }

    /** True when the thread whose stat file {@code c} reads is in state R. */
    static synchronized boolean running(FileChannel c) {
        int n = read(c);
        int at = afterName(n);
        return at >= 0 && at < n && BUFFER.array()[at] == 'R'; // nothing read: the thread has ended
    }

    /**
     * Where field 3 (the state) starts in the {@code n} bytes read: after "(comm) ", where comm may hold spaces and
     * parentheses, so after the last ')'; -1 when there is none.
     */
    private static int afterName(int n) {
        byte[] b = BUFFER.array();
        for (int i = n - 1; i >= 0; i--) {
            if (b[i] == ')') {
                return i + 2;
            }
        }
        return -1;
    }

    private static int indexOf(char c, int from, int n) {
        byte[] b = BUFFER.array();
        for (int i = from; i < n; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -2;
    }

    /** Reads the file from its start into {@link #BUFFER}; the bytes read, 0 when the thread has ended. */
    private static int read(FileChannel c) {
        BUFFER.clear();
        try {
            return Math.max(0, c.read(BUFFER, 0));
        } catch (IOException e) {
            return 0; // ESRCH: the thread has ended
        }
    }

    private static void findCompilers() throws IOException {
        close();
        List<FileChannel> found = new ArrayList<>();
        try (var tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String comm;
                try {
                    comm = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII);
                } catch (IOException e) {
                    continue; // ended meanwhile
                }
                if (comm.contains("Compiler") || comm.startsWith("JIT Compilation")) { // HotSpot's; OpenJ9's
                    try {
                        found.add(FileChannel.open(task.resolve("stat"), StandardOpenOption.READ));
                    } catch (IOException e) {
                        // ended meanwhile
                    }
                }
            }
        }
        compilers = found;
    }

    private static void close() {
        for (FileChannel c : compilers) {
            try {
                c.close();
            } catch (IOException e) {
                // nothing to do
            }
        }
        compilers = List.of();
    }
}
