package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot analyze - <&-} (standard input closed, as a daemon's child may have it) said "-:1: a NUL byte: this
 * looks like a binary file": the JVM had opened a file of its own as descriptor 0, and "-" read it. It now says that
 * standard input is closed.
 */
@EnabledOnOs(OS.LINUX)
class ClosedStandardInputTest {
    @TempDir
    Path tmp;

    @Test
    void readingAClosedStandardInputSaysItIsClosed() throws Exception {
        List<String> argv = new ArrayList<>(CliRun.inNewJvm("analyze", "-"));
        String line =
                argv.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
        Process p = new ProcessBuilder("sh", "-c", "exec " + line + " <&-")
                .redirectError(tmp.resolve("err.txt").toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(tmp.resolve("err.txt"));
        assertThat(p.exitValue()).as(err).isEqualTo(ExitCode.USAGE.code());
        assertThat(err).hasLineCount(1).contains("standard input is closed").doesNotContain("binary");
    }

    @Test
    void onlyAFileOfTheJvmsOwnCountsAsClosed() throws Exception {
        Path home = tmp.resolve("jdk");
        Path link = tmp.resolve("fd0");
        Files.createSymbolicLink(link, home.resolve("lib/modules"));
        assertThat(StandardInput.closed(link, home)).isTrue();
        Files.delete(link);
        Files.createSymbolicLink(link, Path.of("/opt/pilot/lib/pilot.jar"));
        assertThat(StandardInput.closed(link, home)).isTrue();
        Files.delete(link);
        Files.createSymbolicLink(link, Path.of("/home/me/data.txt"));
        assertThat(StandardInput.closed(link, home)).isFalse();
        Files.delete(link);
        Files.createSymbolicLink(link, Path.of("pipe:[12345]"));
        assertThat(StandardInput.closed(link, home)).isFalse();
        assertThat(StandardInput.closed(tmp.resolve("none"), home)).isFalse();
    }
}
