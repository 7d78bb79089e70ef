package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pull-request workflow's comparison ({@code pilot compare --baseline base -o cmp -- CMD}) holds one workload's
 * session beside compare.json, which names the baseline; {@code pilot report cmp} refused it: "a comparison needs at
 * least two workloads, got 1", exit 2. The recorded baseline is its first contender now, as when it ran.
 */
@EnabledOnOs(OS.LINUX)
class ReportOfABaselineComparisonTest {
    @TempDir
    Path tmp;

    @Test
    void aComparisonAgainstAStoredBaselineIsReported() throws Exception {
        String base = tmp.resolve("base").toString();
        CliRun run = CliRun.run("run", "-q", "--max-rounds", "20", "-o", base, "--", "sleep", "0.01");
        assertThat(run.code())
                .as(run.err())
                .isIn(ExitCode.OK.code(), ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
        String cmp = tmp.resolve("cmp").toString();
        CliRun compare =
                CliRun.run("compare", "-q", "--baseline", base, "--max-rounds", "20", "-o", cmp, "--", "sleep", "0.02");
        assertThat(compare.code()).as(compare.err()).isEqualTo(ExitCode.OK.code());
        Path html = tmp.resolve("cmp.html");
        CliRun report = CliRun.run("report", "-o", html.toString(), cmp);
        assertThat(report.code()).as(report.err()).isEqualTo(ExitCode.OK.code());
        String page = Files.readString(html);
        assertThat(page).contains("baseline vs sleep 0.02").contains("baseline is ");
        assertThat(compare.out()).contains("baseline is ");
        // the comparison's directory as a baseline said only "not a Pilot session (no session.json)"
        CliRun wrong = CliRun.run(
                "compare",
                "-q",
                "--baseline",
                cmp,
                "--max-rounds",
                "3",
                "-o",
                tmp.resolve("x").toString(),
                "--",
                "true");
        assertThat(wrong.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(wrong.err()).hasLineCount(1).contains("is a comparison's directory, not a session; give one of its");
    }
}
