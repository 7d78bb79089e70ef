package io.pilotbench.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Campaigns that run real processes, in this JVM. */
@SystemTest
class CampaignTest {
    @TempDir
    Path dir;

    private final StringWriter log = new StringWriter();

    private Campaign start(String script, Map<String, String> args) throws IOException {
        Path f = dir.resolve("c.pilot");
        Files.writeString(f, script);
        Path results = dir.resolve("results");
        Files.createDirectories(results);
        return Campaign.start(f, args, results, new PrintWriter(log), () -> null);
    }

    private List<String> rows(String testDir) throws IOException {
        List<String> lines =
                Files.readAllLines(dir.resolve("results").resolve(testDir).resolve("runs.csv"));
        return lines.subList(1, lines.size());
    }

    /**
     * Four copies are started one after another and each waits a different time (0.1 to 0.4 s) before it reaches
     * the barrier; their own clocks show them starting EXEC together, and the run's elapsed time counts from the
     * release, not from the first spawn.
     */
    @Test
    void threadCopiesStartTogetherBehindTheBarrier() throws Exception {
        Campaign c = start("""
                THREADS 4
                TEST barrier 3 1 getstats --predicate '$count >= 3' --column elapsed
                  EXEC date +%%s%%N > start-$PILOT_THREAD-$APTHREAD-$PILOT_RUN
                DONE
                """, Map.of());
        c.beforeBarrier = "sleep 0.$PILOT_THREAD";
        assertThat(c.run()).isEqualTo(Campaign.OK);
        for (int run = 1; run <= 3; run++) {
            List<Long> starts = new ArrayList<>();
            for (int k = 1; k <= 4; k++) {
                starts.add(Long.parseLong(Files.readString(dir.resolve("start-" + k + "-" + k + "-" + run))
                        .strip()));
            }
            long spreadNanos = starts.stream().mapToLong(x -> x).max().getAsLong()
                    - starts.stream().mapToLong(x -> x).min().getAsLong();
            // without the barrier the copies would start 100 ms apart (sleep 0.1 ... 0.4)
            assertThat(spreadNanos)
                    .as("run %d: copies started %d ms apart", run, spreadNanos / 1_000_000)
                    .isLessThan(25_000_000L);
        }
        for (String row : rows("000-barrier")) {
            String[] f = row.split(",");
            assertThat(Double.parseDouble(f[1]))
                    .as("elapsed from the release, not from the spawns")
                    .isLessThan(0.25);
            assertThat(f[7]).isEqualTo("4");
        }
    }

