package org.tally.core.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

/**
 * H2 opened in this process on a database that is read-only itself ({@code ACCESS_MODE_DATA=r} or a read-only file):
 * no statement on it can write, in any transaction mode, and nothing a session does can make it writable, so
 * statements run in autocommit with nothing to roll back. The timeout is the session's {@code QUERY_TIMEOUT} (ms),
 * which the executor reads from the in-process session before every statement (no query) and sets again when
 * something changed it. {@code Statement.setQueryTimeout} is not called: on H2 it is this same session setting, in
 * whole seconds, not a backstop of its own. A writable or remote (TCP) H2 keeps the per-transaction envelope, whose
 * rollback is what undoes a writing query there.
 */
final class H2Session implements SessionEnvelope {

    private final long timeoutMs;
    private final SessionLocal session;

    private H2Session(long timeoutMs, SessionLocal session) {
        this.timeoutMs = timeoutMs;
        this.session = session;
    }

    static Optional<SessionEnvelope> establish(Connection c, long timeoutMs) throws SQLException {
        SessionLocal local = c.isWrapperFor(JdbcConnection.class)
                && c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal s ? s : null;
        if (local == null || !local.getDatabase().isReadOnly()) {
            return Optional.empty();
        }
        H2Session envelope = new H2Session(timeoutMs, local);
        envelope.ensure(c);
        return Optional.of(envelope);
    }

    @Override
    public void ensure(Connection c) throws SQLException {
        if (session.isClosed() || !session.getDatabase().isReadOnly()) {
            throw new SQLException("the H2 session is closed or its database is no longer read-only", "25000");
        }
        Jdbc.autocommitOn(c);
        if (session.getQueryTimeout() != timeoutMs) {
            Jdbc.execute(c, "SET QUERY_TIMEOUT " + timeoutMs);
            if (session.getQueryTimeout() != timeoutMs) {
                throw new SQLException("H2 did not take the query timeout", "25000");
            }
        }
    }

    @Override
    public String bounded(String sql) {
        return sql;
    }

    @Override
    public ResultSet open(PreparedStatement statement) throws SQLException {
        return statement.executeQuery();
    }

    @Override
    public boolean driverTimeout() {
        return false;
    }
}
