package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.stats.anova.SumOfSquares;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped example (examples/experiment): gzip vs xz over ASLR, environment padding and nice, end to end. */
class ExampleExperimentTest {
    static final Path EXAMPLE = Path.of("..", "examples", "experiment", "compressors.yaml");

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
        assertThat(ExperimentAnalysis.render(time, 0.05)).anySatisfy(l -> assertThat(l)
                .startsWith("  package changes execution time by"));
    }
}
