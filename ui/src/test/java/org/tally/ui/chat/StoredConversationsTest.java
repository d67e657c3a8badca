package org.tally.ui.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.StepListener;
import org.tally.core.conversation.Conversation;
import org.tally.core.conversation.TurnLog;
import org.tally.core.scope.Scope;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.SmallHospital;

/** The workstation keeps its conversations in the app-state database, opened for each use; keeping never stops a chat. */
class StoredConversationsTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);
    private static final SourceRef DEV = new SourceRef.Demo(DemoSchema.DEV);
    private static SmallHospital hospital;

    @BeforeAll
    static void openHospital() throws SQLException {
        hospital = new SmallHospital();
    }

    @AfterAll
    static void closeHospital() throws SQLException {
        hospital.close();
    }

    private static StoredConversations stored() {
        String url = "jdbc:h2:mem:stored_conversations_" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
        return new StoredConversations(() -> StateDatabase.open(url), CLOCK);
    }

    @Test
    void aConversationIsKeptFromItsFirstTurnAndReopensToCarryOn() throws SQLException {
        StoredConversations stored = stored();
        TurnLog log = stored.begin(DEV, Scope.ALL);
        assertThat(stored.list(DEV, 10)).as("nothing is written before a turn").isEmpty();
        try (AnswerEngine engine = hospital.engine()) {
            Conversation chat = new Conversation(engine, Scope.ALL.label(), log);
            chat.ask("How many deliveries were there last month?", StepListener.NONE);
            chat.ask("only caesareans", StepListener.NONE);
        }
        assertThat(stored.list(DEV, 10)).singleElement().satisfies(s -> {
            assertThat(s.turns()).isEqualTo(2);
            assertThat(s.title()).isEqualTo("How many deliveries were there last month?");
        });
        String id = stored.list(DEV, 10).get(0).id();

        var kept = stored.open(id).orElseThrow();
        try (AnswerEngine engine = hospital.engine()) {
            Conversation carried = new Conversation(engine, Scope.ALL.label(), stored.continuing(id));
            carried.restore(kept.focus(), kept.turns().size());
            assertThat(carried.ask("and by ward?", StepListener.NONE).answer().status())
                    .isEqualTo(AnswerStatus.ANSWERED);
        }
        assertThat(stored.open(id).orElseThrow().turns()).hasSize(3);
        assertThat(stored.markdown(id, Map.of()).orElseThrow()).contains("## 3. and by ward?");
        assertThat(stored.html(id, Map.of()).orElseThrow()).contains("<h2>3. and by ward?</h2>");
        assertThat(stored.delete(id)).isTrue();
        assertThat(stored.list(DEV, 10)).isEmpty();
    }

    @Test
    void aTurnThatCannotBeKeptLeavesTheAnswerAlone() throws SQLException {
        StoredConversations broken = new StoredConversations(() -> {
            throw new StateDatabase.StateException("the app-state database is held by another Tally", null);
        }, CLOCK);
        try (AnswerEngine engine = hospital.engine()) {
            Conversation chat = new Conversation(engine, Scope.ALL.label(), broken.begin(DEV, Scope.ALL));
            assertThat(chat.ask("How many deliveries were there last month?", StepListener.NONE).answer().status())
                    .isEqualTo(AnswerStatus.ANSWERED);
        }
    }
}
