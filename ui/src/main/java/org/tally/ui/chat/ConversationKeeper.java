package org.tally.ui.chat;

import java.util.List;
import java.util.Optional;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.conversation.TurnLog;
import org.tally.core.conversation.UnansweredReport;
import org.tally.core.scope.Scope;
import org.tally.core.source.SourceRef;

/**
 * Where the workstation keeps its conversations: each new one gets the log its turns are written to, and the kept
 * ones can be listed, opened, carried on and forgotten. Only {@link #begin} is needed to keep nothing.
 */
@FunctionalInterface
public interface ConversationKeeper {

    /** A conversation begins on {@code source} in {@code scope}; its finished turns go to the log returned. */
    TurnLog begin(SourceRef source, Scope scope);

    /** The log that carries on kept conversation {@code id}. */
    default TurnLog continuing(String id) {
        return TurnLog.NONE;
    }

    /** The conversations kept on {@code source}, the most recent first. */
    default List<ConversationStore.Summary> list(SourceRef source, int limit) {
        return List.of();
    }

    /** A kept conversation with its turns and focus; empty when there is none with that id. */
    default Optional<ConversationStore.Kept> open(String id) {
        return Optional.empty();
    }

    /** Forgets a kept conversation; false when there was none with that id. */
    default boolean delete(String id) {
        return false;
    }

    /** What could not be answered on {@code source}, from the kept conversations; empty when nothing is kept. */
    default Optional<UnansweredReport> unanswered(SourceRef source) {
        return Optional.empty();
    }

    /** Keeps nothing (tests, and a workstation without its app-state database). */
    ConversationKeeper NONE = (source, scope) -> TurnLog.NONE;
}
