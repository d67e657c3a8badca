package org.tally.core.conversation;

import java.util.List;
import java.util.Objects;
import org.tally.core.answer.Answer;
import org.tally.core.spec.QuerySpec;

/**
 * One turn of a conversation: what was asked, the answer, what it carried over from earlier turns (null when it
 * stood alone), the suggestions offered after it, and the spec it answered (null when none ran).
 */
public record Turn(int number, String question, Answer answer, FocusUse focus, List<Suggestion> suggestions,
                   QuerySpec spec) {
    public Turn {
        if (number < 1) {
            throw new IllegalArgumentException("turns count from 1, not " + number);
        }
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        suggestions = List.copyOf(suggestions);
    }
}
