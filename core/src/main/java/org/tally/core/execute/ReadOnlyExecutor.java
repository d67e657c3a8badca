package org.tally.core.execute;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.WeakHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SessionEnvelope;
import org.tally.core.dialect.SqlDialect;
import org.tally.core.safety.ValidatedStatement;

/**
 * Runs one statement the safety policy validated ({@link ValidatedStatement}: nothing else can be passed) with bound
 * parameters, read-only and bounded, and says how it ended ({@link ExecutionOutcome}). The validator is the first
 * line of defence; this class is the second: it asks the database itself to refuse writes wherever the database
 * can, so a statement that slips past the validator still cannot change anything. Every transaction it opens is
 * rolled back, never committed. What each database does for it is its dialect's ({@link SqlDialect}: the session
 * settings, the read-only transaction, which server setting bounds a statement, the session envelope, EXPLAIN).
 *
 * <h2>What each database guarantees (and what it does not)</h2>
 * <ul>
 *   <li><b>PostgreSQL</b>: {@code setReadOnly(true)} with autocommit off makes pgjdbc open each transaction
 *       {@code BEGIN READ ONLY}; the executor adds {@code SET TRANSACTION READ ONLY} and a
 *       {@code SET LOCAL statement_timeout}. The server refuses with SQLSTATE 25006 (tested): INSERT, UPDATE,
 *       DELETE, TRUNCATE, CREATE TABLE, CREATE TEMPORARY TABLE AS, SELECT INTO, data-modifying CTEs and a SELECT
 *       calling a function that writes. Under autocommit pgjdbc ignores read-only unless the URL says
 *       {@code readOnlyMode=always}; the source connector adds that to every
 *       PostgreSQL URL so other uses of the connection are covered too. Not guaranteed by the database: SQL
 *       that ends the transaction itself ({@code COMMIT; INSERT ...}) writes even with {@code readOnlyMode=always}
 *       (pgjdbc splits on ';'); the executor refuses any ';' for that reason.
 *   <li><b>MySQL / MariaDB</b>: {@code SET SESSION TRANSACTION READ ONLY} and {@code START TRANSACTION READ
 *       ONLY}. On MariaDB 10.11 (tested) the server refuses INSERT, UPDATE, DELETE, CREATE TABLE and DROP TABLE
 *       in that session, and a SELECT calling a function that writes, with 25006 (error 1792); Connector/J
 *       already refuses to send a non-query through {@code executeQuery} (S1009). MySQL documents
 *       {@code CREATE TEMPORARY TABLE} as allowed in read-only mode. Timeout: MariaDB
 *       {@code max_statement_time} (seconds, error 1969/70100), MySQL {@code max_execution_time} (ms, SELECT
 *       only, error 3024); the server kind is read from its version string. A SELECT-only account is still
 *       recommended, without the FILE privilege.
 *   <li><b>SQL Server</b>: there is no read-only transaction. {@code setReadOnly} is a hint and
 *       {@code ApplicationIntent=ReadOnly} only routes to a readable secondary; neither blocks a write.
 *       The executor sets READ COMMITTED, a {@code LOCK_TIMEOUT} and always rolls back, but writes are
 *       stopped only by the validator and by the account: <b>connect with a least-privileged login that has
 *       only SELECT (db_datareader) on the linked tables</b>. No cost preflight.
 *   <li><b>H2</b>: no read-only transaction, and {@code setReadOnly} does not block writes. The driver sends
 *       only queries through {@code executeQuery} (90002), but queries can write ({@code SELECT * FROM FINAL
 *       TABLE (INSERT ...)}); the rollback undoes such DML (tested), while DDL would commit itself. Read-only
 *       needs the database opened with {@code ACCESS_MODE_DATA=r} in the URL (then writes fail with 90097,
 *       tested) or a SELECT-only user. Timeout via {@code SET QUERY_TIMEOUT} (ms, error 57014).
 * </ul>
 * Everywhere: SQL holding a ';' (other than at the end) is refused before anything runs, because pgjdbc and H2
 * split on it and would run a {@code COMMIT} that ends the read-only transaction, and SQL Server runs batches.
 * (T-SQL needs no ';' between statements at all: on SQL Server only the validator and the account stop a
 * second statement.) {@code Statement.setQueryTimeout} as a driver-side backstop, {@code setMaxRows(maxRows + 1)} to
 * see truncation, a fetch size, and cancellation through an {@link ExecutionHandle}. Parameter values are never
 * logged and are masked out of error messages. The connection belongs to the caller: it stays open, read-only,
 * with its autocommit setting restored (a prepared connection stays as {@link #prepare} left it).
 *
 * <h2>Two envelopes</h2>
 * On a connection of the caller's, every statement runs in a transaction the executor opens read-only, bounds with
 * the timeout and rolls back ({@link Envelope#TRANSACTION}, as described above). The preflight EXPLAIN and the
 * statement share that transaction (EXPLAIN without ANALYZE runs nothing); only when the preflight gave no estimate
 * (its EXPLAIN may have failed and, on PostgreSQL, aborted the transaction) is it rolled back and a fresh one opened.
 * On PostgreSQL the transaction's two settings go in one round trip.
 *
 * <p>A connection only the executor uses can be {@link #prepare prepared} once. Where the database can hold both
 * guarantees at session level ({@link Envelope#SESSION}: PostgreSQL 14+, MariaDB, H2 opened read-only in-process,
 * see {@link SessionEnvelope} and its implementations) the bounds are set on the session, statements run in
 * autocommit, and each costs one round trip: before it, the driver's own state is checked (the server's report of
 * the read-only mode on PostgreSQL, H2's in-process session) and the bounds set again, or nothing runs, when
 * something undid them; the timeout travels with the statement itself where the database takes it (PostgreSQL's
 * pipelined {@code SET statement_timeout}, MariaDB's {@code SET STATEMENT ... FOR}, which also carries read-only).
 * Elsewhere a prepared connection stays read-only with autocommit off, so that autocommit is not switched off and
 * back on around every statement. An estimate is reused for the same statement for
 * {@link ExecutorSettings#preflightReuse()} (an {@link EstimateMemory}) in both envelopes.
 */
