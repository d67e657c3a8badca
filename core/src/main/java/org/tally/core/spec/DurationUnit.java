package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The unit of a derived duration; whole units are not implied (the compiler decides rounding per dialect and
 * documents it).
 */
public enum DurationUnit {
    /** Days. */
    DAYS("days"),
    /** Hours. */
    HOURS("hours"),
    /** Minutes. */
    MINUTES("minutes");

    private final String jsonName;

    DurationUnit(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static DurationUnit fromJson(String text) {
        return JsonNames.parse(DurationUnit.class, text, DurationUnit::jsonName, "unit");
    }
}
