package io.pilotbench.benchmarks;

import io.pilotbench.core.analysis.WarmupRemoval;
import io.pilotbench.core.api.PerformanceIndex;
import io.pilotbench.core.api.Round;
import io.pilotbench.core.api.RoundResult;
import io.pilotbench.core.api.Session;
import io.pilotbench.core.api.SessionSettings;
import io.pilotbench.core.api.Workload;
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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the engine adds per round for a workload that does nothing: one {@link Session#runRound} on an in-memory
 * session ({@link Session#inMemory}) that already holds {@code rounds} rounds. A round costs the plan (the full
 * analysis of every PI over the rounds so far, cached until the next round, then {@code Planner}), the call of the
 * workload, and the ingestion of its result ({@code SessionEngine.add}: the readings' incremental change-point
 * tracker and, with EDM warm-up removal, EDM on the round's unit readings). That is the loop {@code Pilot} drives.
 *
 * <p>Workloads, seeded (42), with values 50 + 2.5·N(0, 1) drawn in the set-up (the measured rounds only look them up):
 * <ul>
 *   <li>{@code readings}: one reading per round, {@link RoundResult#ofReadings};</li>
 *   <li>{@code unitReadings}: 100 unit readings per round, {@link RoundResult#ofUnitReadings} (so a session of N
 *       rounds holds 100·N unit readings).</li>
 * </ul>
 * Settings: {@code SessionSettings.builder().pi(PerformanceIndex.of("t", "ms"))} with the default warm-up removal
 * ({@code warmup = edm}) or {@link WarmupRemoval#NONE} ({@code warmup = none}), so the share of EDM shows.
 *
 * <p><b>Design.</b> Adding a round changes the state, and a session cannot be copied or rewound, so each measured
 * sample must start from a freshly built session of N rounds. Building one costs far more than a round (at N =
 * 10,000 rounds of 100 unit readings, about half a second, mostly EDM on each round's unit readings), which rules
 * out {@code Level.Invocation} in a timed mode; and a time-based mode would let N grow without bound (thousands of
 * rounds per second at N = 100).
 * Instead: {@link Mode#SingleShotTime}, a fresh session of N rounds built in {@code @Setup(Level.Iteration)}
 * (outside the measurement; by {@link Session#addRound}, the same ingestion without the per-round plan, which no
 * earlier round needs), and each measured iteration is one call that runs {@value #ROUNDS_PER_CALL} rounds,
 * reported per round ({@code @OperationsPerInvocation}). During a call the session grows from N to
 * N + {@value #ROUNDS_PER_CALL} − 1 rounds, so a figure is the mean per-round cost over that range: N = 100 means
 * 100..109 (the cost grows with N, so it reads at most a few per cent high there), N = 10,000 means 10,000..10,009.
 * Every iteration rebuilds the same session from the same seed, so iterations differ only by noise. A warm-up
 * iteration makes 10 calls (100 rounds: {@code batchSize = 10}) so that the JIT has compiled the analysis before the
 * first measured call. Keep the measured batch size at 1 when overriding from the command line (JMH's SingleShotTime
 * score is the time of the whole batch, not per call).
 *
 * <p>Run with {@code java -jar pilot-benchmarks/target/benchmarks.jar EngineRoundBenchmark -f 1 -wi 3 -i 10};
 * figures in bench/hot-paths.draft.md.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, batchSize = 10)
@Measurement(iterations = 10, batchSize = 1)
public class EngineRoundBenchmark {

    /** Rounds run by one call of a benchmark method; the score is per round. */
    static final int ROUNDS_PER_CALL = 10;

    /** Unit readings per round of the {@code unitReadings} workload. */
    static final int UNITS_PER_ROUND = 100;
    /** Rounds drawn beyond N, for the warm-up and measured calls; later rounds reuse them cyclically. */
    static final int SPARE_ROUNDS = 1000;

    /** The settings of a session with one PI "t" in ms and the given warm-up removal ("edm" is the default). */
    static SessionSettings settings(String warmup) {
        SessionSettings.Builder b = SessionSettings.builder().pi(PerformanceIndex.of("t", "ms"));
        return switch (warmup) {
            case "edm" -> b.build();
            case "none" -> b.warmupRemoval(WarmupRemoval.NONE).build();
            default -> throw new IllegalArgumentException("warmup is edm or none, got " + warmup);
        };
    }

    /** What both workloads share: a session of N rounds, rebuilt for every iteration. */
    @State(Scope.Thread)
    public abstract static class SessionState {
        @Param({"100", "1000", "10000"})
        public int rounds;

        @Param({"edm", "none"})
        public String warmup;

        SessionSettings settings;
        Session session;
        Workload workload;
        final LongSupplier ticker = System::nanoTime;
        final Clock clock = Clock.systemUTC();

        /** The round the workload reports for round index {@code i}. */
        abstract RoundResult result(int i);

        /** Draws the values of N + {@link #SPARE_ROUNDS} rounds. */
        abstract void draw(SplittableRandom rnd, int count);

        @Setup(Level.Trial)
        public void setUpTrial() {
            settings = settings(warmup);
            draw(new SplittableRandom(42), rounds + SPARE_ROUNDS);
            workload = (round, work) -> result(round);
        }

        @Setup(Level.Iteration)
        public void setUpIteration() {
            session = Session.inMemory(settings);
            for (int i = 0; i < rounds; i++) {
                session.addRound(0, result(i));
            }
        }
    }

    /** One reading per round. */
    @State(Scope.Thread)
    public static class Readings extends SessionState {
        double[] values;

        @Override
        void draw(SplittableRandom rnd, int count) {
            values = new double[count];
            for (int i = 0; i < count; i++) {
                values[i] = 50 + 2.5 * SubsessionsBenchmark.gaussian(rnd);
            }
        }

        @Override
        RoundResult result(int i) {
            return RoundResult.ofReadings(values[i % values.length]);
        }
    }

    /** 100 unit readings per round, no reading. */
    @State(Scope.Thread)
    public static class UnitReadings extends SessionState {
        double[][] values;

        @Override
        void draw(SplittableRandom rnd, int count) {
            values = new double[count][UNITS_PER_ROUND];
            for (double[] round : values) {
                for (int k = 0; k < UNITS_PER_ROUND; k++) {
                    round[k] = 50 + 2.5 * SubsessionsBenchmark.gaussian(rnd);
                }
            }
        }

        @Override
        RoundResult result(int i) {
            return RoundResult.ofUnitReadings(values[i % values.length]);
        }
    }

    /** {@value #ROUNDS_PER_CALL} rounds; the last one is returned. */
    private static Round runRounds(SessionState s) throws InterruptedException {
        Round last = null;
        for (int i = 0; i < ROUNDS_PER_CALL; i++) {
            last = s.session.runRound(s.workload, s.ticker, s.clock);
        }
        return last;
    }

    /** Rounds with one reading, at a session of N (.. N + 9) rounds. */
    @Benchmark
    @OperationsPerInvocation(ROUNDS_PER_CALL)
    public Round readings(Readings s) throws InterruptedException {
        return runRounds(s);
    }

    /** Rounds with 100 unit readings, at a session of N (.. N + 9) rounds. */
    @Benchmark
    @OperationsPerInvocation(ROUNDS_PER_CALL)
    public Round unitReadings(UnitReadings s) throws InterruptedException {
        return runRounds(s);
    }
}
