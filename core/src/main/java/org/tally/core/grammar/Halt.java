package org.tally.core.grammar;

import java.util.List;
import java.util.Objects;

/** Why a parse stops before the last word: a miss with its reason, or one question back to the user. */
sealed interface Halt permits Halt.Miss, Halt.Ask {

    /** No reading: {@code reason} says which word or rule and why. */
    record Miss(String reason) implements Halt {
        public Miss {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * One slot with several readings. {@code key} names the slot, so a parse given a chosen label for it fills it
     * ({@link Grammar#parse(String, java.util.Map)}).
     */
    record Ask(String slot, String key, String question, List<String> labels) implements Halt {
        public Ask {
            Objects.requireNonNull(slot, "slot");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(question, "question");
            labels = List.copyOf(labels);
        }
    }
}
