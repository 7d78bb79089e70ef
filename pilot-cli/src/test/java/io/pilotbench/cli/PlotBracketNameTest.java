package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pilot plot -o q.svg '[x.txt'} took the file's name for a glob and printed the regular expression error in
 * three lines ("Missing '] near index 5", the pattern, a caret), even for a bare file that exists. A file that exists
 * is now that file, and a glob that cannot be read is one line.
 */
class PlotBracketNameTest {
    @TempDir
    Path tmp;

    @Test
    void aFileWithABracketInItsNameIsThatFile() throws Exception {
        Path file = tmp.resolve("[x.txt");
        Files.writeString(file, "1\n2\n3\n4\n");
        Path svg = tmp.resolve("q.svg");
        CliRun r = CliRun.run("plot", "-o", svg.toString(), file.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(svg).isRegularFile();
        CliRun named = CliRun.run("plot", "-o", svg.toString(), "x:" + file);
        assertThat(named.code()).as(named.err()).isZero();
    }

    @Test
    void aGlobThatCannotBeReadIsOneLine() {
        CliRun r = CliRun.run("plot", "-o", tmp.resolve("q.svg").toString(), "x:" + tmp.resolve("[y*.txt"));
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("is not a glob pilot can read").hasLineCount(1);
    }
}
