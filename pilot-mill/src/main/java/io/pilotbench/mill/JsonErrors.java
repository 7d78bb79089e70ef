package io.pilotbench.mill;

import java.util.Collection;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * A request body that Jackson could not read, in the words of the API rather than of its classes: Jackson's own
 * message named the master's Java types ({@code io.pilotbench.mill.AccountRoutes$Credentials},
 * {@code java.lang.String}) and its stream features, which tell a client nothing it can act on and tell others how
 * the master is built.
 */
final class JsonErrors {
    private JsonErrors() {}

    /** One line: where in the body, and what was expected there. */
    static String describe(JacksonException e) {
        String prefix = "the request body is not the JSON expected";
        String path = e.getPath().stream()
                .map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
        if (e instanceof MismatchedInputException m) {
            return prefix + ": " + (path.isEmpty() ? "the body" : path) + " should be " + kind(m.getTargetType());
        }
        if (e instanceof StreamReadException) {
            TokenStreamLocation at = e.getLocation();
            return "the request body is not valid JSON"
                    + (at != null && at.getLineNr() > 0
                            ? " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"
                            : "");
        }
        return prefix + (path.isEmpty() ? "" : " (at " + path + ")");
    }

    /** What a value of {@code type} is written as in JSON. */
    private static String kind(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type.isEnum()) {
            return "a string";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive() && type != boolean.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return "an object";
    }
}
