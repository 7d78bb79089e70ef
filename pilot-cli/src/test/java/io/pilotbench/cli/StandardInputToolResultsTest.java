package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The docs say INPUT may be "-" and that tool results are recognised by their content; on standard input a hyperfine
 * export was read as CSV ("-:1: cannot be read as CSV"), and {@code pilot compare - FILE} refused "-" as "no such
 * file".
 */
class StandardInputToolResultsTest {
    @TempDir
    Path tmp;

    @Test
    void aToolsResultOnStandardInputIsRecognisedAndCompareReadsIt() throws Exception {
        String hyperfine = "{\"results\": [{\"command\": \"sleep 0.01\", \"times\": [0.0102, 0.0104, 0.0105, 0.0109, "
                + "0.0103, 0.0106]}]}";
        CliRun a = CliRun.runWithStdin(hyperfine, "analyze", "-");
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(a.out()).contains("- [sleep 0.01 (s)]: 6 samples");
        Path other = tmp.resolve("b.txt");
        Files.writeString(other, "12\n12.5\n11.8\n12.2\n12.1\n");
        CliRun c = CliRun.runWithStdin("10\n11\n10.5\n10.2\n10.8\n", "compare", "-", other.toString());
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out()).contains("Comparing");
        CliRun twice = CliRun.runWithStdin("1\n2\n", "compare", "-", "-");
        assertThat(twice.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(twice.err()).contains("'-' (standard input) is given more than once");
    }
}
