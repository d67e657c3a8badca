package org.tally.core.answer;

import java.util.Optional;

/** A rung that can take the reply to a clarifying question it asked: the question again, the open slot filled. */
public interface ClarifyingRung extends Rung {

    /**
     * @return empty when {@code clarify} is not a question of this rung; else what the question gives with
     *         {@code option} filling the slot. A second open slot is a miss: Tally asks once, never twice.
     */
    Optional<Attempt> reply(String question, Clarify clarify, String option, StepListener live);
}
