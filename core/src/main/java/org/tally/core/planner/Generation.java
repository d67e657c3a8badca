package org.tally.core.planner;

import java.util.Objects;

/**
 * What one generation gave: the text and why it ended. A generation that failed in the runtime is a value too.
 *
 * @param text   what the model wrote (possibly cut short); empty when it failed
 * @param tokens tokens generated
 * @param ms     wall time of the generation
 * @param end    why it ended
 * @param detail what went wrong when {@code end} is {@link End#FAILED}, else null
 */
public record Generation(String text, int tokens, long ms, End end, String detail) {

    /** Why a generation ended. */
    public enum End {
        /** The model closed its output. */
        COMPLETE,
        /** The token limit cut it. */
        TOKEN_LIMIT,
        /** The question's deadline passed. */
        DEADLINE,
        /** The runtime failed (the detail says how). */
        FAILED
    }

    public Generation {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(end, "end");
        if (end == End.FAILED && (detail == null || detail.isBlank())) {
            throw new IllegalArgumentException("a failed generation says why");
        }
    }

    public static Generation complete(String text, int tokens, long ms) {
        return new Generation(text, tokens, ms, End.COMPLETE, null);
    }

    public static Generation failed(String detail, long ms) {
        return new Generation("", 0, ms, End.FAILED, detail);
    }

    /** Text hidden: what a model wrote may echo the question, which is never logged. */
    @Override
    public String toString() {
        return "Generation[" + end + ", " + tokens + " tokens, " + ms + " ms, " + text.length() + " chars]";
    }
}
