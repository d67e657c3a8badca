package org.tally.core.execute;

import java.sql.Connection;
import java.util.List;

/**
 * Where an executor keeps what EXPLAIN said about a statement between runs ({@code memory.PreflightMemory}), so a
 * repeated statement is not planned twice within a short while. {@link #NONE} keeps nothing: every statement is
 * EXPLAINed.
 */
public interface EstimateMemory {

    EstimateMemory NONE = new EstimateMemory() {
        @Override
        public Preflight recall(Connection connection, String sql, List<SqlParameter> parameters) {
            return null;
        }

        @Override
        public void remember(Connection connection, String sql, List<SqlParameter> parameters, Preflight preflight) {
        }
    };

    /** The preflight recently got for exactly this statement, marked as reused; null when there is none. */
    Preflight recall(Connection connection, String sql, List<SqlParameter> parameters);

    /** Keeps what EXPLAIN just said, where it may be reused. */
    void remember(Connection connection, String sql, List<SqlParameter> parameters, Preflight preflight);
}
