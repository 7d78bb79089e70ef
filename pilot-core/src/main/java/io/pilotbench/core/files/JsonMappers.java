package io.pilotbench.core.files;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON mappers of every module: one compact, one indented for files and reports people read. A mapper is
 * thread-safe once built and costs milliseconds to build, so each is made once, when first used.
 */
public final class JsonMappers {
    private JsonMappers() {}

    /** The compact mapper (Jackson's defaults). */
    public static JsonMapper plain() {
        return Plain.MAPPER;
    }

    /** The mapper that indents its output. */
    public static JsonMapper indented() {
        return Indented.MAPPER;
    }

    private static final class Plain {
        static final JsonMapper MAPPER = JsonMapper.builder().build();
    }

    private static final class Indented {
        static final JsonMapper MAPPER =
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    }
}
