package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two stored samples, 30 values and 3: "about 1 more samples each would decide it" one way round and "about 13" the
 * other (the growth was taken against the second input's size), and the JSON's moreRounds said 0, which means
 * decided. The estimate no longer depends on the order, and the JSON gives it as moreSamples.
 */
class StoredCompareMoreSamplesTest {
    @TempDir
    Path tmp;

    @Test
    void howManyMoreSamplesDoesNotDependOnTheOrderOfTheInputs() throws Exception {
        SplittableRandom r = new SplittableRandom(1);
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            big.append(10 + 0.9 * r.nextGaussian()).append('\n');
        }
        Path b = tmp.resolve("big.txt");
        Path s = tmp.resolve("small.txt");
        Files.writeString(b, big);
        Files.writeString(s, "10\n11\n12\n");
        String one = CliRun.run("compare", s.toString(), b.toString()).out();
        String other = CliRun.run("compare", b.toString(), s.toString()).out();
        String more = "about (\\d+) more samples? each would decide it";
        var m1 = java.util.regex.Pattern.compile(more).matcher(one);
        var m2 = java.util.regex.Pattern.compile(more).matcher(other);
        assertThat(m1.find()).as(one).isTrue();
        assertThat(m2.find()).as(other).isTrue();
        assertThat(m1.group(1)).isEqualTo(m2.group(1));
        assertThat(Integer.parseInt(m1.group(1))).isGreaterThan(3);
        var pair = JsonMapper.builder()
                .build()
                .readTree(CliRun.run("compare", "--format", "json", s.toString(), b.toString())
                        .out())
                .get("pairs")
                .get(0);
        assertThat(pair.get("verdict").asString()).isEqualTo("undecided");
        assertThat(pair.get("moreRounds").isNull())
                .as("no rounds for stored samples; 0 would mean decided")
                .isTrue();
        assertThat(pair.get("moreSamples").asInt()).isEqualTo(Integer.parseInt(m1.group(1)));
    }

    /** A decided pair of stored samples gave "moreRounds": 0 where docs/compare.md says null (no rounds for them). */
    @Test
    void aDecidedStoredPairHasNoMoreRoundsEither() throws Exception {
        Path a = tmp.resolve("a.txt");
        Path b = tmp.resolve("b.txt");
        Files.writeString(a, "10\n10.1\n9.9\n10.2\n9.8\n10\n10.1\n9.9\n");
        Files.writeString(b, "20\n20.1\n19.9\n20.2\n19.8\n20\n20.1\n19.9\n");
        var pair = JsonMapper.builder()
                .build()
                .readTree(CliRun.run("compare", "--format", "json", a.toString(), b.toString())
                        .out())
                .get("pairs")
                .get(0);
        assertThat(pair.get("verdict").asString()).isEqualTo("a<b");
        assertThat(pair.get("moreRounds").isNull()).as(pair.toString()).isTrue();
        assertThat(pair.get("moreSamples").asInt()).isZero();
    }
}
