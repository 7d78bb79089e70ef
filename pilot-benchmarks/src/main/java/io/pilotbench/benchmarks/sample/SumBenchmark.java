package io.pilotbench.benchmarks.sample;

import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The sample for {@code pilot jmh}: two implementations of one job — summing 100,000 boxed integers from an
 * {@link ArrayList} and from a {@link LinkedList} — compared fork by fork until the comparison is decided. CI runs:
 *
 * <pre>
 * ./pilot jmh --compare --jar pilot-benchmarks/target/benchmarks.jar --benchmark 'SumBenchmark.arrayList$' \
 *     --benchmark 'SumBenchmark.linkedList$' --iterations 5 --unit us/op -- -w 100ms -r 100ms
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
public class SumBenchmark {
    private List<Integer> array;
    private List<Integer> linked;

    @Setup
    public void fill() {
        array = new ArrayList<>();
        linked = new LinkedList<>();
        for (int i = 0; i < 100_000; i++) {
            array.add(i);
            linked.add(i);
        }
    }

    @Benchmark
    public long arrayList() {
        long sum = 0;
        for (int x : array) {
            sum += x;
        }
        return sum;
    }

    @Benchmark
    public long linkedList() {
        long sum = 0;
        for (int x : linked) {
            sum += x;
        }
        return sum;
    }
}
