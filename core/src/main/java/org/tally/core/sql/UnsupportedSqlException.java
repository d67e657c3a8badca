package org.tally.core.sql;

import java.util.Objects;

/**
 * A construct that cannot be expressed safely (in a dialect, or by a lowering pass). {@link SqlCompiler} turns it
 * into {@link CompileResult.Unsupported}: a refusal with a reason, never approximate SQL.
 */
final class UnsupportedSqlException extends RuntimeException {

    private final String construct;
    private final String reason;

    public UnsupportedSqlException(String construct, String reason) {
        super(construct + ": " + reason);
        this.construct = Objects.requireNonNull(construct);
        this.reason = Objects.requireNonNull(reason);
    }

    public String construct() {
        return construct;
    }

    public String reason() {
        return reason;
    }
}
