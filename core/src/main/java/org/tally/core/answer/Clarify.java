package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/** One clarifying question whose options are all bound candidates on the current source. */
@JsonPropertyOrder({"question", "options"})
public record Clarify(String question, List<String> options) {
    public Clarify {
        Objects.requireNonNull(question, "question");
        options = List.copyOf(options);
        if (options.isEmpty()) {
            throw new IllegalArgumentException("a clarify question needs at least one option");
        }
    }
}
