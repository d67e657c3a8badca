package org.tally.core.dialect;

/** The database gave a plan but no number Tally can read from it, or has no preflight at all. */
public final class NoCostEstimate extends RuntimeException {
    public NoCostEstimate(String reason) {
        super(reason, null, false, false);
    }
}
