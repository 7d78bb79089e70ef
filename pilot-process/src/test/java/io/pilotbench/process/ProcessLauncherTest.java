package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.pilotbench.testing.Circumstances;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Both launchers against real processes (/bin/sh, sleep, true, cat, ls): exit status, redirections, environment,
 * working directory, signals, timeouts that kill a process tree, Ctrl-C, descriptor hygiene; and what only the native
 * launcher measures (CPU time, peak RSS of the tree). Linux (or at least Unix) only: the native cases are skipped where
 * the native launcher does not bind.
 */
class ProcessLauncherTest {
    private static final long MB = 1_000_000;

    @TempDir
    Path tmp;

    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopBackground() {
        background.shutdownNow();
    }

    static Stream<String> launchers() {
        return Stream.of("native", "jdk");
    }

    private static ProcessLauncher launcher(String kind) {
        if (kind.equals("jdk")) {
            return new JdkLauncher(null);
        }
        assumeTrue(NativeLauncher.unavailableReason() == null, () -> "native: " + NativeLauncher.unavailableReason());
        return new NativeLauncher();
    }

    private Path out() {
        return tmp.resolve("out.txt");
    }

    private Path err() {
        return tmp.resolve("err.txt");
    }

    private CommandRequest request(Duration timeout, String... argv) {
        return new CommandRequest(List.of(argv), null, Map.of(), out(), err(), timeout);
    }

    private ProcessOutcome run(ProcessLauncher launcher, String... argv) throws Exception {
        return launcher.run(request(null, argv));
    }

