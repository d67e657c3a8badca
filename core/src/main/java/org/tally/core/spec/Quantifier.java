package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Whether a related scope must have a matching row, must have none, or must have a number of them. */
public enum Quantifier {
    /** At least one related row matches. */
    EXISTS("exists"),
    /** No related row matches (without, never had, with no). */
    NOT_EXISTS("notExists"),
    /** The number of matching related rows lies within the scope's bounds (3 or more visits, fewer than 2). */
    COUNTED("counted");

    private final String jsonName;

    Quantifier(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static Quantifier fromJson(String text) {
        return JsonNames.parse(Quantifier.class, text, Quantifier::jsonName, "quantifier");
    }
}
