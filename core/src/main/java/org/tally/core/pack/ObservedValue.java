package org.tally.core.pack;

import java.util.Objects;

/**
 * One distinct value a column holds, with how many rows hold it (from exact profiling), and its {@link ValueText#key
 * comparison key}, computed once: the grammar compares question words with every observed value of every column it
 * tries.
 */
public record ObservedValue(String value, long count, String key) {
    public ObservedValue {
        Objects.requireNonNull(value, "value");
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
        if (!ValueText.key(value).equals(key)) {
            throw new IllegalArgumentException("key '" + key + "' is not the comparison key of '" + value + "'");
        }
    }

    public ObservedValue(String value, long count) {
        this(value, count, ValueText.key(Objects.requireNonNull(value, "value")));
    }
}
