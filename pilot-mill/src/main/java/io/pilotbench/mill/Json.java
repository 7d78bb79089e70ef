package io.pilotbench.mill;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the mill (Jackson 3): maps keep their order, which is the results table's column order. */
final class Json {
    static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final TypeReference<LinkedHashMap<String, String>> STRINGS = new TypeReference<>() {
    };

    private Json() {
    }

    static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** A JSON object of strings, in its order. */
    static Map<String, String> strings(String json) {
        return MAPPER.readValue(json, STRINGS);
    }
}
