package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The same quantity, different numbers: a session's duration was 8.378 s in the run's report and 7.817 s in analyze
 * and report of the same session (the elapsed time against the rounds' time), and a resumed comparison forgot the
 * time it ran before, which a resumed run counts.
 */
class DurationsAgreeTest {
    @TempDir
    Path tmp;

    private static String duration(String text) {
        return text.lines()
                .filter(l -> l.strip().startsWith("duration"))
                .findFirst()
                .orElseThrow()
                .strip();
    }

    @Test
    void theRunsReportAndAnalyzeGiveTheSameDuration() {
        String dir = tmp.resolve("s").toString();
        CliRun run = CliRun.run("run", "-q", "--max-rounds", "20", "-o", dir, "--", "sleep", "0.02");
        assertThat(run.code()).as(run.err()).isIn(0, ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
        CliRun analyze = CliRun.run("analyze", dir);
        assertThat(duration(analyze.out())).isEqualTo(duration(run.out()));
        // resumed with no rounds to add, the session keeps its duration
        CliRun same = CliRun.run("run", "-q", "--resume", dir, "--max-rounds", "20");
        assertThat(duration(same.out())).as(same.err()).isEqualTo(duration(run.out()));
    }

    @Test
    void aResumedComparisonCountsTheTimeItRanBefore() throws Exception {
        Path dir = tmp.resolve("c");
        CliRun first = CliRun.run(
                "compare",
                "-q",
                "--max-rounds",
                "6",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.05",
                ":::",
                "sleep",
                "0.06");
        assertThat(first.code()).as(first.err()).isIn(0, ExitCode.LIMIT.code());
        JsonMapper json = JsonMapper.builder().build();
        double before = json.readTree(Files.readString(dir.resolve("comparison.json")))
                .get("seconds")
                .asDouble();
        assertThat(before)
                .as("at least 2 rounds each of 50-60 ms (it may decide early)")
                .isGreaterThan(0.2);
        CliRun again = CliRun.run("compare", "-q", "--resume", dir.toString(), "--max-rounds", "6");
        assertThat(again.code()).as(again.err()).isIn(0, ExitCode.LIMIT.code());
        double after = json.readTree(Files.readString(dir.resolve("comparison.json")))
                .get("seconds")
                .asDouble();
        assertThat(after)
                .as("no rounds added: the time before, and the little the resume took")
                .isGreaterThanOrEqualTo(before)
                .isLessThan(before + 5);
    }
}
