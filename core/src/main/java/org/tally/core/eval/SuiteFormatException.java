package org.tally.core.eval;

/** A suite file that cannot be read as any format {@code eval} knows; the message names the file and the problem. */
public final class SuiteFormatException extends RuntimeException {

    public SuiteFormatException(String message) {
        super(message);
    }
}
