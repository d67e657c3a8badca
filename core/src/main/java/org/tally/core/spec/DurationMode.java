package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a derived duration treats rows whose end is still missing. */
public enum DurationMode {
    /** Only rows with both start and end: an open interval has no duration (the default). */
    COMPLETED_ONLY("completedOnly"),
    /**
     * An open interval lasts until now (the executor's clock), e.g. the current length of stay; the result then
     * changes with time under one hash.
     */
    AS_OF_NOW("asOfNow");

    private final String jsonName;

    DurationMode(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static DurationMode fromJson(String text) {
        return JsonNames.parse(DurationMode.class, text, DurationMode::jsonName, "mode");
    }
}
