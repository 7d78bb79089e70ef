package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One value was refused with "at least 2 are needed for a confidence interval", and two values then analysed without
 * one, "it needs at least 3": the first message was false. Both now name the same minimums.
 */
class MinimumSamplesWordsTest {
    @TempDir
    Path tmp;

    @Test
    void oneValueAndTwoValuesAreToldTheSameMinimums() throws Exception {
        Files.writeString(tmp.resolve("one.txt"), "5\n");
        Files.writeString(tmp.resolve("two.txt"), "5\n6\n");
        CliRun one = CliRun.run("analyze", tmp.resolve("one.txt").toString());
        assertThat(one.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(one.err())
                .contains("only 1 value; a mean and its spread need at least 2 (a confidence interval 3")
                .doesNotContain("at least 2 are needed for a confidence interval");
        CliRun two = CliRun.run("analyze", tmp.resolve("two.txt").toString());
        assertThat(two.code()).isZero();
        assertThat(two.out()).contains("too few for a confidence interval (it needs at least 3");
    }
}
