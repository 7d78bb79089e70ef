package io.pilotbench.mill;

import io.pilotbench.core.files.JsonMappers;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mill's JSON: the project's compact mapper ({@link JsonMappers#plain}, Jackson 3) and the two conversions the
 * mill makes everywhere. Maps keep their order, which is the results table's column order.
 */
final class Json {
    static final JsonMapper MAPPER = JsonMappers.plain();
    private static final TypeReference<LinkedHashMap<String, String>> STRINGS = new TypeReference<>() {};

    private Json() {}

    static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** A JSON object of strings, in its order. */
    static Map<String, String> strings(String json) {
        return MAPPER.readValue(json, STRINGS);
    }
}
