package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign TEST that its stop program ended ({@code $count >= 4}, or a precision clause capped by {@code $count})
 * was recorded in its session as a round limit, so {@code pilot analyze} and {@code pilot report} of the TEST's
 * directory said "round limit reached before every target was met" although the campaign had no round limit and
 * printed why it ended. The session now records the stop program's words with its reason, and its reports give them.
 */
class CampaignStopProgramWordsTest {
    @TempDir
    Path tmp;

    @Test
    void aTestEndedByItsStopProgramIsReportedSoNotAsARoundLimit() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(script, """
                TEST capped 3 1 getstats --predicate '($delta < 0.000001 * $mean) || ($count >= 5)'
                  EXEC true
                DONE
                TEST counted 1 1 getstats --predicate '$count >= 4'
                  EXEC true
                DONE
                """);
        Path res = tmp.resolve("res");
        CliRun campaign = CliRun.run("script", "-q", "-o", res.toString(), script.toString());
        assertThat(campaign.code()).as(campaign.err()).isEqualTo(ExitCode.LIMIT.code());

        CliRun capped = CliRun.run("analyze", res.resolve("000-capped").toString());
        assertThat(capped.out())
                .contains("stopped   campaign TEST: ended by the run cap of its stop program ($count)")
                .doesNotContain("round limit");
        CliRun counted = CliRun.run(
                "analyze", "--format", "json", res.resolve("001-counted").toString());
        assertThat(counted.out())
                .contains("\"stoppedBy\" : \"the runs its stop program asks for")
                .contains("\"stopReason\" : \"round_limit\"");

        Path html = tmp.resolve("r.html");
        assertThat(CliRun.run("report", res.resolve("001-counted").toString(), "-o", html.toString())
                        .code())
                .isZero();
        assertThat(Files.readString(html))
                .contains("campaign TEST: the runs its stop program asks for")
                .doesNotContain("round limit reached");
    }
}
