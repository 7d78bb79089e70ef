package io.pilotbench.process;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A child of {@link NativeLauncher} from its spawn to its reap: the signals Pilot sends its process group, the wait
 * (waitid with WNOWAIT, then wait4) and what the wait says, as a {@link ProcessOutcome}. The lock orders the signals
 * against the reap: the group is signalled only while its leader, the child, has not been reaped, so a late timer
 * can never signal a recycled process group id. Kept apart from the launcher, which prepares and times the spawn:
 * this is what happens to the child once it runs.
 */
final class NativeChild {
    /** The JVM's peak as last read: it only grows, so a child's figure at or below it needs no new read. */
    private static volatile long knownJvmPeak;

    final int pid;
    private boolean exited;
    private boolean timedOut;
    private boolean interrupted;

    NativeChild(int pid) {
        this.pid = pid;
    }

    /** The timeout: SIGKILL to the group. */
    synchronized void timeOut() {
        if (!exited) {
            timedOut = true;
            LibC.kill(-pid, LibC.SIGKILL);
        }
    }

    /** A stop request: SIGTERM to the group; false when the child had exited already. */
    synchronized boolean interrupt() {
        if (exited) {
            return false;
        }
        interrupted = true;
        LibC.kill(-pid, LibC.SIGTERM);
        return true;
    }

    /** SIGKILL to the group, after a SIGTERM it did not end on. */
    synchronized void escalate() {
        if (!exited) {
            LibC.kill(-pid, LibC.SIGKILL);
        }
    }

    private synchronized void markExited() {
        exited = true;
    }

    synchronized boolean timedOut() {
        return timedOut;
    }

    synchronized boolean interrupted() {
        return interrupted;
    }

    /**
     * Waits for the child to exit and reaps it, its wait status into {@code status} and its rusage into
     * {@code rusage}; returns {@link System#nanoTime()} just after the reap.
     */
    long reap(Pointer siginfo, Pointer status, Pointer rusage) throws IOException {
        // waitid(2) with WNOWAIT: wait for the exit but leave the zombie, so the pid stays ours until marked
        while (LibC.waitid(LibC.P_PID, pid, siginfo, LibC.WEXITED | LibC.WNOWAIT) == -1) {
            retryOrThrow("waitid");
        }
        markExited();
        // wait4(2): reap, and the rusage of the child and of its waited-for descendants
        while (LibC.wait4(pid, status, 0, rusage) == -1) {
            retryOrThrow("wait4");
        }
        return System.nanoTime();
    }

    /** After the reap: whether the command left processes running in its group (SIGKILLed if Pilot stopped it). */
    boolean leftProcesses() {
        if (timedOut() || interrupted()) {
            // Pilot stopped the round by signalling the whole group: what is left of it is dying of the
            // SIGKILL, or ignored a SIGTERM, and gets a SIGKILL now. None of it is the command's doing, so
            // it is not reported as processes the command left running.
            LibC.kill(-pid, LibC.SIGKILL);
            return false;
        }
        // signal 0 to the group: does any member outlive its leader? (the number stays the group's, not
        // reusable, while it has members, so this cannot reach another group)
        return LibC.kill(-pid, 0) == 0;
    }

    /** The outcome of the reaped child from its wait {@code status} and {@code rusage}. */
    ProcessOutcome outcome(int status, long wallNanos, Pointer rusage, boolean leftProcesses) {
        int termSig = status & 0x7f; // WIFEXITED: 0; WIFSIGNALED: the signal (0x7f would be stopped: not asked for)
        int exitCode = termSig == 0 ? (status >> 8) & 0xff : 128 + termSig;
        long user = rusage.getLong(LibC.RU_UTIME_SEC) * 1_000_000_000L + rusage.getLong(LibC.RU_UTIME_USEC) * 1000L;
        long system = rusage.getLong(LibC.RU_STIME_SEC) * 1_000_000_000L + rusage.getLong(LibC.RU_STIME_USEC) * 1000L;
        long maxRss = rusage.getLong(LibC.RU_MAXRSS) * 1024L; // kilobytes on Linux (getrusage(2))
        // the child's figure is at least this JVM's peak at the spawn (see NativeLauncher's class comment); read after
        // the wait, this JVM's peak only grew since, so a larger figure is the tree's own
        Long peakRss = maxRss > jvmPeak(maxRss) ? maxRss : null;
        return new ProcessOutcome(
                exitCode, termSig, timedOut(), interrupted(), wallNanos, user, system, peakRss, leftProcesses);
    }

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
}