    private String stdout() throws IOException {
        return Files.readString(out());
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void exitCodes(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        ProcessOutcome ok = run(launcher, "true");
        assertThat(ok.exitCode()).isZero();
        assertThat(ok.signal()).isZero();
        assertThat(ok.timedOut()).isFalse();
        assertThat(ok.interrupted()).isFalse();
        assertThat(ok.wallNanos()).isPositive();
        assertThat(run(launcher, "false").exitCode()).isEqualTo(1);
        ProcessOutcome three = run(launcher, "sh", "-c", "exit 3");
        assertThat(three.exitCode()).isEqualTo(3);
        assertThat(three.signal()).isZero();
        if (kind.equals("jdk")) {
            assertThat(ok.userCpuNanos()).isNull();
            assertThat(ok.systemCpuNanos()).isNull();
            assertThat(ok.peakRssBytes()).isNull();
        } else {
            assertThat(ok.userCpuNanos()).isNotNull();
            assertThat(ok.systemCpuNanos()).isNotNull();
        }
    }

    /** Output and error land in their files (truncated first); standard input is empty, not the JVM's. */
    @ParameterizedTest
    @MethodSource("launchers")
    void outputAndErrorGoToTheFilesAndInputIsEmpty(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        Files.writeString(out(), "old content that must disappear\n");
        ProcessOutcome outcome = run(launcher, "sh", "-c", "cat; echo out; echo err >&2");
        assertThat(outcome.exitCode()).isZero();
        assertThat(stdout()).isEqualTo("out\n");
        assertThat(Files.readString(err())).isEqualTo("err\n");
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void oneFileForBothStreamsKeepsEveryLine(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        launcher.run(new CommandRequest(
                List.of("sh", "-c", "echo one; echo two >&2; echo three"), null, Map.of(), out(), out(), null));
        assertThat(stdout()).isEqualTo("one\ntwo\nthree\n");
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void environmentOverrideReachesTheChildOnly(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        String name = "PILOT_LAUNCHER_TEST_VARIABLE";
        assertThat(System.getenv(name)).isNull();
        launcher.run(new CommandRequest(
                List.of("sh", "-c", "echo \"$" + name + "\"; echo \"$HOME\""),
                null,
                Map.of(name, "value with spaces"),
                out(),
                err(),
                null));
        assertThat(stdout()).isEqualTo("value with spaces\n" + System.getenv("HOME") + "\n");
        assertThat(System.getenv(name)).isNull();
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void workingDirectoryIsHonoured(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        Path dir = Files.createDirectory(tmp.resolve("work dir"));
        launcher.run(new CommandRequest(List.of("pwd"), dir, Map.of(), out(), err(), null));
        assertThat(stdout().strip()).isEqualTo(dir.toRealPath().toString());
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void killedBySignal(String kind) throws Exception {
        ProcessOutcome outcome = run(launcher(kind), "sh", "-c", "kill -9 $$");
        assertThat(outcome.exitCode()).isEqualTo(137);
        // Java reports 128 + signal as the exit code and cannot tell it from exit(137)
        assertThat(outcome.signal()).isEqualTo(kind.equals("native") ? 9 : 0);
        assertThat(outcome.timedOut()).isFalse();
    }

    /** The shell and its background grandchild are both killed; the run returns soon after the timeout. */
    @ParameterizedTest
    @MethodSource("launchers")
    void timeoutKillsTheProcessTree(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        Path pidFile = tmp.resolve("grandchild.pid");
        long start = System.nanoTime();
        ProcessOutcome outcome = launcher.run(request(
                Duration.ofMillis(500),
                "sh",
                "-c",
                "sleep 30 & echo $! > \"$1\"; sleep 30; wait",
                "sh",
                pidFile.toString()));
        long elapsed = System.nanoTime() - start;
        assertThat(outcome.timedOut()).isTrue();
        assertThat(outcome.interrupted()).isFalse();
        assertThat(outcome.exitCode()).isEqualTo(137);
        assertThat(outcome.signal()).isEqualTo(9);
        assertThat(outcome.wallNanos()).isBetween(TimeUnit.MILLISECONDS.toNanos(450), elapsed);
        assertThat(elapsed).isLessThan(TimeUnit.SECONDS.toNanos(3));
        long grandchild = Long.parseLong(Files.readString(pidFile).strip());
        assertThat(goneWithin(grandchild, Duration.ofSeconds(2)))
                .as("grandchild %d gone", grandchild)
                .isTrue();
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void missingProgramIsAOneLineIoException(String kind) {
        ProcessLauncher launcher = launcher(kind);
        assertThatThrownBy(() -> run(launcher, "pilot-no-such-program", "arg"))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot run 'pilot-no-such-program': No such file or directory");
    }

    @ParameterizedTest
    @MethodSource("launchers")
    void programWithoutExecutePermissionIsAOneLineIoException(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        Path script = Files.writeString(tmp.resolve("script.sh"), "#!/bin/sh\necho hello\n");
        assertThatThrownBy(() -> run(launcher, script.toString()))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot run '" + script + "': Permission denied");
        assertThat(script.toFile().setExecutable(true)).isTrue();
        assertThat(run(launcher, script.toString()).exitCode()).isZero();
        assertThat(stdout()).isEqualTo("hello\n");
    }

    /** Not the program's fault: the message says which file (posix_spawn alone would report ENOENT). */
    @ParameterizedTest
    @MethodSource("launchers")
    void missingOutputDirectoryOrWorkingDirectoryIsNamed(String kind) {
        ProcessLauncher launcher = launcher(kind);
        Path missing = tmp.resolve("missing");
        assertThatThrownBy(() -> launcher.run(
                        new CommandRequest(List.of("true"), null, Map.of(), missing.resolve("out.txt"), err(), null)))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot write the standard output of 'true' to '" + missing.resolve("out.txt")
                        + "': No such file or directory");
        assertThatThrownBy(
                        () -> launcher.run(new CommandRequest(List.of("true"), missing, Map.of(), out(), err(), null)))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot run 'true': working directory '" + missing + "' is not a directory");
    }

    /** Ctrl-C: SIGTERM reaches the shell and its child; run returns promptly, marked interrupted. */
    @ParameterizedTest
    @MethodSource("launchers")
    void killRunningFromAnotherThread(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        launcher.killRunning(); // nothing running: no effect
        Future<ProcessOutcome> running = background.submit(() -> run(launcher, "sh", "-c", "echo started; sleep 30"));
        // Kill only once the shell has started: a kill that came before the spawn found nothing to kill, the shell
        // then slept its 30 s, and the test timed out (a fresh-clone build under load waited 2 s here and went on)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!(Files.exists(out()) && stdout().equals("started\n")) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(stdout()).as("the shell started within 20 s").isEqualTo("started\n");
        long start = System.nanoTime();
        launcher.killRunning();
        ProcessOutcome outcome = running.get(3, TimeUnit.SECONDS);
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.SECONDS.toNanos(1));
        assertThat(outcome.interrupted()).isTrue();
        assertThat(outcome.timedOut()).isFalse();
        assertThat(outcome.exitCode()).isEqualTo(143);
        assertThat(outcome.signal()).isEqualTo(15);
    }

    /** A descriptor the JVM opened without close-on-exec does not reach the command: ls sees 0, 1, 2 and its own. */
    @ParameterizedTest
    @MethodSource("launchers")
    void jvmDescriptorsAreNotInherited(String kind) throws Exception {
        ProcessLauncher launcher = launcher(kind);
        Circumstances.assumeTrue(kind.equals("jdk") || NativeLauncher.closesDescriptors(), "needs glibc 2.34+");
        Circumstances.assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc");
        Path held = Files.writeString(tmp.resolve("held.txt"), "held open by the JVM during the run");
        try (FileInputStream open = new FileInputStream(held.toFile())) {
            run(launcher, "ls", "/proc/self/fd");
        }
        assertThat(stdout().lines().toList()).hasSizeLessThanOrEqualTo(4).contains("0", "1", "2");
    }

    @Test
    void nativeCpuTimeIsMeasuredAndFitsOneCore() throws Exception {
        ProcessLauncher launcher = launcher("native");
        ProcessOutcome outcome = run(launcher, "sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done");
        assertThat(outcome.exitCode()).isZero();
        long cpu = outcome.userCpuNanos() + outcome.systemCpuNanos();
        assertThat(outcome.userCpuNanos()).isPositive();
        assertThat(cpu).isLessThanOrEqualTo((long) (outcome.wallNanos() * 1.1) + TimeUnit.MILLISECONDS.toNanos(20));
        assertThat(cpu).as("a busy loop is mostly CPU").isGreaterThan(outcome.wallNanos() / 4);
    }

    /**
     * tail holds the whole stream (more than this JVM's peak, below which Linux cannot tell the child's peak from
     * ours) as a grandchild under sh: its peak counts. The next run's figure is its own, not the maximum so far.
     */
    @Test
    void nativePeakRssIncludesDescendantsAndIsPerRun() throws Exception {
        ProcessLauncher launcher = launcher("native");
        long bytes = NativeChild.jvmPeakRssBytes() + 64 * MB;
        Circumstances.assumeTrue(bytes < 1000 * MB, "this JVM is too large for a quick test");
        ProcessOutcome big = run(
                launcher,
                "sh",
                "-c",
                "head -c \"$1\" /dev/zero | tail -c \"$1\" | wc -c; echo done",
                "sh",
                Long.toString(bytes));
        assertThat(stdout()).isEqualTo(bytes + "\ndone\n");
        assertThat(big.peakRssBytes()).isBetween(bytes, bytes + 64 * MB);
        ProcessOutcome small = run(launcher, "true");
        assertThat(small.peakRssBytes())
                .as("null (below the JVM's peak) or small")
                .satisfiesAnyOf(peak -> assertThat(peak).isNull(), peak -> assertThat(peak)
                        .isLessThan(10 * MB));
    }

    /** The command inherits neither the signals this JVM ignores nor those this thread blocks. */
    @Test
    void nativeChildStartsWithDefaultSignalState() throws Exception {
        ProcessLauncher launcher = launcher("native");
        Circumstances.assumeTrue(Files.exists(Path.of("/proc/thread-self/status")), "needs /proc");
        int sigusr1 = 10;
        int sigalrm = 14;
        int realTime = 40; // SIGRTMIN + 6 with glibc
        Memory set = new Memory(LibC.SIGSET_BYTES);
        Memory oldMask = new Memory(LibC.SIGSET_BYTES);
        Signals.C.sigemptyset(set);
        Signals.C.sigaddset(set, sigalrm);
        Signals.C.sigaddset(set, realTime);
        Pointer oldHandler = Signals.C.signal(sigusr1, new Pointer(1)); // SIG_IGN
        Pointer oldRealTime = Signals.C.signal(realTime, new Pointer(1));
        assertThat(Signals.C.sigprocmask(Signals.SIG_BLOCK, set, oldMask)).isZero();
        try {
            // HotSpot itself blocks SIGQUIT in Java threads; the test adds SIGALRM (blocked) and SIGUSR1 (ignored)
            List<Long> jvm = signalMasks(Files.readString(Path.of("/proc/thread-self/status")));
            assertThat(jvm.get(0) & (1L << (sigalrm - 1)))
                    .as("SIGALRM blocked in this thread")
                    .isNotZero();
            assertThat(jvm.get(1) & (1L << (sigusr1 - 1)))
                    .as("SIGUSR1 ignored by this JVM")
                    .isNotZero();
            assertThat(jvm.get(0) & (1L << (realTime - 1)))
                    .as("signal 40 blocked in this thread")
                    .isNotZero();
            assertThat(jvm.get(1) & (1L << (realTime - 1)))
                    .as("signal 40 ignored by this JVM")
                    .isNotZero();
            run(launcher, "cat", "/proc/self/status");
        } finally {
            Signals.C.sigprocmask(Signals.SIG_SETMASK, oldMask, null);
            Signals.C.signal(sigusr1, oldHandler);
            Signals.C.signal(realTime, oldRealTime);
        }
        // signals 32 and 33 are glibc's own; its posix_spawn leaves them ignored, and glibc programs reset them
        assertThat(signalMasks(stdout())).containsExactly(0L, 0L);
    }

    /**
     * SigBlk and SigIgn of a /proc status file (bit n - 1 is signal n), all 64 signals but glibc's own, 32 and 33.
     */
    private static List<Long> signalMasks(String status) {
        long glibcs = 3L << 31;
        return status.lines()
                .filter(l -> l.startsWith("SigBlk:") || l.startsWith("SigIgn:"))
                .map(l -> Long.parseUnsignedLong(l.substring(7).strip(), 16) & ~glibcs)
                .toList();
    }

    /** For the signal-state test: change this JVM's signal state the way a launcher's parent might have. */
    interface Signals extends Library {
        Signals C = Native.load("c", Signals.class);
        int SIG_BLOCK = 0;
        int SIG_SETMASK = 2;

        Pointer signal(int sig, Pointer handler);

        int sigprocmask(int how, Pointer set, Pointer oldSet);

        int sigemptyset(Pointer set);

        int sigaddset(Pointer set, int sig);
    }

    @Test
    void bestIsNativeWhereItBindsAndThePropertyForcesTheJdk() {
        String before = System.getProperty(Launchers.PROPERTY);
        try {
            System.clearProperty(Launchers.PROPERTY);
            ProcessLauncher best = ProcessLauncher.best();
            if (NativeLauncher.unavailableReason() == null) {
                assertThat(best).isInstanceOf(NativeLauncher.class);
                assertThat(best.description()).startsWith("posix_spawn + wait4");
            } else {
                assertThat(best.description()).contains("native launcher unavailable: ");
            }
            System.setProperty(Launchers.PROPERTY, "jdk");
            assertThat(ProcessLauncher.best().description())
                    .isEqualTo("java.lang.ProcessBuilder around the command, the JVM's JIT compiler idle before the "
                            + "clock starts (no CPU or memory figures)");
            assertThat(ProcessLauncher.jdk()).isInstanceOf(JdkLauncher.class);
        } finally {
            if (before == null) {
                System.clearProperty(Launchers.PROPERTY);
            } else {
                System.setProperty(Launchers.PROPERTY, before);
            }
        }
    }

    /** Gone, or a zombie nobody has reaped yet (a container's init may be slow to). */
    private static boolean goneWithin(long pid, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        do {
            Optional<ProcessHandle> handle = ProcessHandle.of(pid);
            if (handle.isEmpty() || !handle.get().isAlive()) {
                return true;
            }
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                char state = stat.charAt(stat.lastIndexOf(')') + 2);
                if (state == 'Z' || state == 'X') {
                    return true;
                }
            } catch (IOException e) {
                return true;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        return false;
    }
}
