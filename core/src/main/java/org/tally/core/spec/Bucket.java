package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A calendar bucket for trends; weeks start on Monday, quarters on January, April, July and October. */
public enum Bucket {
    /** Clock hour. */
    HOUR("hour"),
    /** Calendar day. */
    DAY("day"),
    /** ISO week, Monday to Sunday. */
    WEEK("week"),
    /** Calendar month. */
    MONTH("month"),
    /** Calendar quarter. */
    QUARTER("quarter"),
    /** Calendar year. */
    YEAR("year");

    private final String jsonName;

    Bucket(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static Bucket fromJson(String text) {
        return JsonNames.parse(Bucket.class, text, Bucket::jsonName, "bucket");
    }
}
