package org.tally.core.pack;

import java.util.List;
import java.util.Objects;

/** What a question's word means on one column: observed values, nothing, or several incompatible readings. */
public sealed interface Resolution {

    /**
     * The observed values the word stands for (all of them: "caesarean" may match both "CS" and "C-Section").
     *
     * @param classes the value classes that produced the match; empty when it was a literal match of the word
     */
    record Matched(List<ObservedValue> values, List<String> classes) implements Resolution {
        public Matched {
            values = List.copyOf(values);
            classes = List.copyOf(classes);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("a match needs at least one observed value");
            }
        }
    }

    /** The column holds no value the word can stand for; {@code reason} says why, for a refusal message. */
    record NoMatch(String reason) implements Resolution {
        public NoMatch {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The word reads as different values under different classes; the caller asks, never picks. */
    record Ambiguous(List<Candidate> candidates) implements Resolution {
        public Ambiguous {
            candidates = List.copyOf(candidates);
            if (candidates.size() < 2) {
                throw new IllegalArgumentException("ambiguity needs at least two candidates");
            }
        }
    }

    /** One reading of an ambiguous word: a value class (or {@code null} for the literal word) and its values. */
    record Candidate(String valueClass, List<ObservedValue> values) {
        public Candidate {
            values = List.copyOf(values);
        }
    }
}
