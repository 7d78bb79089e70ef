package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sessions of a comparison decided in a few cycles recorded "converged": true and "stopReason": "target_met" in
 * their result.json beside "targetMet": false and "waitingFor" 20 samples; history add, analyze and scripts that
 * read result.json trusted them, and pilot report said "ended converged by its stop rule then". Such a session now
 * ends "comparison_decided", not converged.
 */
@EnabledOnOs(OS.LINUX)
class ComparisonSessionStopReasonTest {
    @TempDir
    Path tmp;

    @Test
    void aSessionStoppedByItsComparisonHasNotConverged() throws Exception {
        Path dir = tmp.resolve("c");
        CliRun r = CliRun.run(
                "compare",
                "-q",
                "--max-time",
                "30s",
                "-o",
                dir.toString(),
                "--",
                "sleep",
                "0.01",
                ":::",
                "sleep",
                "0.02");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK.code());
        int checked = 0;
        try (var sessions = Files.list(dir)) {
            for (Path s : sessions.filter(Files::isDirectory).toList()) {
                JsonNode result = JsonMapper.builder().build().readTree(Files.readString(s.resolve("result.json")));
                boolean own = result.path("pis")
                        .get(0)
                        .path("readings")
                        .path("targetMet")
                        .asBoolean();
                assertThat(result.path("converged").asBoolean())
                        .as(s.toString())
                        .isEqualTo(own);
                if (!own) {
                    assertThat(result.path("stopReason").asString()).isEqualTo("comparison_decided");
                    CliRun analyze = CliRun.run("analyze", s.toString());
                    assertThat(analyze.out())
                            .contains("the comparison it ran in was decided before its own target was met");
                    checked++;
                }
            }
        }
        assertThat(checked)
                .as("sessions decided before their own targets (2 × 20 ms: a few cycles)")
                .isPositive();
    }
}
