package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No colour anywhere, where hyperfine colours its figures: the text reports are painted on a terminal, and stay plain
 * text everywhere else (NO_COLOR, pipes, files, the tests' own output).
 */
class ColourTest {

    @Test
    void figuresAndVerdictsArePaintedInPlace() {
        String line = "wall time (s), readings: mean 29.17 ms ± 1.334 ms (95% CI, ± 4.6% of mean), 32 rounds; target "
                + "(CI width ≤ 10% of mean) met";
        String painted = Colour.paint(line);
        assertThat(painted).contains("mean \033[1m29.17 ms\033[0m").endsWith("\033[32mmet\033[0m");
        assertThat(painted.replaceAll("\033\\[[0-9;]*m", ""))
                .as("only escapes added")
                .isEqualTo(line);
        String notMet = Colour.paint("target (CI width ≤ 10% of mean) not met: needs 196 rounds");
        assertThat(notMet).contains("\033[33mnot met\033[0m").doesNotContain("\033[32m");
        assertThat(Colour.paint("  warning: 3 of 24 rounds are outliers"))
                .startsWith("\033[33m")
                .endsWith("\033[0m");
    }

    /** "met" and "converged" were painted green in "before every target was met" and "Not converged: …". */
    @Test
    void negativeSentencesAreNotPaintedGreen() {
        for (String line : List.of(
                "  stopped   round limit of 3 reached before every target was met",
                "Not converged: waiting for readings of 'wall time' (3 of 20 samples).")) {
            assertThat(Colour.paint(line)).as(line).doesNotContain("\033[32m").contains("\033[33m");
        }
    }

    @Test
    void plainWhenNotOnATerminal() {
        StringWriter text = new StringWriter();
        Colour.print(new PrintWriter(text), false, o -> o.print("mean 1 ms; target met\n"));
        assertThat(text.toString()).isEqualTo("mean 1 ms; target met\n");
        // the tests' standard output is not a terminal: a report run through the CLI has no escapes
        CliRun r = CliRun.run(
                "analyze",
                java.nio.file.Path.of("..", "examples", "ferrari78.txt").toString());
        assertThat(r.out()).doesNotContain("\033[");
    }
}
