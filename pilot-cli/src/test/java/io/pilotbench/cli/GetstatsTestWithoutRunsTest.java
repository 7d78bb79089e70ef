package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign with a TEST that ended before its first run (a PRESETUP that failed, a limit that killed the first run)
 * has no runs.csv for it, and {@code pilot getstats} of the campaign said only "r11/001-pre/runs.csv: no such file or
 * directory", exit 2: none of the other TESTs' tables. That TEST is now a sample of no runs, said so.
 */
@EnabledOnOs(OS.LINUX)
class GetstatsTestWithoutRunsTest {
    @TempDir
    Path tmp;

    @Test
    void aTestWithoutRunsIsASampleOfNoneAndTheOthersAreReported() throws Exception {
        Path script = tmp.resolve("fail.pilot");
        Files.writeString(script, """
                TEST ok 3 1 getstats --predicate '$count >= 3'
                  EXEC true
                DONE
                TEST pre
                  PRESETUP false
                  EXEC true
                DONE
                TEST ok2 3 1 getstats --predicate '$count >= 3'
                  EXEC true
                DONE
                """);
        String dir = tmp.resolve("r").toString();
        CliRun run = CliRun.run("script", "-o", dir, script.toString());
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        CliRun stats = CliRun.run("getstats", dir);
        assertThat(stats.code()).as(stats.err()).isEqualTo(ExitCode.OK.code());
        assertThat(stats.out())
                .contains("ok\n")
                .contains("pre\n  no runs")
                .contains("ok2\n")
                .contains("Comparing ok2 (Sample 1) to ok (Sample 2)");
    }
}
