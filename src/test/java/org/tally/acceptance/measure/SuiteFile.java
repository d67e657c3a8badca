package org.tally.acceptance.measure;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads a suite's YAML resource into its record; an unknown field is an error (a typo must not go unnoticed). */
public final class SuiteFile {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private SuiteFile() {
    }

    public static <T> T read(String resource, Class<T> type) {
        try (InputStream in = SuiteFile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("suite resource missing: " + resource);
            }
            return YAML.readValue(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException(resource + " does not parse: " + e.getMessage(), e);
        }
    }
}
