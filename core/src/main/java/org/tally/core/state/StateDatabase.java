package org.tally.core.state;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;

/**
 * The app-state database: an embedded H2 file at {@code <dataFolder>/state/tally} holding catalog versions (and,
 * as they land, bindings and conversations). It owns its one connection and brings the state tables up to date on
 * open by applying the numbered {@link StateMigrations} not yet recorded in {@code state_migration}.
 * All access goes through {@link #inTransaction}, serialised on this object.
 */
public final class StateDatabase implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StateDatabase.class);

    /** Work done inside one state transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final Connection connection;

    private StateDatabase(Connection connection) throws SQLException {
        this.connection = connection;
        migrate();
    }

    /** Opens (creating if needed) the state database in {@code data}'s state folder. */
    public static StateDatabase open(DataFolder data) {
        DataFolder.ensure(data.state());
        return open("jdbc:h2:file:" + data.state().resolve("tally").toAbsolutePath());
    }

    /** Opens the state database at an H2 URL (tests use {@code jdbc:h2:mem:...}). */
    public static StateDatabase open(String h2Url) {
        Objects.requireNonNull(h2Url, "h2Url");
        try {
            return new StateDatabase(DriverManager.getConnection(h2Url, "sa", ""));
        } catch (SQLException e) {
            throw new StateException("Cannot open the app-state database " + h2Url + ": " + e.getMessage()
                    + ". Another Tally may hold it open; close it and retry.", e);
        }
    }

    /** Runs {@code work} in one transaction: committed when it returns, rolled back when it throws. */
    public synchronized <T> T inTransaction(Work<T> work) {
        try {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StateException("app-state database: " + e.getMessage(), e);
        }
    }

    /** The highest migration applied. */
    public int schemaVersion() {
        return inTransaction(c -> {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM state_migration")) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    private void migrate() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS state_migration (version INT PRIMARY KEY,"
                    + " description VARCHAR(200) NOT NULL, applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
        }
        int current = schemaVersion();
        for (StateMigrations.Migration m : StateMigrations.ALL) {
            if (m.version() <= current) {
                continue;
            }
            inTransaction(c -> {
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
                return null;
            });
            LOG.info("app state migrated to {} ({})", m.version(), m.description());
        }
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.warn("closing the app-state database: {}", e.getMessage());
        }
    }

    /** The app-state database failed; the message says what and how to recover. */
    public static final class StateException extends RuntimeException {
        public StateException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
