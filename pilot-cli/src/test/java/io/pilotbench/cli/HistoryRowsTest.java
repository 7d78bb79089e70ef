package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.store.HistoryFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pilot history detect} on stores whose rows disagree or repeat a commit. */
class HistoryRowsTest {
    @TempDir
    Path tmp;

    /** Rows as history add writes them: commit, mean (ms), standard error, better. */
    private Path store(String... rows) throws Exception {
        Path store = Files.createDirectories(tmp.resolve("store" + rows.length + rows[rows.length - 1].hashCode()));
        StringBuilder sb = new StringBuilder(HistoryFile.HEADER + "\n");
        int i = 0;
        for (String row : rows) {
            String[] f = row.split(" ");
            sb.append(f[0])
                    .append(",main,2026-11-27T00:00:00Z,/s/")
                    .append(i++)
                    .append(",lat,ms,")
                    .append(f[1])
                    .append(',')
                    .append(f[2])
                    .append(",20,Xeon / 2 / Linux 6.1 / 17,")
                    .append(f[3])
                    .append('\n');
        }
        Files.writeString(store.resolve(HistoryFile.FILE), sb);
        return store;
    }

    /**
     * A PI's rows said lower-better, the newest one higher-better (edited, or the PI's kind changed): the last row
     * decided for all, so a regression flipped to exit 0 without a word. Rows that disagree are one line, exit 2.
     */
    @Test
    void rowsThatDisagreeOnWhichWayIsBetterAreRefused() throws Exception {
        String[] rows = new String[11];
        for (int i = 0; i < 10; i++) {
            rows[i] = "c" + i + " " + (100 + 0.1 * (i % 3)) + " 0.5 lower";
        }
        rows[10] = "c10 130 0.5 higher";
        CliRun r = CliRun.run("history", "detect", "--store", store(rows).toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("lat (ms) is lower-better at commit c0 but higher-better at commit c10")
                .hasLineCount(1);
    }

    /**
     * Seven sessions of one commit and three of another were "10 commits" and "REGRESSION in the newest 3 commits":
     * the three were one commit run three times. Sessions of one commit are one point now; --newest 100 over a
     * short history said "the newest 100 commits".
     */
    @Test
    void sessionsOfOneCommitAreOnePoint() throws Exception {
        String[] rows = new String[10];
        for (int i = 0; i < 10; i++) {
            rows[i] =
                    (i < 7 ? "same" : "new") + " " + (i < 7 ? 100 + 0.2 * (i % 3) : 130 + 0.2 * (i % 2)) + " 0.5 lower";
        }
        CliRun r = CliRun.run("history", "detect", "--store", store(rows).toString());
        assertThat(r.out()).contains("lat (ms): 2 commits").doesNotContain("10 commits");
        String[] many = new String[10];
        for (int i = 0; i < 10; i++) {
            many[i] = "c" + i + " " + (i < 9 ? 100 + 0.1 * (i % 3) : 130) + " 0.5 lower";
        }
        CliRun newest = CliRun.run(
                "history", "detect", "--newest", "100", "--store", store(many).toString());
        assertThat(newest.code()).isEqualTo(HistoryCommand.REGRESSION);
        assertThat(newest.out()).contains("REGRESSION in the newest 10 commits").doesNotContain("newest 100");
    }
}
