package org.tally.ui.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.EngineFactory;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.conversation.Suggestion;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.SmallHospital;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;

/**
 * The chat as a conversation on a real engine (a small hospital in H2): a follow-up says what it used, a chip answers
 * with the spec it carries, a typed reply fills the open slot, and a reopened conversation carries on from its focus.
 * Expected answers are hand-written SQL over the same tables.
 */
class ConversationChatTest {

    private static final AtomicInteger STATES = new AtomicInteger();
    private static SmallHospital hospital;
    private final EngineFactory engines = (source, credentials, today, progress) -> {
        try {
            return hospital.engine();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    };
    private final StateDatabase state = StateDatabase.open("jdbc:h2:mem:chat_conversations_"
            + STATES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
    private final ConversationStore store = new ConversationStore(state,
            Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC));
    private final List<String> started = new java.util.ArrayList<>();
    private final List<EngineSession> sessions = new java.util.ArrayList<>();

    @BeforeAll
    static void openHospital() throws SQLException {
        hospital = new SmallHospital();
    }

    @AfterAll
    static void closeHospital() throws SQLException {
        hospital.close();
    }

    @AfterEach
    void close() {
        sessions.forEach(EngineSession::close);
        state.close();
    }

    private ChatViewModel chat() {
        EngineSession session = new EngineSession(engines, new SourceRef.Demo(DemoSchema.DEV), (source, scope) -> {
            String id = store.start("small-hospital", scope.label());
            started.add(id);
            return store.log(id);
        });
        sessions.add(session);
        return new ChatViewModel(session, new SyncTaskRunner(), new Activity(), ExampleQuestions.DEMO);
    }

    private static long number(AnswerCardModel card) {
        assertThat(card.state()).as(card.question() + ": " + card.message()).isEqualTo(CardState.ANSWERED);
        List<List<Object>> rows = card.result().rows();
        return ((Number) rows.get(0).get(rows.get(0).size() - 1)).longValue();
    }

    @Test
    void aTypedFollowUpIsReadAgainstTheLastAnswerAndSaysWhatItUsed() throws SQLException {
        ChatViewModel chat = chat();
        chat.ask("How many deliveries were there last month?");
        assertThat(chat.cards().get(0).using()).isNull();
        chat.ask("only caesareans");

        AnswerCardModel only = chat.cards().get(1);
        assertThat(number(only)).isEqualTo(hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode ="
                + " 'caesarean' AND delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'"));
        assertThat(only.using()).startsWith("using: ").contains("October 2026", "Deliveries");
        assertThat(only.chips()).extracting(ChipModel::step).contains("focus");
    }

    @Test
    void aChipAnswersTheSpecItCarries() {
        ChatViewModel chat = chat();
        chat.ask("How many deliveries were there this year?");
        AnswerCardModel first = chat.cards().get(0);
        assertThat(first.suggestions()).isNotEmpty().hasSizeLessThanOrEqualTo(4);
        for (String label : first.suggestions()) {
            Suggestion chip = first.suggestion(label);
            assertThat(chip).as(label).isNotNull();
            int before = chat.cards().size();
            chat.suggest(first, label);
            AnswerCardModel answered = chat.cards().get(before);
            assertThat(answered.state()).as(label + ": " + answered.message()).isEqualTo(CardState.ANSWERED);
            assertThat(answered.question()).isEqualTo(chip.question());
            assertThat(answered.specHash()).as(label).isEqualTo(chip.specHash());
        }
    }

    @Test
    void aClarifyReplyTypedAsTextFillsTheSlotOnce() throws SQLException {
        ChatViewModel chat = chat();
        chat.ask("How many falls were reported this year?");
        AnswerCardModel asked = chat.cards().get(0);
        assertThat(asked.state()).isEqualTo(CardState.CLARIFY);
        assertThat(asked.clarifyOptions()).contains("Incident");

        chat.ask("incidents");
        AnswerCardModel filled = chat.cards().get(1);
        assertThat(number(filled)).isEqualTo(hospital.count("SELECT COUNT(*) FROM incidents WHERE category = 'fall'"
                + " AND reported_at >= DATE '2026-01-01' AND reported_at < DATE '2027-01-01'"));
    }

    @Test
    void aClarifyOptionClickedFillsTheSlot() throws SQLException {
        ChatViewModel chat = chat();
        chat.ask("How many falls were reported this year?");
        AnswerCardModel asked = chat.cards().get(0);
        chat.choose(asked, "Incident");
        assertThat(number(chat.cards().get(1))).isEqualTo(hospital.count("SELECT COUNT(*) FROM incidents WHERE"
                + " category = 'fall' AND reported_at >= DATE '2026-01-01' AND reported_at < DATE '2027-01-01'"));
    }

    @Test
    void aReopenedConversationShowsItsCardsAndCarriesOnFromItsFocus() throws SQLException {
        ChatViewModel first = chat();
        first.ask("How many deliveries were there last month?");
        first.ask("only caesareans");
        assertThat(started).hasSize(1);

        ConversationStore.Kept kept = store.open(started.get(0)).orElseThrow();
        ChatViewModel reopened = chat();
        reopened.reopen(kept.turns(), kept.focus(), store.log(kept.summary().id()));
        assertThat(reopened.cards()).extracting(AnswerCardModel::question)
                .containsExactly("How many deliveries were there last month?", "only caesareans");
        assertThat(reopened.cards().get(1).using()).isEqualTo(first.cards().get(1).using());

        reopened.ask("and by ward?");
        AnswerCardModel byWard = reopened.cards().get(2);
        assertThat(byWard.state()).as(byWard.message()).isEqualTo(CardState.ANSWERED);
        assertThat(byWard.using()).contains("Deliveries");
        assertThat(byWard.result().rows()).containsExactlyInAnyOrder(
                List.of("Maternity", hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'"
                        + " AND ward_id = 1 AND delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'")),
                List.of("Labour Suite", hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode ="
                        + " 'caesarean' AND ward_id = 2 AND delivered_at >= DATE '2026-10-01'"
                        + " AND delivered_at < DATE '2026-11-01'")));
        assertThat(store.open(kept.summary().id()).orElseThrow().turns()).hasSize(3);
        assertThat(started).as("the reopened conversation is carried on, not a new one").hasSize(1);
    }
}
