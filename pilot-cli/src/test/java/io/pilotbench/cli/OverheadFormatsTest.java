package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code pilot overhead --format json} printed compare's JSON and then the text sentence after it, so no parser could
 * read it ("Extra data"), and the overhead itself was in no key; --format csv had the sentence after its rows. The
 * JSON now holds "overhead", and the CSV only rows.
 */
class OverheadFormatsTest {
    @TempDir
    Path tmp;

    /** 6 rounds of sleep 0.012 with and sleep 0.01 without, in {@code format}. */
    private CliRun overhead(String format) {
        return CliRun.run(
                "overhead",
                "-q",
                "--max-rounds",
                "6",
                "--format",
                format,
                "-o",
                tmp.resolve(format).toString(),
                "--",
                "sleep",
                "0.012",
                ":::",
                "sleep",
                "0.01");
    }

    @Test
    void theJsonIsOneDocumentWithTheOverheadAndTheCsvOnlyRows() {
        CliRun json = overhead("json");
        assertThat(json.code()).as(json.err()).isIn(0, ExitCode.LIMIT.code());
        JsonNode doc = JsonMapper.builder().build().readTree(json.out());
        JsonNode overhead = doc.get("overhead");
        assertThat(overhead.get("with").asString()).isEqualTo("with");
        assertThat(overhead.get("value").asDouble()).isBetween(0.05, 0.5);
        assertThat(overhead.get("low").asDouble())
                .isLessThanOrEqualTo(overhead.get("value").asDouble());
        assertThat(doc.get("pairs")).hasSize(1);
        CliRun csv = overhead("csv");
        assertThat(csv.out()).doesNotContain("overhead of").startsWith("a,b,mean_a");
        CliRun text = overhead("text");
        assertThat(text.out()).contains("overhead of with over without: +");
    }
}
