package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The report's "Ratio of means" chart drew each pair at the ratio of all its rounds' means (0.7880) with the paired
 * interval around another centre, the one the CLI and comparison.json give (0.7906 [0.7851, 0.796]): they differ
 * when the workloads ran different numbers of rounds, as when one pair is decided first. The point is the
 * comparison's ratio now.
 */
class ReportRatioPointTest {
    @TempDir
    Path tmp;

    @Test
    void eachPairIsDrawnAtTheRatioTheComparisonGives() throws Exception {
        Path dir = tmp.resolve("c");
        CliRun c = CliRun.run(
                "compare",
                "-q",
                "--max-time",
                "15s",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.01",
                ":::",
                "sleep",
                "0.01",
                ":::",
                "sleep",
                "0.013");
        assertThat(c.code()).as(c.err()).isIn(0, ExitCode.LIMIT.code());
        Path html = tmp.resolve("r.html");
        assertThat(CliRun.run("report", "-o", html.toString(), dir.toString()).code())
                .isZero();
        String page = Files.readString(html);
        JsonNode pairs = JsonMapper.builder()
                .build()
                .readTree(Files.readString(dir.resolve("comparison.json")))
                .get("pairs");
        int checked = 0;
        for (JsonNode p : pairs) {
            if (p.get("ratio").isNull()) {
                continue;
            }
            String a = p.get("a").asString();
            String b = p.get("b").asString();
            double value = p.get("ratio").get("value").asDouble();
            // the report names each pair in its own ranking's order: a / b, or b / a with the inverse ratio
            for (boolean forward : new boolean[] {true, false}) {
                Matcher m = Pattern.compile("data-center=\"([0-9.E-]+)\" data-low=\"[0-9.E-]+\" "
                                + "data-high=\"[0-9.E-]+\"><title>"
                                + Pattern.quote((forward ? a + " / " + b : b + " / " + a) + " ="))
                        .matcher(page);
                if (m.find()) {
                    assertThat(Double.parseDouble(m.group(1)))
                            .as(a + " / " + b)
                            .isCloseTo(forward ? value : 1 / value, within(1e-9));
                    checked++;
                }
            }
        }
        assertThat(checked).as("pairs drawn and checked").isGreaterThanOrEqualTo(1);
    }
}
