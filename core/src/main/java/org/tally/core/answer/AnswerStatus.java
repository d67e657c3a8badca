package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a question ended. Only {@link #ANSWERED} carries rows. */
public enum AnswerStatus {
    ANSWERED, CLARIFY, REFUSED, ERROR;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
