package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A comparison of a value with a literal; every one of them is false when the value is null (SQL semantics). */
public enum CompareOp {
    /** Equal. */
    EQ("eq"),
    /** Not equal. */
    NE("ne"),
    /** Less than. */
    LT("lt"),
    /** Less than or equal. */
    LE("le"),
    /** Greater than. */
    GT("gt"),
    /** Greater than or equal. */
    GE("ge");

    private final String jsonName;

    CompareOp(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable JSON name; never changes, because spec hashes depend on it. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a JSON name ignoring case, spaces, hyphens and underscores. */
    @JsonCreator
    public static CompareOp fromJson(String text) {
        return JsonNames.parse(CompareOp.class, text, CompareOp::jsonName, "op");
    }
}
