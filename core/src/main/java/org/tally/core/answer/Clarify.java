package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * One clarifying question whose options are all bound candidates on the current source.
 *
 * @param slot the open slot a chosen option fills when the question is asked again (see
 *             {@link AnswerEngine#reply}); null when choosing cannot be answered and the user must ask again in other
 *             words. Not part of the command-line object.
 */
@JsonPropertyOrder({"question", "options"})
public record Clarify(String question, List<String> options, @JsonIgnore String slot) {
    public Clarify {
        Objects.requireNonNull(question, "question");
        options = List.copyOf(options);
        if (options.isEmpty()) {
            throw new IllegalArgumentException("a clarify question needs at least one option");
        }
        if (slot != null && slot.isBlank()) {
            throw new IllegalArgumentException("a clarify slot is named or null, not blank");
        }
    }

    /** A question whose options cannot be chosen, only named in a new question. */
    public Clarify(String question, List<String> options) {
        this(question, options, null);
    }

    /** True when choosing an option answers the question (the engine fills the open slot with it). */
    @JsonIgnore
    public boolean choosable() {
        return slot != null;
    }
}
