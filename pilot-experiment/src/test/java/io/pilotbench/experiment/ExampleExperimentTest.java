package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.anova.SumOfSquares;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped examples (examples/experiment), end to end: gzip vs xz over ASLR, environment padding and nice; and two
 * compressors built from C source over optimisation flags, link order, ASLR and environment padding.
 */
@SystemTest
class ExampleExperimentTest {
    static final Path EXAMPLE = Path.of("..", "examples", "experiment", "compressors.yaml");
    static final Path COMPILED = Path.of("..", "examples", "experiment", "compiled.yaml");

    @TempDir
    Path tmp;

    @Test
    void theCompressorIsSignificantAndEveryJobRan() throws IOException {
        ExperimentSpec spec = ExperimentFile.read(EXAMPLE);
        ExperimentPlan plan = ExperimentPlan.of(spec, List.of(Worker.local()), false);
        assertThat(plan.jobs()).hasSize(2 * 2 * 2 * 2 * 2);
        Path dir = tmp.resolve("compressors");
        ExperimentRunner.Outcome o = ExperimentRunner.start(plan, dir, null);
        assertThat(o.failed()).isZero();
        List<Map<String, String>> rows = ResultsTable.read(dir);
        assertThat(rows).hasSize(32).allSatisfy(r -> {
            assertThat(r.get("aslr.observed")).isEqualTo(r.get("aslr"));
            assertThat(r.get("nice.observed")).isEqualTo(r.get("nice"));
            assertThat(Double.parseDouble(r.get("ratio"))).isBetween(0.01, 0.5);
        });
        List<ExperimentAnalysis.MetricAnalysis> all = ExperimentAnalysis.analyze(dir, 2, SumOfSquares.TYPE_II);
        ExperimentAnalysis.MetricAnalysis time = all.get(0);
        assertThat(time.metric()).isEqualTo("time");
        assertThat(time.table().row("package").pValue()).isLessThan(1e-6);
        assertThat(time.effects().get("package").high()).isEqualTo("xz");
        assertThat(time.rSquared()).isGreaterThan(0.5); // 0.86 on a shared 2-core machine
        assertThat(ExperimentAnalysis.render(time, 0.05))
                .anySatisfy(l -> assertThat(l).startsWith("  package changes execution time by"));
    }

    @Test
    void builtFromSourceTheCompressorAndTheOptimisationFlagsMatterAndEveryBuildFactorIsObserved() throws IOException {
        // a system test whose tool is missing fails (CI installs gcc), never skips
        assertThat(Files.isExecutable(Path.of("/usr/bin/cc")))
                .as("no C compiler (/usr/bin/cc): apt-get install gcc")
                .isTrue();
        ExperimentSpec spec = ExperimentFile.read(COMPILED);
        ExperimentPlan plan = ExperimentPlan.of(spec, List.of(Worker.local()), false);
        assertThat(plan.jobs()).hasSize(2 * 2 * 2 * 2 * 2 * 2);
        Path dir = tmp.resolve("compiled");
        assertThat(ExperimentRunner.start(plan, dir, null).failed()).isZero();
        List<Map<String, String>> rows = ResultsTable.read(dir);
        assertThat(rows).hasSize(64).allSatisfy(r -> {
            assertThat(r.get("cflags.observed")).isEqualTo(r.get("cflags"));
            assertThat(r.get("aslr.observed")).isEqualTo(r.get("aslr"));
            assertThat(r.get("env-padding.observed")).isEqualTo(r.get("env-padding"));
            // setup.sh links in its own order; "reverse" is reverse alphabetical order
            boolean lzss = r.get("package").equals("lzss");
            String given = lzss ? "lzss.o bits.o main.o" : "lzw.o codes.o main.o";
            String reverse = lzss ? "main.o lzss.o bits.o" : "main.o lzw.o codes.o";
            assertThat(r.get("link-order.observed"))
                    .isEqualTo(r.get("link-order") + ": " + (r.get("link-order").equals("reverse") ? reverse : given));
            assertThat(Double.parseDouble(r.get("ratio"))).isBetween(0.2, 0.4);
        });
        ExperimentAnalysis.MetricAnalysis time =
                ExperimentAnalysis.analyze(dir, 1, SumOfSquares.TYPE_II).get(0);
        // p < 1e-13 for both on a quiet machine; 1e-3 leaves room for a loaded one
        assertThat(time.table().row("package").pValue()).isLessThan(1e-3);
        assertThat(time.effects().get("package").high()).isEqualTo("lzss"); // 1.4x slower here
        assertThat(time.table().row("cflags").pValue()).isLessThan(1e-3);
        assertThat(time.effects().get("cflags").high()).isEqualTo("-O0");
    }
}
