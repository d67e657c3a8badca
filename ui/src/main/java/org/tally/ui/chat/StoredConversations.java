package org.tally.ui.chat;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;
import org.tally.core.conversation.ConversationReport;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.conversation.TurnLog;
import org.tally.core.scope.Scope;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;

/**
 * The workstation's conversations in the app-state database. The database is opened for each use and closed
 * again, so a command line run meanwhile can use it too. A conversation is written once it has a turn; a turn
 * that cannot be kept is logged (by number, never its words) and the chat goes on.
 */
public final class StoredConversations implements ConversationKeeper {

    private static final Logger LOG = LoggerFactory.getLogger(StoredConversations.class);

    private final Supplier<StateDatabase> open;
    private final Clock clock;

    public StoredConversations(DataFolder data) {
        this(() -> StateDatabase.open(data), Clock.systemUTC());
    }

    /** @param open opens the app-state database (each use closes what it opened) */
    public StoredConversations(Supplier<StateDatabase> open, Clock clock) {
        this.open = Objects.requireNonNull(open, "open");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public TurnLog begin(SourceRef source, Scope scope) {
        return log(null, source.name(), scope.label());
    }

    /** The log that carries on conversation {@code id} (a reopened one). */
    public TurnLog continuing(String id) {
        return log(Objects.requireNonNull(id, "id"), null, null);
    }

    /** Keeps each turn in conversation {@code kept}, or in one started on its first turn when that is null. */
    private TurnLog log(String kept, String source, String scope) {
        String[] id = {kept};
        return (turn, focus) -> {
            try {
                with(store -> {
                    if (id[0] == null) {
                        id[0] = store.start(source, scope);
                    }
                    store.append(id[0], turn, focus);
                    return null;
                });
            } catch (RuntimeException e) {
                LOG.warn("turn {} of a conversation could not be kept", turn.number(), e);
            }
        };
    }

    /** The conversations kept on {@code source}, the most recent first. */
    public List<ConversationStore.Summary> list(SourceRef source, int limit) {
        return with(store -> store.list(source.name(), limit));
    }

    public Optional<ConversationStore.Kept> open(String id) {
        return with(store -> store.open(id));
    }

    public boolean delete(String id) {
        return with(store -> store.delete(id));
    }

    /** Conversation {@code id} as a Markdown report, {@code images} by turn number (chart files next to it). */
    public Optional<String> markdown(String id, Map<Integer, String> images) {
        return open(id).map(k -> ConversationReport.markdown(k, images));
    }

    /** Conversation {@code id} as an HTML report, {@code images} by turn number (data: URLs keep it one file). */
    public Optional<String> html(String id, Map<Integer, String> images) {
        return open(id).map(k -> ConversationReport.html(k, images));
    }

    private <T> T with(Function<ConversationStore, T> work) {
        try (StateDatabase state = open.get()) {
            return work.apply(new ConversationStore(state, clock));
        }
    }
}
