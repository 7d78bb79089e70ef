package io.pilotbench.process;

import io.pilotbench.core.model.PerformanceIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JMH benchmark as a Pilot workload, from Java (what {@code pilot jmh} does from the command line): a round is one
 * fork, {@code java -jar JAR BENCHMARK -f 1 -wi WARMUP -i ITERATIONS -rf json -rff %RESULT_DIR%/jmh.json}, and its
 * measurement iterations are the round's unit readings.
 *
 * <p>A fork warms up first ({@code warmupIterations}, JMH's {@code -wi}); the engine's test cuts what is left of the
 * warm-up in the measured iterations, and holds a session whose forks still move within them (docs/jmh.md). On real
 * JMH forks (bench/README.md, "{@code pilot jmh} on the same forks") a JIT's warm-up fades too gradually for a test to
 * see where it ends: with as many warm-up iterations as measured ones (1,000), 8.5% of the holdout benchmarks
 * converged with a CI missing the steady mean, against 21.3% with none. So {@link #of} runs as many as it measures,
 * as {@code pilot jmh} does.
 *
 * <pre>{@code
 * JmhWorkload jmh = JmhWorkload.of(Path.of("target/benchmarks.jar"), "Parse.json$", 10, "us/op");
 * SessionSettings settings = SessionSettings.builder().pi(jmh.pi()).ciTarget(CiTarget.ofMean(0.04)).build();
 * SessionResult r = Pilot.of(settings, jmh.workload(dir)).directory(dir).run();
 * }</pre>
 *
 * @param jar        the benchmarks uber-jar
 * @param benchmark  JMH's include pattern for one benchmark
 * @param iterations measurement iterations per fork, at least 2
 * @param warmupIterations iterations each fork runs before those it measures, at least 0
 * @param unit       the score's unit, as JMH reports it
 * @param java       the java that runs the forks
 * @param jmhOptions more JMH options ({@code -p n=1000}, {@code -w 200ms -r 200ms})
 */
public record JmhWorkload(
        Path jar,
        String benchmark,
        int iterations,
        int warmupIterations,
        String unit,
        String java,
        List<String> jmhOptions) {
    /** The unit readings' file in each round's directory. */
    public static final String RESULT_FILE = "jmh.json";

    public JmhWorkload {
        if (iterations < 2) {
            throw new IllegalArgumentException("a fork needs at least 2 measurement iterations, got " + iterations);
        }
        if (warmupIterations < 0) {
            throw new IllegalArgumentException("warm-up iterations must be 0 or more, got " + warmupIterations);
        }
        jmhOptions = List.copyOf(jmhOptions);
    }

    /**
     * The benchmark on the java on the PATH, each fork warming up for as many iterations as it measures (JMH's ratio),
     * without further JMH options.
     */
    public static JmhWorkload of(Path jar, String benchmark, int iterations, String unit) {
        return new JmhWorkload(jar, benchmark, iterations, iterations, unit, "java", List.of());
    }

    /** The PI the session must have: the benchmark's score, read from each fork's result as unit readings. */
    public PerformanceIndex pi() {
        return spec().pi();
    }

    /** The workload, its rounds' directories under {@code sessionDirectory}/round-results. */
    public CommandWorkload workload(Path sessionDirectory) {
        return CommandWorkload.builder(
                        CommandTemplate.of(command(), null), List.of(spec()), sessionDirectory.resolve("round-results"))
                .build();
    }

    /** One fork's command line, with the {@code %RESULT_DIR%} placeholder. */
    public List<String> command() {
        List<String> argv = new ArrayList<>(List.of(
                java,
                "-jar",
                jar.toString(),
                benchmark,
                "-f",
                "1",
                "-wi",
                Integer.toString(warmupIterations),
                "-i",
                Integer.toString(iterations),
                "-rf",
                "json",
                "-rff",
                CommandTemplate.RESULT_DIR + "/" + RESULT_FILE));
        argv.addAll(jmhOptions);
        return argv;
    }

    /** The PI as {@code --pi} takes it. */
    public String piText() {
        return "name=" + benchmark.replace(",", " ") + ",unit=" + unit + ",unit-readings=" + RESULT_FILE;
    }

    private PiSpec spec() {
        return PiSpec.parse(piText()).get(0);
    }
}
