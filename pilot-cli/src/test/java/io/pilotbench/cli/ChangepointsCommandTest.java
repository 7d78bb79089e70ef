package io.pilotbench.cli;

import static io.pilotbench.cli.CliRun.run;
import static io.pilotbench.cli.CliRun.runWithStdin;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code pilot changepoints} and {@code pilot analyze --warmup-removal}, on the original Pilot's EDM vectors. */
class ChangepointsCommandTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** 30×1.1, 130×5.1, 30×1.1 (docs/original.md#vectors-statistics, FindDominantSegment). */
    static String warmupSeries() {
        return repeat(1.1, 30) + repeat(5.1, 130) + repeat(1.1, 30);
    }

    static String repeat(double v, int n) {
        return (v + "\n").repeat(n);
    }

    private static JsonNode only(CliRun r) {
        JsonNode results = JSON.readTree(r.out()).get("results");
        assertThat(results.size()).isEqualTo(1);
        return results.get(0);
    }

    private static List<Integer> ints(JsonNode array) {
        return array.valueStream().map(JsonNode::asInt).toList();
    }

    @Test
    void findsTheOriginalsChangePointsAndStableSegment() {
        CliRun r = runWithStdin(warmupSeries(), "changepoints", "--format", "json", "-");
        assertThat(r.code()).isZero();
        JsonNode a = only(r);
        assertThat(a.get("n").asInt()).isEqualTo(190);
        assertThat(ints(a.get("changepoints"))).containsExactly(30, 131);
        assertThat(a.get("stable").get("begin").asInt()).isEqualTo(30);
        assertThat(a.get("stable").get("end").asInt()).isEqualTo(131);
        assertThat(a.get("stable").get("warmup").asInt()).isEqualTo(30);
        assertThat(a.get("stable").get("cooldown").asInt()).isEqualTo(59);
    }

    @Test
    void percentAndDegreeReachTheAlgorithm() {
        // the original CLI's bug passed percent 30 / degree 0 whatever the user said (docs/original.md#bug-edm-cli):
        // [30, 60, 131]
        JsonNode a = only(runWithStdin(
                warmupSeries(), "changepoints", "--format", "json", "--percent", "30", "--degree", "0", "-"));
        assertThat(ints(a.get("changepoints"))).containsExactly(30, 60, 131);
    }

    @Test
    void noDominantSegmentIsReportedWithItsReason() {
        CliRun r = runWithStdin(repeat(1.1, 30) + repeat(5.1, 30) + repeat(1.1, 30), "changepoints", "-");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("change points  30, 60", "stable         none: no segment holds more than half");
        JsonNode a = only(runWithStdin(
                repeat(1.1, 30) + repeat(5.1, 30) + repeat(1.1, 30), "changepoints", "--format", "json", "-"));
        assertThat(a.get("stable").isNull()).isTrue();
    }

    @Test
    void shortOrConstantSeriesHaveNoChangePointsAndNoCrash() {
        JsonNode shortSeries = only(runWithStdin("1\n2\n3\n", "changepoints", "--format", "json", "-"));
        assertThat(shortSeries.get("changepoints").size()).isZero();
        assertThat(shortSeries.get("stableReason").asString()).contains("fewer samples");
        JsonNode constant = only(runWithStdin(repeat(7, 100), "changepoints", "--format", "json", "-"));
        assertThat(constant.get("changepoints").size()).isZero();
        assertThat(constant.get("stable").get("begin").asInt()).isZero();
    }

    @Test
    void betaPenaltyAndAtMostOneChange() {
        JsonNode beta = only(runWithStdin(warmupSeries(), "changepoints", "--format", "json", "--beta", "0.008", "-"));
        assertThat(ints(beta.get("changepoints"))).isNotEmpty().allMatch(c -> c > 0 && c < 190);
        JsonNode amoc = only(runWithStdin(warmupSeries(), "changepoints", "--format", "json", "--amoc", "-"));
        assertThat(amoc.get("changepoints").size()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--min-size=1",
                "--degree=3",
                "--percent=-1",
                "--beta=-0.1",
                "--format=csv",
                "--mode=fast",
                "--percent=0.2 --beta=0.1"
            })
    void badOptionsGetOneLineAndExitCode2(String options) {
        List<String> args = new java.util.ArrayList<>(List.of("changepoints"));
        args.addAll(List.of(options.split(" ")));
        args.add("-");
        CliRun r = runWithStdin(warmupSeries(), args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).startsWith("pilot: ").doesNotContain("Exception");
    }

    @Test
    void badInputAsInAnalyze() {
        CliRun r = run("changepoints", "no-such-file.txt");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no-such-file.txt: no such file");
    }

    @Test
    void analyzeWithoutRemovalNamesTheWarmupAndCoolDownTheTestFinds() {
        CliRun r = runWithStdin(warmupSeries(), "analyze", "--format", "json", "--warmup-removal", "none", "-");
        JsonNode a = only(r);
        assertThat(a.get("n").asInt()).isEqualTo(190);
        assertThat(a.get("warmupRemoval").asString()).isEqualTo("none");
        assertThat(a.get("warnings").toString()).contains("first 30 and last 30", "--warmup-removal auto");
        assertThat(a.get("changepoints").size()).isZero(); // EDM's, only with --warmup-removal edm
    }

    @Test
    void analyzeWithEdmRemovalAnalysesTheStableSegmentOnly() {
        // the stable segment [30, 131) is all 5.1: constant, so the analysis of it must say so
        CliRun constant = runWithStdin(warmupSeries(), "analyze", "--warmup-removal", "edm", "-");
        assertThat(constant.code()).as(constant.err()).isZero();
        assertThat(constant.out()).contains("all 101 analysed values equal 5.1", "5.1 ± 0");

        StringBuilder noisy = new StringBuilder();
        java.util.SplittableRandom rng = new java.util.SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            noisy.append(i < 40 ? 20 + rng.nextGaussian() : 10 + rng.nextGaussian())
                    .append('\n');
        }
        JsonNode a =
                only(runWithStdin(noisy.toString(), "analyze", "--format", "json", "--warmup-removal", "edm", "-"));
        int from = a.get("analysed").get("from").asInt();
        assertThat(from).isBetween(38, 42);
        assertThat(a.get("n").asInt()).isEqualTo(200 - from);
        assertThat(a.get("mean").asDouble()).isBetween(9.7, 10.3);
        CliRun text = runWithStdin(noisy.toString(), "analyze", "--warmup-removal", "edm", "-");
        assertThat(text.out()).contains("warm-up", "removed (edm)");
    }

    @Test
    void analyzeWithFixedRemovalDropsARoundedFraction() {
        JsonNode a =
                only(runWithStdin(warmupSeries(), "analyze", "--format", "json", "--warmup-removal", "fixed:10%", "-"));
        assertThat(a.get("analysed").get("from").asInt()).isEqualTo(19); // round(0.1 · 190)
        assertThat(a.get("n").asInt()).isEqualTo(171);
        CliRun bad = runWithStdin(warmupSeries(), "analyze", "--warmup-removal", "fixed:120%", "-");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--warmup-removal");
    }
}
