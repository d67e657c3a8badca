package org.tally.core.source;

/** The user named a source Tally cannot reach or does not understand. */
public final class UnknownSourceException extends RuntimeException {
    public UnknownSourceException(String message) {
        super(message);
    }
}
