package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.process.monitor.ProcMonitors;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code pilot graph}: the component graph, written where {@code pilot run --monitor --graph} reads it. */
@EnabledOnOs(OS.LINUX)
class GraphCommandTest {
    @TempDir
    Path tmp;

    /** The calibrated disk's bandwidth, written with -o, gives run --monitor --graph the disk's throughput. */
    @Test
    void graphCalibrateWritesAFileThatRunMonitorGraphReads() throws Exception {
        String disk = new ProcMonitors().diskOf(Path.of("").toAbsolutePath());
        Assumptions.assumeTrue(disk != null, "the working directory is not on a block device");
        Path file = tmp.resolve("graph.txt");
        CliRun g = CliRun.run("graph", "--calibrate", "-o", file.toString());
        Assumptions.assumeFalse(
                g.code() == ExitCode.USAGE.code() && g.err().contains("dd"), "no direct I/O here: " + g.err());
        assertThat(g.code()).as(g.err()).isEqualTo(ExitCode.OK.code());
        assertThat(g.out()).contains("written to " + file).contains("--graph " + file);
        String text = Files.readString(file);
        assertThat(text)
                .containsPattern("(?m)^node " + disk + " .*limit=[0-9]+MB/s")
                .containsPattern("(?m)^node " + disk + " .*read=[0-9]+MB/s")
                .containsPattern("(?m)^link memory -> " + disk + "$");
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--format",
                "json",
                "--monitor",
                "--graph",
                file.toString(),
                "--max-rounds",
                "2",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "true");
        assertThat(r.code())
                .as(r.err())
                .isIn(ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code(), ExitCode.OK.code());
        JsonNode components =
                JsonMapper.builder().build().readTree(r.out()).get("monitor").get("components");
        assertThat(components.toString()).contains("\"" + disk + ":read\"", "\"" + disk + ":write\"");
    }

    /** The machine's graph, uncalibrated, read back as it was written. */
    @Test
    void graphOutputIsTheFormatGraphFileReads() throws Exception {
        Path file = tmp.resolve("g.txt");
        CliRun g = CliRun.run("graph", "-o", file.toString());
        assertThat(g.code()).as(g.err()).isEqualTo(ExitCode.OK.code());
        CliRun back = CliRun.run("graph", "--file", file.toString());
        assertThat(back.code()).as(back.err()).isEqualTo(ExitCode.OK.code());
        assertThat(back.out()).containsPattern("(?m)^  cpu +cores [0-9]+$").contains("links:", "  cpu -> memory");
    }

    @Test
    void graphOutputThatCannotBeWrittenIsOneLineAndExitCode2() {
        Path file = tmp.resolve("no/such/dir/g.txt");
        CliRun g = CliRun.run("graph", "-o", file.toString());
        assertThat(g.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(g.err().strip().lines().count()).as(g.err()).isEqualTo(1);
        assertThat(g.err()).contains(file.getParent().toString());
    }
}