    /**
     * A failed PRESETUP ended the campaign as bad usage (exit 2, no position), without running FASTFAIL, and skipped
     * the TESTs after it even without FASTFAIL; a failed POSTCLEANUP was not said. A failed PRESETUP now fails its
     * TEST as a failed run does, and a failed POSTCLEANUP is said.
     */
    @Test
    void aFailedPresetupFailsItsTestNotTheCampaignsUsage() throws Exception {
        Campaign c = start("""
                TEST a 2 1 getstats --predicate '$count >= 2'
                  PRESETUP false
                  EXEC true
                DONE
                TEST b 1 1 getstats --predicate '$count >= 1'
                  EXEC touch b-ran
                  POSTCLEANUP exit 3
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.FAILED);
        assertThat(dir.resolve("b-ran")).exists();
        CampaignState s = CampaignState.read(dir.resolve("results/campaign.json"));
        assertThat(s.finished)
                .extracting(CampaignState.Finished::stop)
                .containsExactly("WORKLOAD_FAILED", "RUNS_ASKED");
        assertThat(s.finished.get(0).why()).contains("PRESETUP 'false' exited with 1");
        assertThat(log.toString()).contains("POSTCLEANUP 'exit 3' exited with 3");
    }

    /** With FASTFAIL, a failed PRESETUP runs the FASTFAIL command and stops the campaign as a failed run does. */
    @Test
    void aFailedPresetupRunsFastfail() throws Exception {
        Campaign ff = start("""
                FASTFAIL touch fastfail-ran
                TEST a 2 1 getstats --predicate '$count >= 2'
                  PRESETUP false
                  EXEC true
                DONE
                TEST never
                  EXEC touch never-ran
                DONE
                """, Map.of());
        assertThat(ff.run()).isEqualTo(Campaign.FAILED);
        assertThat(dir.resolve("fastfail-ran")).exists();
        assertThat(dir.resolve("never-ran")).doesNotExist();
    }

    @Test
    void fastfailStopsAtTheFailedRunAndRunsItsScript() throws Exception {
        Campaign c = start("""
                FASTFAIL echo "paged about %NAME%" > fastfail-ran
                VAR NAME=bad
                TEST ok 2 1 getstats --predicate '$count >= 2'
                  EXEC true
                DONE
                TEST bad 4 1 getstats --predicate '$count >= 4'
                  EXEC test $PILOT_RUN -lt 3
                DONE
                TEST never
                  EXEC touch never-ran
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.FAILED);
        assertThat(Files.readString(dir.resolve("fastfail-ran"))).isEqualTo("paged about bad\n");
        assertThat(dir.resolve("never-ran")).doesNotExist();
        assertThat(rows("000-ok")).hasSize(2);
        List<String> bad = rows("001-bad");
        assertThat(bad).hasSize(3);
        assertThat(bad.get(2).split(",")[6]).isEqualTo("1"); // run 3 exited with 1, and nothing ran after it
        CampaignState s = CampaignState.read(dir.resolve("results/campaign.json"));
        assertThat(s.failed).isTrue();
        // TEST ok asked for 2 runs and no precision: it did not meet a target
        assertThat(s.finished)
                .extracting(CampaignState.Finished::stop)
                .containsExactly("RUNS_ASKED", "WORKLOAD_FAILED");
        assertThat(log.toString()).contains("FASTFAIL stops the campaign");
    }

