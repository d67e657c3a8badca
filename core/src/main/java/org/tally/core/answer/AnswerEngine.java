package org.tally.core.answer;

import java.util.List;
import java.util.Optional;
import org.tally.core.spec.QuerySpec;

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

    /**
     * The rung that reads questions into specs and answers specs it is handed (what a conversation reads follow-ups
     * and checks suggestions with); empty when this engine has none.
     */
    default Optional<SpecRung> specs() {
        return Optional.empty();
    }

    /**
     * {@code spec} answered as {@code question} by the rung {@link #specs()} names, recorded under the rung name
     * {@code rung} (a follow-up's {@code focus}) after the steps {@code before}. An engine without such a rung
     * refuses.
     */
    default Answer answer(String question, QuerySpec spec, String rung, List<PathStep> before,
                          StepListener live) {
        return Answer.refused(question, before, "Tally cannot answer a prepared question on this source; ask it in"
                + " words.");
    }

    @Override
    void close();
}
