package org.tally.core.binding;

import java.util.List;
import java.util.Objects;

/**
 * One candidate of a decision (a concept for a table, a role for a column) with its score in 0..1 and the reasons
 * that produced the score. Decisions keep their runner-ups as {@code Scored} so {@code binding --explain} shows why.
 */
public record Scored(String candidate, double score, List<String> reasons) {
    public Scored {
        Objects.requireNonNull(candidate, "candidate");
        reasons = List.copyOf(reasons);
        if (Double.isNaN(score) || score < 0 || score > 1) {
            throw new IllegalArgumentException("score of " + candidate + " must be within 0..1, was " + score);
        }
    }
}
