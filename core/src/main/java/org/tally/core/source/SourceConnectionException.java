package org.tally.core.source;

/** A source could not be reached: wrong URL, server down, login refused. The message never holds a password. */
public final class SourceConnectionException extends RuntimeException {
    public SourceConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
