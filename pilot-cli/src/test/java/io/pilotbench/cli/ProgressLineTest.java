package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The estimate of rounds still needed swung from 17 to 502 within 5 rounds, and said "~861383 more rounds, ≈ 12 h 34
 * min" 20 s before it said 29,256: the line shows the median of the latest estimates, says when they disagree, and
 * says when the limits leave fewer rounds than needed instead of a figure.
 */
class ProgressLineTest {
    @TempDir
    Path tmp;

    @Test
    void theShownEstimateIsTheMedianOfTheLatestAndSaysWhenTheyDisagree() {
        ProgressLine line = new ProgressLine(null, ProgressLine.Mode.NONE);
        assertThat(line.steady(-1).rounds()).isEqualTo(-1);
        assertThat(line.steady(17).uncertain()).as("one estimate is no trend").isTrue();
        line.steady(20);
        line.steady(502);
        ProgressLine.Estimate e = line.steady(18);
        assertThat(e.rounds()).as("the median of 17, 20, 502, 18").isEqualTo(20);
        assertThat(e.uncertain()).isTrue();
        for (long more : new long[] {19, 18, 17, 16, 15, 14, 13, 12, 11}) {
            e = line.steady(more);
        }
        assertThat(e.rounds()).isEqualTo(15);
        assertThat(e.uncertain())
                .as("the latest nine agree within a factor of 3")
                .isFalse();
        assertThat(line.steady(0).rounds()).as("done is done").isZero();
    }

    @Test
    void anEstimateBeyondTheLimitsSaysSoInsteadOfAFigure() {
        CliRun r = CliRun.run(
                "run",
                "--verbose",
                "--progress",
                "never",
                "--max-rounds",
                "4",
                "--ci-width",
                "0.01%",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "sh",
                CliRun.resource("run/mock_benchmark.sh"));
        assertThat(r.err())
                .contains("more rounds than the limits leave (--max-rounds 4): the target may not be met")
                .doesNotContainPattern("~[0-9]{4,} more rounds");
    }
}
