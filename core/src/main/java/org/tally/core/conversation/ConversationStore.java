package org.tally.core.conversation;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.answer.AnswerJson;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.spec.SpecJson;
import org.tally.core.state.StateDatabase;

/**
 * Conversations kept in the app-state database: each with its source, service line and title (its first question),
 * each turn with its whole answer, spec, SQL, path and the reason class of a refusal, and the focus the last turn
 * left, so a conversation reopens where it stopped. Questions and answers stay in the database: the log hears only
 * ids and counts.
 */
public final class ConversationStore {

    private static final Logger LOG = LoggerFactory.getLogger(ConversationStore.class);
    private static final int TITLE_LENGTH = 120;

    /** One kept conversation, without its turns. */
    public record Summary(String id, String source, String scope, String title, Instant startedAt, Instant updatedAt,
                          int turns) {
    }

    /** A kept conversation: its summary, its turns in order and the focus its last turn left. */
    public record Kept(Summary summary, List<Turn> turns, ConversationFocus focus) {
        public Kept {
            turns = List.copyOf(turns);
        }
    }

    private final StateDatabase state;
    private final Clock clock;

    public ConversationStore(StateDatabase state, Clock clock) {
        this.state = Objects.requireNonNull(state, "state");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Starts a conversation on {@code source} in {@code scope}; it is listed once it has a turn. */
    public String start(String source, String scope) {
        String id = UUID.randomUUID().toString();
        Timestamp now = Timestamp.from(clock.instant());
        state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO conversation (conversation_id, source, scope,"
                    + " title, started_at, updated_at, turns, focus) VALUES (?, ?, ?, '', ?, ?, 0, NULL)")) {
                ps.setString(1, id);
                ps.setString(2, source);
                ps.setString(3, scope);
                ps.setTimestamp(4, now);
                ps.setTimestamp(5, now);
                ps.executeUpdate();
            }
            return null;
        });
        LOG.info("conversation {} started", id);
        return id;
    }

    /** The log that keeps each turn of conversation {@code id} as it ends. */
    public TurnLog log(String id) {
        return (turn, focus) -> append(id, turn, focus);
    }

    /** Keeps one finished turn and the focus it left. */
    public void append(String id, Turn turn, ConversationFocus focus) {
        Timestamp now = Timestamp.from(clock.instant());
        ReasonClass reason = ReasonClass.of(turn.answer());
        String reasonText = turn.answer().status() == AnswerStatus.CLARIFY ? turn.answer().clarify().question()
                : turn.answer().message();
        int updated = state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO conversation_turn (conversation_id, turn,"
                    + " asked_at, question, status, reason_class, reason, words, row_count, spec, spec_hash, sql_text,"
                    + " path, turn_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, id);
                ps.setInt(2, turn.number());
                ps.setTimestamp(3, now);
                ps.setString(4, clip(turn.question(), 4000));
                ps.setString(5, turn.answer().status().json());
                ps.setString(6, reason == null ? null : reason.name());
                ps.setString(7, reasonText == null ? null : clip(reasonText, 4000));
                ps.setString(8, clip(String.join("\n", ReasonClass.words(turn.answer())), 1000));
                ps.setInt(9, turn.answer().rows().size());
                ps.setString(10, turn.spec() == null ? null : SpecJson.toJson(turn.spec()));
                ps.setString(11, turn.answer().specHash());
                ps.setString(12, turn.answer().sql());
                ps.setString(13, AnswerJson.mapper().writeValueAsString(turn.answer().path()));
                ps.setString(14, ConversationJson.turn(turn));
                ps.executeUpdate();
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a path could not be written", e);
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE conversation SET updated_at = ?, turns = ?,"
                    + " focus = ?, title = CASE WHEN title = '' THEN ? ELSE title END WHERE conversation_id = ?")) {
                ps.setTimestamp(1, now);
                ps.setInt(2, turn.number());
                ps.setString(3, ConversationJson.focus(focus));
                ps.setString(4, clip(turn.question(), TITLE_LENGTH));
                ps.setString(5, id);
                return ps.executeUpdate();
            }
        });
        if (updated != 1) {
            throw new IllegalArgumentException("no conversation " + id + " is kept");
        }
    }

    /** The conversations on {@code source} that have turns, the most recent first. */
    public List<Summary> list(String source, int limit) {
        return state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT conversation_id, source, scope, title, started_at,"
                    + " updated_at, turns FROM conversation WHERE source = ? AND turns > 0"
                    + " ORDER BY updated_at DESC, conversation_id DESC LIMIT ?")) {
                ps.setString(1, source);
                ps.setInt(2, limit);
                List<Summary> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(summary(rs));
                    }
                }
                return out;
            }
        });
    }

    /** A kept conversation with its turns and focus; empty when there is none with that id. */
    public Optional<Kept> open(String id) {
        return state.inTransaction(c -> {
            Summary summary;
            String focus;
            try (PreparedStatement ps = c.prepareStatement("SELECT conversation_id, source, scope, title, started_at,"
                    + " updated_at, turns, focus FROM conversation WHERE conversation_id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    summary = summary(rs);
                    focus = rs.getString(8);
                }
            }
            List<Turn> turns = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT turn_json FROM conversation_turn"
                    + " WHERE conversation_id = ? ORDER BY turn")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        turns.add(ConversationJson.turn(rs.getString(1)));
                    }
                }
            }
            ConversationFocus kept = focus == null ? ConversationFocus.empty(summary.scope())
                    : ConversationJson.focus(focus);
            return Optional.of(new Kept(summary, turns, kept));
        });
    }

    /** Forgets a conversation and its turns. */
    public boolean delete(String id) {
        return state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM conversation WHERE conversation_id = ?")) {
                ps.setString(1, id);
                return ps.executeUpdate() == 1;
            }
        });
    }

    /**
     * What Tally could not answer on {@code source} since {@code since} (null: ever), for the administrator, with the
     * drift alarms of the source's last catalog refresh.
     */
    public UnansweredReport unanswered(String source, Instant since) {
        CatalogChange drift = CatalogChange.last(new CatalogStore(state), source).orElse(null);
        return state.inTransaction(c -> UnansweredReport.read(c, source, since, drift));
    }

    private static Summary summary(ResultSet rs) throws SQLException {
        return new Summary(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                rs.getTimestamp(5).toInstant(), rs.getTimestamp(6).toInstant(), rs.getInt(7));
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
