package org.tally.acceptance.unseen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

/** Writes a generated hospital into a fresh H2 file database: the DDL, then each table by JDBC batches. */
public final class H2Script implements AutoCloseable {

    private static final int BATCH = 2_000;

    private final Connection connection;

    private H2Script(Connection connection) {
        this.connection = connection;
    }

    /** Removes any earlier file of this database and opens it for writing ({@code settings} as in its URL). */
    public static H2Script create(Path base, String settings) throws SQLException {
        try {
            Files.createDirectories(base.getParent());
            try (Stream<Path> old = Files.list(base.getParent())) {
                for (Path p : old.filter(p -> p.getFileName().toString().startsWith(base.getFileName() + ".")).toList()) {
                    Files.delete(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear " + base + ": " + e.getMessage(), e);
        }
        Connection c = DriverManager.getConnection("jdbc:h2:" + base + settings, "sa", "");
        c.setAutoCommit(false);
        return new H2Script(c);
    }

    /**
     * Checks no foreign key while rows are loaded (the generator writes parents first; a check per row costs more
     * than the insert); {@link #close()} turns the checks back on for anyone who writes later.
     */
    public void loading() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("SET REFERENTIAL_INTEGRITY FALSE");
        }
    }

    /** Runs the statements of a DDL text, separated by semicolons. */
    public void ddl(String text) throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (String statement : text.split(";")) {
                if (!statement.isBlank()) {
                    s.execute(statement);
                }
            }
        }
        connection.commit();
    }

    public void insert(String table, List<String> columns, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        String sql = "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
                + String.join(", ", columns.stream().map(c -> "?").toList()) + ")";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            int pending = 0;
            for (Object[] row : rows) {
                if (row.length != columns.size()) {
                    throw new IllegalArgumentException(table + ": row of " + row.length + " values for "
                            + columns.size() + " columns");
                }
                for (int i = 0; i < row.length; i++) {
                    ps.setObject(i + 1, row[i]);
                }
                ps.addBatch();
                if (++pending == BATCH) {
                    ps.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                ps.executeBatch();
            }
        }
        connection.commit();
    }

    @Override
    public void close() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("SET REFERENTIAL_INTEGRITY TRUE");
        }
        connection.close();
    }
}
