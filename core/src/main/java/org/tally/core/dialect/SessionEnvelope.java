package org.tally.core.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The bounds of a connection only the executor uses, set once on its session (the executor's session envelope)
 * instead of around every statement. Each implementation holds, for one database, both guarantees of the per-transaction
 * envelope for every statement it sends: the database refuses writes, and a server-side timeout stops it.
 *
 * <p>Why this is as strong as a read-only transaction with {@code SET LOCAL} per statement: the connection is the
 * rung's alone; the safety policy refuses SET, RESET, DISCARD, transaction control, set_config and every other
 * statement or function it knows can change a session; and what it cannot know about (an unqualified user-defined
 * function that changes the session, or someone calling the JDBC connection directly) is caught before the next
 * statement: {@link #ensure} reads the driver's own state and puts the bounds back, or the statement does not run.
 * Where the database cannot report a setting without a round trip, that setting travels with every statement
 * instead ({@link #bounded}). Statements run in autocommit, each in a transaction of its own: a transaction someone
 * opened on the connection (autocommit switched off, or a {@code BEGIN} sent as SQL, which the driver's autocommit
 * flag does not show) could be read-write and would keep its snapshot between questions, so {@link #ensure} also
 * reads the driver's record of the server's transaction state and rolls such a transaction back before anything runs.
 */
public sealed interface SessionEnvelope permits PostgresSession, MariaDbSession, H2Session {

    /**
     * Before every statement: checks from the driver's own state (no round trip while all is as it was set) that the
     * session is still read-only and bounded, in autocommit with no transaction open, and sets it again (rolling back
     * what was open) when something undid it. Throws when it cannot make sure: then nothing may run.
     */
    void ensure(Connection c) throws SQLException;

    /** Why {@code sql} must not be sent on this session at all, or null. Checked before {@link #ensure}. */
    default String refusal(String sql) {
        return null;
    }

    /** The text sent for {@code sql} (EXPLAIN or query): the statement with whatever bound travels with it. */
    String bounded(String sql);

    /** Runs a prepared {@link #bounded} statement and returns its rows. */
    ResultSet open(PreparedStatement statement) throws SQLException;

    /**
     * Whether {@code Statement.setQueryTimeout} is a backstop of its own here (a driver-side cancel), rather than the
     * very session setting this envelope keeps, in whole seconds (H2).
     */
    boolean driverTimeout();
}
