package org.tally.core.answer;

import java.util.List;

/** Answers questions against one source. Implementations never throw for a bad question: they refuse. */
public interface AnswerEngine extends AutoCloseable {

    Answer ask(String question);

    /**
     * As {@link #ask(String)}, telling {@code live} about each step of the path as it ends (the answer's path holds
     * the same steps in the same order). An engine that cannot report as it goes reports the path at the end.
     */
    default Answer ask(String question, StepListener live) {
        Answer a = ask(question);
        a.path().forEach(live::step);
        return a;
    }

    /**
     * The reply to a clarifying question: {@code question} (the one that was asked) answered with {@code option}
     * filling the slot {@code clarify} left open. Each step is told to {@code live} as it ends. An engine that
     * cannot take replies refuses.
     */
    default Answer reply(String question, Clarify clarify, String option, StepListener live) {
        return Answer.refused(question, List.of(), "Tally cannot take that choice here; ask the question again"
                + " naming " + option + ".");
    }

    /**
     * The page after {@code cursor}, which an earlier answer of this engine handed out ({@link Answer#nextPage()}).
     * An engine that never pages says so instead of throwing.
     */
    default PageResult nextPage(PageCursor cursor) {
        return new PageResult.Failed("This answer has no further pages.", List.of());
    }

    @Override
    void close();
}
