package org.tally.core.dialect;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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
 * STATEMENT and keeps the per-transaction envelope. Before each statement the server status flags the driver kept
 * from the last reply must show autocommit and no open transaction, or that transaction is rolled back first
 * ({@link #ensure}); a driver whose flags Tally cannot read keeps the per-transaction envelope.
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
        if (!ServerFlags.readable(c)) {
            return Optional.empty(); // a driver whose view of the server's transaction state Tally cannot read
        }
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

    /**
     * Each statement carries its own bounds; what must hold before it is that it starts its own transaction: inside
     * one someone opened ({@code START TRANSACTION READ WRITE} or {@code SET autocommit = 0} sent as SQL, which the
     * driver's autocommit flag does not show) {@code SET STATEMENT} cannot make the open transaction read-only, and
     * that transaction would keep its snapshot. The server's status flags, which the driver keeps from every reply,
     * say so without a round trip; such a transaction is rolled back and autocommit switched on (the session's
     * read-only and time limit are set again with it, as a second layer).
     */
    @Override
    public void ensure(Connection c) throws SQLException {
        if (c.getAutoCommit() && ServerFlags.autocommitOutsideTransaction(c)) {
            return;
        }
        apply(c);
        if (!c.getAutoCommit() || !ServerFlags.autocommitOutsideTransaction(c)) {
            throw new SQLException("the session could not be brought back to autocommit outside a transaction", "25000");
        }
    }

    private void apply(Connection c) throws SQLException {
        Jdbc.autocommitOn(c);
        if (!ServerFlags.autocommitOutsideTransaction(c)) {
            Jdbc.execute(c, "ROLLBACK"); // never commit what someone else left: Tally has nothing to keep
            Jdbc.execute(c, "SET autocommit = 1");
        }
        c.setReadOnly(true);
        Jdbc.execute(c, "SET SESSION TRANSACTION READ ONLY");
        Jdbc.execute(c, "SET SESSION max_statement_time = " + seconds(timeoutMs));
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

    /**
     * The server status flags of the last reply (SERVER_STATUS_IN_TRANS = 1, SERVER_STATUS_AUTOCOMMIT = 2, the same in
     * MySQL Connector/J and MariaDB Connector/J, each of which keeps them). Neither driver is a compile-time dependency
     * of core: both are reached by reflection, through their public interfaces.
     */
    private static final class ServerFlags {
        private static final int IN_TRANSACTION = 1;
        private static final int AUTOCOMMIT = 2;
        private static final List<Path> PATHS = paths();

        /** From the connection's unwrapped type through no-argument getters to the flags' int. */
        private record Path(Class<?> type, List<Method> getters) {
        }

        private static List<Path> paths() {
            List<Path> found = new ArrayList<>();
            add(found, "com.mysql.cj.MysqlConnection", "getSession", "com.mysql.cj.Session", "getServerSession",
                    "com.mysql.cj.protocol.ServerSession", "getStatusFlags");
            add(found, "org.mariadb.jdbc.Connection", "getContext", "org.mariadb.jdbc.client.Context", "getServerStatus");
            return List.copyOf(found);
        }

        /** {@code names}: the connection type, then pairs of getter and the type declaring the next getter. */
        private static void add(List<Path> found, String... names) {
            try {
                ClassLoader loader = MariaDbSession.class.getClassLoader();
                Class<?> type = Class.forName(names[0], false, loader);
                List<Method> getters = new ArrayList<>();
                Class<?> declaring = type;
                for (int i = 1; i < names.length; i += 2) {
                    getters.add(declaring.getMethod(names[i]));
                    if (i + 1 < names.length) {
                        declaring = Class.forName(names[i + 1], false, loader);
                    }
                }
                found.add(new Path(type, List.copyOf(getters)));
            } catch (ClassNotFoundException | NoSuchMethodException | LinkageError absent) {
                // that driver is not on the class path, or not a version Tally knows
            }
        }

        static boolean readable(Connection c) throws SQLException {
            return path(c) != null;
        }

        static boolean autocommitOutsideTransaction(Connection c) throws SQLException {
            int flags = flags(c);
            return (flags & IN_TRANSACTION) == 0 && (flags & AUTOCOMMIT) != 0;
        }

        private static Path path(Connection c) throws SQLException {
            for (Path p : PATHS) {
                if (c.isWrapperFor(p.type())) {
                    return p;
                }
            }
            return null;
        }

        private static int flags(Connection c) throws SQLException {
            Path p = path(c);
            if (p == null) {
                throw new SQLException("cannot read the server's transaction state from this driver", "25000");
            }
            try {
                Object value = c.unwrap(p.type());
                for (Method getter : p.getters()) {
                    value = getter.invoke(value);
                }
                return ((Number) value).intValue();
            } catch (IllegalAccessException | RuntimeException e) {
                throw new SQLException("cannot read the server's transaction state", "25000", e);
            } catch (InvocationTargetException e) {
                throw e.getCause() instanceof SQLException s ? s : new SQLException(e.getCause());
            }
        }
    }

    static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }
}
