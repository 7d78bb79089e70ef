package io.pilotbench.benchmarks;

import io.pilotbench.core.model.Defaults;
import io.pilotbench.stats.MeanMethod;
import io.pilotbench.stats.Subsessions;
import java.util.OptionalInt;
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
 * The subsession search, as the engine ({@code MetricAnalyzer}) and {@code pilot analyze} ({@code SeriesAnalyzer})
 * run it on every analysed sample: {@link Subsessions#of} (arithmetic mean, an ordinary PI) and then
 * {@link Subsessions#optimalSize} with the default autocorrelation limit ({@link Defaults#AUTOCORRELATION_LIMIT},
 * 0.1), the smallest block size q whose block means have |lag-1 autocorrelation| ≤ the limit.
 *
 * <p>Inputs, seeded (42): {@code iid} is standard Gaussian noise, where q = 1 passes at once (one O(n) pass);
 * {@code ar1} is an AR(1) process x_i = 0.9·x_{i−1} + ε_i with Gaussian ε, where q has to grow (58 at 10⁶ samples,
 * 80 at 10⁴), each candidate q costing O(n/q). {@code ofAndOptimalSize} is the pair as the analysers call it;
 * {@code of} and {@code optimalSize} split it into the O(n) prefix sums and the search over a prepared object. (Both
 * analysers then call {@link Subsessions#requiredSampleSize}, which runs the search once more, so an analysis pays
 * {@code optimalSize} twice.)
 *
 * <p>Run with
 * {@code java -jar pilot-benchmarks/target/benchmarks.jar SubsessionsBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s};
 * figures in bench/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SubsessionsBenchmark {

    /** The AR(1) coefficient of the correlated input. */
    static final double PHI = 0.9;

    /** n standard Gaussian values (Box–Muller), seeded. */
    static double[] gaussian(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            z[i] = gaussian(rnd);
        }
        return z;
    }

    /** One standard Gaussian value (Box–Muller, the cosine half). */
    static double gaussian(SplittableRandom rnd) {
        double u = 1 - rnd.nextDouble();
        double v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /** x_i = φ·x_{i−1} + ε_i, ε standard Gaussian, started from its stationary distribution; seeded. */
    static double[] ar1(int n, double phi, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] x = new double[n];
        double prev = gaussian(rnd) / Math.sqrt(1 - phi * phi);
        for (int i = 0; i < n; i++) {
            prev = phi * prev + gaussian(rnd);
            x[i] = prev;
        }
        return x;
    }

    @State(Scope.Benchmark)
    public static class Input {
        @Param({"10000", "1000000"})
        public int n;

        @Param({"iid", "ar1"})
        public String series;

        double[] data;
        /** Prepared once, for {@link #optimalSize}. */
        Subsessions prepared;

        final double limit = Defaults.AUTOCORRELATION_LIMIT;

        @Setup
        public void setUp() {
            data = switch (series) {
                case "iid" -> gaussian(n, 42);
                case "ar1" -> ar1(n, PHI, 42);
                default -> throw new IllegalArgumentException("series is iid or ar1, got " + series);
            };
            prepared = Subsessions.of(data, MeanMethod.ARITHMETIC);
        }
    }

    /** What the analysers do per sample: prefix sums, then the search for q. */
    @Benchmark
    public OptionalInt ofAndOptimalSize(Input in) {
        return Subsessions.of(in.data, MeanMethod.ARITHMETIC).optimalSize(in.limit);
    }

    /** The O(n) part alone: the centred, compensated prefix sums. */
    @Benchmark
    public Subsessions of(Input in) {
        return Subsessions.of(in.data, MeanMethod.ARITHMETIC);
    }

    /** The search alone, over an object prepared in the set-up. */
    @Benchmark
    public OptionalInt optimalSize(Input in) {
        return in.prepared.optimalSize(in.limit);
    }
}
