package org.tally.core.catalog;

/**
 * A refresh that did not produce a new active version. The message names the source, what went wrong and
 * which version stays active.
 */
public final class CatalogRefreshException extends RuntimeException {

    /** Why no version was written. */
    public enum Reason {
        /** The source failed while being read (metadata unreadable, connection lost). */
        SOURCE_FAILED,
        /** The source looks empty while the active version is not: replacing it silently could lose the binding. */
        REFUSED_EMPTY
    }

    private final Reason reason;

    public CatalogRefreshException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
