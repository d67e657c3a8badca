package org.tally.core.catalog;

import java.util.Objects;

/**
 * One observed value of a column and the exact number of rows holding it. The value is the database's value
 * as text: booleans as {@code true}/{@code false}, integers in decimal, text as stored (case and spaces kept).
 */
public record ValueCount(String value, long count) {
    public ValueCount {
        Objects.requireNonNull(value, "value");
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, was " + count);
        }
    }
}
