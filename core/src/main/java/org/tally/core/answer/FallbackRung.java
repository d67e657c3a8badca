package org.tally.core.answer;

import java.util.List;
import java.util.Optional;

/**
 * A rung that is tried only when an earlier rung read the question, reached the live source, and the source failed:
 * it could not be reached, the statement timed out, or its cost was rejected (the snapshot rung). The ladder skips it
 * on an ordinary walk: a question the grammar cannot read is not read any better from a copy of the data.
 */
public interface FallbackRung extends Rung {

    /**
     * @param failed the earlier rung's error answer, its path ending in the source's failure
     * @return empty when this rung cannot stand in (no copy of those tables); else its attempt
     */
    Optional<Attempt> takeOver(String question, Answer failed, StepListener live);

    /** On an ordinary walk a fallback rung does not apply. */
    @Override
    default Attempt attempt(String question) {
        return new Attempt.Miss("tried only when the live source fails", List.of());
    }

    /** True when {@code answer} is an error of the live source: its last step running the statement failed. */
    static boolean sourceFailed(Answer answer) {
        if (answer.status() != AnswerStatus.ERROR) {
            return false;
        }
        for (int i = answer.path().size() - 1; i >= 0; i--) {
            PathStep s = answer.path().get(i);
            if (s.rung().equals("execute") || s.rung().equals("preflight")) {
                return s.outcome() == Outcome.ERROR;
            }
        }
        return false;
    }
}
