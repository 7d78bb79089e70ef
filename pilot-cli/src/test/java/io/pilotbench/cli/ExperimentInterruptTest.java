package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C on a real {@code pilot experiment run}: the running job's round is killed, no further job starts, the
 * command says how many are left and exits with 130, and {@code pilot experiment resume} runs the rest, each job once.
 */
@EnabledOnOs(OS.LINUX)
class ExperimentInterruptTest {
    @Test
    void ctrlCStopsBetweenRoundsAndResumeRunsTheRestOnce(@TempDir Path tmp) throws Exception {
        Path pkg = Files.createDirectories(tmp.resolve("packages/p"));
        Files.writeString(pkg.resolve("run.sh"), "sleep 0.05\n");
        Files.writeString(pkg.resolve("collect.sh"), "echo n 1\n");
        Path file = Files.writeString(tmp.resolve("exp.yaml"), """
                seed: 3
                replications: 4
                packages: {p: packages/p}
                precision: {max-rounds: 8}
                factors: {aslr: 100%}
                """);
        Path dir = tmp.resolve("out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "experiment",
                        "run",
                        "-o",
                        dir.toString(),
                        file.toString())
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        Path results = dir.resolve("results.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while ((!Files.exists(results) || Files.readAllLines(results).size() < 2)
                && p.isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(150); // into the next job's session
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exits after Ctrl-C").isTrue();
        String out = Files.readString(tmp.resolve("out.txt"));
        String err = Files.readString(tmp.resolve("err.txt"));
        assertThat(p.exitValue()).as(out + err).isEqualTo(ExitCode.INTERRUPTED.code());
        int before = Files.readAllLines(results).size() - 1;
        assertThat(before).as(out + err).isBetween(1, 7);
        assertThat(out)
                .contains("8 jobs: stopped with " + (8 - before) + " to run")
                .contains("pilot experiment resume " + dir);
        // no run.sh is left behind
        assertThat(ProcessHandle.allProcesses()
                        .filter(h -> h.parent().map(pp -> pp.pid() == p.pid()).orElse(false))
                        .count())
                .isZero();

        CliRun more = CliRun.run("experiment", "resume", dir.toString());
        assertThat(more.code()).as(more.out() + more.err()).isZero();
        List<String> jobs = Files.readAllLines(results).stream()
                .skip(1)
                .map(l -> l.split(",", 2)[0])
                .toList();
        Map<String, Long> perJob =
                jobs.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(perJob).hasSize(8).allSatisfy((job, n) -> assertThat(n).isEqualTo(1));
    }

    private static Process experiment(Path tmp, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(
                List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "experiment"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
    }

    private static Path hungSetup(Path tmp, String setup) throws Exception {
        Path pkg = Files.createDirectories(tmp.resolve("packages/p"));
        Files.writeString(pkg.resolve("setup.sh"), "touch '" + tmp.resolve("started") + "'\n" + setup + "\n");
        Files.writeString(pkg.resolve("run.sh"), "true\n");
        Files.writeString(pkg.resolve("collect.sh"), "echo n 1\n");
        return Files.writeString(tmp.resolve("exp.yaml"), """
                seed: 3
                replications: 1
                packages: {p: packages/p}
                precision: {max-rounds: 3}
                factors: {aslr: 100%}
                """);
    }

    private static List<ProcessHandle> left(String marker) {
        return ProcessHandle.allProcesses()
                .filter(h -> h.info()
                        .arguments()
                        .map(a -> String.join(" ", a).contains(marker))
                        .orElse(false))
                .toList();
    }

    /**
     * Ctrl-C (and a second Ctrl-C when setup.sh ignores SIGTERM) while a job's setup.sh hangs: pilot exits with 130
     * within 3 s, it used to wait for setup.sh; nothing of it is left running, and the job gets no row.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"sleep 911|1", "trap '' TERM; sleep 911|2"})
    void ctrlCDuringAHungSetupShExitsWithinThreeSecondsLeavingNothing(String setup, int signals, @TempDir Path tmp)
            throws Exception {
        Path file = hungSetup(tmp, setup);
        Path dir = tmp.resolve("out");
        Process p = experiment(tmp, "run", "-o", dir.toString(), file.toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(tmp.resolve("started")) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(tmp.resolve("started"))
                .as(Files.readString(tmp.resolve("err.txt")))
                .exists();
        Thread.sleep(300);
        long t0 = System.nanoTime();
        for (int i = 0; i < signals; i++) {
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            Thread.sleep(200);
        }
        boolean ended = p.waitFor(10, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (!ended) {
            p.destroyForcibly();
            left("911").forEach(ProcessHandle::destroyForcibly);
        }
        assertThat(ended).as("exits after Ctrl-C").isTrue();
        assertThat(p.exitValue()).as(Files.readString(tmp.resolve("err.txt"))).isEqualTo(ExitCode.INTERRUPTED.code());
        assertThat(seconds).isLessThan(3);
        Thread.sleep(200);
        assertThat(left("911")).as("no setup.sh left running").isEmpty();
        if (signals == 1) {
            assertThat(Files.readAllLines(dir.resolve("results.csv")))
                    .as("the job cut off has no row")
                    .hasSize(1);
        }
    }

    /**
     * A hung setup.sh is bounded by the job's time cap (--time-limit; by default the experiment's max-time plus 10
     * minutes): the job fails with a row that says so, the next job runs, the command ends.
     */
    @Test
    void aHungSetupShIsBoundedByTheJobsTimeLimit(@TempDir Path tmp) throws Exception {
        Path file = hungSetup(tmp, "sleep 909");
        Path dir = tmp.resolve("out");
        long t0 = System.nanoTime();
        Process p = experiment(tmp, "run", "--time-limit", "3s", "-o", dir.toString(), file.toString());
        boolean ended = p.waitFor(40, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (!ended) {
            p.destroyForcibly();
            left("909").forEach(ProcessHandle::destroyForcibly);
        }
        assertThat(ended).as("two jobs (aslr on, off) of 3 s each end").isTrue();
        String out = Files.readString(tmp.resolve("out.txt")) + Files.readString(tmp.resolve("err.txt"));
        assertThat(p.exitValue()).as(out).isEqualTo(ExitCode.WORKLOAD_FAILED.code());
        assertThat(seconds).as(out).isLessThan(25);
        List<String> rows = Files.readAllLines(dir.resolve("results.csv"));
        assertThat(rows).hasSize(3);
        assertThat(rows.subList(1, 3))
                .allMatch(r -> r.contains("setup.sh exited with 137: the job's time cap (3 s) " + "was reached"));
        assertThat(left("909")).isEmpty();
    }
}
