package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session begun with {@code --keep-output all} and resumed without the option went back to the default: only the
 * last round's output was kept of the rounds after the resume. command.json now records the option, and --resume
 * keeps to it unless told otherwise.
 */
class ResumeKeepsOutputTest {
    @TempDir
    Path tmp;

    @Test
    void aResumedSessionKeepsTheOutputItsFirstRunWasToldToKeep() {
        Path dir = tmp.resolve("s");
        CliRun first = CliRun.run(
                "run", "-q", "--max-rounds", "3", "--keep-output", "all", "-o", dir.toString(), "--", "echo", "hi");
        assertThat(first.code()).as(first.err()).isNotEqualTo(ExitCode.USAGE.code());
        CliRun more = CliRun.run("run", "-q", "--resume", dir.toString(), "--max-rounds", "6");
        assertThat(more.code()).as(more.err()).isNotEqualTo(ExitCode.USAGE.code());
        for (int round = 0; round < 6; round++) {
            assertThat(dir.resolve("round-results/" + round + "/stdout.txt"))
                    .as("round " + round)
                    .isRegularFile();
        }
    }
}
