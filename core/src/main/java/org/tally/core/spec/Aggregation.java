package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** An aggregate over one value of each row (plain row counts are {@link Measure.Count}). */
public enum Aggregation {
    /** Number of distinct non-null values. */
    COUNT_DISTINCT("countDistinct"),
    /** Sum of the values. */
    SUM("sum"),
    /** Arithmetic mean of the values. */
    AVG("avg"),
    /** Smallest (or earliest) value. */
    MIN("min"),
    /** Largest (or latest) value. */
    MAX("max"),
    /** Median of the values; refused by dialects without one. */
    MEDIAN("median");

    private final String jsonName;

    Aggregation(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static Aggregation fromJson(String text) {
        return JsonNames.parse(Aggregation.class, text, Aggregation::jsonName, "function");
    }
}
