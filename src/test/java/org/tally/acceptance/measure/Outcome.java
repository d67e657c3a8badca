package org.tally.acceptance.measure;

/** What became of one question asked of Tally, judged against its hand-written gold or its must-refuse mark. */
public enum Outcome {
    /** Answered, and the rows say what the gold says (or what an equally good reading says). */
    VERIFIED,
    /** Answered with rows the gold does not have: the worst outcome. */
    WRONG,
    /** Must be refused, and was answered. */
    ANSWERED_REFUSAL,
    /** Not answered: refused. */
    REFUSED,
    /** Not answered: one clarifying question asked. */
    CLARIFY,
    /** Not answered: an error. */
    ERROR,
    /**
     * Not answered: the statement ran past the executor's time limit. On a loaded machine a question that is answered
     * in a second can take longer, so floors do not hold it against Tally (tests must not depend on machine speed).
     */
    TIMED_OUT,
    /** Must be refused, and was not answered. */
    REFUSED_AS_EXPECTED;

    /** WRONG and ANSWERED_REFUSAL: the outcomes a suite must never see (unless listed as known). */
    public boolean bad() {
        return this == WRONG || this == ANSWERED_REFUSAL;
    }

    public String label() {
        return name().toLowerCase().replace('_', ' ');
    }
}
