package org.tally.core.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.Progress;
import org.tally.core.answer.StepListener;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.SmallHospital;

/** Conversations kept in the app-state database reopen where they stopped; the backlog counts what was not answered. */
class ConversationStoreTest {

    private static final AtomicInteger STATES = new AtomicInteger();
    private static SmallHospital hospital;
    private StateDatabase state;
    private ConversationStore store;
    private AnswerEngine engine;

    @BeforeAll
    static void openHospital() throws SQLException {
        hospital = new SmallHospital();
    }

    @AfterAll
    static void closeHospital() throws SQLException {
        hospital.close();
    }

    @BeforeEach
    void open() throws SQLException {
        state = StateDatabase.open("jdbc:h2:mem:conversation_store_" + STATES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        store = new ConversationStore(state, Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC));
        engine = hospital.engine();
    }

    @AfterEach
    void close() {
        engine.close();
        state.close();
    }

    private Conversation kept(String id) {
        return new Conversation(engine, "All service lines", store.log(id));
    }

    @Test
    void aReopenedConversationHasItsTurnsAndCarriesOnFromItsFocus() throws SQLException {
        String id = store.start("small-hospital", "All service lines");
        Conversation chat = kept(id);
        chat.ask("How many deliveries were there last month?", StepListener.NONE);
        Turn only = chat.ask("only caesareans", StepListener.NONE);
        chat.ask("only purple ones", StepListener.NONE);

        ConversationStore.Kept reopened = store.open(id).orElseThrow();
        assertThat(reopened.summary().title()).isEqualTo("How many deliveries were there last month?");
        assertThat(reopened.summary().turns()).isEqualTo(3);
        assertThat(reopened.turns()).extracting(Turn::question).containsExactly(
                "How many deliveries were there last month?", "only caesareans", "only purple ones");
        Turn second = reopened.turns().get(1);
        assertThat(second.answer().rows()).isEqualTo(only.answer().rows());
        assertThat(second.answer().sql()).isEqualTo(only.answer().sql());
        assertThat(second.answer().path()).isEqualTo(only.answer().path());
        assertThat(second.focus()).isEqualTo(only.focus());
        assertThat(second.spec()).isEqualTo(only.spec());
        assertThat(second.suggestions()).isEqualTo(only.suggestions());
        assertThat(reopened.focus()).isEqualTo(chat.focus());

        // the refused third turn is kept too: a follow-up to the reopened conversation still has nothing to build on
        Conversation carried = new Conversation(engine, "All service lines", TurnLog.NONE);
        carried.restore(reopened.focus(), reopened.summary().turns());
        assertThat(carried.ask("by ward", StepListener.NONE).answer().status()).isEqualTo(AnswerStatus.REFUSED);
        Conversation fromSecond = new Conversation(engine, "All service lines", TurnLog.NONE);
        fromSecond.restore(store.open(id).orElseThrow().focus().answered(second.spec(), 2, null, second.question(),
                "filter", new ResultDigest(1, List.of())), 2);
        Turn byWard = fromSecond.ask("by ward", StepListener.NONE);
        assertThat(byWard.number()).isEqualTo(3);
        assertThat(byWard.answer().rows()).containsExactlyInAnyOrder(List.of("Maternity", 1L),
                List.of("Labour Suite", 1L));
        assertThat(hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'"
                + " AND delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'")).isEqualTo(2);
    }

    @Test
    void conversationsAreListedNewestFirstAndCanBeForgotten() {
        String first = store.start("small-hospital", "All service lines");
        kept(first).ask("How many deliveries were there last month?", StepListener.NONE);
        String empty = store.start("small-hospital", "All service lines");
        String other = store.start("another-source", "All service lines");
        kept(other).ask("How many patients are there?", StepListener.NONE);

        assertThat(store.list("small-hospital", 10)).extracting(ConversationStore.Summary::id).containsExactly(first);
        assertThat(store.open(empty)).isPresent();
        assertThat(store.delete(first)).isTrue();
        assertThat(store.open(first)).isEmpty();
        assertThat(store.list("small-hospital", 10)).isEmpty();
    }

    @Test
    void theBacklogGroupsWhatWasNotAnsweredByReasonWithoutResultRows() {
        String id = store.start("small-hospital", "All service lines");
        Conversation chat = kept(id);
        chat.ask("How many purple unicorns are there?", StepListener.NONE);
        chat.ask("How many falls were reported this year?", StepListener.NONE);
        chat.ask("How many deliveries were there in 2019 by ward?", StepListener.NONE);
        chat.ask("How many deliveries were there last month?", StepListener.NONE);

        UnansweredReport report = store.unanswered("small-hospital", null);
        assertThat(report.byClass()).extracting(UnansweredReport.ClassCount::reasonClass)
                .contains(ReasonClass.AMBIGUITY.label());
        int refused = report.byClass().stream().mapToInt(UnansweredReport.ClassCount::refused).sum();
        int clarified = report.byClass().stream().mapToInt(UnansweredReport.ClassCount::clarified).sum();
        assertThat(refused).isEqualTo(1);
        assertThat(clarified).isEqualTo(1);
        assertThat(report.byDay()).extracting(UnansweredReport.DayCount::day).containsOnly(
                java.time.LocalDate.of(2026, 11, 29));
        assertThat(report.examples()).extracting(UnansweredReport.Example::question)
                .contains("How many purple unicorns are there?", "How many falls were reported this year?");
        assertThat(report.emptyAnswersByField()).extracting(UnansweredReport.Count::what)
                .contains("subject delivery");
        assertThat(store.unanswered("another-source", null).isEmpty()).isTrue();
    }

    @Test
    void aDriftAlarmNamesWhatChangedAtTheLastRefreshAndTheQuestionsSinceThatFoundNothing() throws SQLException {
        try (SmallHospital changing = new SmallHospital()) {
            refresh(changing, "2026-11-01T08:00:00Z");
            try (Statement s = changing.db.createStatement()) {
                s.execute("UPDATE deliveries SET delivery_mode = 'section' WHERE delivery_mode = 'caesarean'");
            }
            refresh(changing, "2026-11-20T08:00:00Z");
            try (AnswerEngine old = changing.engine()) {
                // the binding was made before the change: a condition on the vanished value now finds nothing
                Conversation chat = new Conversation(old, "All service lines", store.log(store.start("small-hospital",
                        "All service lines")));
                chat.ask("How many deliveries were there last month by ward?", StepListener.NONE);
                Turn only = chat.ask("only caesareans", StepListener.NONE);
                assertThat(only.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
                assertThat(only.answer().rows()).isEmpty();
            }
            assertThat(changing.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'")).isZero();
        }
        UnansweredReport report = store.unanswered("small-hospital", null);
        assertThat(report.drift()).anySatisfy(alarm -> {
            assertThat(alarm.what()).contains("\u2018caesarean\u2019", "no longer occurs");
            assertThat(alarm.changedAt()).isEqualTo(Instant.parse("2026-11-20T08:00:00Z"));
            assertThat(alarm.emptyAnswers()).isEqualTo(1);
        });
        assertThat(report.drift()).anySatisfy(alarm -> assertThat(alarm.what()).contains("\u2018section\u2019"));
    }

    private void refresh(SmallHospital source, String at) {
        Clock clock = Clock.fixed(Instant.parse(at), ZoneOffset.UTC);
        new CatalogRefresher(new CatalogStore(state), new UuidV7(clock, new SecureRandom()), clock)
                .refresh("small-hospital", Dialect.H2, source.db, RefreshOptions.defaults(), Progress.NONE);
    }

    @Test
    void aReportShowsEachTurnWithItsTableAndTheUsingLine() {
        String id = store.start("small-hospital", "All service lines");
        Conversation chat = kept(id);
        chat.ask("How many deliveries were there last month?", StepListener.NONE);
        chat.ask("and by ward?", StepListener.NONE);
        ConversationStore.Kept k = store.open(id).orElseThrow();

        String md = ConversationReport.markdown(k, Map.of(2, "turn-2.png"));
        assertThat(md).contains("## 2. and by ward?", "*using: October 2026 · Deliveries*", "| ward | deliveries |",
                "| Maternity | 2 |", "![chart of turn 2](turn-2.png)", "```sql");
        String html = ConversationReport.html(k, Map.of(2, "data:image/png;base64,AAAA"));
        assertThat(html).contains("<h2>2. and by ward?</h2>", "<th>ward</th>", "<td>Maternity</td>",
                "src=\"data:image/png;base64,AAAA\"");
    }
}
