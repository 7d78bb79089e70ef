package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot analyze f > /dev/full} exited 0 with nothing on stderr: the PrintWriter on standard output keeps its
 * write errors to itself, so a report redirected to a full disk came out empty or cut off as a success. Now one line
 * says so and the exit code is 2.
 */
@EnabledOnOs(OS.LINUX)
class StdoutWriteErrorTest {
    @TempDir
    Path tmp;

    @Test
    void aReportThatCannotBeWrittenIsAnErrorNotASuccess() throws Exception {
        Path data = tmp.resolve("a.txt");
        Files.writeString(data, "1\n2\n3\n4\n5\n");
        Process p = new ProcessBuilder(CliRun.inNewJvm("analyze", data.toString()))
                .redirectOutput(new java.io.File("/dev/full"))
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(tmp.resolve("err.txt"));
        assertThat(p.exitValue()).as(err).isEqualTo(ExitCode.USAGE.code());
        assertThat(err)
                .contains("could not write everything to standard output (No space left on device)")
                .hasLineCount(1);
    }

    /**
     * {@code pilot analyze f | head -3} said "could not write everything to standard output … the report is
     * incomplete" and exited 2 when head had read its lines and gone: a reader that closes the pipe is not a lost
     * report. Here the pipe's reader is closed before pilot writes a byte.
     */
    @Test
    void aReaderThatClosesThePipeIsNotAnError() throws Exception {
        Path data = tmp.resolve("a.txt");
        Files.writeString(data, "1\n2\n3\n4\n5\n");
        Process p = new ProcessBuilder(CliRun.inNewJvm("analyze", data.toString()))
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        p.getInputStream().close(); // the JVM takes a tenth of a second to start: nothing is written yet
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(tmp.resolve("err.txt"));
        assertThat(err).isEmpty();
        assertThat(p.exitValue()).isEqualTo(ExitCode.OK.code());
    }
}
