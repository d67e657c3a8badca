package org.tally.core.dialect;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * PostgreSQL 14 and later: the session's default transaction mode is read-only ({@code SET SESSION CHARACTERISTICS
 * AS TRANSACTION READ ONLY}), and statements run in autocommit, each in its own read-only transaction.
 *
 * <ul>
 *   <li><b>Read-only</b>: from version 14 the server reports {@code default_transaction_read_only} to the client
 *       whenever it changes (a ParameterStatus message, read by pgjdbc before a statement returns), so the executor
 *       knows before every statement, without asking, that the transaction it is about to start is read-only:
 *       {@code SET ... READ WRITE}, {@code RESET ALL}, {@code DISCARD ALL}, a function calling
 *       {@code set_config}, or {@code setAutoCommit(false)} under {@code readOnlyMode=always} all show up there
 *       (tested), and the mode is set again before anything runs. A server that does not report it (before 14)
 *       gets the per-transaction envelope.</li>
 *   <li><b>No transaction between statements</b>: pgjdbc also keeps the transaction status of the server's last
 *       ReadyForQuery. A transaction someone opened with SQL ({@code BEGIN}, which pgjdbc lets through in
 *       autocommit) could be read-write and would hold its snapshot; it is rolled back before the next statement
 *       (tested), so every statement starts a fresh read-only transaction of its own.</li>
 *   <li><b>Timeout</b>: {@code statement_timeout} is not reported, so it travels with every statement:
 *       {@code SET statement_timeout = n; <statement>} goes as one pipelined request (one round trip), and the
 *       server stops the statement after n ms whatever the session held before (tested with 0, a larger and a
 *       smaller value). If the statement fails, its implicit transaction takes the SET with it.</li>
 * </ul>
 * pgjdbc is not a compile-time dependency of core: its {@code PGConnection} is reached by reflection.
 */
final class PostgresSession implements SessionEnvelope {

    static final String READ_ONLY_REPORT = "default_transaction_read_only";

    private final long timeoutMs;
    private final String prefix;

    private PostgresSession(long timeoutMs) {
        this.timeoutMs = timeoutMs;
        this.prefix = "SET statement_timeout = " + timeoutMs + "; ";
    }

    static Optional<SessionEnvelope> establish(Connection c, long timeoutMs) throws SQLException {
        if (!Driver.available() || Driver.simpleProtocol(c) || Driver.reported(c, READ_ONLY_REPORT) == null) {
            return Optional.empty(); // no report of the read-only mode (PostgreSQL before 14), or not pgjdbc
        }
        PostgresSession session = new PostgresSession(timeoutMs);
        session.apply(c);
        if (!session.holds(c)) {
            throw new SQLException("PostgreSQL did not report the session read-only after it was set", "25000");
        }
        return Optional.of(session);
    }

    @Override
    public void ensure(Connection c) throws SQLException {
        if (holds(c)) {
            return;
        }
        apply(c);
        if (!holds(c)) {
            throw new SQLException("the session could not be made read-only again", "25000");
        }
    }

    /** No transaction open (the server's last ReadyForQuery said idle), autocommit on, read-only reported on. */
    private boolean holds(Connection c) throws SQLException {
        return c.getAutoCommit() && Driver.idle(c) && c.isReadOnly()
                && "on".equals(Driver.reported(c, READ_ONLY_REPORT));
    }

    private void apply(Connection c) throws SQLException {
        Jdbc.autocommitOn(c);
        if (!Driver.idle(c)) {
            // a BEGIN sent as SQL leaves pgjdbc in autocommit with a transaction open (perhaps read-write, perhaps
            // holding a snapshot); end it, never commit it
            Jdbc.execute(c, "ROLLBACK");
        }
        c.setReadOnly(true); // pgjdbc refuses this inside a transaction, so after the rollback
        Jdbc.execute(c, "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; SET statement_timeout = "
                + timeoutMs); // one round trip
    }

    @Override
    public String bounded(String sql) {
        return prefix + sql;
    }

    @Override
    public ResultSet open(PreparedStatement statement) throws SQLException {
        boolean rows = statement.execute();
        while (!rows) {
            if (statement.getUpdateCount() == -1) {
                throw new SQLException("the statement returned no rows", "02000");
            }
            rows = statement.getMoreResults();
        }
        return statement.getResultSet();
    }

    @Override
    public boolean driverTimeout() {
        return true; // pgjdbc cancels from the client after setQueryTimeout, whatever the session says
    }

    /** pgjdbc's {@code PGConnection}, looked up once. */
    private static final class Driver {
        private static final Class<?> TYPE;
        private static final Method STATUS;
        private static final Method MODE;
        private static final Class<?> BASE;
        private static final Method TRANSACTION;

        static {
            Class<?> type = null;
            Method status = null;
            Method mode = null;
            Class<?> base = null;
            Method transaction = null;
            try {
                ClassLoader loader = PostgresSession.class.getClassLoader();
                type = Class.forName("org.postgresql.PGConnection", false, loader);
                status = type.getMethod("getParameterStatus", String.class);
                mode = type.getMethod("getPreferQueryMode");
                base = Class.forName("org.postgresql.core.BaseConnection", false, loader);
                transaction = base.getMethod("getTransactionState");
            } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
                type = null;
            }
            TYPE = type;
            STATUS = status;
            MODE = mode;
            BASE = base;
            TRANSACTION = transaction;
        }

        static boolean available() {
            return TYPE != null;
        }

        static String reported(Connection c, String parameter) throws SQLException {
            return (String) call(c, TYPE, STATUS, parameter);
        }

        /** Whether the server said no transaction is open when it last was ready for a query (pgjdbc tracks it). */
        static boolean idle(Connection c) throws SQLException {
            Object state = call(c, BASE, TRANSACTION);
            return state instanceof Enum<?> e && e.name().equals("IDLE");
        }

        /** {@code preferQueryMode=simple} sends text without the extended protocol; the envelope is checked only with it. */
        static boolean simpleProtocol(Connection c) throws SQLException {
            Object mode = call(c, TYPE, MODE);
            return mode == null || String.valueOf(mode).equalsIgnoreCase("simple")
                    || (mode instanceof Enum<?> e && e.name().equals("SIMPLE"));
        }

        private static Object call(Connection c, Class<?> type, Method method, Object... args) throws SQLException {
            if (!c.isWrapperFor(type)) {
                throw new SQLException("not a pgjdbc connection");
            }
            try {
                return method.invoke(c.unwrap(type), args);
            } catch (IllegalAccessException e) {
                throw new SQLException("cannot read pgjdbc's session state", e);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof SQLException s ? s : new SQLException(e.getCause());
            }
        }
    }
}
