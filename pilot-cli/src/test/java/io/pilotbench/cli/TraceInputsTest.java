package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pilot simulate evaluate --trace} on series it cannot give a CI for, and on series files of another shape. */
class TraceInputsTest {
    @TempDir
    Path tmp;

    /**
     * A series of two values got "CI [NaN, NaN], misses the truth 1.5" in the text, "covered": null in the JSON and
     * false in the CSV. Without a CI a session neither holds nor misses the truth: "no CI", null and empty.
     */
    @Test
    void aSessionWithoutACiNeitherHoldsNorMissesTheTruthInAnyFormat() throws Exception {
        Path two = tmp.resolve("two.txt");
        Files.writeString(two, "1\n2\n");
        CliRun text = CliRun.run("simulate", "evaluate", "-q", "--trace", two.toString(), "--truth", "1.5");
        assertThat(text.out())
                .contains("two.txt: round_limit after 2 rounds, mean 1.50000, no CI\n")
                .doesNotContain("NaN")
                .doesNotContain("misses");
        CliRun csv = CliRun.run(
                "simulate", "evaluate", "-q", "--trace", two.toString(), "--truth", "1.5", "--format", "csv");
        assertThat(csv.out()
                        .lines()
                        .filter(l -> l.startsWith("two.txt,"))
                        .findFirst()
                        .orElseThrow())
                .isEqualTo("two.txt,,1.5,ROUND_LIMIT,1.5,,,,2,0,0");
    }

    /** A series file holding a JSON object was "internal error: NullPointerException", exit 1. */
    @Test
    void aSeriesFileThatIsNotAListOfForksIsOneLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("t/series"));
        try (var w = new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(dir.resolve("obj.json.gz"))), StandardCharsets.UTF_8)) {
            w.write("{\"a\": [1, 2, 3]}");
        }
        CliRun r = CliRun.run(
                "simulate", "evaluate", "-q", "--trace", tmp.resolve("t").toString());
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err()).contains("obj.json.gz: expected a list of forks").hasLineCount(1);
    }
}
