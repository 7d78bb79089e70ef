package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a campaign says when it runs: the variables pilot sets, and why a TEST failed. */
class ScriptRunTimeWordsTest {
    @TempDir
    Path tmp;

    private CliRun script(String text) throws Exception {
        Path f = tmp.resolve("c.pilot");
        Files.writeString(f, text);
        return CliRun.run("script", "-o", tmp.resolve("out").toString(), f.toString());
    }

    /**
     * %THREADS% passed --check but failed when the script had no THREADS line ("%THREADS% is not set"), though the
     * docs list it among the variables pilot sets. It is 1 until a THREADS line says otherwise.
     */
    @Test
    void threadsIsOneWithoutAThreadsLine() throws Exception {
        CliRun r = script("TEST t 2 1 getstats --predicate '$count >= 2'\n"
                + "  EXEC echo %THREADS% > %RESULTS_DIR%/threads.txt\nDONE\n");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(tmp.resolve("out/threads.txt"))).isEqualTo("1\n");
    }

    /** %RESULTS% before any TEST blamed the user for a variable pilot sets; it says where it can be used. */
    @Test
    void resultsOutsideATestSaysWhereItIsSet() throws Exception {
        CliRun r = script("EXEC echo %RESULTS%\n");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("%RESULTS% is the runs.csv of the TEST that runs: use it inside a TEST");
    }

    /**
     * Without FASTFAIL a failed TEST said only "a run failed": why (an exit code, a COOL that could not start) was
     * in rounds.csv alone. It is said on one line, as the FASTFAIL path says it.
     */
    @Test
    void aFailedTestSaysWhyWithoutFastfail() throws Exception {
        CliRun r = script("TEST bad 2 1 getstats --predicate '$count >= 2'\n  EXEC exit 3\nDONE\n"
                + "TEST good 2 1 getstats --predicate '$count >= 2'\n  EXEC true\nDONE\n");
        assertThat(r.code()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        assertThat(r.err())
                .containsPattern(
                        "TEST bad: run 1 failed: EXEC: copy 1 exited with 3 .*; the campaign goes on \\(FASTFAIL would "
                                + "stop it\\)\n")
                .contains("TEST good:");
    }
}
