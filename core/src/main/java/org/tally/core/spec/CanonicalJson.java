package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The byte-exact JSON the hash is computed over: keys sorted alphabetically at every level, no whitespace, plain
 * decimals, ISO dates, empty values left out, provenance never written. Also orders unordered lists.
 */
final class CanonicalJson {

    @JsonIgnoreProperties({"provenance"})
    private abstract static class WithoutProvenance {
    }

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .serializationInclusion(JsonInclude.Include.NON_EMPTY)
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .addMixIn(QuerySpec.class, WithoutProvenance.class)
            .build();

    private CanonicalJson() {
    }

    static String write(Object node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a spec node could not be written as canonical JSON", e);
        }
    }
}
