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
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "experiment", "run", "-o", dir.toString(), file.toString())
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile())
                .start();
        Path results = dir.resolve("results.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while ((!Files.exists(results) || Files.readAllLines(results).size() < 2) && p.isAlive()
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(150); // into the next job's session
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exits after Ctrl-C").isTrue();
        String out = Files.readString(tmp.resolve("out.txt"));
        String err = Files.readString(tmp.resolve("err.txt"));
        assertThat(p.exitValue()).as(out + err).isEqualTo(Interrupts.EXIT_CODE);
        int before = Files.readAllLines(results).size() - 1;
        assertThat(before).as(out + err).isBetween(1, 7);
        assertThat(out).contains("8 jobs: stopped with " + (8 - before) + " to run")
                .contains("pilot experiment resume " + dir);
        // no run.sh is left behind
        assertThat(ProcessHandle.allProcesses().filter(h -> h.parent().map(pp -> pp.pid() == p.pid()).orElse(false))
                .count()).isZero();

        CliRun more = CliRun.run("experiment", "resume", dir.toString());
        assertThat(more.code()).as(more.out() + more.err()).isZero();
        List<String> jobs = Files.readAllLines(results).stream().skip(1).map(l -> l.split(",", 2)[0]).toList();
        Map<String, Long> perJob = jobs.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting()));
        assertThat(perJob).hasSize(8).allSatisfy((job, n) -> assertThat(n).isEqualTo(1));
    }
}
