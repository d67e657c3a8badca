package org.tally.core.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.state.StateDatabase;

/**
 * Catalog versions in the app-state database, stored whole as JSON. Per source one version is active: the last
 * one a refresh completed. Saving writes the new version, moves the active pointer and trims the history in one
 * transaction, so a failure at any point leaves the previous version active and complete.
 */
public final class CatalogStore {

    /** Versions kept per source unless told otherwise (the active one included). */
    public static final int DEFAULT_HISTORY = 10;

    /** One stored version, without its body. */
    public record VersionInfo(String versionId, String source, Instant createdAt, int tableCount, boolean active) {
    }

    private final StateDatabase state;
    private final int history;

    public CatalogStore(StateDatabase state, int history) {
        this.state = Objects.requireNonNull(state, "state");
        if (history < 1) {
            throw new IllegalArgumentException("history must keep at least the active version, was " + history);
        }
        this.history = history;
    }

    public CatalogStore(StateDatabase state) {
        this(state, DEFAULT_HISTORY);
    }

    /** Stores {@code catalog} as its source's new active version and drops versions beyond the history. */
    public void saveAndActivate(Catalog catalog) {
        String body = CatalogJson.write(catalog);
        state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO catalog_version VALUES (?, ?, ?, ?, ?)")) {
                ps.setString(1, catalog.versionId());
                ps.setString(2, catalog.source());
                ps.setTimestamp(3, Timestamp.from(catalog.createdAt()));
                ps.setInt(4, catalog.tables().size());
                ps.setString(5, body);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "MERGE INTO catalog_active (source, version_id) KEY (source) VALUES (?, ?)")) {
                ps.setString(1, catalog.source());
                ps.setString(2, catalog.versionId());
                ps.executeUpdate();
            }
            trim(c, catalog.source(), catalog.versionId());
            return null;
        });
    }

    /** The source's active version: the last refresh that completed. */
    public Optional<Catalog> active(String source) {
        return state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT v.body FROM catalog_active a"
                    + " JOIN catalog_version v ON v.version_id = a.version_id WHERE a.source = ?")) {
                ps.setString(1, source);
                return body(ps);
            }
        });
    }

    /** Any stored version by id. */
    public Optional<Catalog> version(String versionId) {
        return state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT body FROM catalog_version WHERE version_id = ?")) {
                ps.setString(1, versionId);
                return body(ps);
            }
        });
    }

    /** The source's stored versions, newest first. */
    public List<VersionInfo> history(String source) {
        return state.inTransaction(c -> {
            List<VersionInfo> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT v.version_id, v.source, v.created_at,"
                    + " v.table_count, a.version_id IS NOT NULL FROM catalog_version v"
                    + " LEFT JOIN catalog_active a ON a.version_id = v.version_id"
                    + " WHERE v.source = ? ORDER BY v.version_id DESC")) {
                ps.setString(1, source);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new VersionInfo(rs.getString(1).trim(), rs.getString(2),
                                rs.getTimestamp(3).toInstant(), rs.getInt(4), rs.getBoolean(5)));
                    }
                }
            }
            return out;
        });
    }

    private void trim(Connection c, String source, String activeId) throws SQLException {
        // UUIDv7 text sorts by creation time: keep the active version and the newest others up to the history size
        List<String> ids = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT version_id FROM catalog_version WHERE source = ? ORDER BY version_id DESC")) {
            ps.setString(1, source);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1).trim());
                }
            }
        }
        int kept = 0;
        for (String id : ids) {
            if (id.equals(activeId) || kept < history - 1) {
                if (!id.equals(activeId)) {
                    kept++;
                }
                continue;
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM catalog_version WHERE version_id = ?")) {
                ps.setString(1, id);
                ps.executeUpdate();
            }
        }
    }

    private static Optional<Catalog> body(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(CatalogJson.readCatalog(rs.getString(1))) : Optional.empty();
        }
    }
}
