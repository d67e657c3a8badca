package org.tally.core.conversation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What a follow-up carried over from the conversation (the {@code focus} field of an answer): the turn whose question
 * it refined, what it did to it, and the parts of that question it kept, as shown on the card ("using: 2025 ·
 * Admissions · by ward").
 *
 * @param fromTurn the turn refined (turns count from 1)
 * @param move     what the follow-up did: time, grouping, filter, rate, bucket, top, drill, subject, subset, list …
 * @param carried  the parts kept, in words
 */
@JsonPropertyOrder({"fromTurn", "move", "carried", "using"})
@JsonIgnoreProperties(value = "using", allowGetters = true) // written for readers, derived again when read back
public record FocusUse(int fromTurn, String move, List<String> carried) {
    public FocusUse {
        if (fromTurn < 1) {
            throw new IllegalArgumentException("turns count from 1, not " + fromTurn);
        }
        carried = List.copyOf(carried);
    }

    /** The line the card shows: the parts kept, joined by a middle dot. */
    @JsonProperty("using")
    public String using() {
        return String.join(" · ", carried);
    }

    @JsonIgnore
    public boolean carriesNothing() {
        return carried.isEmpty();
    }
}
