package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code --format json} said {@code "gate": []} both when a gate passed and when there was none, and recorded
 * neither tolerance: a CI job could not tell "checked and fine" from "not checked". The JSON now holds the gate's
 * settings and whether it passed, null without a gate.
 */
@EnabledOnOs(OS.LINUX)
class GateOutcomeJsonTest {
    @TempDir
    Path tmp;

    private JsonNode compare(String... gate) throws Exception {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of(
                "compare",
                "-q",
                "--max-rounds",
                "6",
                "--format",
                "json",
                "-o",
                tmp.resolve("c" + gate.length).toString()));
        args.addAll(java.util.List.of(gate));
        args.addAll(java.util.List.of("--", "sleep", "0.01", ":::", "sleep", "0.01"));
        CliRun r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isIn(ExitCode.OK.code(), ExitCode.LIMIT.code());
        return JsonMapper.builder().build().readTree(r.out());
    }

    @Test
    void aGateThatPassedIsToldFromNoGate() throws Exception {
        JsonNode none = compare();
        assertThat(none.path("gateSettings").isNull()).isTrue();
        assertThat(none.path("gatePassed").isNull()).isTrue();
        JsonNode passed = compare("--fail-if-slower", "50%");
        assertThat(passed.path("gateSettings").path("failIfSlower").asDouble()).isEqualTo(0.5);
        assertThat(passed.path("gateSettings").path("failIfFaster").isNull()).isTrue();
        assertThat(passed.path("gatePassed").asBoolean()).isTrue();
        assertThat(passed.path("gate")).isEmpty();
    }
}
