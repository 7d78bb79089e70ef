package io.pilotbench.benchmarks;

import io.pilotbench.stats.changepoint.Edm;
import io.pilotbench.stats.changepoint.EdmResult;
import io.pilotbench.stats.changepoint.EdmSettings;
import io.pilotbench.stats.changepoint.EdmTracker;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * EDM change-point detection at the sizes of docs/original.md#edm-performance: Gaussian noise (σ = 1) with a step of 3
 * in the first 10%, min size 30, percent 0.25, degree 1 (the original's figures were measured on the same shape of
 * input). Run with {@code java -jar pilot-benchmarks/target/benchmarks.jar Edm -f 1 -wi 2 -i 3}; see bench/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class EdmBenchmark {

    /** Step in the first 10%, standard Gaussian noise; seeded. */
    static double[] series(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            double u = 1 - rnd.nextDouble();
            double v = rnd.nextDouble();
            z[i] = (i < n / 10 ? 3 : 0) + Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        }
        return z;
    }

    /** EXACT mode: the reference dynamic programme (27 s at 8,000 in the original's C++). */
    @State(Scope.Benchmark)
    public static class ExactState {
        @Param({"1000", "2000", "8000"})
        public int n;

        double[] data;
        final EdmSettings settings = EdmSettings.pilot().withMode(EdmSettings.Mode.EXACT);

        @Setup
        public void setUp() {
            data = series(n, 42);
        }
    }

    @Benchmark
    public EdmResult exact(ExactState state) {
        return Edm.detect(state.data, state.settings);
    }

    /** SCALABLE mode at 10⁵ and 10⁶ points. */
    @State(Scope.Benchmark)
    public static class ScalableState {
        @Param({"100000", "1000000"})
        public int n;

        double[] data;
        final EdmSettings settings = EdmSettings.pilot().withMode(EdmSettings.Mode.SCALABLE);

        @Setup
        public void setUp() {
            data = series(n, 42);
        }
    }

    @Benchmark
    public EdmResult scalable(ScalableState state) {
        return Edm.detect(state.data, state.settings);
    }

    /** One round of 100 points appended to a history of 8,000, incrementally and by a full rerun (the original). */
    @State(Scope.Benchmark)
    public static class RoundState {
        EdmTracker history;
        double[] round;
        double[] all;
        final EdmSettings settings = EdmSettings.pilot().withMode(EdmSettings.Mode.EXACT);

        @Setup
        public void setUp() {
            double[] data = series(8100, 42);
            history = EdmTracker.start(settings).append(java.util.Arrays.copyOf(data, 8000));
            round = java.util.Arrays.copyOfRange(data, 8000, 8100);
            all = data;
        }
    }

    @Benchmark
    public EdmResult appendRoundIncremental(RoundState state) {
        return state.history.append(state.round).result();
    }

    @Benchmark
    public EdmResult appendRoundByRerun(RoundState state) {
        return Edm.detect(state.all, state.settings);
    }
}
