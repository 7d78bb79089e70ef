package io.pilotbench.cli;

import static io.pilotbench.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A session whose readings were all equal converged on them ("5 ms ± 0 ms … all equal"), and {@code pilot compare}
 * took such a file, but {@code pilot analyze} of the same readings in a file refused them with exit code 2 ("all 30
 * values equal 5; with no variation there is nothing to estimate"): one series, two answers. A file of equal values
 * now gets the session's answer, with a word in case the column is the wrong one.
 */
class EqualValuesTest {
    @TempDir
    Path dir;

    @Test
    void aFileOfEqualValuesGetsTheAnswerASessionOfThemGets() throws Exception {
        Path session = dir.resolve("s");
        CliRun live = run(
                "run",
                "-q",
                "-o",
                session.toString(),
                "--max-rounds",
                "40",
                "--pi",
                "name=x,unit=ms,regex=v ([0-9.]+)",
                "--",
                "sh",
                "-c",
                "echo v 5");
        assertThat(live.code()).as(live.err()).isZero();
        Path file = dir.resolve("x.txt");
        Files.writeString(file, "5\n".repeat(30));

        CliRun fromFile = run("analyze", "--format", "json", file.toString());
        assertThat(fromFile.code()).as(fromFile.err()).isZero();
        JsonNode r = JsonMapper.builder()
                .build()
                .readTree(fromFile.out())
                .get("results")
                .get(0);
        assertThat(r.get("mean").asDouble()).isEqualTo(5.0);
        assertThat(r.get("ci").get("low").asDouble()).isEqualTo(5.0);
        assertThat(r.get("ci").get("high").asDouble()).isEqualTo(5.0);
        assertThat(r.get("warnings").toString()).contains("all 30 analysed values equal 5", "right column");

        CliRun text = run("analyze", file.toString());
        assertThat(text.out()).contains("5 ± 0").doesNotContain("NaN");
    }
}
