package org.tally.core.planner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecJson;

/**
 * The JSON schema of one question's QuerySpec, built from the {@link PlanVocabulary}: every concept, column reference,
 * value, date and enum name is a constant or an enum, so constrained decoding cannot write a name the binding lacks.
 * Each filter's values are tied to its column ({@code anyOf} of one alternative per column), never one flat list.
 * Arrays are bounded, so every output ends. The model's output is still read and checked in Java
 * ({@link PlanReader}): a runtime whose grammar fails open changes nothing.
 */
final class PlanSchema {

    /** Bounds of the arrays a planned spec may hold. */
    static final int MAX_MEASURES = 2;
    static final int MAX_DIMENSIONS = 2;
    static final int MAX_FILTERS = 4;
    static final int MAX_RELATED = 2;
    static final int MAX_PROJECTION = 5;
    static final int MAX_IN_VALUES = 4;
    /** The largest row limit the planner may ask for. */
    static final int MAX_LIMIT = 100;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PlanSchema() {
    }

    /** The schema as compact JSON text. */
    public static String of(PlanVocabulary v) {
        ObjectNode root = object();
        ObjectNode props = root.putObject("properties");
        props.set("subject", enumOf(v.concepts()));
        props.set("shape", enumOf(names(Shape.values())));
        optional(props, "measures", array(measure(v), MAX_MEASURES));
        optional(props, "dimensions", array(dimension(v), MAX_DIMENSIONS));
        JsonNode filter = filter(v);
        if (filter != null) {
            props.set("filters", array(ref("filter"), MAX_FILTERS));
        }
        JsonNode temporal = refs(v, c -> c.role().isTemporal());
        if (temporal != null) {
            ObjectNode time = object();
            ObjectNode timeProps = time.putObject("properties");
            timeProps.set("column", temporal);
            timeProps.set("from", ref("date"));
            timeProps.set("to", ref("date"));
            time.putArray("required").add("column");
            props.set("timeScope", time);
        }
        optional(props, "related", array(related(v, filter != null), MAX_RELATED));
        optional(props, "order", array(order(v), 1));
        props.set("limit", JSON.objectNode().put("type", "integer").put("minimum", 1).put("maximum", MAX_LIMIT));
        optional(props, "projection", array(refs(v, c -> !c.role().isReference()), MAX_PROJECTION));
        root.putArray("required").add("subject").add("shape");
        ObjectNode defs = root.putObject("$defs");
        if (filter != null) {
            defs.set("filter", filter);
        }
        defs.set("date", date(v.time().boundaries()));
        return root.toString();
    }

    private static JsonNode measure(PlanVocabulary v) {
        ArrayNode any = JSON.arrayNode();
        any.add(constant(JSON.objectNode().put("type", "count")));
        ArrayNode of = JSON.arrayNode();
        v.columns().stream().filter(c -> c.numeric() || c.role().isTemporal() || c.role().isReference()
                || !c.values().isEmpty()).forEach(c -> of.add(constant(tree(c.ref()))));
        v.durations().forEach(d -> of.add(constant(tree(d))));
        add(any, typed("aggregate", "function", enumOf(names(Aggregation.values())), "of", anyOf(of)));
        if (!v.columns().isEmpty()) {
            ObjectNode numerator = (ObjectNode) array(ref("filter"), 2);
            numerator.put("minItems", 1);
            add(any, typed("rate", "numerator", numerator));
        }
        return anyOf(any);
    }

    private static JsonNode dimension(PlanVocabulary v) {
        ArrayNode any = JSON.arrayNode();
        add(any, typed("column", "column", refs(v, c -> !c.values().isEmpty() || c.role() == ColumnRole.NAME
                || c.role() == ColumnRole.FLAG)));
        add(any, typed("timeBucket", "column", refs(v, c -> c.role().isTemporal()), "bucket",
                enumOf(names(Bucket.values()))));
        return anyOf(any);
    }

    private static JsonNode related(PlanVocabulary v, boolean filters) {
        ObjectNode r = object();
        ObjectNode p = r.putObject("properties");
        p.set("quantifier", enumOf(names(Quantifier.values())));
        p.set("concept", enumOf(v.concepts()));
        if (filters) {
            p.set("filters", array(ref("filter"), 2));
        }
        p.set("atLeast", JSON.objectNode().put("type", "integer").put("minimum", 0).put("maximum", 1000));
        r.putArray("required").add("quantifier").add("concept");
        return r;
    }

    private static JsonNode order(PlanVocabulary v) {
        ArrayNode any = JSON.arrayNode();
        add(any, typed("measure", "index", JSON.objectNode().set("enum", JSON.arrayNode().add(0).add(1)),
                "direction", enumOf(names(Direction.values()))));
        add(any, typed("value", "value", refs(v, c -> c.numeric() || c.role().isTemporal()), "direction",
                enumOf(names(Direction.values()))));
        return anyOf(any);
    }

