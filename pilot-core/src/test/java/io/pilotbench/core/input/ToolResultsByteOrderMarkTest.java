package io.pilotbench.core.input;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.Series;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hyperfine JSON export saved with a UTF-8 byte order mark was not recognised as JSON and was read as CSV:
 * "Unexpected character after closing quote: ':'". The mark is skipped.
 */
class ToolResultsByteOrderMarkTest {
    @TempDir
    Path tmp;

    @Test
    void aJsonResultWithAByteOrderMarkIsReadAsJson() throws Exception {
        String json = "{\"results\": [{\"command\": \"sleep 0.1\", \"mean\": 0.1, \"times\": [0.1, 0.11, 0.09]}]}";
        Path file = tmp.resolve("h.json");
        Files.write(file, ("\uFEFF" + json).getBytes(StandardCharsets.UTF_8));
        List<Series> series = ToolResults.read(file);
        assertThat(series).isNotNull().hasSize(1);
        assertThat(series.get(0).values()).containsExactly(0.1, 0.11, 0.09);
        List<Series> fromStdin = ToolResults.read("-", ("\uFEFF" + json).getBytes(StandardCharsets.UTF_8));
        assertThat(fromStdin).isNotNull().hasSize(1);
    }
}
