package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot report} of a campaign whose middle TEST failed (every run exited 3): the ranking chart's coordinates
 * were all NaN, so not even the healthy TESTs were drawn, the table said "NaN s", and the title named the three
 * TESTs "and 3 more" (the same three). The failed TEST's rows now say "no samples" and "-", the rest are drawn, and
 * the title counts only what it does not name.
 */
class CampaignReportWithAFailedTestTest {
    @TempDir
    Path tmp;

    @Test
    void aFailedTestIsARowWithoutSamplesAndTheOthersAreDrawn() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(script, """
                TEST ok 3 1 getstats --predicate '$count >= 3'
                  EXEC true
                DONE
                TEST bad 3 1 getstats --predicate '$count >= 3'
                  EXEC exit 3
                DONE
                TEST after 3 1 getstats --predicate '$count >= 3'
                  EXEC true
                DONE
                """);
        Path res = tmp.resolve("res");
        assertThat(CliRun.run("script", "-q", "-o", res.toString(), script.toString())
                        .code())
                .isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        Path html = tmp.resolve("r.html");
        CliRun r = CliRun.run("report", res.toString(), "-o", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String page = Files.readString(html);
        assertThat(page).contains("<title>Pilot report: ok vs bad vs after</title>");
        assertThat(page)
                .containsPattern("data-center=\"[0-9.E-]+\" data-low=\"[0-9.E-]+\" data-high=\"[0-9.E-]+\"><title>ok: ")
                .doesNotContain("<td>NaN");
        assertThat(page).doesNotContainPattern("(x|x1|x2|cx)=\"NaN\"");
        assertThat(page).contains("bad: no samples, no CI").contains(">no samples</text>");
        assertThat(page).containsPattern("<circle class=\"point\" cx=\"[0-9.]+\"");
    }
}
