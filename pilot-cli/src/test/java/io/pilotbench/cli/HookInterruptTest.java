package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C during {@code --setup}, the {@code --warmup} runs or {@code --cleanup} was "internal error:
 * java.lang.InterruptedException: --setup was stopped", exit 1; for {@code compare} the interrupted cleanup left
 * nothing on stdout and no comparison.json. Now: exit 130, one line saying what was stopped, and after a cleanup the
 * rounds' report and files as usual.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class HookInterruptTest {
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"run, --setup", "run, --cleanup", "run, --warmup", "compare, --setup", "compare, --cleanup"})
    void anInterruptedHookEndsWith130AndKeepsWhatWasRecorded(String command, String hook, @TempDir Path tmp)
            throws Exception {
        Path dir = tmp.resolve("s");
        Path mark = tmp.resolve("hook-started");
        List<String> argv = new ArrayList<>(
                CliRun.inNewJvm(command, "--progress", "never", "--max-rounds", "3", "-o", dir.toString()));
        String slow = "touch '" + mark + "'; sleep 30";
        if (hook.equals("--warmup")) {
            argv.addAll(List.of("--warmup", "2", "--", "sh", "-c", slow));
        } else {
            argv.addAll(List.of(hook, slow, "--", "true"));
            if (command.equals("compare")) {
                argv.addAll(List.of(":::", "true"));
            }
        }
        Process p = new ProcessBuilder(argv)
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(mark) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(mark).as("the hook started").exists();
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exits after Ctrl-C").isTrue();
        String out = Files.readString(tmp.resolve("out.txt"));
        String err = Files.readString(tmp.resolve("err.txt"));
        assertThat(p.exitValue()).as(out + err).isEqualTo(ExitCode.INTERRUPTED.code());
        assertThat(err).doesNotContain("internal error").doesNotContain("Exception");
        if (hook.equals("--cleanup")) {
            assertThat(err).contains("--cleanup was stopped by an interrupt; the rounds are recorded");
            assertThat(out).as("the report of the rounds").contains("rounds");
            if (command.equals("compare")) {
                assertThat(dir.resolve("comparison.json")).exists();
            }
        } else {
            assertThat(err).contains("pilot: interrupted: ").contains("was stopped before the first");
        }
    }
}