    /** FOR with a decimal STEP gave 0.30000000000000004 (and FACTOR 1.1 gave 1.2100000000000002) to commands. */
    @Test
    void aDecimalStepOrFactorCountsInDecimal() throws Exception {
        Campaign c = start("""
                FOR T=0.1 TO 0.3 STEP 0.1
                  EXEC echo "t %T%" >> seen
                DONE
                FOR F=1 TO 1.4 FACTOR 1.1
                  EXEC echo "f %F%" >> seen
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.OK);
        assertThat(Files.readAllLines(dir.resolve("seen")))
                .containsExactly("t 0.1", "t 0.2", "t 0.3", "f 1", "f 1.1", "f 1.21", "f 1.331");
    }

    @Test
    void loopsVariablesAndConditionsDriveTheTests() throws Exception {
        Campaign c = start("""
                ENV GREETING=hello
                FOREACH C a b
                  FOR N=1 TO 8 FACTOR 2
                    IF %N% == 2
                      VAR KIND=two
                    ELSEIF %N% > 2
                      VAR KIND=many
                    ELSE
                      VAR KIND=one
                    FI
                    TEST %C%-%N% 1 1 getstats --predicate '$count >= 1'
                      EXEC echo "%C% %N% %KIND% $GREETING$ $GREETING" >> seen
                    DONE
                  DONE
                DONE
                VAR I=0
                WHILE %I% < 3
                  VAR I=%I%1
                DONE
                FOR K=3 TO 1 STEP -1
                  EXEC echo "k %K% %I%" >> seen
                DONE
                """, Map.of("SIZE", "ignored"));
        assertThat(c.run()).isEqualTo(Campaign.OK);
        assertThat(Files.readAllLines(dir.resolve("seen")))
                .containsExactly(
                        "a 1 one hello hello",
                        "a 2 two hello hello",
                        "a 4 many hello hello",
                        "a 8 many hello hello",
                        "b 1 one hello hello",
                        "b 2 two hello hello",
                        "b 4 many hello hello",
                        "b 8 many hello hello",
                        "k 3 011",
                        "k 2 011",
                        "k 1 011");
    }

    /** docs/script.md: a counter made by VAR's arithmetic drives WHILE %I% < 3 to exactly three iterations. */
    @Test
    void aVarCounterDrivesWhileToExactlyThreeIterations() throws Exception {
        Campaign c = start("""
                VAR I=0
                WHILE %I% < 3
                  EXEC echo "iteration %I%" >> seen
                  VAR I=$((%I% + 1))
                DONE
                VAR HALF = $(( (%I% - 0.5) * 2 / 4 ))
                ENV THIRD=$((-%I%/9+1))
                EXEC echo "%I% %HALF% $THIRD" >> seen
                """, Map.of());
        int code = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), c::run);
        assertThat(code).isEqualTo(Campaign.OK);
        assertThat(Files.readAllLines(dir.resolve("seen")))
                .containsExactly("iteration 0", "iteration 1", "iteration 2", "3 1.25 0.6666666666666667");
    }

    @Test
    void arithmeticOnSomethingNotANumberIsOneLineWhereItIs() throws Exception {
        Campaign c = start("""
                VAR I=abc
                VAR J=$((%I% + 1))
                """, Map.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(c::run)
                .isInstanceOf(ScriptException.class)
                .hasMessageEndingWith("c.pilot:2:10: expected %I% to be a number in $((%I% + 1)), but it is 'abc'");
        // set nowhere: refused before the campaign starts; set only later: refused when the VAR runs
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> start("VAR J=$((%NOPE% + 1))\n", Map.of()))
                .isInstanceOf(ScriptException.class)
                .hasMessageEndingWith("c.pilot:1:10: " + Substitution.unset("NOPE"));
        c = start("""
                VAR J=$((%NOPE% + 1))
                VAR NOPE=0
                """, Map.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(c::run)
                .isInstanceOf(ScriptException.class)
                .hasMessageEndingWith("c.pilot:1:10: %NOPE% is not set, so $((%NOPE% + 1)) has no value; set it "
                        + "before (e.g. VAR NOPE=0)");
        c = start("""
                VAR I=2
                VAR K=$((1 / (%I% - %I%)))
                """, Map.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(c::run)
                .isInstanceOf(ScriptException.class)
                .hasMessageEndingWith(
                        "c.pilot:2:12: division by zero in $((1 / (%I% - %I%))); check the values " + "of its %VAR%s");
    }

    @Test
    void aTestWithoutAProgramStopsAtPilotsTargetNeverBeforeMinRuns() throws Exception {
        Campaign c = start("""
                TEST held 70
                  OPTION ci-width 50%
                  EXEC true
                DONE
                TEST free
                  OPTION ci-width 50%
                  EXEC true
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.OK);
        CampaignState s = CampaignState.read(dir.resolve("results/campaign.json"));
        assertThat(s.finished).extracting(CampaignState.Finished::stop).containsExactly("TARGET_MET", "TARGET_MET");
        // a 50% CI on `true` needs about Pilot's minimum of 20 samples; min-runs holds the first TEST to 70
        assertThat(rows("000-held")).hasSizeGreaterThanOrEqualTo(70);
        assertThat(rows("001-free")).hasSizeGreaterThanOrEqualTo(20);
        assertThat(dir.resolve("results/000-held/session.json")).exists();
    }

