package io.pilotbench.benchmarks;

import io.pilotbench.process.CommandRequest;
import io.pilotbench.process.ProcessLauncher;
import io.pilotbench.process.ProcessOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one round of a command costs Pilot beyond the command itself: one run of {@code /bin/true} (output to temporary
 * files) with the native launcher (posix_spawn + wait4) and with the {@link ProcessBuilder} one. Linux only for the
 * native case. Run with {@code java -jar pilot-benchmarks/target/benchmarks.jar Launcher -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class LauncherBenchmark {

    @State(Scope.Benchmark)
    public static class Launchers {
        ProcessLauncher nativeLauncher;
        ProcessLauncher jdkLauncher;
        CommandRequest request;
        Path dir;

        @Setup
        public void setUp() throws IOException {
            nativeLauncher = ProcessLauncher.best();
            if (!nativeLauncher.description().startsWith("posix_spawn")) {
                throw new IllegalStateException("no native launcher here: " + nativeLauncher.description());
            }
            jdkLauncher = ProcessLauncher.jdk();
            dir = Files.createTempDirectory("pilot-launcher-bench");
            request = new CommandRequest(
                    List.of("/bin/true"), null, Map.of(), dir.resolve("out"), dir.resolve("err"), null);
        }

        @TearDown
        public void tearDown() throws IOException {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @Benchmark
    public ProcessOutcome nativeTrue(Launchers state) throws IOException, InterruptedException {
        return state.nativeLauncher.run(state.request);
    }

    @Benchmark
    public ProcessOutcome jdkTrue(Launchers state) throws IOException, InterruptedException {
        return state.jdkLauncher.run(state.request);
    }
}
