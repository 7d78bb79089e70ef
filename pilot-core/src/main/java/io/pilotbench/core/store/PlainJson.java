package io.pilotbench.core.store;

import io.pilotbench.core.files.JsonMappers;
import java.io.StringWriter;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultPrettyPrinter;

/**
 * JSON text of plain values — maps, collections, arrays, strings, numbers, booleans, enums (by name), records (by
 * component, in order) and null — written with Jackson's streaming generator, indented as Jackson's
 * {@code INDENT_OUTPUT} indents ({@code "key" : value}, arrays on one line).
 *
 * <p>Why not a {@code JsonMapper}: building one and its serializers loads about 600 classes of jackson-databind, a
 * fifth of all a {@code pilot run} loads, for files (session.json, command.json, result.json) and a report that are
 * maps of plain values; the generator alone is part of jackson-core, which is loaded anyway (this saves memory in
 * {@code pilot run}). Any other type is handed to a {@code JsonMapper}, made then, which turns it into plain values
 * as it would serialise it.
 */
public final class PlainJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private PlainJson() {}

    /** {@code value} as indented JSON text (no final line break). */
    public static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(new Indented(), out)) {
            write(g, value);
        }
        return out.toString();
    }

    private static void write(JsonGenerator g, Object v) {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof BigDecimal d) {
            g.writeNumber(d);
        } else if (v instanceof BigInteger i) {
            g.writeNumber(i);
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeName(String.valueOf(e.getKey()));
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object o : c) {
                write(g, o);
            }
            g.writeEndArray();
        } else if (v instanceof Object[] a) {
            write(g, Arrays.asList(a));
        } else if (v instanceof double[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof long[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof int[] a) {
            g.writeArray(a, 0, a.length);
        } else if (v instanceof Enum<?> e) {
            g.writeString(e.name());
        } else if (v instanceof Record r) {
            g.writeStartObject();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                g.writeName(c.getName());
                try {
                    write(g, c.getAccessor().invoke(r));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(
                            "cannot read " + c + " of " + r.getClass().getName(), e);
                }
            }
            g.writeEndObject();
        } else {
            // e.g. a Path: "file:///…", as a mapper writes it
            write(g, JsonMappers.plain().convertValue(v, Object.class));
        }
    }

    /** Made only for a value of a type not handled above. */

    /** The write context that indents: a fresh printer per document (it keeps the nesting). */
    private static final class Indented extends ObjectWriteContext.Base {
        @Override
        public PrettyPrinter getPrettyPrinter() {
            return new DefaultPrettyPrinter();
        }

        @Override
        public boolean hasPrettyPrinter() {
            return true;
        }
    }
}
