package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The JSON form of a {@link QuerySpec}: one object, nodes tagged by a stable {@code "type"} name, empty lists and
 * absent values left out, unknown fields refused. Reading never leaks a Jackson stack trace: every problem becomes an
 * {@link InvalidSpecException} naming the field path (e.g. {@code filters[1].value}) and the fix.
 */
public final class SpecJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .serializationInclusion(JsonInclude.Include.NON_EMPTY)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private SpecJson() {
    }

    /** The spec as one line of JSON (provenance included). */
    public static String toJson(QuerySpec spec) {
        try {
            return MAPPER.writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a valid spec could not be written as JSON", e);
        }
    }

    /**
     * Reads a spec and checks every invariant.
     *
     * @throws InvalidSpecException for malformed JSON, an unknown field or type name, a wrong value type or a broken
     *                              invariant, naming the field path and the fix
     */
    public static QuerySpec fromJson(String json) {
        return read(json, QuerySpec.class);
    }

    /** Reads any node of the spec (a filter, a measure …) by its type; errors as in {@link #fromJson}. */
    public static <T> T read(String json, Class<T> type) {
        if (json == null || json.isBlank()) {
            throw new InvalidSpecException("$", "no JSON was given", "send one JSON object");
        }
        try {
            T value = MAPPER.readValue(json, type);
            if (value == null) {
                throw new InvalidSpecException("$", "the JSON is null", "send one JSON object");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw translate(e);
        } catch (SpecException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InvalidSpecException("$", "the JSON could not be read (" + firstLine(e.getMessage()) + ")",
                    "check the JSON against the spec format");
        }
    }

    /** Writes any node of the spec. */
    public static String write(Object node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a spec node could not be written as JSON", e);
        }
    }

    static InvalidSpecException translate(JsonProcessingException e) {
        List<JsonMappingException.Reference> refs = e instanceof JsonMappingException jsonMappingException
                ? jsonMappingException.getPath() : List.of();
        String path = path(refs);
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SpecException specException) {
                SpecException inner = specException;
                String field = inner.field();
                boolean alreadyThere = path.equals(field) || path.endsWith("." + field);
                return new InvalidSpecException(alreadyThere ? path : join(path, field), inner.problem(), inner.fix());
            }
        }
        String at = path.isEmpty() ? "$" : path;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamReadException streamReadException) {
                StreamReadException p = streamReadException;
                String where = p.getLocation() == null ? "" : " at line " + p.getLocation().getLineNr() + ", column "
                        + p.getLocation().getColumnNr();
                return new InvalidSpecException(at, "malformed JSON" + where + " (" + firstLine(p.getOriginalMessage())
                        + ")", "send one well-formed JSON object");
            }
        }
        if (e instanceof UnrecognizedPropertyException unrecognizedPropertyException) {
            UnrecognizedPropertyException u = unrecognizedPropertyException;
            String parent = path(refs.subList(0, Math.max(0, refs.size() - 1)));
            return new InvalidSpecException(parent.isEmpty() ? "$" : parent, "unknown field '" + u.getPropertyName()
                    + "'", "remove it; known fields here: " + known(u.getKnownPropertyIds()));
        }
        if (e instanceof InvalidTypeIdException invalidTypeIdException) {
            InvalidTypeIdException t = invalidTypeIdException;
            String names = t.getBaseType() == null ? "" : typeNames(t.getBaseType().getRawClass());
            String fix = names.isEmpty() ? "use one of the documented type names" : "use one of " + names;
            return new InvalidSpecException(join(at, "type"), t.getTypeId() == null ? "the type name is missing"
                    : "'" + t.getTypeId() + "' is not a known type", fix);
        }
        if (e instanceof MismatchedInputException mismatchedInputException && mismatchedInputException.getTargetType() != null) {
            Class<?> target = mismatchedInputException.getTargetType();
            return new InvalidSpecException(at, "the value is not " + expected(target), "give " + expected(target));
        }
        return new InvalidSpecException(at, firstLine(e.getOriginalMessage()),
                "give a value of the expected type for this field");
    }

    /** What a field of this Java type looks like in JSON, in words. */
    private static String expected(Class<?> type) {
        if (Collection.class.isAssignableFrom(type)) {
            return "a JSON array";
        }
        if (type == String.class) {
            return "a JSON string";
        }
        if (type == int.class || type == Integer.class) {
            return "a whole number";
        }
        if (type == BigDecimal.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(SpecJson::enumName)
                    .collect(Collectors.joining(", "));
        }
        String names = typeNames(type);
        return names.isEmpty() ? "a JSON object" : "a JSON object with a \"type\" of " + names;
    }

    private static String enumName(Object constant) {
        try {
            return String.valueOf(constant.getClass().getMethod("jsonName").invoke(constant));
        } catch (ReflectiveOperationException e) {
            return String.valueOf(constant);
        }
    }

    /**
     * The stable type names accepted where {@code base} is expected: its subtypes' names, or, for a node that is
     * itself a subtype (a {@link ColumnRef} where only a column fits), its own name.
     */
    private static String typeNames(Class<?> base) {
        JsonSubTypes subTypes = base.getAnnotation(JsonSubTypes.class);
        if (subTypes != null) {
            return Arrays.stream(subTypes.value()).map(JsonSubTypes.Type::name).collect(Collectors.joining(", "));
        }
        for (Class<?> parent : base.getInterfaces()) {
            JsonSubTypes parentTypes = parent.getAnnotation(JsonSubTypes.class);
            if (parentTypes != null) {
                for (JsonSubTypes.Type t : parentTypes.value()) {
                    if (t.value() == base) {
                        return t.name();
                    }
                }
            }
        }
        return "";
    }

    private static String known(Collection<Object> ids) {
        if (ids == null) {
            return "see the spec format";
        }
        return ids.stream().map(String::valueOf).filter(id -> !id.equals("type")).sorted()
                .collect(Collectors.joining(", "));
    }

    static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : refs) {
            if (ref.getFieldName() != null) {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static String join(String path, String field) {
        if (path.isEmpty() || path.equals("$")) {
            return field;
        }
        if (field == null || field.isEmpty()) {
            return path;
        }
        return field.startsWith("[") ? path + field : path + "." + field;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        int cut = message.indexOf('\n');
        String line = cut < 0 ? message : message.substring(0, cut);
        int at = line.indexOf(" at [Source");
        return (at < 0 ? line : line.substring(0, at)).trim();
    }
}
