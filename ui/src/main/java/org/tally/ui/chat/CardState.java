package org.tally.ui.chat;

/** Where an answer card is: waiting for the engine, or how the question ended. */
public enum CardState {
    PENDING, ANSWERED, CLARIFY, REFUSED, ERROR, CANCELLED
}
