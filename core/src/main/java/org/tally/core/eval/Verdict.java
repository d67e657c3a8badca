package org.tally.core.eval;

import java.util.Locale;

/** What one question's answer earned, in the shared task's terms. */
public enum Verdict {
    /** Answerable, answered, and the rows match the suite's. */
    CORRECT,
    /** Answerable, answered, and the rows do not match: the worst outcome. */
    WRONG,
    /** Answerable, but Tally refused, asked to clarify or stopped with an error. */
    NOT_ANSWERED,
    /** Not answerable (or a trap), and Tally answered it anyway. */
    ANSWERED_UNANSWERABLE,
    /** Not answerable, and Tally did not answer: right. */
    ABSTAINED,
    /** The suite's own gold statement failed on this source: the question is left out of the scores. */
    GOLD_FAILED;

    /** The question's score under penalty {@code c} (RS(c)); GOLD_FAILED is not scored. */
    public double score(double c) {
        return switch (this) {
            case CORRECT, ABSTAINED -> 1;
            case NOT_ANSWERED -> 0;
            case WRONG, ANSWERED_UNANSWERABLE -> -c;
            case GOLD_FAILED -> throw new IllegalStateException("a question whose gold failed is not scored");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
