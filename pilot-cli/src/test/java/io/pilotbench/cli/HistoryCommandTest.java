package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCommandTest {
    @TempDir
    Path tmp;

    /** A store of 100 commits written as `history add` writes it: means 100, then 104.2 from commit c060. */
    private Path store(String name, int stepAt, String otherFingerprintAt) throws Exception {
        Path store = Files.createDirectories(tmp.resolve(name));
        StringBuilder sb = new StringBuilder(HistoryCommand.HEADER + "\n");
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 100; i++) {
            double se = 0.5 * (0.5 + r.nextDouble());
            double mean = (i < stepAt ? 100 : 104.2) + se * r.nextGaussian() + 0.3 * r.nextGaussian();
            String fp = otherFingerprintAt != null && i == 50 ? otherFingerprintAt : "Xeon / 2 / Linux 6.1 / 17.0.15";
            sb.append(String.format(java.util.Locale.ROOT, "c%03d,main,2026-11-24T00:00:00Z,/s/%d,wall time,s,%s,%s,40,%s%n",
                    i, i, mean, se, fp));
        }
        Files.writeString(store.resolve(HistoryCommand.FILE), sb);
        return store;
    }

    @Test
    void aPlantedStepIsNamedByItsCommitWithItsSize() throws Exception {
        CliRun r = CliRun.run("history", "detect", "--store", store("step", 60, null).toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("wall time (s): 100 commits, 1 shift").containsPattern(
                "commit c0(59|60|61) made it [34]\\.\\d% higher \\(95% CI");
    }

    @Test
    void aFlatHistoryHasNoShift() throws Exception {
        CliRun r = CliRun.run("history", "detect", "--store", store("flat", 100, null).toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("100 commits, no shift");
    }

    @Test
    void pointsFromAnotherEnvironmentAreRefusedUnlessAllowed() throws Exception {
        Path store = store("env", 60, "EPYC / 64 / Linux 6.8 / 21");
        CliRun r = CliRun.run("history", "detect", "--store", store.toString());
        assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("commit c050 ran on 'EPYC / 64 / Linux 6.8 / 21'").contains("--ignore-environment")
                .hasLineCount(1);
        assertThat(CliRun.run("history", "detect", "--ignore-environment", "--store", store.toString()).code())
                .isZero();
    }

    @Test
    void addRecordsEachSessionsMeanErrorAndCommit() throws Exception {
        for (String s : new String[] {"a", "b"}) {
            CliRun run = CliRun.run("run", "-q", "--max-rounds", "5", "-o", tmp.resolve(s).toString(), "--", "true");
            assertThat(run.code()).isEqualTo(RunCommand.LIMIT);
        }
        Path store = tmp.resolve("store");
        CliRun noCommit = CliRun.run("history", "add", "--store", store.toString(), tmp.resolve("a").toString());
        if (noCommit.code() != 0) { // the test's directory is outside any repository: the session has no commit
            assertThat(noCommit.err()).contains("records no git commit").contains("--commit SHA");
        }
        CliRun add = CliRun.run("history", "add", "--store", store.toString(), "--commit", "abc123",
                tmp.resolve("a").toString(), tmp.resolve("b").toString());
        assertThat(add.code()).as(add.err()).isZero();
        var rows = Files.readAllLines(store.resolve(HistoryCommand.FILE));
        assertThat(rows.get(0)).isEqualTo(HistoryCommand.HEADER);
        assertThat(rows.stream().filter(l -> l.startsWith("abc123,"))).hasSize(2);
        assertThat(rows.get(rows.size() - 1).split(",")[4]).isEqualTo("wall time");
    }

    @Test
    void anEmptyStoreSaysHowToFillIt() {
        CliRun r = CliRun.run("history", "detect", "--store", tmp.resolve("none").toString());
        assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("add sessions first");
    }
}
