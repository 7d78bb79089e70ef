package io.pilotbench.core.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.EnvironmentSnapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class EnvironmentSnapshotTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    static final EnvironmentSnapshot SAMPLE = new EnvironmentSnapshot(
            "Debian GNU/Linux",
            "12 (bookworm)",
            "Linux 6.1.0-18-amd64",
            "amd64",
            "AMD EPYC",
            2,
            2,
            4,
            null,
            25_276_514_304L,
            "Debian",
            "17.0.15+6-Debian-1deb12u1",
            "OpenJDK 64-Bit Server VM",
            List.of("-Xmx1g", "-XX:+UseSerialGC"),
            "vm",
            "0123456789abcdef0123456789abcdef01234567",
            null);

    @TempDir
    Path tmp;

    @Test
    void jsonKeysAreTheCamelCaseComponentNamesAndUnknownsAreNull() {
        JsonNode json = JSON.readTree(JSON.writeValueAsString(SAMPLE));

        assertThat(json.propertyNames())
                .containsExactlyInAnyOrder(
                        "osName",
                        "osVersion",
                        "kernel",
                        "architecture",
                        "cpuModel",
                        "physicalCores",
                        "logicalCores",
                        "machineLogicalCores",
                        "cpuMaxFrequencyHz",
                        "totalMemoryBytes",
                        "jvmVendor",
                        "jvmVersion",
                        "jvmName",
                        "jvmInputArguments",
                        "hostname",
                        "gitCommit",
                        "gitBranch");
        assertThat(json.get("cpuMaxFrequencyHz").isNull()).isTrue();
        assertThat(json.get("gitBranch").isNull()).isTrue();
        assertThat(json.get("totalMemoryBytes").asLong()).isEqualTo(25_276_514_304L);
        assertThat(json.get("jvmInputArguments").get(1).asString()).isEqualTo("-XX:+UseSerialGC");
    }

    @Test
    void jacksonRoundTripGivesAnEqualSnapshot() {
        String json = JSON.writeValueAsString(SAMPLE);

        assertThat(JSON.readValue(json, EnvironmentSnapshot.class)).isEqualTo(SAMPLE);
    }

    @Test
    void jacksonRoundTripOfARealCapture() {
        EnvironmentSnapshot real = EnvironmentProbe.system().capture(tmp);

        assertThat(JSON.readValue(JSON.writeValueAsString(real), EnvironmentSnapshot.class))
                .isEqualTo(real);
    }

    @Test
    void aFileWithoutTheLaterFieldsStillLoads() {
        EnvironmentSnapshot s = JSON.readValue("{\"osName\":\"Linux\",\"logicalCores\":8}", EnvironmentSnapshot.class);

        assertThat(s.osName()).isEqualTo("Linux");
        assertThat(s.logicalCores()).isEqualTo(8);
        assertThat(s.gitCommit()).isNull();
        assertThat(s.jvmInputArguments()).isNull();
    }

    @Test
    void jvmInputArgumentsAreCopiedAndUnmodifiable() {
        List<String> args = new ArrayList<>(List.of("-Xmx1g"));
        EnvironmentSnapshot s = new EnvironmentSnapshot(
                null, null, null, null, null, null, 1, null, null, null, null, null, null, args, null, null, null);
        args.add("-Xss1m");

        assertThat(s.jvmInputArguments()).containsExactly("-Xmx1g");
        assertThatThrownBy(() -> s.jvmInputArguments().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void fixedProbeReturnsItsSnapshotForAnyDirectory() {
        EnvironmentProbe probe = EnvironmentProbe.fixed(SAMPLE);

        assertThat(probe.capture(tmp)).isSameAs(SAMPLE);
        assertThat(probe.capture(Path.of("elsewhere"))).isSameAs(SAMPLE);
        assertThatThrownBy(() -> probe.capture(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> EnvironmentProbe.fixed(null)).isInstanceOf(NullPointerException.class);
    }
}
