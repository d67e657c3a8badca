package org.tally.core.pack;

import java.util.Objects;

/** One distinct value a column holds, with how many rows hold it (from exact profiling). */
public record ObservedValue(String value, long count) {
    public ObservedValue {
        Objects.requireNonNull(value, "value");
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
    }
}
