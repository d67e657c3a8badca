package org.tally.ui.chat;

import org.tally.core.conversation.TurnLog;
import org.tally.core.scope.Scope;
import org.tally.core.source.SourceRef;

/** Where the workstation keeps its conversations: each new one gets the log its turns are written to. */
@FunctionalInterface
public interface ConversationKeeper {

    /** A conversation begins on {@code source} in {@code scope}; its finished turns go to the log returned. */
    TurnLog begin(SourceRef source, Scope scope);

    /** Keeps nothing (tests, and a workstation without its app-state database). */
    ConversationKeeper NONE = (source, scope) -> TurnLog.NONE;
}
