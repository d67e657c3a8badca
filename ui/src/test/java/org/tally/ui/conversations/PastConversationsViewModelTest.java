package org.tally.ui.conversations;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.conversation.TurnLog;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.SmallHospital;
import org.tally.ui.chat.AnswerCardModel;
import org.tally.ui.chat.CardState;
import org.tally.ui.chat.ChatViewModel;
import org.tally.ui.chat.ConversationKeeper;
import org.tally.ui.chat.EngineSession;
import org.tally.ui.chat.ExampleQuestions;
import org.tally.ui.chat.StoredConversations;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;

/**
 * The kept conversations on the synchronous runner, over a real engine on a small hospital and a real app-state
 * database: listed newest first, reopened into the chat with their focus (the next question follows the last
 * answer and is kept in the same conversation), exported with their charts, deleted; a store that fails says so.
 * Expected counts are hand-written SQL over the same tables.
 */
class PastConversationsViewModelTest {

    private static final AtomicInteger STATES = new AtomicInteger();
    private static final SourceRef DEV = new SourceRef.Demo(DemoSchema.DEV);
    private static SmallHospital hospital;

    @TempDir
    Path dir;

    private final String url = "jdbc:h2:mem:past_conversations_" + STATES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
    private final StoredConversations stored = new StoredConversations(() -> StateDatabase.open(url), new Ticking());
    private final List<EngineSession> sessions = new ArrayList<>();
    private final StateDatabase keepAlive = StateDatabase.open(url);

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
        keepAlive.close();
    }

    private ChatViewModel chat(ConversationKeeper keeper) {
        EngineSession session = new EngineSession(hospital.engines(), DEV, keeper);
        sessions.add(session);
        return new ChatViewModel(session, new SyncTaskRunner(), new Activity(), ExampleQuestions.DEMO);
    }

    private PastConversationsViewModel past(ConversationKeeper keeper, ChatViewModel chat) {
        return new PastConversationsViewModel(keeper, () -> DEV, chat, new SyncTaskRunner(), new Activity(),
                ZoneId.of("UTC"));
    }

    private static long number(AnswerCardModel card) {
        assertThat(card.state()).as(card.question() + ": " + card.message()).isEqualTo(CardState.ANSWERED);
        List<List<Object>> rows = card.result().rows();
        return ((Number) rows.get(0).get(rows.get(0).size() - 1)).longValue();
    }

    @Test
    void listsTheKeptConversationsNewestFirstWithTheirTurns() {
        ChatViewModel first = chat(stored);
        first.ask("How many deliveries were there last month?");
        first.ask("only caesareans");
        ChatViewModel second = chat(stored);
        second.ask("How many admissions were there this year?");

        PastConversationsViewModel past = past(stored, chat(stored));
        past.refresh();
        assertThat(past.items()).extracting(ConversationStore.Summary::title)
                .containsExactly("How many admissions were there this year?",
                        "How many deliveries were there last month?");
        assertThat(past.describe(past.items().get(1))).contains("2 turns", "All service lines", "2026");
        assertThat(past.describe(past.items().get(0))).contains("1 turn ");
        assertThat(past.statusProperty().get()).isEmpty();
    }

    @Test
    void nothingKeptSaysWhereConversationsComeFrom() {
        PastConversationsViewModel past = past(stored, chat(stored));
        past.refresh();
        assertThat(past.items()).isEmpty();
        assertThat(past.statusProperty().get()).contains("No conversations are kept on demo:dev", "Ask tab");
    }

    @Test
    void aReopenedConversationShowsItsCardsAndItsNextQuestionFollowsItsLastAnswer() throws SQLException {
        ChatViewModel first = chat(stored);
        first.ask("How many deliveries were there last month?");
        first.ask("only caesareans");

        ChatViewModel later = chat(stored);
        PastConversationsViewModel past = past(stored, later);
        boolean[] shown = {false};
        past.onReopened(() -> shown[0] = true);
        past.refresh();
        past.reopen(past.items().get(0));
        assertThat(shown[0]).isTrue();
        assertThat(later.cards()).extracting(AnswerCardModel::question)
                .containsExactly("How many deliveries were there last month?", "only caesareans");
        assertThat(later.cards().get(1).using()).isEqualTo(first.cards().get(1).using());
        assertThat(number(later.cards().get(1))).isEqualTo(number(first.cards().get(1)));

        later.ask("and by ward?");
        AnswerCardModel byWard = later.cards().get(2);
        assertThat(byWard.state()).as(byWard.message()).isEqualTo(CardState.ANSWERED);
        assertThat(byWard.using()).contains("Deliveries", "October 2026");
        assertThat(byWard.result().rows()).containsExactlyInAnyOrder(
                List.of("Maternity", hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'"
                        + " AND ward_id = 1 AND delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'")),
                List.of("Labour Suite", hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode ="
                        + " 'caesarean' AND ward_id = 2 AND delivered_at >= DATE '2026-10-01'"
                        + " AND delivered_at < DATE '2026-11-01'")));
        past.refresh();
        assertThat(past.items()).as("carried on in the same conversation, not a new one").singleElement()
                .satisfies(s -> assertThat(s.turns()).isEqualTo(3));
    }

    @Test
    void exportsMarkdownWithChartFilesBesideItAndHtmlAsOneFile() throws IOException, SQLException {
        ChatViewModel first = chat(stored);
        first.ask("How many deliveries were there last month?");
        first.ask("and by ward?");
        PastConversationsViewModel past = past(stored, first);
        past.refresh();
        ConversationStore.Summary kept = past.items().get(0);
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
        List<Integer> drawnFor = new ArrayList<>();
        ChartImages charts = turns -> {
            turns.forEach(t -> drawnFor.add(t.number()));
            return Map.of(2, png);
        };

        Path md = dir.resolve("reports").resolve(past.fileName(kept, ReportFormat.MARKDOWN));
        past.export(kept, ReportFormat.MARKDOWN, md, charts);
        assertThat(drawnFor).containsExactly(1, 2);
        assertThat(md.getFileName().toString()).isEqualTo("How-many-deliveries-were-there-last-month.md");
        String text = Files.readString(md);
        Path image = md.resolveSibling("How-many-deliveries-were-there-last-month-turn-2.png");
        assertThat(text).contains("## 1. How many deliveries were there last month?", "## 2. and by ward?",
                "*using: ", "![chart of turn 2](" + image.getFileName() + ")");
        assertThat(text).contains("| " + hospital.count("SELECT COUNT(*) FROM deliveries WHERE delivered_at >="
                + " DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'") + " |");
        assertThat(Files.readAllBytes(image)).isEqualTo(png);
        assertThat(past.statusProperty().get()).isEqualTo("Saved " + md.getFileName() + " (Markdown, 1 chart).");

        Path html = dir.resolve("report.html");
        past.export(kept, ReportFormat.HTML, html, charts);
        assertThat(Files.readString(html)).contains("<h2>2. and by ward?</h2>",
                "src=\"data:image/png;base64,iVBORw==\"").doesNotContain("turn-2.png");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("reports",
                    "report.html");
        }
    }

    @Test
    void chartsThatCannotBeDrawnLeaveTheTables() throws IOException {
        ChatViewModel first = chat(stored);
        first.ask("How many deliveries were there last month?");
        PastConversationsViewModel past = past(stored, first);
        past.refresh();
        Path md = dir.resolve("r.md");
        past.export(past.items().get(0), ReportFormat.MARKDOWN, md, turns -> {
            throw new IllegalStateException("no graphics");
        });
        assertThat(Files.readString(md)).contains("## 1. How many deliveries were there last month?")
                .doesNotContain("![");
        assertThat(past.statusProperty().get()).contains("no charts");
    }

    @Test
    void deleteForgetsTheConversation() {
        ChatViewModel first = chat(stored);
        first.ask("How many deliveries were there last month?");
        chat(stored).ask("How many admissions were there this year?");
        PastConversationsViewModel past = past(stored, first);
        past.refresh();
        ConversationStore.Summary gone = past.items().get(1);
        past.delete(gone);
        assertThat(past.items()).extracting(ConversationStore.Summary::title)
                .containsExactly("How many admissions were there this year?");
        assertThat(past.statusProperty().get()).isEqualTo("Deleted \u201c" + gone.title() + "\u201d.");
        assertThat(stored.open(gone.id())).isEmpty();
        past.refresh();
        assertThat(past.items()).hasSize(1);
    }

    @Test
    void aStoreThatFailsIsSaidAndTheListStays() {
        ChatViewModel first = chat(stored);
        first.ask("How many deliveries were there last month?");
        PastConversationsViewModel ok = past(stored, first);
        ok.refresh();
        ConversationStore.Summary kept = ok.items().get(0);
        ConversationKeeper broken = new ConversationKeeper() {
            @Override
            public TurnLog begin(SourceRef source, org.tally.core.scope.Scope scope) {
                return TurnLog.NONE;
            }

            @Override
            public Optional<ConversationStore.Kept> open(String id) {
                throw new IllegalStateException("the app-state database is locked");
            }
        };
        ChatViewModel chat = chat(broken);
        PastConversationsViewModel past = past(broken, chat);
        past.reopen(kept);
        assertThat(past.statusProperty().get())
                .isEqualTo("Reopening the conversation failed: the app-state database is locked");
        assertThat(chat.cards()).isEmpty();
        past.reopen(new ConversationStore.Summary("no-such-id", "demo:dev", "All service lines", "gone",
                Instant.EPOCH, Instant.EPOCH, 1));
        assertThat(past.statusProperty().get()).contains("failed");
        PastConversationsViewModel fresh = past(stored, chat(stored));
        fresh.reopen(new ConversationStore.Summary("no-such-id", "demo:dev", "All service lines", "gone",
                Instant.EPOCH, Instant.EPOCH, 1));
        assertThat(fresh.statusProperty().get()).isEqualTo("That conversation is no longer kept.");
    }

    @Test
    void theBacklogShowsWhatCouldNotBeAnsweredWithItsReasonAndNoRows() {
        ChatViewModel chat = chat(stored);
        chat.ask("How many purple unicorns are there?");
        chat.ask("How many purple unicorns are there?");
        chat(stored).ask("How many deliveries were there last month?");
        PastConversationsViewModel past = past(stored, chat);
        past.showBacklog();
        String text = past.backlogProperty().get();
        assertThat(text).startsWith("What Tally could not answer on demo:dev:")
                .contains("2\u00d7 How many purple unicorns are there?")
                .doesNotContain("deliveries were there");

        PastConversationsViewModel none = past(ConversationKeeper.NONE, chat(ConversationKeeper.NONE));
        none.showBacklog();
        assertThat(none.backlogProperty().get()).contains("not kept");
    }

    /** A clock one minute later at each reading, so conversations are ordered by when they were used. */
    private static final class Ticking extends Clock {
        private Instant now = Instant.parse("2026-11-29T10:00:00Z");

        @Override
        public synchronized Instant instant() {
            now = now.plusSeconds(60);
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
