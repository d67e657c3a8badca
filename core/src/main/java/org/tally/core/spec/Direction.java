package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Sort direction; ascending is the default. */
public enum Direction {
    /** Smallest, earliest or alphabetically first first. */
    ASC("asc"),
    /** Largest, latest or alphabetically last first. */
    DESC("desc");

    private final String jsonName;

    Direction(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static Direction fromJson(String text) {
        return JsonNames.parse(Direction.class, text, Direction::jsonName, "direction");
    }
}