    @Test
    void aLimitEndsATestWithExitCodeThree() throws Exception {
        Campaign c = start("""
                TEST capped 1 1 getstats --predicate '$count > 100'
                  OPTION max-runs 4
                  EXEC true
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.LIMIT);
        assertThat(rows("000-capped")).hasSize(4);
    }

    /**
     * The paper's predicate, a precision OR a run cap: the TEST whose times spread 10-40 ms stops at the cap, with
     * its precision far from the 1% asked; that is a limit (exit code 3), not a target met. The TEST whose
     * precision holds before the cap met its target.
     */
    /**
     * The run cap's message gave the precision of elapsed alone, which had met the 5% asked, and not the columns that
     * had not (user ±9.5%, system ±69%): the getstats stop program tests elapsed, user and system by default. Each
     * column it tests is named with its half-width, and those short of the precision say so.
     */
    @Test
    void aRunCapNamesTheColumnsShortOfThePrecision() throws Exception {
        Campaign c = start("""
                TEST cap 2 1 getstats --predicate '($hw% < 50) || ($count >= 4)' --column elapsed,wait
                  EXEC sleep 0.$PILOT_RUN
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.LIMIT);
        CampaignState s = CampaignState.read(dir.resolve("results/campaign.json"));
        String why = s.finished.get(0).why();
        assertThat(why).contains("(elapsed ±").contains(", wait ±").contains("at 95% confidence");
        // sleeps of 0.1 to 0.4 s spread more than ±50%: elapsed is short of it
        assertThat(why).containsPattern("elapsed ±[0-9.]+% short of it");
    }

    @Test
    void aTestEndedByItsRunCapIsNotReportedAsTargetMet() throws Exception {
        Campaign c = start("""
                TEST spread 2 1 getstats --predicate '($delta < 0.01 * $mean) || ($count >= 4)' --column elapsed
                  EXEC sleep 0.$PILOT_RUN
                DONE
                TEST loose 3 1 getstats --predicate '($hw% < 10000) || ($count >= 50)' --column elapsed
                  EXEC true
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.LIMIT);
        assertThat(rows("000-spread")).hasSize(4);
        assertThat(rows("001-loose")).hasSize(3);
        CampaignState s = CampaignState.read(dir.resolve("results/campaign.json"));
        assertThat(s.finished).extracting(CampaignState.Finished::stop).containsExactly("RUN_CAP", "TARGET_MET");
        assertThat(s.finished.get(0).why())
                .startsWith("ended by the run cap of its stop program ($count), not by " + "its precision (elapsed ±")
                .endsWith("; the target was not met");
        assertThat(log.toString())
                .contains("TEST loose: 3 runs in")
                .contains("target met: its stop program's precision held");
        assertThat(log.toString()
                        .lines()
                        .filter(l -> l.startsWith("pilot: TEST spread: 4 runs"))
                        .findFirst()
                        .orElseThrow())
                .doesNotContain("target met")
                .contains("run cap");
        assertThat(Files.readString(dir.resolve("results/000-spread/session.json")))
                .as("the Pilot session does not claim it converged")
                .contains("\"stopReason\" : \"round_limit\"");
    }

    @Test
    void aMissingStopProgramIsAnErrorNotAnEndlessTest() throws Exception {
        for (String program :
                List.of("./no-such-check.sh", "no-such-command-for-pilot --done", "true && ./no-such-check.sh")) {
            Campaign c = start("TEST t 1 1 " + program + "\n  EXEC touch ran\nDONE\n", Map.of());
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () -> org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                                    java.time.Duration.ofSeconds(20), c::run))
                    .isInstanceOf(ScriptException.class)
                    .hasMessageContaining("c.pilot:1:1: TEST t: the stop program ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            if (!program.startsWith("true")) {
                assertThat(dir.resolve("ran"))
                        .as("checked before the TEST's first run")
                        .doesNotExist();
            }
        }
    }

    @Test
    void anExternalStopProgramSeesTheResultsSoFar() throws Exception {
        Campaign c = start("""
                TEST ext 2 2 test $(wc -l < %RESULTS%) -gt 6
                  EXEC true
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.OK);
        // checked after 2, 4, 6 runs (header + 6 rows = 7 lines > 6 → stop)
        assertThat(rows("000-ext")).hasSize(6);
    }

