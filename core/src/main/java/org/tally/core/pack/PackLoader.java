package org.tally.core.pack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and validates a domain pack. A pack that does not parse, does not fit the format or fails validation is
 * rejected as a whole with every problem named ({@link PackException}); nothing half-loaded is ever returned.
 */
public final class PackLoader {

    private static final Logger LOG = LoggerFactory.getLogger(PackLoader.class);
    private static final String BUILT_IN = "/org/tally/core/pack/hospital.json";

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private static volatile DomainPack hospital;

    private PackLoader() {
    }

    /** The built-in {@code hospital} pack, loaded and validated once per process. */
    public static DomainPack hospital() {
        DomainPack pack = hospital;
        if (pack == null) {
            synchronized (PackLoader.class) {
                pack = hospital;
                if (pack == null) {
                    pack = loadResource(BUILT_IN);
                    hospital = pack;
                }
            }
        }
        return pack;
    }

    static DomainPack loadResource(String resource) {
        try (InputStream in = PackLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new PackException(resource, List.of("the resource is missing from the class path"));
            }
            return load(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read domain pack " + resource, e);
        }
    }

    /** Parses and validates pack JSON; {@code source} names it in messages (a file name or resource path). */
    public static DomainPack load(String json, String source) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new PackException(source, List.of("malformed JSON" + where(e.getLocation()) + ": "
                    + e.getOriginalMessage()));
        }
        if (tree == null || !tree.isObject()) {
            throw new PackException(source, List.of("the pack must be a JSON object {\"pack\": …, \"version\": …}"));
        }
        PackDocument doc;
        try {
            doc = MAPPER.treeToValue(tree, PackDocument.class);
        } catch (JsonMappingException e) {
            throw new PackException(source, List.of(entryOf(tree, e.getPath()) + ": " + rootMessage(e)));
        } catch (JsonProcessingException e) {
            throw new PackException(source, List.of(e.getOriginalMessage()));
        }
        List<String> problems = PackValidator.problems(doc);
        if (!problems.isEmpty()) {
            throw new PackException(source, problems);
        }
        DomainPack pack = new DomainPack(doc);
        LOG.info("Loaded domain pack '{}' version {} from {}: {} concepts, {} predicates, {} value classes",
                doc.pack(), doc.version(), source, doc.concepts().size(), doc.predicates().size(),
                doc.valueClasses().size());
        return pack;
    }

    private static String where(JsonLocation location) {
        return location == null ? "" : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String rootMessage(JsonMappingException e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        if (cause instanceof JsonProcessingException jsonProcessingException) {
            return jsonProcessingException.getOriginalMessage();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    /**
     * Renders a Jackson path as the entry it points into: {@code concepts[3]} becomes {@code concept 'Delivery'}, so
     * even a structural error names the entry as a person would look for it.
     */
    static String entryOf(JsonNode tree, List<JsonMappingException.Reference> path) {
        String entry = "pack";
        StringBuilder field = new StringBuilder();
        JsonNode node = tree;
        for (int i = 0; i < path.size(); i++) {
            JsonMappingException.Reference ref = path.get(i);
            if (ref.getFieldName() != null) {
                node = node == null ? null : node.get(ref.getFieldName());
                if (i == 0 && i + 1 < path.size() && path.get(i + 1).getIndex() >= 0) {
                    JsonNode element = node == null ? null : node.get(path.get(i + 1).getIndex());
                    String id = idOf(element);
                    entry = singularEntry(ref.getFieldName()) + " "
                            + (id != null ? "'" + id + "'" : "#" + path.get(i + 1).getIndex());
                    node = element;
                    i++;
                    continue;
                }
                if (field.length() > 0) {
                    field.append('.');
                }
                field.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                node = node == null ? null : node.get(ref.getIndex());
                field.append('[').append(ref.getIndex()).append(']');
            }
        }
        return field.length() == 0 ? entry : entry + ": " + field;
    }

    private static String idOf(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        for (String field : List.of("id", "token", "spelling")) {
            JsonNode id = node.get(field);
            if (id != null && id.isTextual()) {
                return id.asText();
            }
        }
        return null;
    }

    private static String singularEntry(String arrayField) {
        switch (arrayField) {
            case "concepts":
                return "concept";
            case "serviceLines":
                return "serviceLine";
            case "valueClasses":
                return "valueClass";
            case "predicates":
                return "predicate";
            case "ambiguousTokens":
                return "ambiguousToken";
            case "homographs":
                return "homograph";
            default:
                return arrayField;
        }
    }
}
