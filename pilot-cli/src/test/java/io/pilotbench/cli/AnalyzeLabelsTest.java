package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Labels of {@code pilot analyze}'s text that said something else than the numbers beside them. */
class AnalyzeLabelsTest {
    @TempDir
    Path tmp;

    /**
     * Only a cool-down was cut (the last 8 samples 30% up) and the row read "warm-up … cut: last 8 samples"; and
     * --confidence 0.999999 was labelled "100% CI", a level no interval has.
     */
    @Test
    void aCoolDownIsNotCalledAWarmUpAndALevelBelowOneIsNotOneHundredPercent() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 68; i++) {
            b.append((i < 60 ? 100 : 130) + r.nextGaussian()).append('\n');
        }
        Path f = tmp.resolve("cool.txt");
        Files.writeString(f, b);
        CliRun cut = CliRun.run("analyze", f.toString());
        assertThat(cut.out()).containsPattern("\n  cool-down +samples \\[0, 60\\) of 68 analysed; cut: last 8 samples");
        CliRun level = CliRun.run("analyze", "--confidence", "0.999999", f.toString());
        assertThat(level.out()).contains("99.9999% CI").doesNotContain("100% CI");
    }
}