    @Test
    void coolingNeedsRootAndSaysSoBeforeTheFirstRun() throws Exception {
        Campaign c = start("""
                COOL drop-caches
                TEST cold
                  EXEC touch ran
                DONE
                """, Map.of());
        c.root = false;
        org.assertj.core.api.Assertions.assertThatThrownBy(c::run)
                .isInstanceOf(ScriptException.class)
                .hasMessageEndingWith(
                        "c.pilot:1:1: COOL drop-caches needs root (drop caches, remount) and pilot runs as "
                                + System.getProperty("user.name")
                                + "; run pilot script as root, use COOL chill (no root "
                                + "needed), or remove the COOL line");
        assertThat(dir.resolve("ran")).doesNotExist();
    }

    /** A copy that dies before it reaches the barrier fails the run; the others are released, nothing hangs. */
    @Test
    void aCopyDyingBeforeTheBarrierFailsTheRunWithoutHanging() throws Exception {
        Campaign c = start("""
                THREADS 3
                TEST dies 2 1 getstats --predicate '$count >= 2'
                  EXEC echo ran > ran-$PILOT_THREAD
                DONE
                """, Map.of());
        c.beforeBarrier = "[ $PILOT_THREAD = 2 ] && exit 3";
        int code = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), c::run);
        assertThat(code).isEqualTo(Campaign.FAILED);
        assertThat(rows("000-dies")).singleElement().satisfies(r -> assertThat(r.split(",")[6])
                .isEqualTo("3"));
        assertThat(dir.resolve("ran-1")).exists();
        assertThat(dir.resolve("ran-3")).exists();
        assertThat(dir.resolve("ran-2")).doesNotExist();
    }

    @Test
    void aMeasureThatCannotMeasureHereIsOneLineBeforeAnyRun() throws Exception {
        // refused when the campaign starts, before its journal is written (MeasureCheck), not when it is reached
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> start("""
                        MEASURE io no-such-disk
                        TEST t
                          EXEC touch ran
                        DONE
                        """, Map.of()))
                .isInstanceOf(ScriptException.class)
                .hasMessageContaining("c.pilot:1:1: MEASURE io cannot measure here: ")
                .hasMessageContaining("no device no-such-disk");
        assertThat(dir.resolve("ran")).doesNotExist();
    }

    /** Per run, user and system CPU are the sums over the copies: two copies of a busy loop use twice one's. */
    @Test
    void threadCopiesCpuTimesAreSummed() throws Exception {
        Campaign c = start("""
                FOR T=1 TO 2
                  THREADS %T%
                  TEST busy-%T% 5 1 getstats --predicate '$count >= 5' --column elapsed
                    EXEC i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done
                  DONE
                DONE
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.OK);
        double one = medianCpuShare(rows("000-busy-1"));
        double two = medianCpuShare(rows("001-busy-2"));
        assertThat(one).isPositive();
        // Compared as CPU over elapsed time, about 1 for one busy copy, 2 for two summed (one copy's: 1; counted
        // twice: 4). Not as CPU seconds: this VM runs the same loop in 0.12 s of CPU in one run and 0.18-0.19 s in
        // the next (/usr/bin/time, an idle machine), so the ratio of CPU seconds fell to 1.38 and 1.42 in two runs;
        // a copy's share of its elapsed time does not depend on how fast its CPU ran. Two copies that do not overlap
        // fully stay below 2 (1.65-1.77 measured)
        assertThat(two / one).as("CPU share of 2 copies / CPU share of 1").isBetween(1.3, 2.6);
    }

    /** The median over runs of (user + system CPU) / elapsed. */
    private static double medianCpuShare(List<String> rows) {
        double[] cpu = rows.stream()
                .mapToDouble(r -> {
                    String[] f = r.split(",");
                    return (Double.parseDouble(f[2]) + Double.parseDouble(f[3])) / Double.parseDouble(f[1]);
                })
                .sorted()
                .toArray();
        return cpu.length % 2 == 1 ? cpu[cpu.length / 2] : (cpu[cpu.length / 2 - 1] + cpu[cpu.length / 2]) / 2;
    }

    @Test
    void conditionsSeeTheLastTestsStatisticsAndHooksAddColumns() throws Exception {
        Campaign c = start("""
                MEASURE free-memory
                TEST quick 3 1 getstats --predicate '$count >= 3'
                  EXEC sleep 0.01
                DONE
                IF $mean < 5 && $count == 3
                  EXEC echo "mean below 5 s after 3 runs" > verdict
                ELSE
                  EXEC echo "no" > verdict
                FI
                """, Map.of());
        assertThat(c.run()).isEqualTo(Campaign.OK);
        assertThat(Files.readString(dir.resolve("verdict"))).isEqualTo("mean below 5 s after 3 runs\n");
        List<String> lines = Files.readAllLines(dir.resolve("results/000-quick/runs.csv"));
        assertThat(lines.get(0)).endsWith(",threads,mem_free_kb,mem_available_kb");
        assertThat(Double.parseDouble(lines.get(1).split(",")[9])).isPositive();
    }

    /** A single comparison with a Getstats variable compares numbers, as the same comparison inside && does. */
    @Test
    void ifComparesGetstatsVariablesAsNumbers() throws Exception {
        StringBuilder ifs = new StringBuilder();
        for (String c : List.of(
                "$count >= 3",
                "$count == 3",
                "$count > 2.5",
                "$count < 3",
                "3 <= $count",
                "$count >= 3 && $count >= 3")) {
            ifs.append("IF ")
                    .append(c)
                    .append("\n  EXEC echo 'then ")
                    .append(c)
                    .append("' >> taken\n")
                    .append("ELSE\n  EXEC echo 'else ")
                    .append(c)
                    .append("' >> taken\nFI\n");
        }
        Campaign c = start("""
                TEST three 3 1 getstats --predicate '$count >= 3'
                  EXEC true
                DONE
                """ + ifs, Map.of());
        c.run();
        assertThat(rows("000-three")).hasSize(3);
        assertThat(Files.readAllLines(dir.resolve("taken")))
                .containsExactly(
                        "then $count >= 3",
                        "then $count == 3",
                        "then $count > 2.5",
                        "else $count < 3",
                        "then 3 <= $count",
                        "then $count >= 3 && $count >= 3");
    }

    /** MEASURE remote over a real sshd: each run appends a line to a file the remote command counts, so the recorded
     *  difference (after − before) is exactly 1 per run. */
    @Test
    void remoteMeasurementRunsOverRealSshBeforeAndAfterEveryRun() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                SshServer.available(), "no OpenSSH server (/usr/sbin/sshd): apt-get install openssh-server");
        Path keys = Files.createDirectories(dir.resolve("ssh"));
        Path counted = dir.resolve("counted");
        Files.writeString(counted, "");
        try (SshServer sshd = SshServer.start(keys)) {
            Campaign c = start(
                    "ENV PILOT_SSH=\"" + sshd.sshCommand() + "\"\n"
                            + "MEASURE remote " + sshd.host() + " wc -l < " + counted + "\n"
                            + "TEST remote 4 1 getstats --predicate '$count >= 4'\n"
                            + "  EXEC echo run >> " + counted + "\n"
                            + "DONE\n",
                    Map.of());
            assertThat(c.run()).as(log.toString()).isEqualTo(Campaign.OK);
        }
        List<String> lines = Files.readAllLines(dir.resolve("results/000-remote/runs.csv"));
        int col = List.of(lines.get(0).split(","))
                .indexOf("remote_" + System.getProperty("user.name").replaceAll("[^A-Za-z0-9]", "_") + "_127_0_0_1");
        assertThat(col).as(lines.get(0)).isPositive();
        assertThat(lines.subList(1, lines.size())).hasSize(4).allSatisfy(r -> assertThat(
                        Double.parseDouble(r.split(",")[col]))
                .isEqualTo(1.0));
        assertThat(Files.readAllLines(counted)).hasSize(4);
    }

    /** COOL chill runs the chill program before every run, without root; it dirties the size asked for (its peak
     *  resident size, reported by the chill itself, is at least that). */
    @Test
    void chillDirtiesTheMemoryAskedForBeforeEveryRun() throws Exception {
        Campaign c = start("""
                COOL chill 64M
                TEST cold 2 1 getstats --predicate '$count >= 2'
                  EXEC true
                DONE
                """, Map.of());
        assertThat(c.run()).as(log.toString()).isEqualTo(Campaign.OK);
        List<String> lines = Files.readAllLines(dir.resolve("results/000-cold/cool.out"));
        assertThat(lines).hasSize(2).allSatisfy(l -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                            "chill: dirtied 64 MiB \\(peak resident (\\d+) MiB\\) in [0-9.]+ s")
                    .matcher(l);
            assertThat(m.matches()).as(l).isTrue();
            assertThat(Long.parseLong(m.group(1))).isGreaterThanOrEqualTo(64);
        });
    }

    @Test
    void chillSizesComeFromTheScriptOrFromWhatTheKernelCallsAvailable() throws IOException {
        assertThat(Chill.parseSize("64M")).isEqualTo(64L << 20);
        assertThat(Chill.parseSize("2g")).isEqualTo(2L << 30);
        assertThat(Chill.parseSize("4096")).isEqualTo(4096L);
        assertThat(Chill.parseSize("lots")).isNull();
        assertThat(Chill.parseSize("-5M")).isNull();
        Path meminfo = Files.writeString(
                dir.resolve("meminfo"),
                "MemTotal:       24000000 kB\n" + "MemFree:         1000000 kB\nMemAvailable:   20000000 kB\n");
        assertThat(Chill.defaultBytes(meminfo)).isEqualTo(20_000_000L * 1024 - (256L << 20));
        Files.writeString(meminfo, "MemAvailable:      1000 kB\n");
        assertThat(Chill.defaultBytes(meminfo)).isEqualTo(Chill.SMALLEST);
    }

    /**
     * OPTION max-time bounds a TEST also in the middle of a run, as pilot run --max-time does: a SETUP or EXEC that
     * never ends is killed with its process group when the time passes (SIGTERM, then SIGKILL after the launcher's
     * 2 s grace period, so at most 3 s + 2 s here), the run is dropped, and the TEST ends at its limit (exit 3).
     */
    @ParameterizedTest
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @ValueSource(
            strings = {
                "  EXEC sleep 917",
                "  SETUP sleep 917\n  EXEC true",
                "  SETUP trap '' TERM; sleep 917\n" + "  EXEC true"
            })
    void maxTimeBoundsARunningExecOrSetup(String body) throws Exception {
        Campaign c = start(
                "TEST hung\n  OPTION max-time 3s\n" + body + "\nDONE\nTEST next 2 1 getstats "
                        + "--predicate '$count >= 2'\n  EXEC true\nDONE\n",
                Map.of());
        long t0 = System.nanoTime();
        int code = c.run();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(code).as(log.toString()).isEqualTo(Campaign.LIMIT);
        assertThat(seconds)
                .as("3 s of max-time and 2 s of grace, with a margin")
                .isLessThan(7);
        assertThat(log.toString()).contains("TEST hung: 0 runs").contains("OPTION max-time reached");
        assertThat(rows("001-next")).as("the campaign goes on after the TEST").hasSize(2);
        assertThat(ProcessHandle.current()
                        .descendants()
                        .filter(h -> h.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains("917"))
                                .orElse(false))
                        .toList())
                .as("nothing of the killed run is left")
                .isEmpty();
    }
}
