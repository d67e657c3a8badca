package org.tally.core.execute;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * MariaDB: the session is read-only and bounded ({@code SET SESSION TRANSACTION READ ONLY},
 * {@code max_statement_time}), and since a stored function can change both without the client seeing it (tested:
 * a function running {@code SET SESSION TRANSACTION READ WRITE} or {@code SET SESSION max_statement_time = 0}),
 * every statement also carries both itself: {@code SET STATEMENT transaction_read_only = 1, max_statement_time = s
 * FOR <statement>} (one statement, one round trip; {@code tx_read_only} before 11.1). The server refuses writes in it
 * with 25006 and stops it after s seconds with error 1969, whatever the session holds (tested). MySQL has no SET
 * STATEMENT and keeps the per-transaction envelope.
 *
 * <p>That text has to go through {@code execute}, not {@code executeQuery}, and Connector/J's own refusal of
 * anything but a query through executeQuery (which also kept out statements a read-only transaction allows, such
 * as CREATE TEMPORARY TABLE) is kept here: only a statement that begins with SELECT, WITH or a parenthesis is sent.
 */
final class MariaDbSession implements SessionEnvelope {

    private static final Pattern QUERY_START = Pattern.compile("^\\s*(\\(\\s*)*(SELECT|WITH)\\b",
            Pattern.CASE_INSENSITIVE);

    private final long timeoutMs;
    private final String prefix;

    private MariaDbSession(long timeoutMs, String readOnlyVariable) {
        this.timeoutMs = timeoutMs;
        this.prefix = "SET STATEMENT " + readOnlyVariable + " = 1, max_statement_time = " + seconds(timeoutMs) + " FOR ";
    }

    static Optional<SessionEnvelope> establish(Connection c, long timeoutMs) throws SQLException {
        for (String variable : new String[] {"transaction_read_only", "tx_read_only"}) { // renamed in 11.1
            MariaDbSession session = new MariaDbSession(timeoutMs, variable);
            session.apply(c);
            try (PreparedStatement check = c.prepareStatement(session.bounded("SELECT 1"));
                 ResultSet rs = session.open(check)) {
                if (rs.next() && rs.getInt(1) == 1) {
                    return Optional.of(session);
                }
            } catch (SQLException unknownVariable) {
                // try the older name; if neither works, the per-transaction envelope stays
            }
        }
        return Optional.empty();
    }

    @Override
    public String refusal(String sql) {
        return QUERY_START.matcher(sql).find() ? null : "Refused before running: only a query (SELECT or WITH) is"
                + " sent on this connection.";
    }

    @Override
    public void ensure(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            apply(c); // each statement carries its own bounds; the session's are set again as a second layer
        }
    }

    private void apply(Connection c) throws SQLException {
        c.setReadOnly(true);
        SessionEnvelope.autocommitOn(c);
        SessionEnvelope.execute(c, "SET SESSION TRANSACTION READ ONLY");
        SessionEnvelope.execute(c, "SET SESSION max_statement_time = " + seconds(timeoutMs));
    }

    @Override
    public String bounded(String sql) {
        return prefix + sql;
    }

    @Override
    public ResultSet open(PreparedStatement statement) throws SQLException {
        if (!statement.execute()) {
            throw new SQLException("the statement returned no rows", "02000");
        }
        return statement.getResultSet();
    }

    @Override
    public boolean driverTimeout() {
        return true; // Connector/J kills the query from a second connection after setQueryTimeout
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }
}
