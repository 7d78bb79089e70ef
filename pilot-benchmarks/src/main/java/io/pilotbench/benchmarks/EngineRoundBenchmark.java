package io.pilotbench.benchmarks;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.CiTarget;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.Round;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.WarmupRemoval;
import io.pilotbench.core.model.Workload;
import java.time.Clock;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the engine costs per round, amortized over whole sessions: one {@link Session#runRound} per invocation on an
 * in-memory session that a state keeps and starts afresh when it holds {@code rounds} rounds, so the average time
 * per invocation is a session's total engine cost divided by its rounds — the figure that must not grow with the
 * session (issue "Honest answers": at most 50 µs per round at 10⁵ readings). A round costs the plan ({@code
 * Planner}, O(PIs)), the workload call, the ingestion ({@code SessionEngine.add}: O(its samples)), and, at a look —
 * when the samples reach what the last look said the target needs, or grow by a quarter — the analysis of every
 * sample so far (O(n)); so the total is O(n) and the amortized cost flat in n.
 *
 * <p>{@link #look} measures one look on its own: a round added to a session of N rounds and its analysis brought up
 * to date ({@link Session#currentResult}): the single-round cost at the moment of a look.
 *
 * <p>Workloads, seeded (42), with values 50 + 2.5·N(0, 1) drawn in the set-up: {@code readings}, one reading per round;
 * {@code unitReadings}, 100 unit readings per round. The target (CI 0.01% of the mean) is never met, so sessions run
 * to N. Settings: the defaults ({@code auto} warm-up removal) or {@link WarmupRemoval#NONE}.
 *
 * <p>Run with {@code java -jar pilot-benchmarks/target/benchmarks.jar EngineRoundBenchmark -f 1 -wi 3 -i 5}; figures
 * in bench/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class EngineRoundBenchmark {

    /** Unit readings per round of the {@code unitReadings} workload. */
    static final int UNITS_PER_ROUND = 100;
    /** Distinct rounds drawn; later rounds reuse them cyclically. */
    static final int DRAWN = 4096;

    /** The settings: one PI "t" in ms, a target no session meets, the given warm-up removal. */
    static SessionSettings settings(String warmup, boolean units) {
        SessionSettings.Builder b = SessionSettings.builder()
                .pi(
                        units
                                ? new PerformanceIndex("t", "ms", PerformanceIndex.Kind.ORDINARY, false, true)
                                : PerformanceIndex.of("t", "ms"))
                .ciTarget(CiTarget.ofMean(1e-4));
        return switch (warmup) {
            case "auto" -> b.build();
            case "none" -> b.warmupRemoval(WarmupRemoval.NONE).build();
            default -> throw new IllegalArgumentException("warmup is auto or none, got " + warmup);
        };
    }

    /** A session that is started afresh once it holds {@code rounds} rounds. */
    @State(Scope.Thread)
    public abstract static class SessionState {
        @Param({"auto", "none"})
        public String warmup;

        SessionSettings settings;
        Session session;
        Workload workload;
        final LongSupplier ticker = System::nanoTime;
        final Clock clock = Clock.systemUTC();

        abstract int rounds();

        abstract boolean units();

        /** The round the workload reports for round index {@code i}. */
        abstract RoundResult result(int i);

        /** Draws the values of {@link #DRAWN} rounds. */
        abstract void draw(SplittableRandom rnd);

        @Setup(Level.Trial)
        public void setUpTrial() {
            settings = settings(warmup, units());
            draw(new SplittableRandom(42));
            workload = (round, work) -> result(round);
            session = Session.inMemory(settings);
        }

        /** One round, in a session of at most N rounds. */
        Round round() throws InterruptedException {
            if (session.rounds().size() >= rounds()) {
                session = Session.inMemory(settings);
            }
            return session.runRound(workload, ticker, clock);
        }
    }

    /** One reading per round, sessions of N = 10³, 10⁴ or 10⁵ rounds. */
    @State(Scope.Thread)
    public static class Readings extends SessionState {
        @Param({"1000", "10000", "100000"})
        public int rounds;

        double[] values;

        @Override
        int rounds() {
            return rounds;
        }

        @Override
        boolean units() {
            return false;
        }

        @Override
        void draw(SplittableRandom rnd) {
            values = new double[DRAWN];
            for (int i = 0; i < DRAWN; i++) {
                values[i] = 50 + 2.5 * SubsessionsBenchmark.gaussian(rnd);
            }
        }

        @Override
        RoundResult result(int i) {
            return RoundResult.ofReadings(values[i % DRAWN]);
        }
    }

    /** 100 unit readings per round, sessions of N = 10², 10³ or 10⁴ rounds (up to 10⁶ unit readings). */
    @State(Scope.Thread)
    public static class UnitReadings extends SessionState {
        @Param({"100", "1000", "10000"})
        public int rounds;

        double[][] values;

        @Override
        int rounds() {
            return rounds;
        }

        @Override
        boolean units() {
            return true;
        }

        @Override
        void draw(SplittableRandom rnd) {
            values = new double[DRAWN][UNITS_PER_ROUND];
            for (double[] round : values) {
                for (int k = 0; k < UNITS_PER_ROUND; k++) {
                    round[k] = 50 + 2.5 * SubsessionsBenchmark.gaussian(rnd);
                }
            }
        }

        @Override
        RoundResult result(int i) {
            return RoundResult.ofUnitReadings(values[i % DRAWN]);
        }
    }

    /** A session of N rounds, for {@link #look}. */
    @State(Scope.Thread)
    public static class Held extends Readings {
        @Override
        @Setup(Level.Trial)
        public void setUpTrial() {
            super.setUpTrial();
            for (int i = 0; i < rounds; i++) {
                session.addRound(0, result(i));
            }
        }
    }

    /** A round with one reading, amortized over sessions of N rounds. */
    @Benchmark
    public Round readings(Readings s) throws InterruptedException {
        return s.round();
    }

    /** A round with 100 unit readings, amortized over sessions of N rounds. */
    @Benchmark
    public Round unitReadings(UnitReadings s) throws InterruptedException {
        return s.round();
    }

    /** One round added to a session of N (and more) readings, and the analysis of all of them: one look. */
    @Benchmark
    public SessionResult look(Held s) {
        s.session.addRound(0, s.result(s.session.rounds().size()));
        return s.session.currentResult();
    }
}
