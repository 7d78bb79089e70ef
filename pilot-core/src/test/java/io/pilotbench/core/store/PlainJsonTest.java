package io.pilotbench.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.core.model.EnvironmentSnapshot;
import io.pilotbench.core.model.StopReason;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The streaming writer against what a JsonMapper with INDENT_OUTPUT writes for the same values: the same text. */
class PlainJsonTest {
    private static final JsonMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private static void same(Object value) {
        assertThat(PlainJson.write(value)).isEqualTo(MAPPER.writeValueAsString(value));
    }

    @Test
    void plainValuesAreWrittenAsAMapperWritesThem() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "true \"quoted\" \u00e9\n");
        m.put("n", 200);
        m.put("big", 12345678901234L);
        m.put("mean", 0.00111729384);
        m.put("tiny", 1.6399927899705965E-7);
        m.put("nan", Double.NaN);
        m.put("inf", Double.NEGATIVE_INFINITY);
        m.put("float", 1.5f);
        m.put("flag", false);
        m.put("none", null);
        m.put("reason", StopReason.ROUND_LIMIT);
        m.put("empty list", List.of());
        m.put("empty map", Map.of());
        m.put("list", Arrays.asList(1, "two", null, 3.5, List.of(4, 5), Map.of("k", "v")));
        m.put("doubles", new double[] {1.0, 2.5});
        m.put("longs", new long[] {1, 2});
        m.put("nested", new LinkedHashMap<>(Map.of("a", new ArrayList<>(List.of(Map.of("b", 1))))));
        same(m);
        same(List.of(1, 2));
        same("a string");
        same(42);
    }

    @Test
    void recordsByComponentAndOtherTypesAsAMapperWritesThem() {
        EnvironmentSnapshot env = new EnvironmentSnapshot(
                "Linux",
                "6.1",
                "6.1.0",
                "amd64",
                "EPYC",
                2,
                2,
                null,
                3_000_000_000L,
                24L << 30,
                "Debian",
                "17.0.15",
                "OpenJDK",
                List.of("-Xms16m", "-XX:+UseSerialGC"),
                "host",
                null,
                "main");
        same(env);
        same(Map.of("environment", env));
        same(Map.of("path", Path.of("/tmp/x y")));
    }
}
