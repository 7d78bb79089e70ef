package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot plot} of a session whose rounds all failed wrote an empty chart (axes −1…1, no legend) and exited 0;
 * a hyperfine export, which {@code pilot analyze} reads, was "cannot be read as CSV". Nothing to draw is one line
 * with exit 2, and a tool's result gives one component per command or benchmark.
 */
class PlotNothingToDrawTest {
    @TempDir
    Path tmp;

    @Test
    void aSessionOfFailedRoundsIsRefusedAndAToolsResultIsDrawn() throws Exception {
        Path failed = tmp.resolve("failed");
        CliRun run = CliRun.run(
                "run", "-q", "--max-failures", "2", "--max-rounds", "10", "-o", failed.toString(), "--", "false");
        assertThat(run.code()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        CliRun empty = CliRun.run("plot", "-o", tmp.resolve("f.svg").toString(), "f:" + failed);
        assertThat(empty.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(empty.err())
                .contains("nothing to plot: no value to draw in f:")
                .hasLineCount(1);
        assertThat(tmp.resolve("f.svg")).doesNotExist();
        Path hyperfine = tmp.resolve("hf.json");
        Files.writeString(
                hyperfine,
                "{\"results\": [{\"command\": \"sleep 0.01\", \"times\": [0.0102, 0.0104, 0.0105, "
                        + "0.0109, 0.0103, 0.0106]}, {\"command\": \"sleep 0.02\", \"times\": [0.0202, 0.0204, 0.0205, 0.0209, "
                        + "0.0203, 0.0206]}]}");
        CliRun drawn = CliRun.run("plot", "-o", tmp.resolve("hf.svg").toString(), hyperfine.toString());
        assertThat(drawn.code()).as(drawn.err()).isZero();
        assertThat(Files.readString(tmp.resolve("hf.svg")))
                .contains("sleep 0.01 (s)")
                .contains("sleep 0.02 (s)");
    }
}
