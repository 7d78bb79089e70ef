package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.Circumstances;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression tests for bad inputs and faults, one per case found, each named after it: every one is one line on stderr
 * with the documented exit code, loses nothing and does not hang.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class BadInputAndFaultsTest {
    @TempDir
    Path tmp;

    private String out(String name) {
        return tmp.resolve(name).toString();
    }

    /** One line on stderr, starting "pilot: ", with no exception class or stack frame in it. */
    private static void oneLine(CliRun r, int code) {
        assertThat(r.code()).as(r.err()).isEqualTo(code);
        assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("pilot: ")
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .doesNotContain("internal error");
    }

    @Test
    void twoRunsStartedInTheSameSecondGetTwoDirectories() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Path>> claims = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                claims.add(pool.submit(() -> OutputDirs.claimNew(tmp.resolve("pilot-results"), "true")));
            }
            Set<Path> dirs = new HashSet<>();
            for (Future<Path> f : claims) {
                dirs.add(f.get());
            }
            assertThat(dirs).hasSize(8).allMatch(Files::isDirectory);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void maxTimeStopsARoundThatHangs() throws Exception {
        long t0 = System.nanoTime();
        CliRun r = CliRun.run("run", "-q", "--max-time", "1s", "-o", out("hang"), "--", "sleep", "1000");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(seconds).as("the limit bounds the whole session").isLessThan(30);
        assertThat(r.out()).contains("stopped   time limit of 1 s reached");
        assertThat(Files.readAllLines(tmp.resolve("hang/rounds.csv")))
                .as("the cut round is not recorded")
                .hasSize(1);
        assertThat(ProcessHandle.current()
                        .descendants()
                        .filter(p -> p.info().command().orElse("").endsWith("sleep"))
                        .count())
                .as("the round's process was killed")
                .isZero();
    }

    @Test
    void anOutputDirectoryUnderAFileIsExit2WithOneLine() throws Exception {
        Files.writeString(tmp.resolve("afile"), "x");
        CliRun r = CliRun.run("run", "-q", "--max-rounds", "2", "-o", out("afile") + "/x", "--", "true");
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err()).contains("afile").contains("not a directory");
    }

    @Test
    void anOutputDirectoryWithoutWritePermissionIsExit2WithOneLine() throws Exception {
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Circumstances.assumeFalse(
                    Files.isWritable(ro), "running as root: a directory without write permission is still writable");
            CliRun r = CliRun.run(
                    "run", "-q", "--max-rounds", "2", "-o", ro.resolve("s").toString(), "--", "true");
            oneLine(r, ExitCode.USAGE.code());
            assertThat(r.err()).contains("permission denied");
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void simulateEvaluateOutputToAnExistingFileIsExit2() throws Exception {
        Files.writeString(tmp.resolve("afile"), "x");
        CliRun r = CliRun.run("simulate", "evaluate", "--replications", "2", "-o", out("afile"));
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err()).contains("afile is a file; give a directory");
        assertThat(Files.readString(tmp.resolve("afile"))).isEqualTo("x");
    }

    @Test
    void aShellThatDoesNotExistIsExit2() {
        CliRun r =
                CliRun.run("run", "-q", "--max-rounds", "2", "--shell=/nonexistent/sh", "-o", out("s"), "--", "true");
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err()).contains("--shell: cannot run '/nonexistent/sh'").contains("--shell=/bin/sh");
        assertThat(tmp.resolve("s")).doesNotExist();
    }

    @Test
    void aScriptWithoutAShebangRunsWithBinShAsExecvpDoes() throws Exception {
        Path script = tmp.resolve("noshebang");
        Files.writeString(script, "echo 42\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "3",
                "--pi",
                "name=x,unit=,column=0",
                "-o",
                out("s"),
                "--",
                script.toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(r.out()).contains("3 recorded: 3 analysed, 0 short, 0 failed");
        assertThat(Files.readAllLines(tmp.resolve("s/readings.csv"))).contains("0,0,42.0", "2,0,42.0");
    }

    @Test
    void backgroundChildrenLeftRunningAreReported() {
        CliRun r = CliRun.run("run", "-q", "--max-rounds", "2", "-o", out("s"), "--", "sh", "-c", "sleep 3 & true");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(r.err())
                .contains(
                        "warning: 2 rounds (the first: round 0) left processes running after the " + "command exited");
        CliRun clean = CliRun.run("run", "-q", "--max-rounds", "2", "-o", out("t"), "--", "sh", "-c", "true");
        assertThat(clean.err()).doesNotContain("left processes running");
    }

    /**
     * "3 rounds … left processes running" was printed after Pilot itself had killed those rounds' process groups
     * (--round-timeout): the group's members were dying of Pilot's SIGKILL when it looked.
     */
    @Test
    void roundsPilotKilledAreNotSaidToHaveLeftProcessesRunning() {
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--max-rounds",
                "4",
                "--max-failures",
                "4",
                "--round-timeout",
                "200ms",
                "-o",
                out("killed"),
                "--",
                "sh",
                "-c",
                "sleep 5 & sleep 5 & sleep 5");
        assertThat(r.out() + r.err()).contains("4 failed").doesNotContain("left processes running");
        assertThat(ProcessHandle.allProcesses()
                        .filter(h -> h.info().commandLine().orElse("").equals("sleep 5"))
                        .count())
                .as("no sleep of the killed groups is left")
                .isZero();
    }

    @Test
    void eachRoundKeepsABoundedTailOfItsOutputAndAllOfItOnRequest() throws Exception {
        String print = "i=0; while [ $i -lt 3000 ]; do echo 0123456789012345678901234567890123456789; i=$((i+1)); done";
        CliRun r = CliRun.run("run", "-q", "--max-rounds", "2", "-o", out("tail"), "--", "sh", "-c", print);
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.LIMIT.code());
        Path kept = tmp.resolve("tail/round-results/1/stdout.txt");
        assertThat(Files.size(kept)).isEqualTo(64 << 10);
        assertThat(Files.readAllLines(kept).get(Files.readAllLines(kept).size() - 1))
                .isEqualTo("0123456789012345678901234567890123456789");
        CliRun all = CliRun.run(
                "run", "-q", "--max-rounds", "1", "--keep-output", "all", "-o", out("all"), "--", "sh", "-c", print);
        assertThat(all.code()).as(all.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(Files.size(tmp.resolve("all/round-results/0/stdout.txt"))).isEqualTo(3000L * 41);
        oneLine(CliRun.run("run", "--keep-output", "lots", "--", "true"), ExitCode.USAGE.code());
    }

    @Test
    void aPrintedDecimalCommaFailsTheRoundWithAHintInsteadOfRecordingTheIntegerPart() {
        CliRun r =
                CliRun.run("run", "-q", "--max-rounds", "3", "--pi", "x,ms,0,0,1", "-o", out("s"), "--", "echo", "1,5");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        assertThat(r.out()).contains("'1,5' has a number with a decimal comma, or two columns");
    }

    @Test
    void decimalCommasInDataAreReadWhenUnambiguousAndRefusedWhenNot() {
        CliRun ambiguous = CliRun.runWithStdin("10,5\n9,8\n10,1\n", "analyze", "-");
        oneLine(ambiguous, ExitCode.USAGE.code());
        assertThat(ambiguous.err()).contains("'10,5' is ambiguous").contains("--decimal-comma");
        CliRun given = CliRun.runWithStdin("10,5\n9,8\n10,1\n", "analyze", "--decimal-comma", "--format", "json", "-");
        assertThat(given.code()).as(given.err()).isIn(0, 3);
        assertThat(given.out()).contains("\"mean\" : 10.1333");
        CliRun columns =
                CliRun.runWithStdin("10,5\n9,8\n10,1\n", "analyze", "--delimiter", "comma", "--format", "json", "-");
        assertThat(columns.out()).contains("\"mean\" : 9.6666");
        CliRun semicolons = CliRun.runWithStdin("10,5;1\n9,8;2\n10,1;3\n", "analyze", "--format", "json", "-");
        assertThat(semicolons.err()).contains("read ',' as the decimal separator");
        assertThat(semicolons.out()).contains("\"mean\" : 10.1333");
    }

    @Test
    void valuesNear1e308AreRefusedInsteadOfGivingANaNMean() {
        CliRun r = CliRun.runWithStdin("1.7e308\n1.7e308\n1.6e308\n", "analyze", "-");
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("-:1: column 0: value 1.7E308 is larger in magnitude than Pilot analyses")
                .contains("rescale");
        CliRun tiny = CliRun.runWithStdin("4.9e-324\n1e-323\n", "analyze", "-");
        oneLine(tiny, ExitCode.USAGE.code());
        assertThat(tiny.err()).contains("smaller in magnitude");
    }

    @Test
    void devZeroIsOneLineNotAnOutOfMemoryError() {
        CliRun r = CliRun.run("analyze", "/dev/zero");
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err()).contains("/dev/zero:1: a NUL byte");
    }

    @Test
    void aLineOfFiveMillionFieldsIsOneLine() throws Exception {
        Path wide = tmp.resolve("wide.csv");
        Files.writeString(wide, "1,".repeat(5_000_000) + "1\n", StandardCharsets.US_ASCII);
        CliRun r = CliRun.run("analyze", wide.toString());
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err()).contains("wide.csv:1: the line is longer than 1048576 bytes");
    }

    @Test
    void aGarbageCommandJsonIsOneLineThatSaysHowToRecover() throws Exception {
        CliRun first = CliRun.run("run", "-q", "--max-rounds", "3", "-o", out("s"), "--", "true");
        assertThat(first.code()).isEqualTo(ExitCode.LIMIT.code());
        Files.writeString(tmp.resolve("s/command.json"), "garbage{");
        CliRun r = CliRun.run("run", "-q", "--resume", out("s"), "--max-rounds", "4");
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("command.json: cannot read the recorded command")
                .contains("restore the file");
        assertThat(Files.readAllLines(tmp.resolve("s/rounds.csv"))).hasSize(4);
    }

    @Test
    void aDeletedSessionJsonSaysHowToRecover() throws Exception {
        CliRun first = CliRun.run("run", "-q", "--max-rounds", "3", "-o", out("s"), "--", "true");
        assertThat(first.code()).isEqualTo(ExitCode.LIMIT.code());
        Files.delete(tmp.resolve("s/session.json"));
        for (String[] args : new String[][] {{"run", "--resume", out("s")}, {"analyze", out("s")}}) {
            CliRun r = CliRun.run(args);
            oneLine(r, ExitCode.USAGE.code());
            assertThat(r.err()).contains("session.json is missing").contains("pilot analyze -c reading");
        }
        CliRun recovered = CliRun.run(
                "analyze", "-c", "reading", tmp.resolve("s/readings.csv").toString());
        assertThat(recovered.out()).contains("3 samples");
    }

    @Test
    void aMalformedRowInASessionTableIsExit2NamingTheFile() throws Exception {
        CliRun first = CliRun.run("run", "-q", "--max-rounds", "3", "-o", out("s"), "--", "true");
        assertThat(first.code()).isEqualTo(ExitCode.LIMIT.code());
        Files.writeString(
                tmp.resolve("s/rounds.csv"), "1,2,3,4,5,6,7,8,9,10,11,12\n", java.nio.file.StandardOpenOption.APPEND);
        CliRun r = CliRun.run("analyze", out("s"));
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("rounds.csv:5: 12 fields where 10 were expected")
                .doesNotContain("Exception");
    }

    @Test
    void twoSamplesSayTooFewRatherThanTooAutocorrelated() {
        for (String method : new String[] {"ar", "pilot"}) {
            CliRun r = CliRun.runWithStdin("1\n2\n", "analyze", "--method", method, "-");
            assertThat(r.out())
                    .contains("only 2 samples: too few for a confidence interval")
                    .doesNotContain("autocorrelated")
                    .doesNotContain("-1 samples");
        }
    }

    @Test
    void aVeryLongMaxTimeIsTooLongNotTooShort() {
        CliRun r = CliRun.run("run", "--max-time", "99999999999h", "--", "true");
        oneLine(r, ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("is more than the longest allowed, 100 years")
                .doesNotContain("at least 1ms");
    }

    @Test
    void compareResumeGoesOnAndRefusesWhatItCannotChange() throws Exception {
        CliRun first =
                CliRun.run("compare", "-q", "--max-rounds", "4", "-o", out("c"), "--", "true", ":::", "sleep", "0.001");
        assertThat(first.code()).as(first.err()).isIn(0, ExitCode.LIMIT.code());
        CliRun more = CliRun.run("compare", "-q", "--resume", out("c"), "--max-rounds", "6");
        assertThat(more.code()).as(more.err()).isIn(0, ExitCode.LIMIT.code());
        assertThat(Files.readAllLines(tmp.resolve("c/1-true/rounds.csv")).size() - 1)
                .isBetween(4, 6);
        oneLine(CliRun.run("compare", "--resume", out("c"), "--", "true", ":::", "false"), ExitCode.USAGE.code());
        oneLine(CliRun.run("compare", "--resume", out("c"), "--name", "x"), ExitCode.USAGE.code());
        oneLine(CliRun.run("compare", "--resume", tmp.toString()), ExitCode.USAGE.code());
    }
}
