package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pilot getstats} on the CSV files and GNU time logs users bring: read as R's read.csv would, or refused. */
class GetstatsInputTest {
    @TempDir
    Path tmp;

    private String file(String name, String text) throws Exception {
        Path f = tmp.resolve(name);
        Files.write(f, text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        return f.toString();
    }

    /**
     * The byte-order mark a spreadsheet writes stayed in the first column's name ("\uFEFFelapsed"), so --column
     * elapsed found nothing and the default predicate tested the other columns only (exit 0).
     */
    @Test
    void aByteOrderMarkIsNotPartOfTheFirstColumnsName() throws Exception {
        String f = file("bom.csv", "\u00ef\u00bb\u00bfelapsed,user\n1.0,0.5\n1.1,0.5\n1.2,0.6\n");
        CliRun r = CliRun.run("getstats", "--column", "elapsed", f);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("elapsed +3 +1\\.1 ");
        assertThat(CliRun.run("getstats", "--predicate", "$max < 1", f).code()).isEqualTo(1);
    }

    /**
     * One NA dropped its whole column without a word; a row longer than the header, a column named twice and text below
     * numbers were taken silently; Java's 0x1p3, 1.5f and 2d were read as numbers. NA is a missing value now, and
     * the others are one line naming the file and line (exit 2).
     */
    @Test
    void missingValuesAreSkippedAndMalformedRowsNamed() throws Exception {
        CliRun na = CliRun.run("getstats", file("na.csv", "elapsed,mem\n1.0,10\n1.1,NA\n1.2,12\n"));
        assertThat(na.out()).containsPattern("mem +2 +11 ");
        String[][] bad = {
            {"ragged.csv", "elapsed,mem\n1.0,10\n1.1,11,99\n", "ragged.csv:3: 3 fields where the header has 2"},
            {"dup.csv", "elapsed,elapsed\n1,5\n1.1,6\n", "dup.csv:1: the column 'elapsed' appears twice"},
            {"text.csv", "elapsed,mem\n1.0,10\n1.1,abc\n", "text.csv:3: column 'mem': 'abc' is not a number"},
            {"java.csv", "elapsed\n1.0\n1.5f\n", "java.csv:3: column 'elapsed': '1.5f' is not a number"},
            {"inf.csv", "elapsed\n1.0\nInfinity\n", "inf.csv:3: column 'elapsed': 'Infinity' is not a number"}
        };
        for (String[] c : bad) {
            CliRun r = CliRun.run("getstats", file(c[0], c[1]));
            assertThat(r.code()).as(c[0] + r.out()).isEqualTo(ExitCode.USAGE.code());
            assertThat(r.err()).as(c[0]).contains(c[2]).hasLineCount(1);
        }
    }

    /**
     * With a failed run left out, an outlier was named by its position among the kept rows: the 5.00 of run 9 was
     * "run 8". It is named by the file's run column (else its row).
     */
    @Test
    void anOutlierIsNamedByItsRunNotItsPositionAmongTheKeptRows() throws Exception {
        String f = file(
                "runs.csv",
                "run,elapsed,exit\n1,1.00,0\n2,1.01,0\n3,9.99,1\n4,0.99,0\n5,1.02,0\n6,1.00,0\n"
                        + "7,0.98,0\n8,1.01,0\n9,5.00,0\n10,1.00,0\n");
        assertThat(CliRun.run("getstats", f).out())
                .contains("run 9 z 2.6666 (value 5)")
                .doesNotContain("run 8 ");
        String rows = file(
                "rows.csv",
                "elapsed,exit\n1.00,0\n1.01,0\n9.99,1\n0.99,0\n1.02,0\n1.00,0\n0.98,0\n1.01,0\n" + "5.00,0\n1.00,0\n");
        assertThat(CliRun.run("getstats", rows).out()).contains("run 9 z 2.6666 (value 5)");
    }

    /**
     * GNU time -v logs kept a run that exited 3 in the statistics, where a CSV's failed rows are left out; a bad
     * value was 'For input string: "abc"', naming no file.
     */
    @Test
    void aGnuTimeLogsFailedRunsAreLeftOutAndItsBadValuesNamed() throws Exception {
        String block = "\tCommand being timed: \"sleep\"\n\tUser time (seconds): 0.00\n\tSystem time (seconds): 0.00\n"
                + "\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:0%s\n\tExit status: %d\n";
        String log = file(
                "time.log",
                String.format(block, "0.01", 0)
                        + String.format(block, "0.02", 0)
                        + String.format(block, "0.03", 0)
                        + String.format(block, "0.50", 3));
        CliRun r = CliRun.run("getstats", "--column", "elapsed", log);
        assertThat(r.out()).contains("1 failed run of time.log left out").containsPattern("elapsed +3 +0\\.02 ");
        CliRun bad = CliRun.run(
                "getstats",
                file(
                        "bad.log",
                        "\tUser time (seconds): 0.00\n\tSystem time (seconds): abc\n"
                                + "\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:01.00\n"));
        assertThat(bad.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(bad.err()).contains("bad.log:2: 'abc' is not a number").hasLineCount(1);
    }
}
