package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot report} on bad input: one line on stderr naming the path and the fix, exit code 2, no stack trace,
 * and no file left behind; and the page itself is self-contained.
 */
class ReportCommandTest {
    @TempDir
    static Path tmp;

    private static Path session;

    @BeforeAll
    static void recordSession() {
        session = tmp.resolve("s");
        CliRun r = CliRun.run(
                "run", "-q", "--max-rounds", "5", "--pi", "v,,0,0,1", "-o", session.toString(), "--", "echo", "3");
        assertThat(r.code()).as(r.err()).isIn(0, 3);
    }

    private static void assertOneLineError(CliRun r, String... mentions) {
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .startsWith("pilot: ")
                .contains(mentions);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aMissingDirectoryIsNamedWithWhatToGive() {
        String missing = tmp.resolve("nope").toString();
        CliRun r = CliRun.run("report", "-o", tmp.resolve("a.html").toString(), missing);
        assertOneLineError(r, missing, "no such directory", "pilot run -o DIR");
        assertThat(tmp.resolve("a.html")).doesNotExist();
    }

    @Test
    void aDirectoryThatIsNotASessionIsNamedWithWhatToGive() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        CliRun r = CliRun.run("report", "-o", tmp.resolve("b.html").toString(), plain.toString());
        assertOneLineError(r, plain.toString(), "neither a Pilot session (no session.json)", "-o DIR");
    }

    @Test
    void aFileOfNumbersIsPointedToAnalyze() throws Exception {
        Path file = Files.writeString(tmp.resolve("numbers.txt"), "1\n2\n3\n");
        CliRun r = CliRun.run("report", "-o", tmp.resolve("c.html").toString(), file.toString());
        assertOneLineError(r, file.toString(), "pilot analyze");
    }

    @Test
    void anOutputThatIsNotHtmlIsRefusedBeforeAnyWork() {
        String pdf = tmp.resolve("report.pdf").toString();
        CliRun r = CliRun.run("report", "-o", pdf, session.toString());
        assertOneLineError(r, pdf, "unknown extension", "*.html");
        assertThat(Path.of(pdf)).doesNotExist();
    }

    @Test
    void anUnwritableOutputIsNamedWithTheFix() throws Exception {
        Path notADirectory = Files.writeString(tmp.resolve("file"), "x");
        String out = notADirectory.resolve("report.html").toString();
        CliRun r = CliRun.run("report", "-o", out, session.toString());
        assertOneLineError(r, out, "is not a directory", "write elsewhere");
    }

    @Test
    void theReportIsOneFileThatFetchesNothing() throws Exception {
        Path html = tmp.resolve("self-contained.html");
        CliRun r = CliRun.run("report", "-o", html.toString(), session.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo(html.toString());
        String page = Files.readString(html);
        // no script, style or image from elsewhere: everything is inlined
        assertThat(page)
                .doesNotContainPattern("<script[^>]+src=")
                .doesNotContainPattern("<link[^>]+stylesheet")
                .doesNotContainPattern("(src|href)\\s*=\\s*[\"']?(https?:)?//")
                .doesNotContain("@import")
                .doesNotContainPattern("url\\(\\s*[\"']?(https?:)?//")
                .doesNotContain("<img");
        assertThat(page).contains("uPlot").contains("id=\"pilot-data\"");
        // the raw files are linked relative to the report
        assertThat(page).contains("href=\"s/rounds.csv\"", "href=\"s/readings.csv\"");
    }

    /**
     * The report of a live comparison compared its sessions again as independent samples: "undecided (anytime p =
     * 0.0117)" for a comparison that had decided "1.169× faster (anytime p = 0.00927)" cycle by cycle. It now pairs
     * the rounds by the cycles the schedule recorded and states the comparison's own verdict.
     */
    @Test
    void theReportOfALiveComparisonStatesTheVerdictItRanWith() throws Exception {
        Path dir = tmp.resolve("compared");
        CliRun run = CliRun.run("compare", "-o", dir.toString(), "--", "sleep", "0.010", ":::", "sleep", "0.013");
        assertThat(run.code()).as(run.err()).isZero();
        java.util.regex.Matcher verdict = java.util.regex.Pattern.compile("faster than sleep 0\\.013 \\([^)]*\\)")
                .matcher(run.out());
        assertThat(verdict.find()).as(run.out()).isTrue();
        Path html = tmp.resolve("compared.html");
        CliRun r = CliRun.run("report", "-o", html.toString(), dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // the page holds the verdict as HTML text: "anytime p < 0.001", when the run got that far, is "p &lt; 0.001"
        // there (this failed in CI on such a run, and passed on runs that ended at p = 0.00x)
        assertThat(Files.readString(html))
                .contains(io.pilotbench.report.Markup.escape(verdict.group()))
                .doesNotContain("undecided");
    }
}
