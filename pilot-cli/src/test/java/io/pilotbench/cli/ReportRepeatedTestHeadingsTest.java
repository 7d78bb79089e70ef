package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TEST run three times in a loop was compared as "sl", "sl #2", "sl #3" in pilot report's comparison and ranking,
 * but its three sections were each headed "sl": which section was which could not be told. They are headed as the
 * comparison names them.
 */
@EnabledOnOs(OS.LINUX)
class ReportRepeatedTestHeadingsTest {
    @TempDir
    Path tmp;

    @Test
    void aTestRepeatedInALoopIsHeadedAsTheComparisonNamesIt() throws Exception {
        Path script = tmp.resolve("loop.pilot");
        Files.writeString(
                script,
                "FOREACH D 0.001 0.002 0.001\nTEST sl 3 1 getstats --predicate '$count >= 3'\n"
                        + "  EXEC sleep %D%\nDONE\nDONE\n");
        String dir = tmp.resolve("r").toString();
        CliRun run = CliRun.run("script", "-o", dir, script.toString());
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.OK.code());
        Path html = tmp.resolve("r.html");
        CliRun report = CliRun.run("report", "-o", html.toString(), dir);
        assertThat(report.code()).as(report.err()).isEqualTo(ExitCode.OK.code());
        Matcher h = Pattern.compile("<h2>([^<]*)</h2>").matcher(Files.readString(html));
        java.util.List<String> headings = new java.util.ArrayList<>();
        while (h.find()) {
            headings.add(h.group(1));
        }
        assertThat(headings).containsExactly("sl vs sl #2 vs sl #3", "sl", "sl #2", "sl #3");
    }
}
