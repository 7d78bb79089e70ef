package io.pilotbench.cli;

import static io.pilotbench.cli.CliRun.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code pilot compare} end to end: stored samples against R, live comparisons of real processes, bad input. */
class CompareCommandTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path tmp;

    /** compare/r-reference.csv, written by compare/r-reference.R (R 4.2.2 t.test on old.txt and new.txt). */
    private static Map<String, Double> rReference() throws IOException {
        Map<String, Double> m = new HashMap<>();
        for (String line : Files.readAllLines(Path.of(resource("compare/r-reference.csv")))) {
            String[] f = line.split(",");
            if (!f[0].equals("name")) {
                m.put(f[0], Double.parseDouble(f[1].strip()));
            }
        }
        return m;
    }

    private static void close(JsonNode node, double expected) {
        // R prints 17 significant digits; the t distribution's numerical accuracy limits agreement to ~1e-12
        assertThat(node.asDouble()).isCloseTo(expected, within(Math.abs(expected) * 1e-9));
    }

    /** compare has run's hooks: each command gets its setup, warm-up runs, preparations and cleanup. */
    @Test
    void theHooksRunForEveryComparedCommand() throws Exception {
        Path log = tmp.resolve("hooks.log");
        CliRun r = CliRun.run(
                "compare",
                "-q",
                "--max-rounds",
                "3",
                "--setup",
                "echo setup >> " + log,
                "--prepare",
                "echo prepare >> " + log,
                "--cleanup",
                "echo cleanup >> " + log,
                "--warmup",
                "1",
                "-o",
                tmp.resolve("c").toString(),
                "--",
                "sh",
                "-c",
                "echo a >> " + log,
                ":::",
                "sh",
                "-c",
                "echo b >> " + log);
        assertThat(r.code()).as(r.err()).isIn(0, ExitCode.LIMIT.code());
        List<String> lines = Files.readAllLines(log);
        assertThat(lines.subList(0, 6)).containsExactly("setup", "prepare", "a", "setup", "prepare", "b");
        assertThat(lines.subList(lines.size() - 2, lines.size())).containsExactly("cleanup", "cleanup");
        assertThat(lines.stream().filter(l -> l.equals("a")).count())
                .as("one warm-up run and 3 rounds")
                .isEqualTo(4);
        assertThat(lines.stream().filter(l -> l.equals("prepare")).count()).isEqualTo(8);
    }

    @Test
    void storedSamplesWithoutSubsessionMergingEqualRsTTests() throws IOException {
        Map<String, Double> r = rReference();
        CliRun run = CliRun.run(
                "compare",
                "--ac-limit",
                "1",
                "--format",
                "json",
                resource("compare/old.txt"),
                resource("compare/new.txt"));
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode j = JSON.readTree(run.out());
        JsonNode p = j.get("pairs").get(0);
        close(p.get("welch").get("t"), r.get("welch_t"));
        close(p.get("welch").get("df"), r.get("welch_df"));
        close(p.get("welch").get("p"), r.get("welch_p"));
        close(p.get("welch").get("pLess"), r.get("welch_p_less"));
        close(p.get("welch").get("pGreater"), r.get("welch_p_greater"));
        close(p.get("difference").get("low"), r.get("welch_low"));
        close(p.get("difference").get("high"), r.get("welch_high"));
        close(p.get("pooled").get("t"), r.get("pooled_t"));
        close(p.get("pooled").get("df"), r.get("pooled_df"));
        close(p.get("pooled").get("p"), r.get("pooled_p"));
        close(j.get("workloads").get(0).get("mean"), r.get("mean_old"));
        close(j.get("workloads").get(1).get("mean"), r.get("mean_new"));
        assertThat(p.get("verdict").asString()).isEqualTo("a>b");
        assertThat(j.get("workloads").get(1).get("rank").asInt()).isEqualTo(1);
        // the ratio's CI holds its point estimate, mean old / mean new
        double ratio = r.get("mean_old") / r.get("mean_new");
        close(p.get("ratio").get("value"), ratio);
        assertThat(p.get("ratio").get("low").asDouble()).isLessThan(ratio);
        assertThat(p.get("ratio").get("high").asDouble()).isGreaterThan(ratio);
        // with --test pooled the difference CI is the pooled one
        JsonNode pooled = JSON.readTree(CliRun.run(
                                "compare",
                                "--ac-limit",
                                "1",
                                "--test",
                                "pooled",
                                "--format",
                                "json",
                                resource("compare/old.txt"),
                                resource("compare/new.txt"))
                        .out())
                .get("pairs")
                .get(0);
        close(pooled.get("difference").get("low"), r.get("pooled_low"));
        close(pooled.get("difference").get("high"), r.get("pooled_high"));
    }

    @Test
    void textReportRanksSaysHowMuchFasterAndListsGetstatsHypotheses() {
        CliRun run = CliRun.run(
                "compare",
                "--ac-limit",
                "1",
                "--unit",
                "ms",
                "--name",
                "old",
                "--name",
                "new",
                resource("compare/old.txt"),
                resource("compare/new.txt"));
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("Comparing value (ms), lower is better; 95% CIs, Welch's t-test at α = 0.01")
                .containsPattern("1\\s+new\\s+11\\.57 ms")
                .containsPattern("new is 1\\.079× faster than old \\(95% CI 1\\.04\\d×–1\\.11\\d×, p < 0\\.001\\)")
                .contains("Comparing old (sample 1) to new (sample 2):")
                .containsPattern("u1 <= u2\\s+u1 > u2\\s+< 0\\.001\\s+reject H0")
                .containsPattern("u1 >= u2\\s+u1 < u2\\s+1\\s+fail to reject H0")
                .containsPattern("u1 == u2\\s+u1 != u2\\s+< 0\\.001\\s+reject H0");
    }

    @Test
    void theSubsessionsColumnSaysHowManyTimesHowLargeNotNOfSize() {
        // "40 of 1" read as forty out of one; the column counts subsessions of a size
        CliRun run = CliRun.run("compare", "--ac-limit", "1", resource("compare/old.txt"), resource("compare/new.txt"));
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("\\s40\\s+40 × 1\\s+40\\n").doesNotContain(" of 1 ");
    }

    @Test
    void markdownAndCsvFormats() {
        CliRun md = CliRun.run(
                "compare",
                "--ac-limit",
                "1",
                "--format",
                "markdown",
                resource("compare/old.txt"),
                resource("compare/new.txt"));
        assertThat(md.out())
                .contains("| rank | workload | mean |")
                .contains("- ")
                .contains("| a>b |");
        CliRun csv = CliRun.run(
                "compare",
                "--ac-limit",
                "1",
                "--format",
                "csv",
                resource("compare/old.txt"),
                resource("compare/new.txt"));
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.get(0)).startsWith("a,b,mean_a,mean_b,difference,");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).endsWith(",a>b");
    }

    @Test
    void gatingFailsOnlyOnASignificantSlowDownBeyondTheTolerance() {
        // new (baseline) vs old: old is about 7.9% slower, the CI of the factor about 1.04-1.12
        String newer = resource("compare/new.txt");
        String older = resource("compare/old.txt");
        // files measured together (no drift between them to allow for)
        assertThat(CliRun.run(
                                "compare",
                                "--ac-limit",
                                "1",
                                "--drift-allowance",
                                "0",
                                "--fail-if-slower",
                                "1%",
                                newer,
                                older)
                        .code())
                .isEqualTo(ExitCode.GATE.code());
        CliRun tolerant = CliRun.run("compare", "--ac-limit", "1", "--fail-if-slower", "20%", newer, older);
        assertThat(tolerant.code()).isZero();
        assertThat(tolerant.out()).doesNotContain("GATE");
        // old as baseline: new is faster, which --fail-if-slower ignores and --fail-if-faster catches
        assertThat(CliRun.run("compare", "--ac-limit", "1", "--fail-if-slower", "1%", older, newer)
                        .code())
                .isZero();
        CliRun faster = CliRun.run(
                "compare", "--ac-limit", "1", "--drift-allowance", "0", "--fail-if-faster", "1%", older, newer);
        assertThat(faster.code()).isEqualTo(ExitCode.GATE.code());
        assertThat(faster.out())
                .containsPattern(
                        "GATE: .*new.txt is 1\\.079× faster than .*old.txt \\(95% CI 1\\.04\\d×–1\\.11\\d×\\), beyond the tolerated 1%");
    }

    /**
     * The headline said "12.77× faster … anytime p = 0.00273" above a Welch table that said "u1 == u2 ACCEPT H0":
     * a live verdict now shows the test it rests on (the per-cycle ratios' sequence) and no table that contradicts
     * it, and no report says "accept" a null hypothesis.
     */
    @Test
    void aLiveVerdictShowsItsOwnTestAndNeverAcceptsH0() throws IOException {
        CliRun run = CliRun.run(
                "compare",
                "--max-rounds",
                "40",
                "-o",
                tmp.resolve("v").toString(),
                "--",
                "sleep",
                "0.002",
                ":::",
                "sleep",
                "0.02");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("is ")
                .contains("× faster than")
                .contains("verdict's test")
                .contains("confidence sequence of the per-cycle difference")
                .contains("paired over")
                .doesNotContainIgnoringCase("accept h0")
                .doesNotContain("Null hyp.");
        JsonNode j = JSON.readTree(Files.readString(tmp.resolve("v/comparison.json")));
        JsonNode pair = j.get("pairs").get(0);
        assertThat(pair.get("paired").get("cycles").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(pair.get("ratio").get("value").asDouble())
                .isBetween(
                        pair.get("ratio").get("low").asDouble(),
                        pair.get("ratio").get("high").asDouble());
    }

    /**
     * The same command gated against its own baseline recorded minutes earlier was "1.391× slower … GATE", exit 5:
     * drift between two sessions cannot be told from a change. Against samples measured apart a gate now allows for
     * drift (--drift-allowance, default 10%) and says so; a 7.9% slow-down with a CI of 1.04×–1.12× passes.
     */
    @Test
    void aGateAgainstABaselineMeasuredApartAllowsForDriftAndSaysSo() {
        CliRun r = CliRun.run(
                "compare",
                "--ac-limit",
                "1",
                "--fail-if-slower",
                "1%",
                resource("compare/new.txt"),
                resource("compare/old.txt"));
        assertThat(r.code()).as(r.out()).isZero();
        assertThat(r.out())
                .doesNotContain("GATE")
                .contains("cannot be told from a change")
                .contains("drift allowance of 10%");
        CliRun md = CliRun.run(
                "compare",
                "--ac-limit",
                "1",
                "--fail-if-slower",
                "1%",
                "--format",
                "markdown",
                resource("compare/new.txt"),
                resource("compare/old.txt"));
        assertThat(md.out()).contains("cannot be told from a change");
    }

    @Test
    void liveRoundsAreInterleavedAndRecordedPerWorkload() throws IOException {
        Path log = tmp.resolve("order.log");
        CliRun run = CliRun.run(
                "compare",
                "--max-rounds",
                "5",
                "--name",
                "A",
                "--name",
                "B",
                "--name",
                "C",
                "--format",
                "json",
                "-o",
                tmp.resolve("cmp").toString(),
                "--",
                "sh",
                resource("compare/tag.sh"),
                "A",
                log.toString(),
                "0.001",
                ":::",
                "sh",
                resource("compare/tag.sh"),
                "B",
                log.toString(),
                "0.001",
                ":::",
                "sh",
                resource("compare/tag.sh"),
                "C",
                log.toString(),
                "0.001");
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.LIMIT.code());
        List<String> order = Files.readAllLines(log);
        assertThat(order).hasSize(15);
        for (int i = 0; i < 15; i += 3) {
            assertThat(order.subList(i, i + 3)).containsExactly("A", "B", "C");
        }
        List<String> schedule = Files.readAllLines(tmp.resolve("cmp/schedule.csv"));
        assertThat(schedule).hasSize(16).contains("0,A,0", "0,B,0", "4,C,4");
        for (String dir : List.of("1-A", "2-B", "3-C")) {
            assertThat(tmp.resolve("cmp").resolve(dir).resolve("session.json")).exists();
            assertThat(tmp.resolve("cmp").resolve(dir).resolve("command.json")).exists();
        }
        assertThat(tmp.resolve("cmp/compare.json")).exists();
        JsonNode j = JSON.readTree(run.out());
        assertThat(j.get("stopReason").asString()).isEqualTo("round_limit");
        assertThat(j.get("workloads")).hasSize(3);
        assertThat(j.get("pairs")).hasSize(3);
        // every recorded session can be analysed (and compared) on its own afterwards
        CliRun stored = CliRun.run(
                "compare",
                tmp.resolve("cmp/1-A").toString(),
                tmp.resolve("cmp/2-B").toString());
        assertThat(stored.code()).as(stored.err()).isZero();
    }

    @Test
    void shuffledLiveCyclesArePermutationsAndTheSeedIsRecorded() throws IOException {
        Path log = tmp.resolve("order.log");
        CliRun run = CliRun.run(
                "compare",
                "--max-rounds",
                "8",
                "--shuffle",
                "7",
                "-q",
                "-o",
                tmp.resolve("s").toString(),
                "--name",
                "A",
                "--name",
                "B",
                "--",
                "sh",
                resource("compare/tag.sh"),
                "A",
                log.toString(),
                "0",
                ":::",
                "sh",
                resource("compare/tag.sh"),
                "B",
                log.toString(),
                "0");
        assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.LIMIT.code());
        List<String> order = Files.readAllLines(log);
        assertThat(order).hasSize(16);
        boolean bFirstOnce = false;
        for (int i = 0; i < 16; i += 2) {
            assertThat(order.subList(i, i + 2)).containsExactlyInAnyOrder("A", "B");
            bFirstOnce |= order.get(i).equals("B");
        }
        assertThat(bFirstOnce).isTrue();
        assertThat(JSON.readTree(tmp.resolve("s/compare.json").toFile())
                        .get("shuffleSeed")
                        .asLong())
                .isEqualTo(7);
    }

    @Test
    void aCandidateFasterThanARecordedBaselineIsDecidedAndGated() {
        String base = tmp.resolve("base").toString();
        CliRun recorded = CliRun.run("run", "-q", "--max-time", "60s", "-o", base, "--", "sleep", "0.03");
        assertThat(recorded.code()).as(recorded.err()).isZero();
        CliRun run = CliRun.run(
                "compare",
                "-q",
                "--max-time",
                "60s",
                "--fail-if-faster",
                "10%",
                "--baseline",
                base,
                "-o",
                tmp.resolve("c").toString(),
                "--",
                "sleep",
                "0.005");
        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(ExitCode.GATE.code());
        assertThat(run.out()).containsPattern("sleep 0\\.005 is \\d+(\\.\\d+)?× faster than baseline");
    }

    @Test
    void badInputGetsOneClearLineAndExitCode2() throws IOException {
        CliRun one = CliRun.run("compare", "--", "sleep", "0.1");
        assertThat(one.code()).isEqualTo(ExitCode.USAGE.code());
        // without ::: the words are taken for stored files; the message says how to compare commands
        assertThat(one.err().strip())
                .isEqualTo("pilot: sleep: no such file or directory; to compare commands, "
                        + "separate two or more with ::: after -- (pilot compare -- CMD_A ::: CMD_B), or give one with "
                        + "--baseline SESSION_DIR");
        CliRun single = CliRun.run("compare", resource("compare/old.txt"));
        assertThat(single.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(single.err()).contains("only one input").doesNotContain("Exception");
        CliRun oneCommand = CliRun.run("compare", "--", "sleep", "0.1", ":::");
        assertThat(oneCommand.code()).isEqualTo(ExitCode.USAGE.code());

        CliRun empty = CliRun.run("compare", resource("compare/empty.txt"), resource("compare/old.txt"));
        assertThat(empty.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(empty.err()).contains("empty.txt").doesNotContain("Exception");
        assertThat(empty.err().lines().count()).isEqualTo(1);

        CliRun emptyCommand = CliRun.run("compare", "--", "sleep", "0.1", ":::");
        assertThat(emptyCommand.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(emptyCommand.err()).contains("command 2 of 2 is empty");

        CliRun names = CliRun.run("compare", "--name", "a", resource("compare/old.txt"), resource("compare/new.txt"));
        assertThat(names.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(names.err()).contains("--name given 1 time for 2 workloads");

        CliRun missing = CliRun.run("compare", "nope.txt", resource("compare/old.txt"));
        assertThat(missing.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(missing.err()).contains("nope.txt: no such file");

        String base = tmp.resolve("ms").toString();
        assertThat(CliRun.run(
                                "run",
                                "-q",
                                "--method",
                                "pilot",
                                "--warmup-removal",
                                "edm",
                                "--ci-width",
                                "30%",
                                "--min-subsessions",
                                "10",
                                "--pi",
                                "response time,ms,0,0,1",
                                "--valid-exit-codes",
                                "0,1",
                                "-o",
                                base,
                                "--",
                                "sh",
                                resource("run/mock_benchmark.sh"))
                        .code())
                .isZero();
        CliRun units = CliRun.run(
                "compare",
                "--baseline",
                base,
                "--pi",
                "wall",
                "-o",
                tmp.resolve("u").toString(),
                "--",
                "true");
        assertThat(units.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(units.err()).contains("mismatched units").contains("ms").doesNotContain("Exception");
        assertThat(tmp.resolve("u")).doesNotExist(); // nothing recorded before the check
    }
}
