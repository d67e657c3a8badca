package org.tally.core.conversation;

/** Hears every finished turn with the focus it left, to keep it (the app-state database) or to show it. */
@FunctionalInterface
public interface TurnLog {

    void record(Turn turn, ConversationFocus focus);

    TurnLog NONE = (turn, focus) -> { };
}
