package org.tally.core.source;

import java.util.Objects;

/** The result of testing a source: reachable or not, what it is, and whether the account can write. */
public record SourceCheck(boolean reachable, String product, WriteAccess writeAccess, String detail) {

    public SourceCheck {
        Objects.requireNonNull(writeAccess, "writeAccess");
        Objects.requireNonNull(detail, "detail");
    }

    public static SourceCheck unreachable(String why) {
        return new SourceCheck(false, null, WriteAccess.UNKNOWN, why);
    }

    /** One line for the sources list. */
    public String summary() {
        if (!reachable) {
            return "Not reachable: " + detail;
        }
        return switch (writeAccess) {
            case READ_ONLY -> "Connected to " + product + " · read-only account";
            case CAN_WRITE -> "Connected to " + product + " · WARNING: this account can change data (" + detail
                    + "). Tally only reads, but ask for a read-only account.";
            case UNKNOWN -> "Connected to " + product + " · could not tell whether the account can write ("
                    + detail + ")";
        };
    }
}
