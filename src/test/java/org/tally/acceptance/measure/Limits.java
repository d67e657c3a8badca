package org.tally.acceptance.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** A properties resource of a suite: a floor or ceiling per configuration, or known-wrong questions with causes. */
public final class Limits {

    private Limits() {
    }

    public static Map<String, String> load(String resource) {
        Properties p = new Properties();
        try (InputStream in = Limits.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(resource + ": " + e.getMessage(), e);
        }
        Map<String, String> values = new TreeMap<>();
        p.stringPropertyNames().forEach(k -> values.put(k, p.getProperty(k).trim()));
        return values;
    }

    /** The whole number {@code key} holds in {@code resource}; a missing key fails (every configuration has one). */
    public static int number(String resource, String key) {
        String value = load(resource).get(key);
        assertThat(value).as(resource + " has no " + key).isNotNull();
        return Integer.parseInt(value);
    }
}
