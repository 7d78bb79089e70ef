package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.testing.Circumstances;
import io.pilotbench.testing.SystemTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Faults injected into real {@code pilot} processes on real file systems: kill -9, SIGTERM and SIGINT at
 * seeded random points of {@code run} and {@code compare} while {@code analyze} reads the session being written; a
 * disk that fills up in the middle of a round (a tiny tmpfs); a read-only file system; a concurrent resume. After
 * each, the invariant: every round reported as recorded is on disk exactly once, and the session resumes to the same
 * answer. Mounting needs root: without it those tests are skipped, saying so.
 */
@EnabledOnOs(OS.LINUX)
@SystemTest
class FaultInjectionTest {
    /** Signals, with the exit code a killed pilot must give: 128 + the signal's number. */
    private static final int SIGKILL_EXIT = 137;

    @TempDir
    Path tmp;

    private final List<Path> mounts = new ArrayList<>();
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (Path m : mounts) {
            new ProcessBuilder("umount", "-l", m.toString()).inheritIO().start().waitFor();
        }
    }

    /** pilot ARGS as a real process, its stdout and stderr in tmp/NAME.out and .err. */
    private Process pilot(String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .redirectOutput(tmp.resolve(name + ".out").toFile())
                .redirectError(tmp.resolve(name + ".err").toFile())
                .start();
        started.add(p);
        return p;
    }

    private String output(String name) throws IOException {
        return Files.readString(tmp.resolve(name + ".out")) + Files.readString(tmp.resolve(name + ".err"));
    }

    /** Waits until the session in {@code dir} has at least {@code rounds} rounds on disk. */
    private static void awaitRounds(Path dir, int rounds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (recordedRounds(dir) < rounds) {
            assertThat(System.nanoTime())
                    .as("rounds recorded in time in " + dir)
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static int recordedRounds(Path dir) throws IOException {
        Path rounds = dir.resolve("rounds.csv");
        return Files.exists(rounds)
                ? (int) Files.readAllLines(rounds).stream()
                                .filter(l -> !l.isEmpty())
                                .count()
                        - 1
                : 0;
    }

    /**
     * The invariant: the complete lines of rounds.csv are rounds 0..n-1, each exactly once (a line cut by the kill
     * is ignored by readers); returns n.
     */
    private static int checkRoundsOnDiskOnce(Path dir) throws IOException {
        String text = Files.readString(dir.resolve("rounds.csv"));
        List<String> lines = text.lines().toList();
        int complete = text.endsWith("\n") ? lines.size() : lines.size() - 1;
        for (int i = 1; i < complete; i++) {
            assertThat(lines.get(i)).as(dir + "/rounds.csv line " + (i + 1)).startsWith((i - 1) + ",");
        }
        return complete - 1;
    }

    @ParameterizedTest(name = "{0} at a random point of pilot run (seed {1})")
    @CsvSource({"KILL, 1", "TERM, 2", "INT, 3"})
    void aSignalAtARandomPointOfRunLosesNoRecordedRoundAndTheSessionResumesToTheSameAnswer(String signal, long seed)
            throws Exception {
        Path dir = tmp.resolve("s");
        Process p = pilot(
                "run",
                "run",
                "--progress",
                "never",
                "--ci-width",
                "0.01%",
                "--max-rounds",
                "100000",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.01");
        awaitRounds(dir, 3);
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300 + new Random(seed).nextInt(1500));
        while (System.nanoTime() < until) {
            // analyze reads the session while it is being written: always an answer, never an error
            CliRun live = CliRun.run("analyze", "-q", dir.toString());
            assertThat(live.code()).as(live.err()).isIn(0, 3);
        }
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS))
                .as("pilot ends after SIG" + signal)
                .isTrue();
        int expected =
                switch (signal) {
                    case "KILL" -> SIGKILL_EXIT;
                    case "TERM" -> ExitCode.TERMINATED.code();
                    default -> ExitCode.INTERRUPTED.code();
                };
        assertThat(p.exitValue()).as(output("run")).isEqualTo(expected);
        int n = checkRoundsOnDiskOnce(dir);
        if (!signal.equals("KILL")) {
            assertThat(output("run"))
                    .as("the rounds reported are the rounds on disk")
                    .contains("rounds    " + n + " recorded")
                    .contains("interrupted");
            assertThat(p.descendants().count())
                    .as("the round's process group was killed")
                    .isZero();
        }
        assertThat(dir.resolve("result.json.tmp")).doesNotExist();
        CliRun before = CliRun.run("analyze", "--format", "json", dir.toString());
        assertThat(before.code()).as(before.err()).isIn(0, 3);
        // resumed with no rounds to add, the session gives the answer recorded; then it goes on from round n
        CliRun same = CliRun.run(
                "run", "-q", "--format", "json", "--resume", dir.toString(), "--max-rounds", Integer.toString(n));
        // a limit-ended session may also end "no steady state" (exit 7) when sleep's times drift with the machine's
        // load: that verdict is about the readings, not about the resume this test checks
        assertThat(same.code()).as(same.err()).isIn(0, ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
        assertThat(mean(same.out())).isEqualTo(mean(before.out()));
        CliRun more = CliRun.run("run", "-q", "--resume", dir.toString(), "--max-rounds", Integer.toString(n + 2));
        assertThat(more.code()).as(more.err()).isIn(ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
        assertThat(checkRoundsOnDiskOnce(dir)).isEqualTo(n + 2);
    }

    /** The first "mean" figure of a JSON report. */
    private static String mean(String json) {
        int i = json.indexOf("\"mean\"");
        assertThat(i).as(json).isNotNegative();
        return json.substring(i, json.indexOf(',', i));
    }

    @ParameterizedTest(name = "{0} at a random point of pilot compare (seed {1})")
    @CsvSource({"KILL, 4", "TERM, 5", "INT, 6"})
    void aSignalAtARandomPointOfCompareLeavesEverySessionConsistent(String signal, long seed) throws Exception {
        Path dir = tmp.resolve("c");
        // each workload's CI target keeps the comparison running until the signal
        Process p = pilot(
                "compare",
                "compare",
                "--progress",
                "never",
                "--each-ci-target",
                "--ci-width",
                "0.01%",
                "--max-rounds",
                "100000",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.01",
                ":::",
                "sleep",
                "0.012");
        awaitRounds(dir.resolve("1-sleep_0.01"), 3);
        Thread.sleep(200 + new Random(seed).nextInt(1500));
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as(output("compare"))
                .isEqualTo(
                        switch (signal) {
                            case "KILL" -> SIGKILL_EXIT;
                            case "TERM" -> ExitCode.TERMINATED.code();
                            default -> ExitCode.INTERRUPTED.code();
                        });
        List<Path> sessions;
        try (Stream<Path> s = Files.list(dir)) {
            sessions = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(sessions).hasSize(2);
        int most = 0;
        List<Integer> before = new ArrayList<>();
        for (Path session : sessions) {
            int n = checkRoundsOnDiskOnce(session);
            assertThat(n).isPositive();
            CliRun r = CliRun.run("analyze", "-q", session.toString());
            assertThat(r.code()).as(r.err()).isIn(0, 3);
            assertThat(r.out()).contains("rounds    " + n + " recorded");
            before.add(n);
            most = Math.max(most, n);
        }
        // the comparison goes on from where each session stopped, counting cycles on in its schedule
        CliRun resumed =
                CliRun.run("compare", "-q", "--resume", dir.toString(), "--max-rounds", Integer.toString(most + 3));
        assertThat(resumed.code()).as(resumed.err()).isIn(0, ExitCode.LIMIT.code());
        for (int i = 0; i < sessions.size(); i++) {
            assertThat(checkRoundsOnDiskOnce(sessions.get(i))).isGreaterThan(before.get(i));
        }
        List<String> schedule = Files.readAllLines(dir.resolve("schedule.csv"));
        assertThat(schedule.stream()
                        .skip(1)
                        .filter(l -> l.matches("\\d+,.*"))
                        .map(l -> Integer.parseInt(l.substring(0, l.indexOf(','))))
                        .toList())
                .isSorted();
    }

    @Test
    void aConcurrentResumeIsRefusedAndAKilledWritersLockDoesNotBlock() throws Exception {
        Path dir = tmp.resolve("s");
        Process p = pilot(
                "run",
                "run",
                "--progress",
                "never",
                "--ci-width",
                "0.01%",
                "--max-rounds",
                "100000",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.01");
        awaitRounds(dir, 3);
        CliRun second = CliRun.run("run", "-q", "--resume", dir.toString(), "--max-time", "2s");
        assertThat(second.code()).as(second.err()).isEqualTo(ExitCode.USAGE.code());
        assertThat(second.err()).contains("is being written by another pilot process (pid " + p.pid() + ")");
        new ProcessBuilder("kill", "-KILL", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        int n = checkRoundsOnDiskOnce(dir);
        CliRun resumed = CliRun.run("run", "-q", "--resume", dir.toString(), "--max-rounds", Integer.toString(n + 1));
        assertThat(resumed.code()).as(resumed.err()).isEqualTo(ExitCode.LIMIT.code());
        assertThat(checkRoundsOnDiskOnce(dir)).isEqualTo(n + 1);
    }

    /**
     * A fresh tmpfs of {@code size} at tmp/NAME, or the test is skipped: mounting needs root (as root, in CI, a mount
     * that fails fails the test).
     */
    private Path tmpfs(String name, String size) throws Exception {
        Circumstances.assumeTrue(io.pilotbench.core.files.Privileges.isRoot(), "mounting a tmpfs needs root");
        Path at = Files.createDirectory(tmp.resolve(name));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString())
                .redirectErrorStream(true)
                .start();
        String why = new String(mount.getInputStream().readAllBytes()).strip();
        Assumptions.assumeTrue(mount.waitFor() == 0, "cannot mount a tmpfs here, as root: " + why);
        mounts.add(at);
        return at;
    }

    /**
     * pilot plot on a full disk wrote over the figure it replaces and left it cut off (a 4096-byte SVG that no
     * parser reads), and new targets as empty files. It writes a temporary file and renames it now: the old figure
     * stays whole, and no empty file is left.
     */
    @Test
    void aPlotOnAFullDiskKeepsTheFigureItWouldReplace() throws Exception {
        Path disk = tmpfs("plots", "64k");
        Path data = tmp.resolve("a.txt");
        Files.writeString(data, "1\n2\n3\n4\n5\n");
        Path figure = disk.resolve("good.svg");
        assertThat(CliRun.run("plot", "-o", figure.toString(), data.toString()).code())
                .isZero();
        byte[] good = Files.readAllBytes(figure);
        // fill the disk but for about a page (the figure holds one): less than the new figure needs
        Files.write(disk.resolve("fill"), new byte[56 * 1024]);
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            names.append("a-long-name-for-a-series-")
                    .append(i)
                    .append(':')
                    .append(data)
                    .append(' ');
        }
        CliRun full = CliRun.run(("plot -o " + figure + " " + names.toString().strip()).split(" "));
        assertThat(full.code()).as(full.err()).isEqualTo(ExitCode.USAGE.code());
        assertThat(Files.readAllBytes(figure))
                .as("the figure it would have replaced")
                .isEqualTo(good);
        CliRun fresh = CliRun.run(
                ("plot -o " + disk.resolve("new.svg") + " " + names.toString().strip()).split(" "));
        assertThat(fresh.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(disk.resolve("new.svg")).doesNotExist();
    }

    @Test
    void aDiskThatFillsUpMidRoundStopsWithOneLineNotABlameOnTheWorkload() throws Exception {
        Path disk = tmpfs("small", "512k");
        Path dir = disk.resolve("s");
        // each round writes 48 KiB beside its output: the disk is full after about ten rounds
        CliRun r = CliRun.run(
                "run",
                "-q",
                "--ci-width",
                "0.01%",
                "--max-rounds",
                "1000",
                "-o",
                dir.toString(),
                "--",
                "sh",
                "-c",
                "head -c 49152 /dev/zero > \"$PILOT_RESULT_DIR/blob\" && echo done");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .containsIgnoringCase("no space left")
                .doesNotContain("Exception")
                .contains("rounds already recorded are kept");
        assertThat(r.out()).doesNotContain("failed round");
        int n = checkRoundsOnDiskOnce(dir);
        assertThat(n).isPositive();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(f -> f.endsWith(".tmp"));
        }
        // with space again, the session resumes from round n
        try (Stream<Path> blobs = Files.walk(dir.resolve("round-results"))) {
            for (Path b :
                    blobs.filter(f -> f.getFileName().toString().equals("blob")).toList()) {
                Files.delete(b);
            }
        }
        CliRun more = CliRun.run("run", "-q", "--resume", dir.toString(), "--max-rounds", Integer.toString(n + 1));
        assertThat(more.code()).as(more.err()).isIn(ExitCode.LIMIT.code(), ExitCode.USAGE.code());
        assertThat(checkRoundsOnDiskOnce(dir)).isGreaterThanOrEqualTo(n);
    }

    @Test
    void aReadOnlyFileSystemIsOneLineForANewSessionAndForAResume() throws Exception {
        Path disk = tmpfs("ro", "4m");
        CliRun first = CliRun.run(
                "run", "-q", "--max-rounds", "3", "-o", disk.resolve("s").toString(), "--", "true");
        assertThat(first.code()).as(first.err()).isEqualTo(ExitCode.LIMIT.code());
        Process remount = new ProcessBuilder("mount", "-o", "remount,ro", disk.toString())
                .inheritIO()
                .start();
        assertThat(remount.waitFor()).isZero();
        CliRun fresh = CliRun.run(
                "run", "-q", "--max-rounds", "3", "-o", disk.resolve("t").toString(), "--", "true");
        CliRun resume = CliRun.run("run", "-q", "--resume", disk.resolve("s").toString(), "--max-rounds", "5");
        for (CliRun r : List.of(fresh, resume)) {
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.USAGE.code());
            assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err()).containsIgnoringCase("read-only file system").contains(disk.toString());
        }
        CliRun analyze = CliRun.run("analyze", "-q", disk.resolve("s").toString());
        assertThat(analyze.code())
                .as("a read-only session can still be analysed: " + analyze.err())
                .isIn(0, 3);
        assertThat(checkRoundsOnDiskOnce(disk.resolve("s"))).isEqualTo(3);
    }
}
