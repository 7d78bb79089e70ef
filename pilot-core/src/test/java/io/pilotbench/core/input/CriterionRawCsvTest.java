package io.pilotbench.core.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pilotbench.core.model.InputException;
import io.pilotbench.core.model.Series;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * criterion.rs's raw.csv as criterion 0.3.6 itself wrote it (test resources {@code criterion/}, with the crate and
 * the command that made them): the series Pilot reads must be the per-iteration times criterion analysed, so its
 * mean, median and standard deviation are criterion's own point estimates ({@code estimates.json}), to rounding.
 */
class CriterionRawCsvTest {
    private static Path resource(String name) throws URISyntaxException {
        return Path.of(
                CriterionRawCsvTest.class.getResource("/criterion/" + name).toURI());
    }

    @ParameterizedTest
    @CsvSource({"recursive", "iterative"})
    void theSeriesIsWhatCriterionAnalysed(String function) throws Exception {
        List<Series> series = ToolResults.read(resource(function + "/raw.csv"));
        assertThat(series).hasSize(1);
        Series s = series.get(0);
        assertThat(s.column()).isEqualTo("fib/" + function + "/20 (ns per iteration)");
        double[] v = s.values();
        assertThat(v).hasSize(30);

        JsonNode estimates =
                JsonMapper.builder().build().readTree(Files.readString(resource(function + "/estimates.json")));
        double mean = Arrays.stream(v).average().orElseThrow();
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        double median = (sorted[14] + sorted[15]) / 2;
        double ss = Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum();
        double sd = Math.sqrt(ss / (v.length - 1));
        assertThat(mean).isCloseTo(estimate(estimates, "mean"), within(1e-12 * mean));
        assertThat(median).isCloseTo(estimate(estimates, "median"), within(1e-12 * median));
        assertThat(sd).isCloseTo(estimate(estimates, "std_dev"), within(1e-12 * sd));
    }

    /**
     * The finding: raw.csv was split at every comma, so a group name with a comma, which criterion (the Rust csv crate)
     * writes quoted, was refused as "9 fields where criterion's raw.csv has 8".
     */
    @Test
    void aQuotedGroupNameWithACommaIsOneField(@TempDir Path dir) throws Exception {
        Path raw = rawCsv(dir, "\"parse, fast\",json,,,,200.0,ns,10\n\"parse, fast\",json,,,,420.0,ns,20\n");
        List<Series> series = ToolResults.read(raw);
        assertThat(series).hasSize(1);
        assertThat(series.get(0).column()).isEqualTo("parse, fast/json (ns per iteration)");
        assertThat(series.get(0).values()).containsExactly(20.0, 21.0);
    }

    @Test
    void aRowOfAnotherWidthIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        Path raw = rawCsv(dir, "g,f,,,,200.0,ns,10\ng,f,,,,200.0,ns,10,extra\n");
        assertThatThrownBy(() -> ToolResults.read(raw))
                .isInstanceOf(InputException.class)
                .hasMessage(raw + ":3: 9 fields where criterion's raw.csv has 8");
    }

    /** A raw.csv in {@code dir}: criterion's header, then {@code rows}. */
    private static Path rawCsv(Path dir, String rows) throws java.io.IOException {
        return Files.writeString(
                dir.resolve("raw.csv"),
                "group,function,value,throughput_num,throughput_type,sample_measured_value,unit,iteration_count\n"
                        + rows);
    }

    private static double estimate(JsonNode estimates, String name) {
        return estimates.get(name).get("point_estimate").asDouble();
    }
}
