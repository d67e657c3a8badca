package org.tally.core.state;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;

/**
 * The app-state database: an embedded H2 file at {@code <dataFolder>/state/tally} holding catalog versions (and,
 * as they land, bindings and conversations). It brings the state tables up to date on open by applying the numbered
 * {@link StateMigrations} not yet recorded in {@code state_migration}. All access goes through {@link #inTransaction},
 * serialised on this object.
 *
 * <p>Several processes share one data folder (the window open while a script runs {@code ask}, two scripts at
 * once). Embedded H2 lets one process at a time open a file, so each transaction opens its own connection and closes
 * it when done: no process holds the file between transactions, and one that finds it in use waits a little and
 * tries again (up to {@link #DEFAULT_WAIT}). H2's server mode would share the file without waiting, but it listens
 * on a network port, which a hospital workstation must not do.
 */
public final class StateDatabase implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StateDatabase.class);
    /** H2: the database file is open in another process. */
    static final int IN_USE = 90020;
    /** How long a transaction waits for another process to finish with the file. */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);

    /** Work done inside one state transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final String url;
    private final Duration wait;
    /** An in-memory database lives as long as a connection to it: kept open for this object's lifetime. */
    private final Connection keeper;
    private boolean closed;

    private StateDatabase(String url, Duration wait) throws SQLException {
        this.url = url;
        this.wait = wait;
        this.keeper = url.startsWith("jdbc:h2:mem:") ? DriverManager.getConnection(url, "sa", "") : null;
        migrate();
    }

    /** Opens (creating if needed) the state database in {@code data}'s state folder. */
    public static StateDatabase open(DataFolder data) {
        DataFolder.ensure(data.state());
        return open("jdbc:h2:file:" + data.state().resolve("tally").toAbsolutePath());
    }

    /** Opens the state database at an H2 URL (tests use {@code jdbc:h2:mem:...}). */
    public static StateDatabase open(String h2Url) {
        return open(h2Url, DEFAULT_WAIT);
    }

    /** As {@link #open(String)}, waiting at most {@code wait} whenever another process has the file open. */
    public static StateDatabase open(String h2Url, Duration wait) {
        Objects.requireNonNull(h2Url, "h2Url");
        try {
            return new StateDatabase(h2Url, Objects.requireNonNull(wait, "wait"));
        } catch (SQLException e) {
            throw new StateException("Cannot open the app-state database " + h2Url + ": " + e.getMessage(), e);
        }
    }

    /** Runs {@code work} in one transaction: committed when it returns, rolled back when it throws. */
    public synchronized <T> T inTransaction(Work<T> work) {
        if (closed) {
            throw new IllegalStateException("the app-state database handle is closed");
        }
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StateException("app-state database: " + e.getMessage(), e);
        }
    }

    /** A connection of its own; while another process has the file, waits briefly and tries again. */
    private Connection connect() throws SQLException {
        long deadline = System.nanoTime() + wait.toNanos();
        long pause = 10;
        int tries = 0;
        while (true) {
            try {
                Connection c = DriverManager.getConnection(url, "sa", "");
                if (tries > 0) {
                    LOG.info("app-state database free after {} tries", tries + 1);
                }
                return c;
            } catch (SQLException e) {
                if (e.getErrorCode() != IN_USE || System.nanoTime() > deadline) {
                    if (e.getErrorCode() == IN_USE) {
                        throw new SQLException("another Tally kept the app-state database in use for over "
                                + wait.toSeconds() + " s; try again when it has finished", e.getSQLState(),
                                e.getErrorCode(), e);
                    }
                    throw e;
                }
                tries++;
                sleep(pause);
                pause = Math.min(200, pause * 2);
            }
        }
    }

    private static void sleep(long millis) throws SQLException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the app-state database was in use elsewhere", e);
        }
    }

    /** The highest migration applied. */
    public int schemaVersion() {
        return inTransaction(StateDatabase::version);
    }

    /**
     * Each migration is applied in the transaction that checks it is still missing: two processes opening a new data
     * folder at once never apply one twice.
     */
    private void migrate() {
        inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS state_migration (version INT PRIMARY KEY,"
                        + " description VARCHAR(200) NOT NULL, applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
            }
            return null;
        });
        for (StateMigrations.Migration m : StateMigrations.ALL) {
            boolean applied = inTransaction(c -> {
                if (version(c) >= m.version()) {
                    return false;
                }
                try (Statement s = c.createStatement()) {
                    for (String ddl : m.statements()) {
                        s.execute(ddl);
                    }
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO state_migration VALUES (?, ?, CURRENT_TIMESTAMP)")) {
                    ps.setInt(1, m.version());
                    ps.setString(2, m.description());
                    ps.executeUpdate();
                }
                return true;
            });
            if (applied) {
                LOG.info("app state migrated to {} ({})", m.version(), m.description());
            }
        }
    }

    private static int version(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM state_migration")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (keeper != null) {
            try {
                keeper.close();
            } catch (SQLException e) {
                LOG.warn("closing the app-state database: {}", e.getMessage());
            }
        }
    }

    /** The app-state database failed; the message says what and how to recover. */
    public static final class StateException extends RuntimeException {
        public StateException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
