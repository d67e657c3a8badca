package org.tally.core.catalog;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/** Catalogs and drift as JSON: how versions are stored and how {@code catalog refresh --json} prints them. */
public final class CatalogJson {

    private static final ObjectMapper MAPPER = mapper();

    private CatalogJson() {
    }

    /** The shared mapper (records, Instants as ISO-8601 text, unknown fields ignored for forward compatibility). */
    public static ObjectMapper mapper() {
        SimpleModule instants = new SimpleModule("instants");
        instants.addSerializer(Instant.class, new JsonSerializer<>() {
            @Override
            public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(value.toString());
            }
        });
        instants.addDeserializer(Instant.class, new JsonDeserializer<>() {
            @Override
            public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return Instant.parse(p.getValueAsString());
            }
        });
        return new ObjectMapper().registerModule(instants)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public static Catalog readCatalog(String json) {
        try {
            return MAPPER.readValue(json, Catalog.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("stored catalog version is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }
}