    /** One alternative per column and kind of test: values tied to their own column. Null with no column. */
    private static JsonNode filter(PlanVocabulary v) {
        ArrayNode any = JSON.arrayNode();
        for (PlanVocabulary.Column c : v.columns()) {
            JsonNode target = tree(c.ref());
            if (!c.values().isEmpty()) {
                ArrayNode values = JSON.arrayNode();
                c.values().forEach(value -> values.add(constant(tree(value))));
                add(any, typed("compare", "target", constant(target), "op", enumOf(List.of("eq", "ne")), "value",
                        anyOf(values)));
                ObjectNode list = (ObjectNode) array(anyOf(values.deepCopy()), MAX_IN_VALUES);
                list.put("minItems", 2);
                add(any, typed("in", "target", constant(target), "values", list));
            }
            if (c.numeric()) {
                add(any, typed("compare", "target", constant(target), "op",
                        enumOf(List.of("gt", "ge", "lt", "le", "eq", "ne")), "value", number()));
            }
            if (c.role().isTemporal()) {
                add(any, typed("compare", "target", constant(target), "op", enumOf(List.of("ge", "lt")), "value",
                        ref("date")));
            }
            if (c.role() == ColumnRole.FLAG) {
                any.add(constant(JSON.objectNode().put("type", "isTrue").set("target", target)));
                any.add(constant(JSON.objectNode().put("type", "isFalse").set("target", target)));
            }
            if (c.role().isTemporal() || c.role().isReference() || !c.values().isEmpty()) {
                any.add(constant(JSON.objectNode().put("type", "isNull").set("target", target)));
                any.add(constant(JSON.objectNode().put("type", "isNotNull").set("target", target)));
            }
        }
        for (var d : v.durations()) {
            add(any, typed("compare", "target", constant(tree(d)), "op", enumOf(List.of("gt", "ge", "lt", "le")),
                    "value", number()));
        }
        return anyOf(any);
    }

    private static JsonNode number() {
        return typed("number", "value", JSON.objectNode().put("type", "number"));
    }

    private static JsonNode date(List<LocalDate> dates) {
        ArrayNode any = JSON.arrayNode();
        dates.forEach(d -> any.add(constant(tree(Literal.of(d)))));
        return anyOf(any);
    }

    /** The references of the offered columns that {@code which} keeps, as constants; null when none is kept. */
    private static JsonNode refs(PlanVocabulary v, Predicate<PlanVocabulary.Column> which) {
        ArrayNode any = JSON.arrayNode();
        v.columns().stream().filter(which).forEach(c -> any.add(constant(tree(c.ref()))));
        return anyOf(any);
    }

    /** A node of the spec exactly as the project's spec writer writes it, so the reader takes it back. */
    private static JsonNode tree(Object node) {
        try {
            return MAPPER.readTree(SpecJson.write(node));
        } catch (IOException e) {
            throw new IllegalStateException("a spec node could not be read back", e);
        }
    }

    private static ObjectNode object() {
        return JSON.objectNode().put("type", "object");
    }

    /**
     * An object whose {@code type} is the constant {@code name} and whose other properties (name, schema pairs) are
     * all required; null when one of them has no alternative, so the caller leaves the whole object out.
     */
    private static ObjectNode typed(String name, Object... pairs) {
        ObjectNode o = object();
        ObjectNode props = o.putObject("properties");
        props.set("type", JSON.objectNode().put("const", name));
        ArrayNode required = JSON.arrayNode().add("type");
        for (int i = 0; i < pairs.length; i += 2) {
            JsonNode value = (JsonNode) pairs[i + 1];
            if (value == null) {
                return null;
            }
            props.set((String) pairs[i], value);
            required.add((String) pairs[i]);
        }
        o.set("required", required);
        return o;
    }

    private static void add(ArrayNode alternatives, JsonNode alternative) {
        if (alternative != null) {
            alternatives.add(alternative);
        }
    }

    private static void optional(ObjectNode props, String name, JsonNode value) {
        if (value != null) {
            props.set(name, value);
        }
    }

    /** A bounded array of {@code items}; null when there is no item schema. */
    private static JsonNode array(JsonNode items, int max) {
        if (items == null) {
            return null;
        }
        return JSON.objectNode().put("type", "array").put("maxItems", max).set("items", items);
    }

    private static ObjectNode constant(JsonNode value) {
        return JSON.objectNode().set("const", value);
    }

    /** anyOf of the alternatives; null when there are none (the caller leaves that part out). */
    private static JsonNode anyOf(ArrayNode alternatives) {
        if (alternatives.isEmpty()) {
            return null;
        }
        return alternatives.size() == 1 ? alternatives.get(0) : JSON.objectNode().set("anyOf", alternatives);
    }

    private static ObjectNode ref(String def) {
        return JSON.objectNode().put("$ref", "#/$defs/" + def);
    }

    private static JsonNode enumOf(List<String> names) {
        ArrayNode values = JSON.arrayNode();
        names.forEach(values::add);
        return JSON.objectNode().set("enum", values);
    }

    private static List<String> names(Enum<?>[] constants) {
        List<String> out = new ArrayList<>();
        for (Enum<?> c : constants) {
            try {
                out.add(String.valueOf(c.getClass().getMethod("jsonName").invoke(c)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(c.getClass() + " has no JSON name", e);
            }
        }
        return out;
    }
}
