package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scripts and journals a user or an editor got wrong: one line naming the file, exit 2, never an internal error. */
class ScriptBadInputTest {
    @TempDir
    Path tmp;

    /** A Latin-1 é in a comment gave "pilot: Input length = 3", naming no file or line. */
    @Test
    void aScriptThatIsNotUtf8IsNamedWithItsLine() throws Exception {
        Path f = tmp.resolve("latin1.pilot");
        Files.write(f, "EXEC true\n# caf\u00e9\nEXEC true\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        CliRun r = CliRun.run("script", "--check", f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).startsWith("pilot: " + f + ":2:1: not UTF-8 text").hasLineCount(1);
    }

    /** OPTION confidence 0.95% (a typo for 0.95) was taken as a level of 0.95%, as --confidence was. */
    @Test
    void aConfidenceBelowFiftyPercentIsRefusedInAScriptToo() throws Exception {
        Path f = tmp.resolve("c.pilot");
        Files.writeString(f, "TEST t 2\n  OPTION confidence 0.95%\n  EXEC true\nDONE\n");
        CliRun r = CliRun.run("script", "--check", f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("a confidence level is from 50% to below 100%")
                .hasLineCount(1);
        Files.writeString(f, "TEST t 2 1 getstats --confidence 0.5% --predicate '$count >= 2'\n  EXEC true\nDONE\n");
        CliRun p = CliRun.run("script", "--check", f.toString());
        assertThat(p.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(p.err())
                .contains("--confidence wants a level from 50% to below 100%")
                .hasLineCount(1);
    }

    /** "IF 1 ==" said "expected a comparison (== != < > <= >=), found '=='", which it had found. */
    @Test
    void aComparisonWithoutItsRightHandSideSaysSo() throws Exception {
        Path f = tmp.resolve("if.pilot");
        Files.writeString(f, "IF 1 ==\nEXEC true\nFI\n");
        CliRun r = CliRun.run("script", "--check", f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("expected a value after '==' (e.g. 1 == 1)")
                .doesNotContain("found '=='");
    }

    /** 5,000 nested parentheses in $((…)) crashed with a StackOverflowError's stack trace, exit 1. */
    @Test
    void deeplyNestedArithmeticIsAMistakeNotAStackOverflow() throws Exception {
        Path f = tmp.resolve("deep.pilot");
        Files.writeString(f, "VAR A=$((" + "(".repeat(5000) + "1" + ")".repeat(5000) + "))\n");
        CliRun r = CliRun.run("script", "--check", f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("nests more than 200 parentheses").hasLineCount(1);
        Files.writeString(f, "VAR A=$((" + "(".repeat(150) + "1" + ")".repeat(150) + "))\nEXEC echo %A%\n");
        assertThat(CliRun.run("script", "--check", f.toString()).code()).isZero();
    }

    /**
     * A journal without its vars was "internal error: java.lang.NullPointerException", exit 1, and invalid JSON a
     * two-line Jackson message. Both are one line.
     */
    @Test
    void aJournalEditedOrCutShortIsOneLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("results"));
        Path journal = dir.resolve("campaign.json");
        Files.writeString(
                journal,
                "{\"format\":\"pilot-campaign-1\",\"script\":\"" + tmp.resolve("x.pilot") + "\",\"results\":\"" + dir
                        + "\"}");
        CliRun r = CliRun.run("script", "--resume", dir.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("a campaign state file without the fields pilot script writes")
                .hasLineCount(1);
        Files.writeString(journal, "{\"format\": \"pilot-campaign-1\", ");
        CliRun cut = CliRun.run("script", "--resume", dir.toString());
        assertThat(cut.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(cut.err()).contains("not a campaign state file (").hasLineCount(1);
    }
}
