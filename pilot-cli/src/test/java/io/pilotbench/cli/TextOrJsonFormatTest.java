package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code pilot changepoints --format xml} answered "'xml' is not one of text, json, csv, markdown", and then {@code
 * --format csv} was refused: "changepoints reports are text or json". The commands whose reports are text or JSON
 * only now list those two.
 */
class TextOrJsonFormatTest {
    @ParameterizedTest(name = "{0} --format {1}")
    @CsvSource({"changepoints,xml", "changepoints,csv", "history detect,markdown", "history detect,xml"})
    void aRefusedFormatIsToldTheTwoItCanBe(String command, String format) {
        String[] words = (command + " --format " + format + " x.txt").split(" ");
        CliRun r = CliRun.run(words);
        assertThat(r.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(r.err())
                .contains("--format: '" + format + "' is not one of text, json")
                .doesNotContain("markdown,")
                .doesNotContain("csv,")
                .hasLineCount(1);
    }
}
