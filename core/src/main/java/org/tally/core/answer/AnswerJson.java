package org.tally.core.answer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** Writes an {@link Answer} as the single-line JSON object of the command-line contract. */
public final class AnswerJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    private AnswerJson() {
    }

    public static String line(Answer answer) {
        try {
            return MAPPER.writeValueAsString(answer);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an answer could not be written as JSON", e);
        }
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}
