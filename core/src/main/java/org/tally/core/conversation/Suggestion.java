package org.tally.core.conversation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import org.tally.core.spec.QuerySpec;

/**
 * One suggestion chip after an answer: a question that is known to bind, compile and pass the safety policy on this
 * source. It carries its spec, so choosing it answers at once; {@code question}, asked as the next turn, reads to the
 * same spec.
 *
 * @param label    the chip's text ("By ward", "Per month", "Only Cardiology")
 * @param question the sentence it stands for ("and by ward?")
 * @param kind     what it does to the last question (a follow-up move id, or {@code question} for one read alone)
 * @param spec     the spec it answers
 */
@JsonPropertyOrder({"label", "question"})
public record Suggestion(String label, String question, @JsonIgnore String kind, @JsonIgnore QuerySpec spec) {
    public Suggestion {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spec, "spec");
    }
}
