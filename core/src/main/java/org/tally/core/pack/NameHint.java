package org.tally.core.pack;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;

/**
 * A requirement on a column's name: every token must appear among the column's normalised name tokens
 * ({@link org.tally.core.names.NameTokens#column}). Written in the pack as a JSON array of tokens, e.g.
 * {@code ["amount", "due"]}. A hint is a requirement, never a preference.
 */
public record NameHint(List<String> tokens) {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public NameHint {
        tokens = Lists.copy(tokens, "name hint");
    }

    /** True when every hint token is among the column's tokens. */
    public boolean matches(List<String> columnTokens) {
        return columnTokens.containsAll(tokens);
    }

    @JsonValue
    @Override
    public List<String> tokens() {
        return tokens;
    }
}
