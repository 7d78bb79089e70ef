package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code pilot script} end to end: real processes, a real kill -9, a simulated reboot. */
@EnabledOnOs(OS.LINUX)
class ScriptCommandTest {
    @TempDir
    Path tmp;

    private Process pilot(String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd =
                new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
    }

    /** Waits (30 s at most) until a TEST's runs.csv holds two runs: the campaign is in the middle of that TEST. */
    private void awaitTwoRuns(Path runsCsv) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((!Files.exists(runsCsv) || lines(runsCsv).size() < 3) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }

    private List<String> lines(Path p) throws IOException {
        return Files.readAllLines(p);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "TEST a 3 2|1:12: expected a stop program after the batch size",
                "FOREACH X a b|1:1: expected DONE to end this FOREACH before the end of the file",
                "EXEC 'oops|1:6: expected a closing ' before the end of the line",
                "THREADS=x|1:9: expected a thread count of at least 1, found 'x'",
                "INCLUDE bad.pilot|1:9: INCLUDE cycle: bad.pilot is already being included"
            })
    void aMistakeIsOneLineWithFileLineColumnAndExitCodeTwoBeforeAnythingRuns(String script, String expected)
            throws IOException {
        Path f = tmp.resolve("bad.pilot");
        Files.writeString(f, "EXEC touch ran\n" + script.replace("1:", "") + "\n");
        CliRun r = CliRun.run("script", "-o", tmp.resolve("res").toString(), f.toString());
        String where = f + ":" + (Integer.parseInt(expected.substring(0, 1)) + 1) + expected.substring(1);
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).startsWith("pilot: " + where).endsWith("\n").hasLineCount(1);
        assertThat(tmp.resolve("ran")).as("nothing ran").doesNotExist();
        assertThat(tmp.resolve("res")).as("no results directory").doesNotExist();
    }

    /**
     * What the run refused only on reaching the TEST (after the TESTs before it ran, and after campaign.json was
     * written, so the same -o was then "not empty"), or let through: --check and the start of a run refuse it with one
     * line, file:line:column and how to fix it, exit 2, before anything runs or is written.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "TEST b;  EXEC true;  EXEC false;DONE|4:3: expected one EXEC in a TEST",
                "TEST b;  OPTION ci-width -5%;  EXEC true;DONE|3:19: expected a value for OPTION ci-width, found '-5%'",
                "TEST b 1 1 getstats --predicate '$meen < 3';  EXEC true;DONE|2:12: expected a stop program: predicate "
                        + "'$meen < 3': no variable $meen",
                "IF $meen > 3;  EXEC true;FI|2:4: expected a condition such as %X% == 1 or $count >= 3, found '$meen > 3'",
                "EXEC echo %UNDEFINED%|2:11: %UNDEFINED% is not set",
                "COOL chill 64Mo|2:12: expected COOL chill [SIZE] with a size such as 512MiB"
            })
    void checkRefusesWhatTheRunRefusedOnlyOnReachingItBeforeWritingAnything(String script, String expected)
            throws IOException {
        Path f = tmp.resolve("bad.pilot");
        Files.writeString(f, "EXEC touch ran\n" + script.replace(";", "\n") + "\n");
        String where = f + ":" + expected.substring(0, expected.indexOf(' '));
        CliRun check = CliRun.run("script", "--check", f.toString());
        assertThat(check.code()).as(check.out() + check.err()).isEqualTo(ExitCode.USAGE.code());
        assertThat(check.err())
                .startsWith("pilot: " + where + " " + expected.substring(expected.indexOf(' ') + 1))
                .hasLineCount(1);
        Path res = Files.createDirectories(tmp.resolve("res"));
        CliRun r = CliRun.run("script", "-o", res.toString(), f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).isEqualTo(check.err());
        assertThat(tmp.resolve("ran")).as("nothing ran").doesNotExist();
        try (var entries = Files.list(res)) {
            assertThat(entries.toList())
                    .as("nothing written to -o, so it can be used again")
                    .isEmpty();
        }
    }

    /**
     * The README writes sizes as MiB (--keep-output 64KiB); COOL chill takes the same units (it refused 64MiB when the
     * TEST started, after campaign.json was written).
     */
    @Test
    void coolChillTakesTheSizeUnitsOfTheRestOfTheReadme() throws IOException {
        Path f = tmp.resolve("c.pilot");
        Files.writeString(f, "COOL chill 1GiB\nCOOL chill 512M\nTEST t\n  EXEC true\nDONE\n");
        CliRun check = CliRun.run("script", "--check", f.toString());
        assertThat(check.code()).as(check.err()).isZero();
        assertThat(check.out()).isEqualTo(f + ": OK\n");
        Files.writeString(f, "COOL chill 64MiB\nTEST t 1 1 getstats --predicate '$count >= 1'\n  EXEC true\nDONE\n");
        Path res = tmp.resolve("res");
        CliRun run = CliRun.run("script", "-q", "-o", res.toString(), f.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(Files.readString(res.resolve("000-t/cool.out"))).startsWith("chill: dirtied 64 MiB");
    }

    /** INCLUDEs nested 1,000 deep: one line at the INCLUDE past the bound, not a stack trace. */
    @Test
    void thousandDeepIncludesAreOneLineNotAStackTrace() throws IOException {
        for (int i = 0; i < 1000; i++) {
            Files.writeString(tmp.resolve("inc" + i + ".pilot"), "INCLUDE inc" + (i + 1) + ".pilot\n");
        }
        Files.writeString(tmp.resolve("inc1000.pilot"), "EXEC true\n");
        CliRun check = CliRun.run("script", "--check", tmp.resolve("inc0.pilot").toString());
        assertThat(check.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(check.err())
                .startsWith("pilot: inc63.pilot:1:9: expected INCLUDEs nested at most 64 deep")
                .hasLineCount(1);
    }

    /** %%: a literal %, so that date +%%s%%N reaches the shell as date +%s%N. */
    @Test
    void percentPercentIsALiteralPercent() throws Exception {
        Path f = tmp.resolve("c.pilot");
        Files.writeString(f, "VAR X=1\nEXEC printf '%%s-%X%-100%%%%' now > out.txt\n");
        CliRun r = CliRun.run("script", "-q", "-o", tmp.resolve("res").toString(), f.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(tmp.resolve("out.txt"))).isEqualTo("now-1-100%");
    }

    @Test
    void aMissingStopProgramIsAnErrorNotAnEndlessTest() throws IOException {
        Path f = tmp.resolve("c.pilot");
        Files.writeString(f, "TEST t 1 1 ./check.sh\n  EXEC touch ran\nDONE\n");
        CliRun r = CliRun.run("script", "-o", tmp.resolve("res").toString(), f.toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .startsWith("pilot: " + f + ":1:1: TEST t: the stop program ./check.sh does not exist")
                .endsWith("\n")
                .hasLineCount(1);
        assertThat(tmp.resolve("ran")).as("checked before the TEST's first run").doesNotExist();
    }

    @Test
    void aTestEndedByItsRunCapIsNotReportedAsTargetMet() throws IOException {
        Path f = tmp.resolve("c.pilot");
        Files.writeString(
                f,
                "TEST spread 2 1 getstats --predicate '($hw% < 0.01) || ($count >= 3)' --column "
                        + "elapsed\n  EXEC sleep 0.$PILOT_RUN\nDONE\n");
        CliRun r = CliRun.run("script", "-o", tmp.resolve("res").toString(), f.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.err())
                .contains("TEST spread: 3 runs in")
                .contains("ended by the run cap of its stop program")
                .doesNotContain("target met");
        assertThat(Files.readString(tmp.resolve("res/campaign.json"))).contains("\"stop\" : \"RUN_CAP\"");
    }

    /**
     * pilot runs in one directory with a relative -o; the script, and so its commands, in another: %RESULTS% and
     * %RESULTS_DIR% still name the results, so the stop program finds runs.csv and ends the TEST after 3 runs.
     */
    @Test
    void resultsVariablesAreAbsoluteSoCommandsInTheScriptsFolderFindThem() throws Exception {
        Path scripts = Files.createDirectories(tmp.resolve("scripts"));
        Files.writeString(scripts.resolve("c.pilot"), """
                EXEC echo "%RESULTS_DIR%" > where
                TEST t 1 1 test $(wc -l < %RESULTS%) -gt 3
                  OPTION max-runs 20
                  EXEC true
                DONE
                """);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "script",
                        "-o",
                        "res",
                        "scripts/c.pilot")
                .directory(tmp.toFile())
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(tmp.resolve("err.txt"))).isZero();
        assertThat(lines(tmp.resolve("res/001-t/runs.csv"))).hasSize(1 + 3);
        assertThat(Files.readString(scripts.resolve("where")).strip())
                .isEqualTo(tmp.resolve("res").toRealPath().toString());
    }

    /**
     * kill -9 of pilot script while the second of three TESTs runs; --resume finishes the campaign: the first TEST
     * is not run again, and each TEST has its 6 runs, numbered 1..6, none lost and none twice.
     */
    @Test
    void killNineMidCampaignThenResumeLosesAndDoublesNothing() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(script, """
                FOREACH T one two three
                  TEST %T% 6 1 getstats --predicate '$count >= 6' --column elapsed
                    EXEC echo "%T% $PILOT_RUN" >> ran.log; sleep 0.1
                  DONE
                DONE
                """);
        Path res = tmp.resolve("res");
        Process p = pilot("script", "-o", res.toString(), script.toString());
        Path two = res.resolve("001-two").resolve("runs.csv");
        awaitTwoRuns(two);
        p.destroyForcibly(); // SIGKILL: no handler, no cleanup
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(137);
        int twoBefore = lines(two).size() - 1;
        assertThat(twoBefore).as("killed in the middle of TEST two").isBetween(2, 5);
        Thread.sleep(200); // the EXEC in flight ends on its own

        CliRun r = CliRun.run("script", "--resume", res.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err())
                .contains("resuming after step 1")
                .contains("TEST two: continuing after " + twoBefore + " runs");
        List<String> ran = lines(tmp.resolve("ran.log"));
        for (String t : List.of("one", "two", "three")) {
            List<String> runs = ran.stream().filter(l -> l.startsWith(t + " ")).toList();
            assertThat(runs.stream().distinct().sorted().toList())
                    .as(t)
                    .containsExactly(t + " 1", t + " 2", t + " 3", t + " 4", t + " 5", t + " 6");
            // only the run killed half-way may have started twice; it was recorded once
            assertThat(runs).hasSizeBetween(6, t.equals("two") ? 7 : 6);
        }
        for (String d : List.of("000-one", "001-two", "002-three")) {
            List<String> rows = lines(res.resolve(d).resolve("runs.csv"));
            assertThat(rows.subList(1, rows.size()))
                    .extracting(l -> l.split(",")[0])
                    .as(d)
                    .containsExactly("1", "2", "3", "4", "5", "6");
            assertThat(lines(res.resolve(d).resolve("rounds.csv")))
                    .as("Pilot's own journal of " + d)
                    .hasSize(7);
        }
        try (var s = Files.list(res)) {
            assertThat(s.filter(Files::isDirectory)
                            .map(x -> x.getFileName().toString())
                            .sorted()
                            .toList())
                    .containsExactly("000-one", "001-two", "002-three");
        }
        assertThat(Files.readString(res.resolve("campaign.json"))).contains("\"complete\" : true");
        CliRun again = CliRun.run("script", "--resume", res.toString());
        assertThat(again.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(again.err()).contains("the campaign is complete");
        // each TEST is a Pilot session
        assertThat(CliRun.run("analyze", res.resolve("001-two").toString()).code())
                .isZero();
    }

    /**
     * A campaign whose first TEST a limit ended, killed in its second TEST and resumed, exited 0: what ended the TESTs
     * before the interrupt was forgotten. The resumed campaign exits 3, as the whole campaign run at once does.
     */
    @Test
    void aResumedCampaignKeepsTheExitCodeOfItsEarlierTests() throws Exception {
        Path script = tmp.resolve("capped.pilot");
        Files.writeString(script, """
                TEST capped
                  OPTION max-runs 3
                  OPTION ci-width 0.0001%
                  EXEC sleep 0.01
                DONE
                TEST slow 6 1 getstats --predicate '$count >= 6' --column elapsed
                  EXEC sleep 0.1
                DONE
                """);
        Path res = tmp.resolve("capped-res");
        Process p = pilot("script", "-o", res.toString(), script.toString());
        Path slow = res.resolve("001-slow").resolve("runs.csv");
        awaitTwoRuns(slow);
        p.destroyForcibly();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200); // the EXEC in flight ends on its own
        CliRun r = CliRun.run("script", "--resume", res.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(Files.readString(res.resolve("campaign.json"))).contains("\"complete\" : true");
    }

    /**
     * analyze of a campaign's TEST that its stop program's precision had ended said "not converged: targets not met
     * yet": Pilot's own target (20 samples at least) was not what stopped it. It now says the session ended converged
     * by its stop rule then, and that the targets analysed now are not met.
     */
    @Test
    void analyzeOfATestItsStopProgramEndedDoesNotCallItUnconverged() throws Exception {
        Path script = tmp.resolve("precise.pilot");
        Files.writeString(script, """
                TEST quick 3 1 getstats --predicate '$delta < 0.5 * $mean' --column elapsed
                  EXEC sleep 0.01
                DONE
                """);
        Path res = tmp.resolve("precise-res");
        CliRun r = CliRun.run("script", "-q", "-o", res.toString(), script.toString());
        assertThat(r.code()).as(r.err()).isZero();
        CliRun a = CliRun.run("analyze", res.resolve("000-quick").toString());
        assertThat(a.code()).as(a.err()).isZero();
        // since the session records what ended it: the stop program's words (CampaignStopProgramWordsTest)
        assertThat(a.out())
                .contains("campaign TEST: target met: its stop program's precision held")
                .doesNotContain("not converged");
    }

    /**
     * Ctrl-C or SIGTERM ended pilot script with 130 or 143 and no word: not that it was interrupted, nor that
     * --resume goes on, which pilot run says. It says both now.
     */
    @Test
    void anInterruptedCampaignSaysSoAndHowToGoOn() throws Exception {
        Path script = tmp.resolve("slow.pilot");
        Files.writeString(script, "TEST a 1000 1 getstats --predicate '$count >= 1000'\n  EXEC sleep 0.02\nDONE\n");
        Path res = tmp.resolve("res");
        Process p = pilot("script", "-o", res.toString(), script.toString());
        awaitTwoRuns(res.resolve("000-a/runs.csv"));
        new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(143);
        assertThat(Files.readString(tmp.resolve("err.txt")))
                .contains("pilot: interrupted; the results so far are kept: pilot script --resume "
                        + res.toAbsolutePath() + " goes on");
    }

    /** A command-line variable whose name no %NAME% can use (1X=1) was taken; the user then saw "%X% is not set". */
    @Test
    void aCommandLineVariableMustBeAName() throws IOException {
        Path script = tmp.resolve("s.pilot");
        Files.writeString(script, "EXEC true\n");
        CliRun r = CliRun.run("script", "--check", script.toString(), "1X=1");
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .isEqualTo("pilot: '1X' in '1X=1' is not a variable name (letters, digits and _, not "
                        + "starting with a digit), so no %NAME% could use it\n");
    }

    /** The paper's reboot pattern: CHECKPOINT, then IF RESTORE is 0 "reboot" (here: kill -9 pilot itself). */
    @Test
    void checkpointAndRestoreRoundTripThroughANewProcess() throws Exception {
        Path script = tmp.resolve("reboot.pilot");
        Files.writeString(script, """
                VAR COLOUR=blue
                TEST before 2 1 getstats --predicate '$count >= 2'
                  EXEC echo before >> ran.log
                DONE
                CHECKPOINT state.json
                IF %RESTORE% == 0
                  EXEC echo "going down" >> ran.log; kill -9 $PPID
                FI
                EXEC echo "after restore=%RESTORE% %COLOUR%" >> ran.log
                TEST after 2 1 getstats --predicate '$count >= 2'
                  EXEC echo after >> ran.log
                DONE
                """);
        Path res = tmp.resolve("res");
        Process first = pilot("script", "-o", res.toString(), script.toString());
        assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue())
                .as("pilot killed itself, as a reboot would")
                .isEqualTo(137);
        assertThat(Files.readString(res.resolve("state.json")))
                .contains("\"RESTORE\" : \"0\"")
                .contains("\"steps\" : 2")
                .contains("\"COLOUR\" : \"blue\"");

        // as in the paper, the checkpoint file leads back to the campaign
        Process second = pilot("script", "--resume", res.resolve("state.json").toString());
        assertThat(second.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(second.exitValue())
                .as(Files.readString(tmp.resolve("err.txt")))
                .isZero();
        assertThat(lines(tmp.resolve("ran.log")))
                .containsExactly("before", "before", "going down", "after restore=1 blue", "after", "after");
    }

    /**
     * A resume refused because a file the script INCLUDEs changed named the script, which had not: "incl.pilot changed
     * since the campaign". The message says the script or the file it includes.
     */
    @Test
    void resumeRefusingAChangedIncludeSaysItMayBeTheIncludedFile() throws Exception {
        Path inc = tmp.resolve("common.inc");
        Files.writeString(inc, "VAR D=1\n");
        Path script = tmp.resolve("i.pilot");
        Files.writeString(
                script,
                "INCLUDE common.inc\nTEST a 1 1 getstats --predicate '$count >= 1'\n  EXEC true\nDONE\n"
                        + "CHECKPOINT\nIF %RESTORE% == 0\n  EXEC kill -9 $PPID\nFI\n");
        Process p = pilot("script", "-o", tmp.resolve("res-i").toString(), script.toString());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Files.writeString(inc, "VAR D=2\n");
        CliRun r = CliRun.run("script", "--resume", tmp.resolve("res-i").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("i.pilot or the file it INCLUDEs changed since the campaign")
                .hasLineCount(1);
    }

    @Test
    void resumeRefusesAChangedScript() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(
                script,
                "TEST a 1 1 getstats --predicate '$count >= 1'\n  EXEC true\nDONE\n"
                        + "CHECKPOINT\nIF %RESTORE% == 0\n  EXEC kill -9 $PPID\nFI\n");
        Process p = pilot("script", "-o", tmp.resolve("res").toString(), script.toString());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Files.writeString(script, Files.readString(script) + "VAR X=1\n");
        CliRun r = CliRun.run("script", "--resume", tmp.resolve("res").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("changed since the campaign").hasLineCount(1);
    }

    /** Ctrl-C: the run in progress is killed and not recorded; exit 130; --resume finishes with nothing failed. */
    @Test
    void ctrlCStopsWithExitCode130AndTheCampaignResumes() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(script, """
                TEST slow 8 1 getstats --predicate '$count >= 8' --column elapsed
                  EXEC sleep 0.3
                DONE
                """);
        Path res = tmp.resolve("res");
        Process p = pilot("script", "-o", res.toString(), script.toString());
        Path runs = res.resolve("000-slow").resolve("runs.csv");
        awaitTwoRuns(runs);
        Thread.sleep(100); // in the middle of run 3
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(tmp.resolve("err.txt"))).isEqualTo(130);
        int before = lines(runs).size() - 1;
        assertThat(before).isBetween(2, 7);
        CliRun r = CliRun.run("script", "-q", "--resume", res.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<String> rows = lines(runs);
        assertThat(rows.subList(1, rows.size())).hasSize(8).allMatch(l -> l.split(",")[6].equals("0"));
        assertThat(lines(res.resolve("000-slow").resolve("rounds.csv"))).hasSize(9);
    }

    /**
     * Ctrl-C or SIGTERM while a SETUP hangs: the SETUP is killed with its process group (it used to be waited for),
     * pilot exits with 130 or 143 within 3 s, nothing of it is left running, and the run is not recorded. A SETUP that
     * ignores SIGTERM is killed by a second signal before pilot halts.
     */
    @ParameterizedTest
    @CsvSource({"INT, 130, sleep 913, 1", "TERM, 143, sleep 913, 1", "INT, 130, trap '' TERM; sleep 913, 2"})
    void ctrlCDuringAHungSetupExitsWithinThreeSecondsLeavingNothing(String signal, int code, String setup, int signals)
            throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(
                script,
                "TEST t 2 1 getstats --predicate '$count >= 2'\n  SETUP touch started; " + setup
                        + "\n  EXEC true\nDONE\n");
        Path res = tmp.resolve("res");
        Process p = pilot("script", "-o", res.toString(), script.toString());
        Path started = tmp.resolve("started");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(started) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(started).as("SETUP started").exists();
        Thread.sleep(300);
        long t0 = System.nanoTime();
        for (int i = 0; i < signals; i++) {
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .start()
                    .waitFor();
            Thread.sleep(200);
        }
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(p.exitValue()).as(Files.readString(tmp.resolve("err.txt"))).isEqualTo(code);
        assertThat(seconds).isLessThan(3);
        Thread.sleep(200); // a SIGKILL is delivered, the process reaped
        assertThat(ProcessHandle.allProcesses()
                        .filter(h -> h.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains("913"))
                                .orElse(false))
                        .toList())
                .as("no SETUP left running")
                .isEmpty();
        Path runs = res.resolve("000-t").resolve("runs.csv");
        assertThat(Files.exists(runs) ? lines(runs).size() - 1 : 0)
                .as("the killed run is not recorded")
                .isZero();
    }

    @Test
    void installResumeWritesAUnitThatResumesTheCampaignAtBoot() throws Exception {
        Path script = tmp.resolve("c.pilot");
        Files.writeString(script, "CHECKPOINT\nIF %RESTORE% == 0\n  EXEC kill -9 $PPID\nFI\n");
        Path res = tmp.resolve("my results");
        Process p = pilot("script", "-o", res.toString(), script.toString());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Path units = Files.createDirectories(tmp.resolve("units"));
        CliRun r = CliRun.run("script", "--install-resume", res.toString(), "--unit-dir", units.toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<Path> written;
        try (var s = Files.list(units)) {
            written = s.toList();
        }
        assertThat(written)
                .singleElement()
                .satisfies(u -> assertThat(u.getFileName().toString()).matches("pilot-resume-[0-9a-f]{8}\\.service"));
        String unit = Files.readString(written.get(0));
        assertThat(unit)
                .contains("Type=oneshot")
                .contains("User=" + System.getProperty("user.name"))
                .contains("script --resume \"" + res.toAbsolutePath() + "\"")
                .contains(
                        "ExecStartPost=/bin/systemctl disable " + written.get(0).getFileName())
                .contains("WorkingDirectory=" + res.toAbsolutePath() + "\n")
                .contains("WantedBy=multi-user.target");
        CliRun none = CliRun.run("script", "--install-resume", tmp.toString(), "--unit-dir", units.toString());
        assertThat(none.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(none.err()).contains("no campaign here to resume");
    }
}
