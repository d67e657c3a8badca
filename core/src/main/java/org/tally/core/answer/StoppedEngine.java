package org.tally.core.answer;

import java.util.List;
import java.util.Objects;

/**
 * The engine of a source that could not be made ready (its catalog or binding stopped on something unexpected):
 * every question still gets an answer object, with status error, the step that stopped as its path and the reason
 * as its message, so a caller reading one object per question keeps going.
 */
public final class StoppedEngine implements AnswerEngine {

    private final String step;
    private final String message;
    private final AutoCloseable resources;

    /**
     * @param step    the step that stopped, as a path entry names it ({@code catalog}, {@code binding} …)
     * @param message what stopped and where, in words for the user (the stack trace belongs in the log)
     */
    public StoppedEngine(String step, String message, AutoCloseable resources) {
        this.step = Objects.requireNonNull(step, "step");
        this.message = Objects.requireNonNull(message, "message");
        this.resources = resources;
    }

    @Override
    public Answer ask(String question) {
        String q = question == null ? "" : question.strip();
        return Answer.error(q, List.of(new PathStep(step, Outcome.ERROR, message, 0)), message);
    }

    @Override
    public void close() {
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception ignored) {
                // nothing was opened for writing
            }
        }
    }
}
