package org.tally.core.conversation;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.tally.core.answer.AnswerJson;

/**
 * A turn as the command line prints it: the answer's object (the stable fields of {@code ask}, written exactly as
 * {@link AnswerJson} writes them) with {@code focus} (what a follow-up carried over, or null) and {@code suggestions}
 * ({@code [{label, question}]}) after them.
 */
public final class TurnJson {

    private TurnJson() {
    }

    public static String line(Turn turn) {
        String answer = AnswerJson.line(turn.answer());
        try {
            String focus = AnswerJson.mapper().writeValueAsString(turn.focus());
            String suggestions = AnswerJson.mapper().writeValueAsString(turn.suggestions());
            return answer.substring(0, answer.length() - 1) + ",\"focus\":" + focus + ",\"suggestions\":"
                    + suggestions + "}";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a turn could not be written as JSON", e);
        }
    }
}
