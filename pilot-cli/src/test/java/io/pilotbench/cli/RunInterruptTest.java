package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C (SIGINT) and SIGTERM (what {@code timeout} and CI runners send) on a real {@code pilot run} process: the
 * signal stops the running round and kills its process group, the report is printed marked interrupted, the exit code
 * is 128 + the signal (130, 143), and the session resumes.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class RunInterruptTest {
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalPrintsTheInterruptedReportExitsWith128PlusItAndKeepsTheSessionResumable(
            String signal, int code, @TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("s");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Main.class.getName(),
                        "run",
                        "--progress",
                        "never",
                        "--max-rounds",
                        "1000",
                        "-o",
                        dir.toString(),
                        "--",
                        "sleep",
                        "0.2")
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        Path rounds = dir.resolve("rounds.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((!Files.exists(rounds) || Files.readAllLines(rounds).size() < 4) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(Files.readAllLines(rounds).size())
                .as("rounds recorded before Ctrl-C")
                .isGreaterThanOrEqualTo(4);
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("exits after Ctrl-C").isTrue();
        String out = Files.readString(tmp.resolve("out.txt"));
        assertThat(p.exitValue())
                .as(out + Files.readString(tmp.resolve("err.txt")))
                .isEqualTo(code);
        assertThat(out).contains("stopped   interrupted before every target was met");
        int recorded = Files.readAllLines(rounds).size() - 1;
        assertThat(out)
                .as("the rounds reported are the rounds on disk")
                .contains("rounds    " + recorded + " recorded");
        assertThat(Files.readString(dir.resolve("session.json"))).contains("\"stopReason\" : \"interrupted\"");
        // no sleep is left behind, and the session goes on from where it stopped
        assertThat(ProcessHandle.allProcesses()
                        .filter(h -> h.parent().map(pp -> pp.pid() == p.pid()).orElse(false))
                        .count())
                .isZero();
        CliRun more = CliRun.run("run", "--resume", dir.toString(), "--max-rounds", Integer.toString(recorded + 2));
        // exit 7, "no steady state", is a verdict on sleep's readings on a loaded machine, not on the resume
        assertThat(more.code()).as(more.err()).isIn(ExitCode.LIMIT.code(), ExitCode.NO_STEADY_STATE.code());
        assertThat(Files.readAllLines(rounds)).hasSize(recorded + 3);
    }
}
