package org.tally.core.snapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.DataFolder;

/**
 * The local snapshot of one source: an embedded H2 file in the data folder's {@code snapshots/} holding copies of the
 * tables an administrator chose, under their own names, beside Tally's notes on them (schema {@value #META}: when
 * each was taken, under which catalog version, how many rows, and the embedded passages of free-text columns). Only
 * Tally writes it ({@link SnapshotTaker}); answers read it through a read-only connection.
 */
public final class SnapshotStore {

    /** The schema of Tally's own notes inside the snapshot file; never in any allow-list. */
    public static final String META = "TALLY_SNAPSHOT";

    private final Path folder;
    private final String source;

    private SnapshotStore(Path folder, String source) {
        this.folder = folder;
        this.source = source;
    }

    /** The snapshot of {@code source} (a catalog source key) in {@code data}; it may not exist yet. */
    public static SnapshotStore of(DataFolder data, String source) {
        Objects.requireNonNull(source, "source");
        return new SnapshotStore(data.snapshots().resolve(fileName(source)), source);
    }

    public String source() {
        return source;
    }

    /** Whether anything was ever taken. */
    public boolean exists() {
        return Files.exists(folder.resolve("snapshot.mv.db"));
    }

    /** The tables held, by name; empty when there is no snapshot. */
    public List<SnapshotTable> tables() {
        if (!exists()) {
            return List.of();
        }
        try (Connection c = openReadOnly()) {
            return tables(c);
        } catch (SQLException e) {
            throw new SnapshotException("the snapshot of " + source + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The table named {@code table} if it is held. */
    public Optional<SnapshotTable> table(String table) {
        return tables().stream().filter(t -> t.table().equals(table)).findFirst();
    }

    /** A read-only connection to the snapshot (the caller closes it). */
    public Connection openReadOnly() throws SQLException {
        if (!exists()) {
            throw new SQLException("there is no snapshot of " + source);
        }
        return DriverManager.getConnection(url() + ";ACCESS_MODE_DATA=r", "sa", "");
    }

    /** A writing connection, creating the file and Tally's notes if needed (the caller closes it). */
    Connection openForWriting() throws SQLException {
        DataFolder.ensure(folder);
        Connection c = DriverManager.getConnection(url(), "sa", "");
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + META);
            s.execute("CREATE TABLE IF NOT EXISTS " + META + ".SNAPSHOT_TABLE (TABLE_NAME VARCHAR(1000) PRIMARY KEY,"
                    + " TAKEN_AT TIMESTAMP WITH TIME ZONE NOT NULL, CATALOG_VERSION VARCHAR(64) NOT NULL,"
                    + " ROW_COUNT BIGINT NOT NULL, DUPLICATES BIGINT NOT NULL, PRIMARY_KEY VARCHAR(4000) NOT NULL,"
                    + " PASSAGES INT NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS " + META + ".PASSAGE (ID BIGINT AUTO_INCREMENT PRIMARY KEY,"
                    + " TABLE_NAME VARCHAR(1000) NOT NULL, ROW_KEY VARCHAR(1000) NOT NULL,"
                    + " COLUMN_NAME VARCHAR(1000) NOT NULL, ROW_DATE VARCHAR(40), CHUNK INT NOT NULL,"
                    + " TEXT CHARACTER VARYING NOT NULL, MODEL VARCHAR(100) NOT NULL, VECTOR VARBINARY NOT NULL)");
            s.execute("CREATE INDEX IF NOT EXISTS PASSAGE_TABLE ON " + META + ".PASSAGE (TABLE_NAME, ROW_KEY)");
        }
        return c;
    }

    static List<SnapshotTable> tables(Connection c) throws SQLException {
        List<SnapshotTable> out = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT TABLE_NAME, TAKEN_AT, CATALOG_VERSION, ROW_COUNT, DUPLICATES,"
                     + " PRIMARY_KEY, PASSAGES FROM " + META + ".SNAPSHOT_TABLE ORDER BY TABLE_NAME")) {
            while (rs.next()) {
                String key = rs.getString(6);
                out.add(new SnapshotTable(rs.getString(1), rs.getObject(2, OffsetDateTime.class).toInstant(),
                        rs.getString(3), rs.getLong(4), rs.getLong(5),
                        key.isEmpty() ? List.of() : Arrays.asList(key.split("\t")), rs.getInt(7)));
            }
        } catch (SQLException e) {
            if (e.getErrorCode() == 42104 || e.getErrorCode() == 90079) { // no notes yet: nothing was taken
                return List.of();
            }
            throw e;
        }
        return out;
    }

    /** Drops the named tables (all of them when {@code tables} is empty); returns the names dropped. */
    public List<String> drop(Collection<String> tables) {
        if (!exists()) {
            return List.of();
        }
        try (Connection c = openForWriting()) {
            List<String> dropped = new ArrayList<>();
            for (SnapshotTable t : tables(c)) {
                if (!tables.isEmpty() && !tables.contains(t.table())) {
                    continue;
                }
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS " + quote(t.table()));
                }
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + META + ".PASSAGE WHERE TABLE_NAME = ?");
                     PreparedStatement meta = c.prepareStatement("DELETE FROM " + META
                             + ".SNAPSHOT_TABLE WHERE TABLE_NAME = ?")) {
                    ps.setString(1, t.table());
                    ps.executeUpdate();
                    meta.setString(1, t.table());
                    meta.executeUpdate();
                }
                dropped.add(t.table());
            }
            return dropped;
        } catch (SQLException e) {
            throw new SnapshotException("the snapshot of " + source + " cannot be changed: " + e.getMessage()
                    + ". Another Tally may have it open; close it and retry.", e);
        }
    }

    static void record(Connection c, SnapshotTable t) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("MERGE INTO " + META + ".SNAPSHOT_TABLE KEY (TABLE_NAME)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, t.table());
            ps.setObject(2, OffsetDateTime.ofInstant(t.takenAt(), ZoneOffset.UTC));
            ps.setString(3, t.catalogVersion());
            ps.setLong(4, t.rows());
            ps.setLong(5, t.duplicates());
            ps.setString(6, String.join("\t", t.primaryKey()));
            ps.setInt(7, t.passages());
            ps.executeUpdate();
        }
    }

    /** An identifier quoted for the snapshot's H2 (the same spelling as the source). */
    static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private String url() {
        return "jdbc:h2:file:" + folder.resolve("snapshot").toAbsolutePath();
    }

    /** A file-system-safe folder name for a source: long JDBC URLs are shortened with a hash. */
    static String fileName(String source) {
        String safe = source.replaceAll("[^A-Za-z0-9._-]+", "_");
        if (safe.length() <= 80) {
            return safe;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(source.getBytes(StandardCharsets.UTF_8));
            return safe.substring(0, 60) + "-" + HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** The snapshot could not be read or written; the message says what to do. */
    public static final class SnapshotException extends RuntimeException {
        public SnapshotException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Deletes the whole snapshot folder (tests, and {@code snapshot drop} of everything). */
    public void deleteAll() {
        if (!Files.exists(folder)) {
            return;
        }
        try (var files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the snapshot folder " + folder + ": " + e.getMessage(), e);
        }
    }
}
