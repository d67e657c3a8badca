package org.tally.core.answer;

/** Answers questions against one source. Implementations never throw for a bad question: they refuse. */
public interface AnswerEngine extends AutoCloseable {

    Answer ask(String question);

    @Override
    void close();
}
