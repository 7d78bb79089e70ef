package io.pilotbench.core.api;

import io.pilotbench.core.engine.Plan;
import io.pilotbench.core.engine.Planner;
import io.pilotbench.core.engine.SessionAnalysis;
import io.pilotbench.core.engine.SessionEngine;
import io.pilotbench.core.engine.Totals;
import io.pilotbench.core.model.EnvironmentException;
import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.model.StoredSession;
import io.pilotbench.core.model.Workload;
import io.pilotbench.core.store.ResultJson;
import io.pilotbench.core.store.SessionJournal;
import io.pilotbench.core.store.SessionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * A session the caller drives (the paper's "manually control the execution and use Pilot's analytical functions as a
 * guide", §IV): feed rounds in, ask whether more are needed and how much work the next one should do.
 *
 * <pre>{@code
 * try (Session s = Session.inMemory(settings)) {
 *     while (s.needsMoreRounds()) {
 *         long work = s.nextWorkAmount();
 *         s.addRound(work, runMyBenchmark(work));   // a RoundResult, with its duration
 *     }
 *     System.out.println(s.result());
 * }
 * }</pre>
 *
 * <p>With a directory, every round is written as it is added ({@link SessionJournal}) and {@link #close()} writes
 * {@code result.json}; {@link #resume} continues such a session. Not thread-safe.
 */
public final class Session implements AutoCloseable {
    private final SessionEngine engine;
    private final SessionJournal journal;
    private final String name;
    private final Clock clock;
    private double seconds;
    private Plan plan;
    private StopReason stopReason = StopReason.RUNNING;
    private String stoppedBy;
    private boolean closed;

    private Session(SessionSettings settings, SessionJournal journal, String name, Clock clock) {
        this.engine = new SessionEngine(settings);
        this.journal = journal;
        this.name = name;
        this.clock = clock;
    }

    /** A session kept in memory only. */
    public static Session inMemory(SessionSettings settings) {
        return inMemory(settings, "session");
    }

    /** A named session kept in memory only. */
    public static Session inMemory(SessionSettings settings, String name) {
        return new Session(settings, null, name, Clock.systemUTC());
    }

    /**
     * A session recorded in a new directory.
     *
     * @param environment the environment to record in {@code session.json}, or null
     * @throws IllegalArgumentException when the directory exists and is not empty
     */
    public static Session create(SessionSettings settings, Path directory, String name, EnvironmentSnapshot environment)
            throws IOException {
        Clock clock = Clock.systemUTC();
        SessionJournal journal = SessionJournal.create(directory, name, settings, environment, clock.instant());
        return new Session(settings, journal, name, clock);
    }

    /** Reopens a recorded session to add rounds, with the settings recorded. */
    public static Session resume(Path directory) throws IOException {
        return resume(directory, UnaryOperator.identity());
    }

    /**
     * Reopens a recorded session to add rounds, with its recorded settings changed by {@code change} (to raise a
     * limit, say; the PIs must stay).
     */
    public static Session resume(Path directory, UnaryOperator<SessionSettings> change) throws IOException {
        SessionJournal.Resumed r = SessionJournal.resume(directory, change);
        StoredSession stored = r.session();
        Session s = new Session(stored.settings(), r.journal(), stored.name(), Clock.systemUTC());
        s.replay(stored.rounds());
        s.seconds = stored.seconds();
        return s;
    }

    /**
     * Re-analyses the session recorded in {@code directory} without changing it, with its recorded settings (see
     * {@link #analyse(StoredSession)}).
     *
     * @throws io.pilotbench.core.model.InputException when the directory is not a readable session (one line)
     */
    public static SessionResult analyse(Path directory) {
        return analyse(SessionReader.read(directory));
    }

    /**
     * Re-analyses a recorded session without changing it. Its stop reason: TARGET_MET when the targets are met
     * (under {@code stored}'s settings), INTERRUPTED when it never ended (killed), the recorded reason when a limit
     * or failures ended it, and RUNNING when it ended "met" but its targets, as given now, are not.
     */
    public static SessionResult analyse(StoredSession stored) {
        Session s = new Session(stored.settings(), null, stored.name(), Clock.systemUTC());
        s.replay(stored.rounds());
        s.seconds = stored.seconds();
        s.finalResult();
        boolean met = !s.plan().more();
        StopReason recorded = stored.stopReason();
        if (met) {
            s.stopReason = StopReason.TARGET_MET;
        } else if (stored.ended() == null) {
            s.stopReason = StopReason.INTERRUPTED; // killed, or still running elsewhere
        } else if (recorded != null && recorded != StopReason.TARGET_MET) {
            s.stopReason = recorded; // a limit, failures or an interruption ended it
        } else {
            s.stopReason = StopReason.RUNNING; // met as recorded, not under the settings given now: resumable
        }
        SessionResult r = s.result(s.engine.currentAnalysis(), s.plan);
        return new SessionResult(
                r.name(),
                r.settings(),
                r.rounds(),
                r.analysedRounds(),
                r.shortRounds(),
                r.failedRounds(),
                r.seconds(),
                r.stopReason(),
                r.pis(),
                r.wps(),
                r.moreRounds(),
                r.moreSeconds(),
                r.waitingFor(),
                stored.directory(),
                stored.stoppedBy());
    }

    public SessionSettings settings() {
        return engine.settings();
    }

    /** Whether any target is still unmet (limits are not considered: they are the caller's to enforce). */
    public boolean needsMoreRounds() {
        return plan().more();
    }

    /**
     * The work amount the next round should do — also once no more rounds are needed, for a caller that runs on (a
     * comparison keeps running a workload whose own target is met while the difference is undecided).
     */
    public long nextWorkAmount() {
        return plan().workAmount();
    }

    /**
     * Adds a round the caller ran. Its duration is the one in {@code result} (0 when it has none). A NaN reading is
     * "no reading of that PI this round" ({@link RoundResult}): the round counts, and adds nothing to that PI's
     * samples, so a workload whose reading came out as 0/0 adds rounds without data; report a failure by throwing
     * from the workload (with {@code Pilot}) or with {@link RoundResult#failure} instead.
     *
     * @throws IllegalArgumentException when the result names an unknown PI or holds an infinite value
     */
    public Round addRound(long workAmount, RoundResult result) {
        return addRound(workAmount, clock.instant(), 0, result);
    }

    /**
     * Adds a round, with the duration measured by the caller around it (used when the result carries none).
     */
    public Round addRound(long workAmount, Instant start, long measuredNanos, RoundResult result) {
        if (closed) {
            throw new IllegalStateException("the session is closed");
        }
        if (workAmount < 0) {
            throw new IllegalArgumentException("work amount must be >= 0, got " + workAmount);
        }
        Round round = engine.toRound(workAmount, start, measuredNanos, result);
        if (journal != null) {
            try {
                journal.append(round);
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot record round " + round.index() + " in " + journal.directory() + ": " + e.getMessage(),
                        e);
            }
        }
        engine.add(round);
        plan = null;
        seconds += round.durationSeconds();
        return round;
    }

    /**
     * Runs one round of {@code workload} with the planned work amount, timed with {@code ticker} (ns, monotonic),
     * and adds it. An exception or a null result from the workload is recorded as a failed round; an interruption or
     * an {@link EnvironmentException} is passed on and nothing is added.
     */
    public Round runRound(Workload workload, LongSupplier ticker, Clock startClock) throws InterruptedException {
        long work = nextWorkAmount();
        int index = rounds().size();
        Instant start = startClock.instant();
        long a = ticker.getAsLong();
        RoundResult result;
        try {
            result = workload.run(index, work);
            if (result == null) {
                result = RoundResult.failure("the workload returned no result");
            }
        } catch (InterruptedException | EnvironmentException e) {
            throw e;
        } catch (Exception e) {
            result = RoundResult.failure(
                    e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        long b = ticker.getAsLong();
        return addRound(work, start, b - a, result);
    }

    /** Sets the session time reported (the runner measures it with a monotonic clock). */
    void setSeconds(double value) {
        seconds = value;
    }

    /** The rounds so far. */
    public List<Round> rounds() {
        return engine.rounds();
    }

    /** Adds rounds already recorded (no journal write). */
    private void replay(List<Round> recorded) {
        for (Round round : recorded) {
            engine.add(round);
            seconds += round.durationSeconds();
        }
        plan = null;
    }

    /** The plan after the rounds so far (cached until the next round). */
    Plan plan() {
        if (plan == null) {
            plan = Planner.plan(settings(), engine.rounds(), engine.analysis(), engine.totals());
        }
        return plan;
    }

    /**
     * The analysis so far, with the prediction of what is left. While the session runs, the figures are those of the
     * last look (the analysis is redone when the samples reach what it said the targets need, or grow by a quarter;
     * see {@code SessionEngine}); once it has ended they cover every round.
     */
    public SessionResult result() {
        return result(engine.analysis(), plan());
    }

    /**
     * The analysis of every round so far (the session's analysis is brought up to date first, which costs an analysis
     * of all its samples), with the prediction of what is left.
     */
    public SessionResult currentResult() {
        SessionAnalysis a = engine.currentAnalysis();
        plan = Planner.plan(settings(), engine.rounds(), a, engine.totals());
        return result(a, plan);
    }

    private SessionResult result(SessionAnalysis a, Plan p) {
        Totals t = engine.totals();
        return new SessionResult(
                name,
                settings(),
                t.rounds(),
                t.okRounds(),
                t.shortRounds(),
                t.failedRounds(),
                seconds,
                stopReason,
                a.pis(),
                a.wps(),
                p.moreRounds(),
                p.moreSeconds(),
                p.waitingFor(),
                journal == null ? null : journal.directory(),
                stoppedBy);
    }

    /** The analysis of every round (a look now) and the plan after it. */
    private SessionResult finalResult() {
        return currentResult();
    }

    /**
     * Ends the session: records why, writes {@code result.json} (with a directory) and returns the final result.
     */
    public SessionResult finish(StopReason reason) throws IOException {
        return finish(reason, null);
    }

    /**
     * Ends the session as {@link #finish(StopReason)}, recording what ended it when that was not Pilot's own stop
     * rule ({@code stoppedBy}, in words: a campaign TEST's stop program), so that its reports say so.
     */
    public SessionResult finish(StopReason reason, String stoppedBy) throws IOException {
        stopReason = reason;
        this.stoppedBy = stoppedBy;
        SessionResult r = finalResult();
        if (journal != null && !closed) {
            journal.finish(
                    clock.instant(),
                    reason,
                    ResultJson.toMap(r),
                    seconds,
                    engine.rounds().size(),
                    stoppedBy);
            journal.close();
        }
        closed = true;
        return r;
    }

    /**
     * Whether every target is met when the session looks at all its rounds now. Between looks (see {@link #result()})
     * the verdict is the last look's, so a session that a limit ends between looks may have met its targets since:
     * this final look is what it ends on, as a comparison ends on its own.
     */
    public boolean metAtAFinalLook() {
        currentResult();
        return !needsMoreRounds();
    }

    /** Finishes the session if it was not: TARGET_MET when the targets are met at a final look, INTERRUPTED otherwise. */
    @Override
    public void close() throws IOException {
        if (!closed) {
            finish(metAtAFinalLook() ? StopReason.TARGET_MET : StopReason.INTERRUPTED);
        }
    }
}
