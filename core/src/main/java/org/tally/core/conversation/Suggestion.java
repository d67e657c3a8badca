package org.tally.core.conversation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecHash;

/**
 * One suggestion chip after an answer: a question that is known to bind, compile and pass the safety policy on this
 * source. It carries its spec, so choosing it answers at once; {@code question}, asked as the next turn, reads to the
 * same spec, whose hash the chip names ({@code specHash}, as an answer to it would).
 *
 * @param label    the chip's text ("By ward", "Per month", "Only Cardiology")
 * @param question the sentence it stands for ("and by ward?")
 * @param kind     what it does to the last question (a follow-up move id, or {@code question} for one read alone)
 * @param spec     the spec it answers
 */
@JsonPropertyOrder({"label", "question", "specHash"})
public record Suggestion(String label, String question, @JsonIgnore String kind, @JsonIgnore QuerySpec spec) {
    public Suggestion {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(spec, "spec");
    }

    /** The hash of the spec the chip answers: the {@code specHash} its answer will have. */
    @JsonProperty("specHash")
    public String specHash() {
        return SpecHash.of(SpecCanonicalizer.canonicalize(spec));
    }
}
