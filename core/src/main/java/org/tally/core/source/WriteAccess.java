package org.tally.core.source;

/** What a source test found out about the account's ability to change data. */
public enum WriteAccess {
    /** The connection or account is read-only. */
    READ_ONLY,
    /** The account holds a write privilege or an admin role: Tally still only reads, but a read-only account is safer. */
    CAN_WRITE,
    /** The database did not say (the check is not available for it or was not allowed). */
    UNKNOWN
}
