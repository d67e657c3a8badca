package org.tally.core.safety;

import org.tally.core.dialect.Dialect;

/**
 * Test-only: a statement handed to the executor as if the safety policy had allowed it. The executor tests use it to
 * show the second line of defence (the database's own read-only mode, the timeout, the row cap) on statements the
 * policy would refuse. Main code cannot reach this: only {@link SqlSafetyPolicy} creates a {@link ValidatedStatement}.
 */
public final class Unvalidated {

    private Unvalidated() {
    }

    public static ValidatedStatement statement(String sql, Dialect dialect) {
        return new ValidatedStatement(sql, dialect);
    }
}