public final class ReadOnlyExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(ReadOnlyExecutor.class);
    private static final String READ_ONLY_STATE = "25006";
    private static final String H2_READ_ONLY_DATABASE = "90097";

    private final ExecutorSettings settings;
    private final CostPreflight preflight;
    private final EstimateMemory estimates;
    /** Connections {@link #prepare prepared} with a session envelope (weakly held: a closed connection may go). */
    private final Map<Connection, Prepared> sessions = Collections.synchronizedMap(new WeakHashMap<>());

    private record Prepared(Dialect dialect, SessionEnvelope envelope) {
    }

    /** An executor that asks EXPLAIN for every statement (when the settings have the preflight on). */
    public ReadOnlyExecutor(ExecutorSettings settings) {
        this(settings, EstimateMemory.NONE);
    }

    /** @param estimates where recent EXPLAIN answers are kept for reuse ({@code memory.PreflightMemory}) */
    public ReadOnlyExecutor(ExecutorSettings settings, EstimateMemory estimates) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.preflight = new CostPreflight(settings.maxCost());
        this.estimates = Objects.requireNonNull(estimates, "estimates");
    }

    public ExecutorSettings settings() {
        return settings;
    }

    /**
     * Puts a connection that only this executor's statements will use into the mode they run in, once, and says
     * which ({@link Envelope}). Where the database can hold read-only and the timeout at session level
     * ({@link SessionEnvelope}: PostgreSQL 14+, MariaDB, H2 read-only in-process), they are set on the session now,
     * and each later statement on this connection costs one round trip: it is checked against the driver's own
     * state first (and the bounds set again, or the statement refused, when something undid them), and carries its
     * timeout itself where the database takes that. Elsewhere the connection is left read-only with autocommit off,
     * and every statement still runs in a transaction the executor opens read-only, bounds and rolls back.
     *
     * @throws SQLException when the session could not be set; the connection is then treated as any caller's
     */
    public Envelope prepare(Connection connection, Dialect dialect) throws SQLException {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(dialect, "dialect");
        sessions.remove(connection);
        Optional<SessionEnvelope> session = dialect.rules().sessionEnvelope(connection,
                settings.statementTimeout().toMillis());
        if (session.isPresent()) {
            sessions.put(connection, new Prepared(dialect, session.get()));
            LOG.info("connection prepared: read-only and bounded at session level ({})", dialect.displayName());
            return Envelope.SESSION;
        }
        connection.setReadOnly(true);
        if (connection.getAutoCommit()) {
            connection.setAutoCommit(false);
        }
        LOG.info("connection prepared: read-only transaction around every statement ({})", dialect.displayName());
        return Envelope.TRANSACTION;
    }

    /** {@link #execute(Connection, ValidatedStatement, List, ExecutionHandle)} without a way to cancel. */
    public ExecutionOutcome execute(Connection connection, ValidatedStatement statement,
                                    List<SqlParameter> parameters) {
        return execute(connection, statement, parameters, new ExecutionHandle());
    }

    /**
     * Runs {@code validated} (one SELECT with {@code ?} placeholders) on {@code connection}, a connection to a
     * database of the dialect it was validated for. Never throws for anything the database does; programming errors
     * (nulls) do.
     */
    public ExecutionOutcome execute(Connection connection, ValidatedStatement validated,
                                    List<SqlParameter> parameters, ExecutionHandle handle) {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(validated, "statement");
        Dialect dialect = validated.dialect();
        SqlDialect rules = dialect.rules();
        String sql = validated.sql();
        List<SqlParameter> params = List.copyOf(parameters);
        Objects.requireNonNull(handle, "handle");
        long start = System.nanoTime();
        String statementId = Integer.toHexString(sql.hashCode());
        Preflight note = new Preflight.Unavailable(settings.preflight() ? "not reached" : "preflight is off", 0);
        if (handle.isCancelled()) {
            return new ExecutionOutcome.Cancelled(0, note);
        }
        String statement = withoutTrailingSemicolons(sql);
        if (statement.indexOf(';') >= 0) {
            LOG.warn("statement {}: refused, it holds a ';' and could be several statements", statementId);
            return new ExecutionOutcome.Failed(null, "Refused before running: the SQL holds a ';', so it could be"
                    + " more than one statement (a COMMIT in it would end the read-only transaction). Run one"
                    + " statement and pass values with ';' as bound parameters.", millisSince(start), note);
        }

        Prepared prepared = sessions.get(connection);
        if (prepared != null && prepared.dialect() == dialect) {
            return executeInSession(connection, prepared, statement, params, handle, start, statementId);
        }
        boolean autoCommitBefore;
        try {
            autoCommitBefore = connection.getAutoCommit();
            if (!autoCommitBefore) {
                connection.rollback(); // start from a clean transaction boundary; Tally never has work to keep
            }
            enterReadOnlySession(connection, rules);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("statement {}: could not make the session read-only and bounded, nothing ran: {}", statementId,
                    ErrorText.describe(e, params));
            return new ExecutionOutcome.Failed(sqlState(e), "Could not make the session read-only and bounded, so"
                    + " nothing ran: " + ErrorText.describe(e, params), millisSince(start), note);
        }

        try {
            rules.beginReadOnlyTransaction(connection, settings.statementTimeout().toMillis());
            if (settings.preflight()) {
                note = estimate(connection, rules, statement, params, handle, null);
                ExecutionOutcome stopped = stoppedByPreflight(note, handle, start, statementId);
                if (stopped != null) {
                    return stopped;
                }
                if (note instanceof Preflight.Unavailable u) {
                    if (!u.reused()) {
                        // the EXPLAIN may have failed, and a failed statement aborts a PostgreSQL transaction
                        connection.rollback();
                        rules.beginReadOnlyTransaction(connection, settings.statementTimeout().toMillis());
                    }
                }
            }
            return run(connection, rules, statement, params, handle, start, note, statementId, null);
        } catch (SQLException | RuntimeException e) {
            return failure(e, params, handle, start, note, statementId);
        } finally {
            restore(connection, autoCommitBefore, statementId);
        }
    }

    /** After the preflight: the outcome when the run stops there (cancelled, too costly), else null. */
    private ExecutionOutcome stoppedByPreflight(Preflight note, ExecutionHandle handle, long start,
                                                String statementId) {
        if (handle.isCancelled()) {
            return new ExecutionOutcome.Cancelled(millisSince(start), note);
        }
        if (note instanceof Preflight.Rejected r) {
            LOG.info("statement {}: rejected by the cost preflight: {}", statementId, r.note());
            return new ExecutionOutcome.CostRejected(r.cost(), r.max(), millisSince(start));
        }
        if (note instanceof Preflight.Unavailable u) {
            logNoPreflight(statementId, u);
        }
        return null;
    }

    /**
     * One statement on a connection with a session envelope: checked against the driver's state (set again when
     * something undid it, or nothing runs), then preflight and query, each one round trip in autocommit, each
     * carrying its own bounds where the database takes them. Nothing to roll back: the database refused to write.
     */
    private ExecutionOutcome executeInSession(Connection connection, Prepared prepared, String statement,
                                              List<SqlParameter> params, ExecutionHandle handle, long start,
                                              String statementId) {
        SessionEnvelope session = prepared.envelope();
        Preflight note = new Preflight.Unavailable(settings.preflight() ? "not reached" : "preflight is off", 0);
        String refusal = session.refusal(statement);
        if (refusal != null) {
            LOG.warn("statement {}: refused, not a query", statementId);
            return new ExecutionOutcome.Failed(null, refusal, millisSince(start), note);
        }
        ExecutionOutcome.Failed unbounded = ensured(connection, session, params, start, note, statementId);
        if (unbounded != null) {
            return unbounded;
        }
        try {
            if (settings.preflight()) {
                note = estimate(connection, prepared.dialect().rules(), statement, params, handle, session);
                ExecutionOutcome stopped = stoppedByPreflight(note, handle, start, statementId);
                if (stopped != null) {
                    return stopped;
                }
                // planning can run code: PostgreSQL folds an IMMUTABLE function with constant arguments while it
                // EXPLAINs, and such a function may change the session (tested), so the EXPLAIN is one more
                // statement the bounds are checked after
                unbounded = ensured(connection, session, params, start, note, statementId);
                if (unbounded != null) {
                    return unbounded;
                }
            }
            return run(connection, prepared.dialect().rules(), statement, params, handle, start, note, statementId,
                    session);
        } catch (SQLException | RuntimeException e) {
            return failure(e, params, handle, start, note, statementId);
        }
    }

    /** Null when the session is read-only and bounded (set again if something undid it); else why nothing ran. */
    private static ExecutionOutcome.Failed ensured(Connection connection, SessionEnvelope session,
                                                   List<SqlParameter> params, long start, Preflight note,
                                                   String statementId) {
        try {
            session.ensure(connection);
            return null;
        } catch (SQLException | RuntimeException e) {
            LOG.warn("statement {}: the session is no longer read-only and bounded and could not be set again,"
                    + " nothing ran: {}", statementId, ErrorText.describe(e, params));
            return new ExecutionOutcome.Failed(sqlState(e), "Could not keep the session read-only and bounded, so"
                    + " nothing ran: " + ErrorText.describe(e, params), millisSince(start), note);
        }
    }

    /** The preflight's verdict, from EXPLAIN (inside the open read-only transaction, or through the session envelope
     * when {@code session} is not null) or reused from a recent one. */
    private Preflight estimate(Connection connection, SqlDialect dialect, String sql,
                               List<SqlParameter> params, ExecutionHandle handle, SessionEnvelope session) {
        Preflight known = estimates.recall(connection, sql, params);
        if (known != null) {
            return known;
        }
        Preflight fresh = preflight.check(connection, dialect, sql, params, settings.timeoutSecondsRoundedUp(), handle,
                session);
        if (!handle.isCancelled()) {
            estimates.remember(connection, sql, params, fresh);
        }
        return fresh;
    }

    /** Runs the query, through {@code session} when the connection has a session envelope (else null). */
    private ExecutionOutcome run(Connection connection, SqlDialect dialect, String sql, List<SqlParameter> params,
                                 ExecutionHandle handle, long start, Preflight note, String statementId,
                                 SessionEnvelope session)
            throws SQLException {
        int maxRows = settings.maxRows();
        long deadline = start + settings.statementTimeout().toNanos();
        try (PreparedStatement statement = connection.prepareStatement(session == null ? sql : session.bounded(sql))) {
            if (session == null && !dialect.boundsItself(connection, false)) {
                statement.setQueryTimeout(settings.timeoutSecondsRoundedUp()); // the driver's timeout is the bound
            } else if (session == null || session.driverTimeout()) {
                statement.setQueryTimeout(settings.backstopSeconds()); // the server bounds it; this comes later
            }
            statement.setMaxRows(maxRows + 1);
            statement.setFetchSize(Math.min(settings.fetchSize(), maxRows + 1)); // H2 refuses a fetch size above max rows
            SqlParameter.bindAll(statement, params);
            handle.started(statement);
            try (ResultSet rs = session == null ? statement.executeQuery() : session.open(statement)) {
                ResultSetMetaData meta = rs.getMetaData();
                int width = meta.getColumnCount();
                List<String> columns = new ArrayList<>(width);
                for (int c = 1; c <= width; c++) {
                    columns.add(meta.getColumnLabel(c));
                }
                List<List<Object>> rows = new ArrayList<>();
                boolean truncated = false;
                while (rs.next()) {
                    if (handle.isCancelled()) {
                        return new ExecutionOutcome.Cancelled(millisSince(start), note);
                    }
                    if (System.nanoTime() > deadline) {
                        // the server's timeout covers executing; this covers a slow fetch of the rows
                        LOG.info("statement {}: timed out while fetching rows", statementId);
                        return new ExecutionOutcome.Timeout(settings.statementTimeout().toMillis(), millisSince(start), note);
                    }
                    if (rows.size() == maxRows) {
                        truncated = true;
                        break;
                    }
                    List<Object> row = new ArrayList<>(width);
                    for (int c = 1; c <= width; c++) {
                        row.add(ResultValues.normalise(rs.getObject(c)));
                    }
                    rows.add(row);
                }
                if (handle.isCancelled()) {
                    return new ExecutionOutcome.Cancelled(millisSince(start), note);
                }
                long elapsed = millisSince(start);
                LOG.debug("statement {}: {} rows{} in {} ms ({} parameters)", statementId, rows.size(),
                        truncated ? " (truncated)" : "", elapsed, params.size());
                return new ExecutionOutcome.Rows(new QueryResult(columns, rows, truncated, elapsed), note);
            } finally {
                handle.finished();
            }
        }
    }

    private ExecutionOutcome failure(Exception e, List<SqlParameter> params, ExecutionHandle handle, long start,
                                     Preflight note, String statementId) {
        long elapsed = millisSince(start);
        if (handle.isCancelled()) {
            LOG.info("statement {}: cancelled after {} ms", statementId, elapsed);
            return new ExecutionOutcome.Cancelled(elapsed, note);
        }
        if (e instanceof SQLException s && ErrorText.isTimeoutOrCancel(s)) {
            LOG.info("statement {}: timed out after {} ms (limit {} ms)", statementId, elapsed,
                    settings.statementTimeout().toMillis());
            return new ExecutionOutcome.Timeout(settings.statementTimeout().toMillis(), elapsed, note);
        }
        String state = sqlState(e);
        String message = ErrorText.describe(e, params);
        if (READ_ONLY_STATE.equals(state) || H2_READ_ONLY_DATABASE.equals(state)) {
            message = "The database refused to change data (Tally only reads): " + message;
        }
        LOG.info("statement {}: failed with SQLSTATE {}: {}", statementId, state, message);
        return new ExecutionOutcome.Failed(state, message, elapsed, note);
    }

    /** The preflight fails open visibly: logged when EXPLAIN was asked, quietly when that answer is reused. */
    private static void logNoPreflight(String statementId, Preflight.Unavailable u) {
        if (u.reused()) {
            LOG.debug("statement {}: no cost preflight (reused), running bounded by the timeout: {}", statementId,
                    u.reason());
        } else {
            LOG.info("statement {}: no cost preflight, running bounded by the timeout: {}", statementId, u.reason());
        }
    }

    /** Session-wide settings (the dialect's), made before any transaction of this execution starts. */
    private void enterReadOnlySession(Connection c, SqlDialect dialect) throws SQLException {
        c.setReadOnly(true);
        dialect.boundSession(c, settings.statementTimeout().toMillis());
        c.setAutoCommit(false);
    }

    /**
     * Drivers split SQL on ';' themselves (pgjdbc, H2) and run every part, so a {@code COMMIT;} would end the
     * read-only transaction before a write. A ';' anywhere but at the end is refused, even inside a literal:
     * compiled statements carry values as parameters, and a refusal is always safer than a guess at quoting.
     */
    static String withoutTrailingSemicolons(String sql) {
        int end = sql.length();
        while (end > 0 && (sql.charAt(end - 1) == ';' || Character.isWhitespace(sql.charAt(end - 1)))) {
            end--;
        }
        return sql.substring(0, end);
    }

    private static void restore(Connection c, boolean autoCommitBefore, String statementId) {
        try {
            c.rollback();
            if (autoCommitBefore) {
                c.setAutoCommit(true); // nothing to commit: the transaction was just rolled back
            }
        } catch (SQLException | RuntimeException e) {
            LOG.warn("statement {}: could not roll back after the statement: SQLSTATE {}", statementId, sqlState(e));
        }
    }

    private static String sqlState(Exception e) {
        return e instanceof SQLException s ? s.getSQLState() : null;
    }

    private static long millisSince(long startNanos) {
        return Math.max(0, (System.nanoTime() - startNanos) / 1_000_000);
    }
}
