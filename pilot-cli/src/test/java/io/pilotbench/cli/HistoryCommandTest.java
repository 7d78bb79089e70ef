package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.api.Session;
import io.pilotbench.core.model.PerformanceIndex;
import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.SessionSettings;
import io.pilotbench.core.model.StopReason;
import io.pilotbench.core.store.HistoryFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class HistoryCommandTest {
    @TempDir
    Path tmp;

    /** A store of 100 commits written as `history add` writes it: means 100, then 104.2 from commit c060. */
    private Path store(String name, int stepAt, String otherFingerprintAt) throws Exception {
        Path store = Files.createDirectories(tmp.resolve(name));
        StringBuilder sb = new StringBuilder(HistoryFile.HEADER + "\n");
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 100; i++) {
            double se = 0.5 * (0.5 + r.nextDouble());
            double mean = (i < stepAt ? 100 : 104.2) + se * r.nextGaussian() + 0.3 * r.nextGaussian();
            String fp = otherFingerprintAt != null && i == 50 ? otherFingerprintAt : "Xeon / 2 / Linux 6.1 / 17.0.15";
            sb.append(String.format(
                    java.util.Locale.ROOT,
                    "c%03d,main,2026-11-24T00:00:00Z,/s/%d,wall time,s,%s,%s,40,%s,lower%n",
                    i,
                    i,
                    mean,
                    se,
                    fp));
        }
        Files.writeString(store.resolve(HistoryCommand.FILE), sb);
        return store;
    }

    @Test
    void aPlantedStepIsNamedByItsCommitWithItsSize() throws Exception {
        CliRun r = CliRun.run(
                "history", "detect", "--store", store("step", 60, null).toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("wall time (s): 100 commits, 1 shift")
                .containsPattern("commit c0(59|60|61) made it [34]\\.\\d% higher \\(95% CI");
    }

    @Test
    void aFlatHistoryHasNoShift() throws Exception {
        CliRun r = CliRun.run(
                "history", "detect", "--store", store("flat", 100, null).toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("100 commits, no shift");
    }

    @Test
    void pointsFromAnotherEnvironmentAreRefusedUnlessAllowed() throws Exception {
        Path store = store("env", 60, "EPYC / 64 / Linux 6.8 / 21");
        CliRun r = CliRun.run("history", "detect", "--store", store.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("commit c050 ran on 'EPYC / 64 / Linux 6.8 / 21'")
                .contains("--ignore-environment")
                .hasLineCount(1);
        assertThat(CliRun.run("history", "detect", "--ignore-environment", "--store", store.toString())
                        .code())
                .isZero();
    }

    @Test
    void addRecordsEachSessionsMeanErrorAndCommit() throws Exception {
        for (String s : new String[] {"a", "b"}) {
            CliRun run = CliRun.run(
                    "run", "-q", "--max-rounds", "5", "-o", tmp.resolve(s).toString(), "--", "true");
            assertThat(run.code()).isEqualTo(ExitCode.LIMIT.code());
        }
        Path store = tmp.resolve("store");
        CliRun noCommit = CliRun.run(
                "history", "add", "--store", store.toString(), tmp.resolve("a").toString());
        if (noCommit.code() != 0) { // the test's directory is outside any repository: the session has no commit
            assertThat(noCommit.err()).contains("records no git commit").contains("--commit SHA");
        }
        CliRun add = CliRun.run(
                "history",
                "add",
                "--store",
                store.toString(),
                "--commit",
                "abc123",
                tmp.resolve("a").toString(),
                tmp.resolve("b").toString());
        assertThat(add.code()).as(add.err()).isZero();
        var rows = Files.readAllLines(store.resolve(HistoryCommand.FILE));
        assertThat(rows.get(0)).isEqualTo(HistoryFile.HEADER);
        // a session is kept once: when the first add took a (its session records a commit), only b is added now
        assertThat(rows.stream().filter(l -> l.startsWith("abc123,"))).hasSize(noCommit.code() == 0 ? 1 : 2);
        assertThat(rows).hasSize(3);
        assertThat(rows.get(rows.size() - 1).split(",")[4]).isEqualTo("wall time");
    }

    /** history add of the same session twice counted it as two commits: the store keeps each session once. */
    @Test
    void aSessionAddedTwiceIsKeptOnce() throws Exception {
        Path session = tmp.resolve("twice");
        CliRun run = CliRun.run("run", "-q", "--max-rounds", "5", "-o", session.toString(), "--", "true");
        assertThat(run.code()).isEqualTo(ExitCode.LIMIT.code());
        Path store = tmp.resolve("store-twice");
        String[] add = {"history", "add", "--store", store.toString(), "--commit", "c1", session.toString()};
        assertThat(CliRun.run(add).code()).isZero();
        CliRun again = CliRun.run(add);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("is already in the store; not added again");
        assertThat(again.out()).contains("added 0 sessions");
        assertThat(Files.readAllLines(store.resolve(HistoryCommand.FILE))).hasSize(2); // the header and one row
    }

    /**
     * The CI workflow records each push's session to the same path (-o baseline, removed first) and adds it: every
     * session after the first was refused as "already in the store", exit 0, so history detect never saw a new
     * commit. A session is its directory and its start time: a new session at the same path is added.
     */
    @Test
    void aNewSessionAtTheSamePathIsAdded() throws Exception {
        Path session = tmp.resolve("baseline");
        Path store = tmp.resolve("store-ci");
        for (String sha : new String[] {"1111111", "2222222"}) {
            if (Files.exists(session)) {
                try (var paths = Files.walk(session)) {
                    for (Path p :
                            paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            CliRun run = CliRun.run("run", "-q", "--max-rounds", "5", "-o", session.toString(), "--", "true");
            assertThat(run.code()).isEqualTo(ExitCode.LIMIT.code());
            CliRun add = CliRun.run("history", "add", "--store", store.toString(), "--commit", sha, session.toString());
            assertThat(add.code()).as(add.err()).isZero();
            assertThat(add.err()).doesNotContain("already in the store");
        }
        java.util.List<String> rows = Files.readAllLines(store.resolve(HistoryCommand.FILE));
        assertThat(rows).hasSize(3);
        assertThat(rows.get(1)).startsWith("1111111,");
        assertThat(rows.get(2)).startsWith("2222222,");
    }

    @Test
    void anEmptyStoreSaysHowToFillIt() {
        CliRun r =
                CliRun.run("history", "detect", "--store", tmp.resolve("none").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("add sessions first");
    }

    /**
     * A history made as a user makes it: per commit, a session of 20 rounds whose readings have a CV of 5% around
     * {@code levels[i]} (recorded through the public API), added with {@code pilot history add --commit c0NN}.
     */
    private Path history(String name, PerformanceIndex pi, double... levels) throws Exception {
        Path store = tmp.resolve(name);
        SplittableRandom r = new SplittableRandom(name.hashCode());
        for (int i = 0; i < levels.length; i++) {
            Path dir = tmp.resolve(name + "-sessions").resolve("c" + i);
            SessionSettings settings =
                    SessionSettings.builder().pi(pi).maxRounds(20).build();
            try (Session s = Session.create(settings, dir, "app", null)) {
                for (int round = 0; round < 20; round++) {
                    s.addRound(0, RoundResult.ofReadings(levels[i] * (1 + 0.05 * r.nextGaussian())));
                }
                s.finish(StopReason.ROUND_LIMIT);
            }
            CliRun add = CliRun.run(
                    "history",
                    "add",
                    "--store",
                    store.toString(),
                    "--commit",
                    String.format(java.util.Locale.ROOT, "c%03d", i),
                    dir.toString());
            assertThat(add.code()).as(add.err()).isZero();
        }
        return store;
    }

    /** Ten commits at level 1, then {@code slow} commits at {@code factor}. */
    private static double[] levels(int slow, double factor) {
        double[] l = new double[10 + slow];
        java.util.Arrays.fill(l, 1.0);
        java.util.Arrays.fill(l, 10, l.length, factor);
        return l;
    }

    private static final PerformanceIndex TIME = PerformanceIndex.of("time", "s");

    @Test
    void theNewestCommit30PercentSlowerIsNamedAndExitsNonZero() throws Exception {
        CliRun r = CliRun.run(
                "history",
                "detect",
                "--store",
                history("one", TIME, levels(1, 1.3)).toString());
        assertThat(r.code())
                .as(r.out() + r.err())
                .isEqualTo(HistoryCommand.REGRESSION)
                .isNotZero();
        assertThat(r.out())
                .contains("time (s): 11 commits, 1 shift")
                .containsPattern("commit c010 made it (2[5-9]|3[0-5])\\.\\d% higher \\(95% CI .*t-test of the newest 1 "
                        + "against the 10 before: p < 0\\.001\\)")
                .contains("REGRESSION in the newest 3 commits: commit c010 made time worse");
    }

    @Test
    void twoNewestCommits15PercentSlowerNameTheFirstOfThem() throws Exception {
        CliRun r = CliRun.run(
                "history",
                "detect",
                "--store",
                history("two", TIME, levels(2, 1.15)).toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(HistoryCommand.REGRESSION);
        assertThat(r.out())
                .contains("time (s): 12 commits, 1 shift")
                .containsPattern("commit c010 made it 1\\d\\.\\d% higher .*newest 2 against the 10 before")
                .contains("REGRESSION in the newest 3 commits: commit c010");
    }

    /**
     * The user's finding: ten commits at one level and the newest one, two or three 2.3 times slower were "no
     * shift", exit 0; the search alone needed a fourth.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void newestCommits2Point3TimesSlowerAreNamedAndExitNonZero(int slow) throws Exception {
        CliRun r = CliRun.run(
                "history",
                "detect",
                "--store",
                history("slow" + slow, TIME, levels(slow, 2.3)).toString(),
                "--newest",
                "4");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(HistoryCommand.REGRESSION);
        assertThat(r.out())
                .containsPattern("commit c010 made it 1[23]\\d\\.\\d% higher")
                .contains("REGRESSION in the newest 4 commits: commit c010");
    }

    @Test
    void aFlatHistoryReportsNoShiftAndExitsZero() throws Exception {
        double[] flat = new double[12];
        java.util.Arrays.fill(flat, 1.0);
        CliRun r = CliRun.run(
                "history", "detect", "--store", history("flat12", TIME, flat).toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).isEqualTo("time (s): 12 commits, no shift\n");
    }

    /** Times that went down and a throughput that went up are better: reported, exit 0; a throughput down is not. */
    @Test
    void thePisDirectionDecidesWhatIsWorse() throws Exception {
        CliRun faster = CliRun.run(
                "history",
                "detect",
                "--store",
                history("faster", TIME, levels(1, 0.7)).toString());
        assertThat(faster.code()).as(faster.out() + faster.err()).isZero();
        assertThat(faster.out())
                .contains("commit c010 made it")
                .contains("lower")
                .doesNotContain("REGRESSION");
        PerformanceIndex rate = new PerformanceIndex("rate", "MB/s", PerformanceIndex.Kind.RATIO, true, false);
        CliRun more = CliRun.run(
                "history",
                "detect",
                "--store",
                history("more", rate, levels(1, 1.3)).toString());
        assertThat(more.code()).as(more.out() + more.err()).isZero();
        CliRun less = CliRun.run(
                "history",
                "detect",
                "--store",
                history("less", rate, levels(1, 0.7)).toString());
        assertThat(less.code()).as(less.out() + less.err()).isEqualTo(HistoryCommand.REGRESSION);
        assertThat(less.out()).contains("made rate worse (higher is better");
    }

    @Test
    void detectWritesJson() throws Exception {
        CliRun r = CliRun.run(
                "history",
                "detect",
                "--format",
                "json",
                "--store",
                history("json", TIME, levels(1, 1.3)).toString());
        assertThat(r.code()).as(r.err()).isEqualTo(HistoryCommand.REGRESSION);
        JsonNode root = JsonMapper.builder().build().readTree(r.out());
        assertThat(root.get("regression").asBoolean()).isTrue();
        assertThat(root.get("alpha").asDouble()).isEqualTo(0.01);
        assertThat(root.get("newest").asInt()).isEqualTo(3);
        JsonNode pi = root.get("pis").get(0);
        assertThat(pi.get("pi").asString()).isEqualTo("time");
        assertThat(pi.get("unit").asString()).isEqualTo("s");
        assertThat(pi.get("better").asString()).isEqualTo("lower");
        assertThat(pi.get("commits").asInt()).isEqualTo(11);
        JsonNode shift = pi.get("shifts").get(0);
        assertThat(shift.get("commit").asString()).isEqualTo("c010");
        assertThat(shift.get("index").asInt()).isEqualTo(10);
        assertThat(shift.get("direction").asString()).isEqualTo("higher");
        assertThat(shift.get("ratio").asDouble()).isBetween(1.25, 1.35);
        assertThat(shift.get("ratioLow").asDouble())
                .isLessThan(shift.get("ratio").asDouble());
        assertThat(shift.get("ratioHigh").asDouble())
                .isGreaterThan(shift.get("ratio").asDouble());
        assertThat(shift.get("pValue").asDouble()).isLessThan(0.001);
        assertThat(shift.get("test").asString()).isEqualTo("newest");
        assertThat(shift.get("newest").asBoolean()).isTrue();
        assertThat(shift.get("worse").asBoolean()).isTrue();
    }

    @Test
    void theSearchsShiftsAreInTheJsonButNotNewest() throws Exception {
        CliRun r = CliRun.run(
                "history",
                "detect",
                "--format",
                "json",
                "--store",
                store("step-json", 60, null).toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JsonMapper.builder().build().readTree(r.out());
        assertThat(root.get("regression").asBoolean()).isFalse();
        JsonNode shift = root.get("pis").get(0).get("shifts").get(0);
        assertThat(shift.get("test").asString()).isEqualTo("search");
        assertThat(shift.get("newest").asBoolean()).isFalse();
        assertThat(shift.get("worse").asBoolean()).isTrue();
    }

    /** A store written before the {@code better} column is still read, as lower is better. */
    @Test
    void aStoreWithoutTheBetterColumnIsReadAsLowerIsBetter() throws Exception {
        Path store = store("old", 100, null);
        Path file = store.resolve(HistoryCommand.FILE);
        Files.writeString(
                file,
                Files.readString(file)
                        .replace(",better\n", "\n")
                        .replace(",lower\n", "\n")
                        .replaceFirst(
                                "(?s)\\n[^\\n]*\\n$",
                                String.format(
                                        java.util.Locale.ROOT,
                                        "%nc099,main,2026-11-24T00:00:00Z,/s/99,wall time,s,130,0.5,40,Xeon / 2 / Linux 6.1 / 17.0.15%n")));
        assertThat(Files.readAllLines(file).get(0).split(",")).hasSize(10);
        CliRun r = CliRun.run("history", "detect", "--store", store.toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(HistoryCommand.REGRESSION);
        assertThat(r.out()).contains("commit c099 made it").contains("(lower is better");
    }

    @Test
    void badOptionsAreOneLineAndExitTwo() throws Exception {
        Path store = store("bad", 100, null);
        for (String[] args :
                new String[][] {{"--format", "csv"}, {"--format", "xml"}, {"--alpha", "1.5"}, {"--newest", "0"}}) {
            CliRun r = CliRun.run("history", "detect", "--store", store.toString(), args[0], args[1]);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(ExitCode.USAGE.code());
            assertThat(r.err()).as(String.join(" ", args)).contains(args[0]).hasLineCount(1);
        }
    }
}
