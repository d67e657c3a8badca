package org.tally.core.eval;

import java.util.Objects;
import org.tally.core.answer.AnswerStatus;

/**
 * The verdict on one question: Tally's status, whether the match needed the extra-columns allowance, and in words
 * why (the mismatch, the refusal's message, the alternative reading matched). {@code sql} is what Tally ran;
 * {@code rung} the ladder rung that decided the question (answered, asked to clarify or stopped), null when every
 * rung missed, so a run with the planner on can say what the planner added.
 */
public record CaseResult(String id, String question, Verdict verdict, AnswerStatus status, boolean extraColumns,
                         String detail, String sql, String rung) {

    public CaseResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(status, "status");
        if (extraColumns && verdict != Verdict.CORRECT) {
            throw new IllegalArgumentException("only a correct answer can have needed the extra-columns allowance");
        }
    }
}
