package org.tally.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;

/** A kept turn reads back with the very values the executor gave: longs, exact decimals, strings and nulls. */
class ConversationJsonTest {

    @Test
    void resultValuesKeepTheirTypesThroughTheStore() {
        List<List<Object>> rows = List.of(
                Arrays.asList("Maternity", 2L, new BigDecimal("66.7"), new BigDecimal("0.1")),
                Arrays.asList(null, 9_000_000_000L, new BigDecimal("33.3"), null));
        Answer answer = new Answer("by ward?", AnswerStatus.ANSWERED, List.of("ward", "n", "share", "rate"), rows,
                "SELECT 1", null, List.of(), null, null, null);
        Turn turn = new Turn(2, "by ward?", answer, new FocusUse(1, "grouping", List.of("Deliveries")), List.of(), null);

        Turn back = ConversationJson.turn(ConversationJson.turn(turn));

        assertThat(back.answer().rows()).isEqualTo(rows);
        assertThat(back.focus()).isEqualTo(turn.focus());
        assertThat(back.focus().using()).isEqualTo("Deliveries");
    }
}
