package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.Circumstances;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** What the wait for an idle JIT reads from /proc, checked against threads whose state the test controls. */
@EnabledOnOs(OS.LINUX)
class QuietCompilerTest {
    @Test
    void findsThisJvmsCompilerThreadsAndCountsItsThreads() throws Exception {
        // null only in a JVM without a JIT (-Xint), which has no compiler threads to find; the build's test JVM has one
        Circumstances.assumeTrue(ManagementFactory.getCompilationMXBean() != null, "a JVM with a JIT compiler");
        assertThat(QuietCompiler.compilerThreads())
                .as("compiler threads by name")
                .isPositive();
        // /proc counts the VM's own threads too (GC, compiler), which Java does not list
        assertThat(QuietCompiler.threads())
                .isGreaterThanOrEqualTo(ManagementFactory.getThreadMXBean().getThreadCount());
    }

    /** A thread that spins reads as running (R); the same thread parked reads as not. */
    @Test
    void aSpinningThreadIsRunningAndAParkedOneIsNot() throws Exception {
        AtomicInteger tid = new AtomicInteger();
        AtomicBoolean spin = new AtomicBoolean(true);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch stop = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                tid.set(Integer.parseInt(
                        Path.of("/proc/thread-self").toRealPath().getFileName().toString()));
            } catch (java.io.IOException | RuntimeException e) {
                tid.set(-1);
            } finally {
                started.countDown(); // /proc/thread-self is /proc/PID/task/TID
            }
            long x = 0;
            while (spin.get()) {
                x++;
            }
            try {
                stop.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            assertThat(x).isPositive();
        });
        t.start();
        started.await();
        assertThat(tid.get()).as("this thread's id from /proc/thread-self").isPositive();
        Path stat = Path.of("/proc/self/task/" + tid.get() + "/stat");
        try (FileChannel c = FileChannel.open(stat, StandardOpenOption.READ)) {
            boolean sawRunning = false;
            for (int i = 0; i < 100 && !sawRunning; i++) { // on a busy machine it may wait its turn a moment
                sawRunning = QuietCompiler.running(c);
                Thread.sleep(1);
            }
            assertThat(sawRunning).as("spinning").isTrue();
            spin.set(false);
            boolean sawIdle = false;
            for (int i = 0; i < 100 && !sawIdle; i++) {
                sawIdle = !QuietCompiler.running(c);
                Thread.sleep(1);
            }
            assertThat(sawIdle).as("waiting on a latch").isTrue();
            stop.countDown();
            t.join(); // the Java thread has ended; its native thread may still be on its way out a moment
            boolean sawEnded = false;
            for (int i = 0; i < 100 && !sawEnded; i++) {
                sawEnded = !QuietCompiler.running(c);
                Thread.sleep(1);
            }
            assertThat(sawEnded).as("ended").isTrue();
        }
    }

    /** The waiting itself, with a compiler whose state the test decides: none, one that never ends, one that ends. */
    @Test
    void itWaitsWhileACompilerRunsAndNoLongerThanTheCap() {
        assertThat(QuietCompiler.waitWhile(() -> false, QuietCompiler.MAX_WAIT_NANOS))
                .as("idle: no wait")
                .isLessThan(5_000_000L);
        long cap = 30_000_000L;
        assertThat(QuietCompiler.waitWhile(() -> true, cap))
                .as("busy throughout: the cap")
                .isBetween(cap, 1_000_000_000L);
        AtomicInteger asked = new AtomicInteger();
        long waited = QuietCompiler.waitWhile(() -> asked.incrementAndGet() <= 5, QuietCompiler.MAX_WAIT_NANOS);
        assertThat(asked.get()).as("asked until idle, then no more").isEqualTo(6);
        assertThat(waited).isLessThan(QuietCompiler.MAX_WAIT_NANOS);
    }
}
