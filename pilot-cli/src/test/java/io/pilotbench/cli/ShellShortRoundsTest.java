package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot run --shell -- true}: 31 of 40 rounds took less than the shell's calibrated start-up and were counted
 * as 0 s, which biased the mean upward, without a word (hyperfine warns). Here the "shell" is a script whose empty
 * command sleeps 50 ms, so every round of {@code true} is shorter than its start-up: the warning must come.
 */
@EnabledOnOs(OS.LINUX)
class ShellShortRoundsTest {
    @TempDir
    Path tmp;

    @Test
    void roundsShorterThanTheShellsStartUpAreCountedAndWarnedAbout() throws Exception {
        Path shell = tmp.resolve("slowsh");
        Files.writeString(shell, "#!/bin/sh\n[ -z \"$2\" ] && sleep 0.05\nexec /bin/sh -c \"$2\"\n");
        Files.setPosixFilePermissions(shell, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--shell=" + shell,
                "--max-rounds",
                "5",
                "-o",
                tmp.resolve("s").toString(),
                "--",
                "true");
        assertThat(r.err())
                .contains("pilot: warning: 5 of 5 rounds took less than the shell's start-up (")
                .contains("count as 0 s, which biases the mean upward")
                .contains("run it without --shell");
        CliRun direct = CliRun.run(
                "run", "-q", "--max-rounds", "5", "-o", tmp.resolve("d").toString(), "--", "true");
        assertThat(direct.err()).doesNotContain("shell's start-up");
    }

    /** A failing --setup's standard output was quoted as its "stderr": a hook's log holds both. */
    @Test
    void aFailedHooksLastLineIsCalledItsOutputNotItsStderr() {
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "2",
                "--setup",
                "echo setting up; exit 9",
                "-o",
                tmp.resolve("h").toString(),
                "--",
                "true");
        assertThat(r.code()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        assertThat(r.err()).contains("exited with code 9; output: 'setting up'").doesNotContain("stderr:");
    }
}
