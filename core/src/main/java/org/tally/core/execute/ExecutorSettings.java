package org.tally.core.execute;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds every statement runs within, and how each database enforces them (per transaction on any connection;
 * at session level, with the checks of the dialect's session envelope, on a connection {@link ReadOnlyExecutor#prepare
 * prepared} for the executor where the database allows):
 * <pre>
 *               timeout                                      read-only enforced by the database
 * PostgreSQL    SET LOCAL statement_timeout (57014);         yes: READ ONLY transaction (25006); session: default
 *               session: SET statement_timeout sent with     transaction mode READ ONLY, as the server reports it
 *               each statement in the same round trip        before each statement (14+)
 * MariaDB       max_statement_time (1969 / 70100);           yes: READ ONLY session + transaction (25006);
 *               session: SET STATEMENT ... FOR each          session: SET STATEMENT tx_read_only = 1 FOR each
 * MySQL         max_execution_time (3024)                    yes: READ ONLY session + transaction (25006)
 * H2            SET QUERY_TIMEOUT (57014); session: checked  only with ACCESS_MODE_DATA=r (90097), which the session
 *               in the in-process session before each        envelope requires; else rollback
 * SQL Server    driver timeout only, LOCK_TIMEOUT            no: a SELECT-only login is required
 * </pre>
 * The driver's {@code setQueryTimeout} is a later backstop wherever the server bounds the statement itself; on
 * SQL Server it is the bound, and on H2 it is the session's QUERY_TIMEOUT itself, in whole seconds; max rows is set on the statement (one extra row detects
 * truncation), and every transaction the per-transaction envelope opens is rolled back (the session envelope's
 * statements run in autocommit, each in a transaction of its own that cannot write, and a transaction someone else
 * left open is rolled back before the next one). Details in {@link ReadOnlyExecutor}.
 *
 * @param statementTimeout how long one statement (preflight EXPLAIN or query, including fetching) may take;
 *                         at least 1 ms, at most 1 hour. Default 30 s.
 * @param maxRows          most rows returned; one more is fetched to tell the caller the result was truncated.
 *                         1..1,000,000. Default 10,000.
 * @param fetchSize        rows per round trip to the server (PostgreSQL streams with it inside the executor's
 *                         transaction; in the session envelope's autocommit the rows, at most max rows + 1, come
 *                         at once). 1..100,000. Default 500.
 * @param preflight        whether to run the EXPLAIN cost preflight before each statement. Default on.
 * @param maxCost          the preflight's limits, per database unit. Default {@link CostLimits#DEFAULTS}.
 * @param preflightReuse   how long one executor reuses the estimate it got for a statement (same connection, same
 *                         text, same bound values) instead of asking EXPLAIN again; zero: never. The estimate comes
 *                         from table statistics, which change slowly; the statement still runs read-only, bounded
 *                         by the timeout and the row cap. 0..1 hour. Default 60 s.
 */
public record ExecutorSettings(Duration statementTimeout, int maxRows, int fetchSize, boolean preflight,
                               CostLimits maxCost, Duration preflightReuse) {

    public static final ExecutorSettings DEFAULTS = new ExecutorSettings(Duration.ofSeconds(30), 10_000, 500, true,
            CostLimits.DEFAULTS, Duration.ofSeconds(60));

    public ExecutorSettings {
        Objects.requireNonNull(statementTimeout, "statementTimeout");
        Objects.requireNonNull(maxCost, "maxCost");
        Objects.requireNonNull(preflightReuse, "preflightReuse");
        if (preflightReuse.isNegative() || preflightReuse.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("preflightReuse must be between 0 and 1 hour, got " + preflightReuse);
        }
        if (statementTimeout.compareTo(Duration.ofMillis(1)) < 0 || statementTimeout.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("statementTimeout must be between 1 ms and 1 hour, got " + statementTimeout);
        }
        if (maxRows < 1 || maxRows > 1_000_000) {
            throw new IllegalArgumentException("maxRows must be between 1 and 1,000,000, got " + maxRows);
        }
        if (fetchSize < 1 || fetchSize > 100_000) {
            throw new IllegalArgumentException("fetchSize must be between 1 and 100,000, got " + fetchSize);
        }
    }

    public ExecutorSettings withStatementTimeout(Duration timeout) {
        return new ExecutorSettings(timeout, maxRows, fetchSize, preflight, maxCost, preflightReuse);
    }

    public ExecutorSettings withMaxRows(int rows) {
        return new ExecutorSettings(statementTimeout, rows, fetchSize, preflight, maxCost, preflightReuse);
    }

    public ExecutorSettings withFetchSize(int size) {
        return new ExecutorSettings(statementTimeout, maxRows, size, preflight, maxCost, preflightReuse);
    }

    public ExecutorSettings withPreflight(boolean on) {
        return new ExecutorSettings(statementTimeout, maxRows, fetchSize, on, maxCost, preflightReuse);
    }

    public ExecutorSettings withMaxCost(CostLimits limits) {
        return new ExecutorSettings(statementTimeout, maxRows, fetchSize, preflight, limits, preflightReuse);
    }

    public ExecutorSettings withPreflightReuse(Duration reuse) {
        return new ExecutorSettings(statementTimeout, maxRows, fetchSize, preflight, maxCost, reuse);
    }

    /**
     * The driver-side backstop where the database itself bounds each statement (a session envelope, and the
     * per-transaction envelope on PostgreSQL, MySQL and MariaDB): later than the server's own bound, so the driver's
     * cancel never races it. Connector/J cancels with a KILL QUERY sent from a
     * second connection; fired at the same moment the server stopped the statement, it lands on the next one.
     */
    int backstopSeconds() {
        return 2 * timeoutSecondsRoundedUp() + 1;
    }

    /** The timeout in whole seconds for {@code Statement.setQueryTimeout}, rounded up so it never undercuts. */
    int timeoutSecondsRoundedUp() {
        long ms = statementTimeout.toMillis();
        return (int) Math.max(1, (ms + 999) / 1000);
    }
}
