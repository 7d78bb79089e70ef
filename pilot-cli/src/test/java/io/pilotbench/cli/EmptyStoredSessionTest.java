package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot compare --fail-if-slower 5% main branch} exited 0 when no round of the branch's session had
 * succeeded: its comparison was "undecided (no confidence interval yet: 0 samples)", and a gate passes what it cannot
 * decide. An input with nothing to compare is bad input: the others are still compared, a line names it, exit 2.
 */
@EnabledOnOs(OS.LINUX)
class EmptyStoredSessionTest {
    @TempDir
    Path tmp;

    private String session(String name, String command) {
        String dir = tmp.resolve(name).toString();
        CliRun r = CliRun.run("run", "-q", "--min-rounds", "3", "--max-rounds", "3", "-o", dir, "--", command);
        assertThat(r.code())
                .as(r.err())
                .isIn(ExitCode.OK.code(), ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code(), 4);
        return dir;
    }

    @Test
    void aGateAgainstASessionWithoutSamplesDoesNotPass() {
        String main = session("main", "true");
        String branch = session("branch", "false");

        CliRun gated = CliRun.run("compare", "--fail-if-slower", "5%", main, branch);
        assertThat(gated.code()).as(gated.err()).isEqualTo(ExitCode.USAGE.code());
        assertThat(gated.err()).hasLineCount(1).contains(branch + ": no wall time to compare");
        assertThat(gated.out()).contains("undecided"); // the report is still printed

        CliRun plain = CliRun.run("compare", branch, main);
        assertThat(plain.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(plain.err()).contains(branch + ": no wall time to compare");
    }

    @Test
    void sessionsWithSamplesAreComparedAsBefore() {
        CliRun r = CliRun.run("compare", session("a", "true"), session("b", "true"));
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK.code());
        assertThat(r.err()).doesNotContain("to compare");
    }
}
