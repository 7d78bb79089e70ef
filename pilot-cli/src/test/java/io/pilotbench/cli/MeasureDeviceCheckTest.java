package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code MEASURE io nosuchdisk} passed {@code pilot script --check} ("OK"), and the run failed after writing
 * campaign.json, so the fixed script was refused in that directory ("not empty"; on --resume, "the script changed").
 * A MEASURE whose arguments hold no variable is checked by --check and before anything is written.
 */
@EnabledOnOs(OS.LINUX)
class MeasureDeviceCheckTest {
    @TempDir
    Path tmp;

    @Test
    void aDeviceThatIsNotHereIsAMistakeBeforeAnythingIsWritten() throws Exception {
        Path script = tmp.resolve("io.pilot");
        Files.writeString(
                script,
                "IF 1 == 1\n  MEASURE io nosuchdisk\nFI\nTEST a 2 1 getstats --predicate "
                        + "'$count >= 2'\n  EXEC true\nDONE\n");
        CliRun check = CliRun.run("script", "--check", script.toString());
        assertThat(check.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(check.err()).hasLineCount(1).contains("io.pilot:2:3: MEASURE io cannot measure here");
        Path out = tmp.resolve("r");
        CliRun run = CliRun.run("script", "-o", out.toString(), script.toString());
        assertThat(run.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(out.resolve("campaign.json")).doesNotExist();
        Files.writeString(script, Files.readString(script).replace("  MEASURE io nosuchdisk\n", ""));
        CliRun fixed = CliRun.run("script", "-o", out.toString(), script.toString());
        assertThat(fixed.code()).as(fixed.err()).isEqualTo(ExitCode.OK.code());
    }
}
