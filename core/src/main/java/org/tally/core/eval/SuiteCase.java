package org.tally.core.eval;

import java.util.Objects;

/** One question of a suite with what is expected of it. */
public record SuiteCase(String id, String question, Expected expected) {

    public SuiteCase {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(expected, "expected");
        if (question.isBlank()) {
            throw new IllegalArgumentException("question " + id + " is empty");
        }
    }

    public boolean answerable() {
        return !(expected instanceof Expected.NoAnswer);
    }
}
