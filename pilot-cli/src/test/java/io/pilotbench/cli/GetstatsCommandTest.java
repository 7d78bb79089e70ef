package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pilot getstats} on a campaign pilot script ran, in every format, and as a TEST stop program. */
class GetstatsCommandTest {
    @TempDir
    Path tmp;

    private Path campaign() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(script, """
                FOREACH N 1 2
                  TEST sleep-%N% 5 1 getstats --predicate '$count >= 5' --column elapsed
                    EXEC sleep 0.0%N%
                  DONE
                DONE
                """);
        Path res = tmp.resolve("res");
        CliRun r = CliRun.run("script", "-q", "-o", res.toString(), script.toString());
        assertThat(r.code()).as(r.err()).isZero();
        return res;
    }

    /**
     * O/H against a first sample whose mean is 0 (a column of zeros: exit codes, a counter) was "Infinity" in the
     * text and CSV, null in the JSON. It is undefined, as SDEV% of a zero mean is: "-", empty and null alike.
     */
    @Test
    void theOverheadAgainstAFirstSampleOfMeanZeroIsUndefinedInEveryFormat() throws Exception {
        Files.writeString(tmp.resolve("z.csv"), "elapsed\n0\n0\n0\n");
        Files.writeString(tmp.resolve("o.csv"), "elapsed\n1\n2\n3\n");
        String z = tmp.resolve("z.csv").toString();
        String o = tmp.resolve("o.csv").toString();
        CliRun text = CliRun.run("getstats", z, o);
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).containsPattern("elapsed +3 +2 +2 .* 50 +124\\.21 +-\n");
        CliRun csv = CliRun.run("getstats", "--format", "csv", z, o);
        assertThat(csv.out()
                        .lines()
                        .filter(l -> l.startsWith("o,elapsed,"))
                        .findFirst()
                        .orElseThrow())
                .contains(",50.0,124.20688558751651,,1.0,");
        CliRun json = CliRun.run("getstats", "--format", "json", z, o);
        assertThat(json.out()).contains("\"overheadPercent\" : null").doesNotContain("Infinity\",");
    }

    @Test
    void aCampaignInEveryFormat() throws Exception {
        Path res = campaign();
        CliRun text = CliRun.run("getstats", res.toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("sleep-1\nNAME")
                .contains("sleep-2\nNAME")
                .contains("Comparing sleep-2 (Sample 1) to sleep-1 (Sample 2).")
                .containsPattern("elapsed +5 ");
        CliRun csv = CliRun.run("getstats", "--format", "csv", "--column", "elapsed", res.toString());
        // the statistics, an empty line, then the t-test of sleep-2 against sleep-1
        List<String> lines = csv.out().lines().toList();
        assertThat(lines).hasSize(6).first().asString().startsWith("sample,column,count,mean");
        assertThat(lines.get(3)).isEmpty();
        assertThat(lines.get(4)).startsWith("column,sample1,sample2,f,f_p,method,t,df,difference");
        assertThat(lines.get(5)).startsWith("elapsed,sleep-2,sleep-1,");
        CliRun json = CliRun.run("getstats", "--format", "json", res.toString());
        assertThat(json.out()).contains("\"comparisons\"").contains("\"method\"");
        CliRun md = CliRun.run("getstats", "--format", "markdown", res.toString());
        assertThat(md.out()).contains("### sleep-1").contains("| NAME | COUNT | MEAN |");
        // sleep 0.02 never takes less than 20 ms; each TEST stopped at 5 runs
        assertThat(CliRun.run(
                                "getstats",
                                "--predicate",
                                "$min >= 0.02 && $count == 5",
                                "--column",
                                "elapsed",
                                res.resolve("001-sleep-2").toString())
                        .code())
                .isZero();
        assertThat(CliRun.run("getstats", "--predicate", "$count > 5", res.toString())
                        .code())
                .isOne();
    }

    @Test
    void thePapersPredicateWorksAsWritten() throws Exception {
        String paper = "($delta < 0.05 * $mean) || ($count > 30)";
        Files.writeString(tmp.resolve("steady.csv"), "elapsed\n10\n10.1\n9.9\n10\n10.1\n");
        Files.writeString(tmp.resolve("noisy.csv"), "elapsed\n1\n20\n3\n40\n");
        assertThat(CliRun.run(
                                "getstats",
                                "--predicate",
                                paper,
                                tmp.resolve("steady.csv").toString())
                        .code())
                .isZero();
        assertThat(CliRun.run(
                                "getstats",
                                "--predicate",
                                paper,
                                tmp.resolve("noisy.csv").toString())
                        .code())
                .isOne();
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        CliRun r = CliRun.run("getstats", tmp.resolve("nothing").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("no such file or directory").hasLineCount(1);
        CliRun p = CliRun.run("getstats", "--predicate", "$mean <", tmp.toString());
        assertThat(p.code()).isEqualTo(ExitCode.USAGE.code());
    }

    /**
     * {@code --column nosuch} printed an empty table and exited 0, and {@code --confidence 99%}, which run accepts,
     * was refused.
     */
    @Test
    void anUnknownColumnIsOneLineAndAPercentConfidenceIsALevel() throws Exception {
        Path csv = tmp.resolve("two.csv");
        Files.writeString(csv, "elapsed,user\n1.0,0.5\n1.2,0.6\n0.9,0.4\n1.1,0.5\n");
        CliRun r = CliRun.run("getstats", "--column", "nosuch", csv.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("no sample has a column 'nosuch'")
                .contains("elapsed")
                .hasLineCount(1);
        CliRun percent = CliRun.run("getstats", "--format", "csv", "--confidence", "99%", csv.toString());
        CliRun level = CliRun.run("getstats", "--format", "csv", "--confidence", "0.99", csv.toString());
        assertThat(percent.code()).as(percent.err()).isZero();
        assertThat(percent.out()).isEqualTo(level.out());
        assertThat(percent.out())
                .isNotEqualTo(CliRun.run("getstats", "--format", "csv", csv.toString())
                        .out());
    }

    /**
     * A FOREACH around a TEST of one name gave three samples named "sleep": the text merged them into one table and
     * compared "sleep" with "sleep". They are now named as the report names them: sleep, sleep #2, sleep #3.
     */
    @Test
    void testsThatShareANameAreKeptApart() throws Exception {
        Path script = tmp.resolve("same.pilot");
        Files.writeString(script, """
                FOREACH D 0.01 0.02 0.03
                  TEST sleep 3 1 getstats --predicate '$count >= 3' --column elapsed
                    EXEC sleep %D%
                  DONE
                DONE
                """);
        Path res = tmp.resolve("same-res");
        CliRun r = CliRun.run("script", "-q", "-o", res.toString(), script.toString());
        assertThat(r.code()).as(r.err()).isZero();
        CliRun text = CliRun.run("getstats", "--column", "elapsed", res.toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("sleep\nNAME")
                .contains("sleep #2\nNAME")
                .contains("sleep #3\nNAME")
                .doesNotContain("Comparing sleep (Sample 1) to sleep (Sample 2)");
    }
}
