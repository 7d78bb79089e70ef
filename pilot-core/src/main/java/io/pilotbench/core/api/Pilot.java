package io.pilotbench.core.api;

import io.pilotbench.core.env.EnvironmentProbe;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.Progress;
import io.pilotbench.core.model.ProgressListener;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.RoundStatus;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * Runs a workload round after round until its results are precise enough — Pilot drives (paper §III-E, §IV).
 *
 * <pre>{@code
 * SessionSettings settings = SessionSettings.builder()
 *         .pi(PerformanceIndex.of("time per element", "ns"))
 *         .ciTarget(CiTarget.ofMean(0.05))          // 95% CI narrower than 5% of the mean
 *         .build();
 * SessionResult result = Pilot.of(settings, (round, work) -> RoundResult.ofReadings(measureOnce()))
 *         .directory(Path.of("pilot-results/my-session"))
 *         .run();
 * }</pre>
 *
 * <p>Each round: ask the planner for the work amount (or stop when every required target is met), check the limits
 * (rounds, time, failures, a stop request), run the workload and time it with a monotonic clock, record the round
 * (on disk first, when there is a directory), analyse, and tell the listener. A failed round (an exception, or
 * {@link RoundResult#failure}) is recorded and the session stops once failures exceed {@code maxFailures}.
 *
 * <p>{@code maxDuration} bounds the whole session, also in the middle of a round: when it passes, the workload's
 * {@link Workload#cancel()} is called (a command's process group is killed), the round is dropped and the session
 * ends with TIME_LIMIT. A session directory is written by one process at a time (an OS lock; see
 * {@code DirectoryLock}): a second {@link Session#create} or {@link Session#resume} of it fails with an
 * {@link io.pilotbench.core.model.InputException} that says so.
 */
public final class Pilot {
    private final SessionSettings settings;
    private final Workload workload;
    private String name = "workload";
    private Path directory;
    private EnvironmentSnapshot environment;
    private ProgressListener listener = ProgressListener.none();
    private LongSupplier ticker = System::nanoTime;
    private Clock clock = Clock.systemUTC();
    private volatile boolean stopRequested;

    private Pilot(SessionSettings settings, Workload workload) {
        this.settings = settings;
        this.workload = workload;
    }

    /** A runner for {@code workload} with {@code settings}. */
    public static Pilot of(SessionSettings settings, Workload workload) {
        if (settings == null || workload == null) {
            throw new IllegalArgumentException("settings and workload are required");
        }
        return new Pilot(settings, workload);
    }

    /** The name recorded for the session (a command line, a benchmark name). */
    public Pilot name(String value) {
        name = value;
        return this;
    }

    /** Record the session in this directory (new or empty); without one the session is kept in memory. */
    public Pilot directory(Path value) {
        directory = value;
        return this;
    }

    /**
     * The environment recorded in {@code session.json}; by default, with a directory, it is captured once before the
     * first round ({@link EnvironmentProbe#system()}; the first capture in a JVM takes up to about a second).
     */
    public Pilot environment(EnvironmentSnapshot value) {
        environment = value;
        return this;
    }

    public Pilot listener(ProgressListener value) {
        listener = value;
        return this;
    }

    /** The monotonic clock in ns (default {@code System::nanoTime}); tests inject a fake one. */
    public Pilot ticker(LongSupplier value) {
        ticker = value;
        return this;
    }

    /** The wall clock for round start times (default UTC system clock). */
    public Pilot clock(Clock value) {
        clock = value;
        return this;
    }

    /** Asks a running session to stop before its next round (thread-safe; for Ctrl-C handlers). */
    public void requestStop() {
        stopRequested = true;
    }

    /** Runs a new session to its end. */
    public SessionResult run() throws IOException {
        Session session = directory == null
                ? Session.inMemory(settings, name)
                : Session.create(
                        settings,
                        directory,
                        name,
                        environment != null
                                ? environment
                                : EnvironmentProbe.system().capture(Path.of("").toAbsolutePath()));
        return drive(session, 0);
    }

    /**
     * Continues the session recorded in {@code dir} with this workload, with its recorded settings changed by
     * {@code change} (use {@code UnaryOperator.identity()} to keep them; the PIs must stay).
     */
    public static SessionResult resume(
            Path dir, Workload workload, ProgressListener listener, UnaryOperator<SessionSettings> change)
            throws IOException {
        Session session = Session.resume(dir, change);
        return new Pilot(session.settings(), workload).listener(listener).run(session);
    }

    /**
     * Drives a session made by the caller ({@link Session#create}, {@link Session#resume}) to its end, with the
     * session's own settings (this runner's are ignored) — for callers that add files to the directory before the
     * first round. The session's recorded time carries on from what it already holds.
     */
    public SessionResult run(Session session) throws IOException {
        return drive(session, session.result().seconds());
    }

    private SessionResult drive(Session session, double secondsBefore) throws IOException {
        long t0 = ticker.getAsLong();
        StopReason reason;
        try (Deadline deadline = Deadline.start(session.settings().maxDuration(), secondsBefore, List.of(workload))) {
            reason = loop(session, secondsBefore, t0, deadline);
        }
        if ((reason == StopReason.ROUND_LIMIT || reason == StopReason.TIME_LIMIT) && session.metAtAFinalLook()) {
            // the rounds since the last look met every target: the session converged, at its last look
            reason = StopReason.TARGET_MET;
        }
        return session.finish(reason);
    }

    private StopReason loop(Session session, double secondsBefore, long t0, Deadline deadline) {
        int failures = session.result().failedRounds();
        StopReason reason;
        boolean ran = false;
        while (true) {
            double elapsed = secondsBefore + (ticker.getAsLong() - t0) / 1e9;
            if (ran) {
                // a resume that runs no round adds no time: the checks' own time (a look over every round) made the
                // duration of a session resumed with nothing to do 0.1 ms longer than the one it reported (a flaky
                // DurationsAgreeTest)
                session.setSeconds(elapsed);
            }
            if (stopRequested) {
                reason = StopReason.INTERRUPTED;
                break;
            }
            if (!session.needsMoreRounds()) {
                reason = StopReason.TARGET_MET;
                break;
            }
            if (session.settings().maxRounds() > 0
                    && session.rounds().size() >= session.settings().maxRounds()) {
                reason = StopReason.ROUND_LIMIT;
                break;
            }
            Duration limit = session.settings().maxDuration();
            if (limit != null && elapsed >= limit.toNanos() / 1e9) {
                reason = StopReason.TIME_LIMIT;
                break;
            }
            Round round;
            try {
                round = session.runRound(workload, ticker, clock);
            } catch (InterruptedException e) {
                // cancelled: by the time limit (the round is dropped, as one not started), or by a stop request
                session.setSeconds(secondsBefore + (ticker.getAsLong() - t0) / 1e9);
                reason = deadline.passed() && !stopRequested ? StopReason.TIME_LIMIT : StopReason.INTERRUPTED;
                break;
            }
            ran = true;
            session.setSeconds(secondsBefore + (ticker.getAsLong() - t0) / 1e9);
            listener.onRound(new Progress(round, session.result()));
            if (round.status() == RoundStatus.FAILED || round.status() == RoundStatus.TIMED_OUT) {
                failures++;
                if (failures > session.settings().maxFailures()) {
                    reason = StopReason.WORKLOAD_FAILED;
                    break;
                }
            }
        }
        return reason;
    }
}
