package io.pilotbench.cli;

import static io.pilotbench.cli.CliRun.resource;
import static io.pilotbench.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden files: the reports of dataset F (source name replaced) in every human and tabular format, by default (the AR
 * method). Run with {@code -Dgolden.update=true} to rewrite the files (then review the diff).
 */
class ReportFormatsTest {

    @ParameterizedTest
    @ValueSource(strings = {"text", "csv", "markdown"})
    void reportMatchesGoldenFile(String format) throws IOException {
        String input = resource("analyze/f_3col_with_header.csv");
        CliRun r = run("analyze", "--format", format, "--unit", "s", "-q", "-c", "Data", input);
        assertThat(r.code()).isZero();
        String actual = r.out().replace(input, "f.csv");
        if (Boolean.getBoolean("golden.update")) {
            Path file = Path.of("src/test/resources/golden/analyze." + format);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            return; // the classpath copy is the old one until the next build
        }
        try (InputStream in = getClass().getResourceAsStream("/golden/analyze." + format)) {
            assertThat(in).as("golden file golden/analyze." + format).isNotNull();
            assertThat(actual).isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
