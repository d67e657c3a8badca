package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The kind of answer a question asks for; each shape has its own invariants in {@link QuerySpec}. */
public enum Shape {
    /** One row of aggregate measures (how many, total, average). */
    SCALAR("Scalar"),
    /** Aggregate measures per value of one or more dimensions. */
    GROUPED("Grouped"),
    /** Aggregate measures per time bucket (per month, over time). */
    TREND("Trend"),
    /** The first N groups by an order (top 5 wards by admissions). */
    TOP_N("TopN"),
    /** Rows of the subject with projected columns. */
    LIST("List"),
    /** The rows of the subject that match identifying filters. */
    LOOKUP("Lookup"),
    /** The share of rows that meet a numerator condition. */
    RATE("Rate"),
    /** Whether at least one row matches (yes or no). */
    EXISTS("Exists");

    private final String jsonName;

    Shape(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Whether the answer aggregates rows into measures (Scalar, Grouped, Trend, TopN, Rate). */
    public boolean isAggregated() {
        return this == SCALAR || this == GROUPED || this == TREND || this == TOP_N || this == RATE;
    }

    /** Whether the answer is rows of the subject (List, Lookup). */
    public boolean isRowLevel() {
        return this == LIST || this == LOOKUP;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static Shape fromJson(String text) {
        return JsonNames.parse(Shape.class, text, Shape::jsonName, "shape");
    }
}
