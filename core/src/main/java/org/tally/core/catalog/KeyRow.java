package org.tally.core.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a table whose whole-number key is zero or negative, as read while profiling: the key and the row's
 * non-personal text values (a NULL is left out). Warehouses keep an "Unknown" member under such a key for the facts
 * that had no value; the binding reads these rows to tell such a member from a real row.
 *
 * @param key   the key value as text
 * @param texts column name → value, in column order, only the columns that held a value
 */
public record KeyRow(String key, Map<String, String> texts) {
    public KeyRow {
        Objects.requireNonNull(key, "key");
        texts = texts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(texts));
    }
}
