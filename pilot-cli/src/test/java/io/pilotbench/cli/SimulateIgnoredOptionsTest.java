package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code pilot simulate evaluate} ran a model's evaluation as if an option were not there when it only means
 * something elsewhere ({@code --truth} and {@code --split} without {@code --trace}, {@code --shared-load} without a
 * comparison, {@code mm1=0}, which was the plain normal workload), and a replay of unlabelled forks counted them as
 * benchmarks that "never reach a steady state". Each option is now refused where it does nothing, in one line with
 * exit code 2, and unlabelled forks are scored against {@code --truth} or counted apart.
 */
class SimulateIgnoredOptionsTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = ';',
            value = {
                "-w normal --truth 3; --truth goes with --trace",
                "-w normal --split tune; --split goes with --trace",
                "-w normal --shared-load 30%; --shared-load is a load the two workloads of a comparison share",
                "-w mm1=0; mm1=LOAD in (0, 1), got mm1=0"
            })
    void anOptionThatWouldBeIgnoredIsRefusedInOneLine(String options, String message) {
        String[] args = ("simulate evaluate -k 5 -q " + options).split(" ");
        CliRun r = CliRun.run(args);
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains(message).hasLineCount(1);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void theSharedLoadOfAComparisonIsStillTaken() {
        CliRun r = CliRun.run(
                "simulate",
                "evaluate",
                "-q",
                "-k",
                "5",
                "-w",
                "normal",
                "-w",
                "normal",
                "--shared-load",
                "30%",
                "-s",
                "pilot",
                "--max-rounds",
                "50");
        assertThat(r.code()).as(r.err()).isZero();
    }

    @Test
    void unlabelledForksAreNotCountedAsNeverSteady() throws Exception {
        SplittableRandom rng = new SplittableRandom(1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            b.append(100 + 5 * rng.nextGaussian()).append('\n');
        }
        Path trace = tmp.resolve("fork.txt");
        Files.writeString(trace, b);
        String t = trace.toString();
        CliRun unknown = CliRun.run("simulate", "evaluate", "-q", "--trace", t, "--iterations", "100");
        assertThat(unknown.code()).as(unknown.err()).isZero();
        assertThat(unknown.out())
                .doesNotContain("never reaches a steady state")
                .contains("without labels or a --truth: 1");
        // the same forks with their truth given are scored against it
        CliRun known = CliRun.run(
                "simulate", "evaluate", "-q", "--trace", t, "--trace", t, "--iterations", "100", "--truth", "100");
        assertThat(known.out())
                .doesNotContain("never reaches a steady state")
                .contains("benchmarks whose forks all reach a steady state: 1");
    }
}
