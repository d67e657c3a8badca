package org.tally.core.execute;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import org.tally.core.dialect.CostEstimate;
import org.tally.core.dialect.NoCostEstimate;
import org.tally.core.dialect.SessionEnvelope;
import org.tally.core.dialect.SqlDialect;

/**
 * Asks the database what a statement will cost before it runs (EXPLAIN without ANALYZE: nothing executes), and
 * rejects it above the limit for that database's unit ({@link CostLimits}). How to ask and how to read the answer is
 * the dialect's ({@link SqlDialect#explain}, {@link SqlDialect#cost}); this class runs the EXPLAIN inside the
 * executor's bounds. When the estimate cannot be made, the result is {@link Preflight.Unavailable} with the reason,
 * and the caller runs the statement anyway (still bounded by the statement timeout).
 */
final class CostPreflight {

    private final CostLimits limits;

    public CostPreflight(CostLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * Estimates {@code sql} on {@code connection} (already read-only: inside the caller's transaction, or through
     * {@code session} when the connection has a session envelope, else null) and compares the estimate with the
     * limit. Never throws for a database error: that is an unavailable estimate.
     */
    Preflight check(Connection connection, SqlDialect dialect, String sql, List<SqlParameter> parameters,
                    int timeoutSeconds, ExecutionHandle handle, SessionEnvelope session) {
        long start = System.nanoTime();
        try {
            String plan = explain(connection, dialect, dialect.explain(connection, sql), parameters, timeoutSeconds,
                    handle, session);
            CostEstimate estimate = dialect.cost(connection, plan);
            double max = limits.limitFor(estimate.unit());
            long ms = millisSince(start);
            return estimate.value() > max ? new Preflight.Rejected(estimate, max, ms) : new Preflight.Ok(estimate, max, ms);
        } catch (NoCostEstimate e) {
            return new Preflight.Unavailable(e.getMessage(), millisSince(start), true, false);
        } catch (SQLException | RuntimeException e) {
            String state = e instanceof SQLException s && s.getSQLState() != null ? " (SQLSTATE " + s.getSQLState() + ")" : "";
            return new Preflight.Unavailable("EXPLAIN failed: " + ErrorText.describe(e, parameters) + state,
                    millisSince(start));
        }
    }

    private static String explain(Connection c, SqlDialect dialect, String sql, List<SqlParameter> parameters,
                                  int timeoutSeconds, ExecutionHandle handle, SessionEnvelope session)
            throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(session == null ? sql : session.bounded(sql))) {
            if (session == null && !dialect.boundsItself(c, true)) {
                statement.setQueryTimeout(timeoutSeconds);
            } else if (session == null || session.driverTimeout()) {
                // the server bounds the EXPLAIN itself: a later backstop never races it (ExecutorSettings)
                statement.setQueryTimeout(2 * timeoutSeconds + 1);
            }
            SqlParameter.bindAll(statement, parameters);
            handle.started(statement);
            try (ResultSet rs = session == null ? statement.executeQuery() : session.open(statement)) {
                StringBuilder plan = new StringBuilder();
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
                if (plan.length() == 0) {
                    throw new NoCostEstimate("EXPLAIN returned no plan");
                }
                return plan.toString();
            } finally {
                handle.finished();
            }
        }
    }

    private static long millisSince(long startNanos) {
        return Math.max(0, (System.nanoTime() - startNanos) / 1_000_000);
    }
}
