package org.tally.core.state;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Objects;
import java.util.Optional;

/**
 * Which database a stored catalog version was read from, for a source whose database can be replaced under the
 * same name: the demo hospital is rebuilt when its generator changes, and a catalog of the old build describes
 * tables and values that are gone. A version without a recorded origin was stored before origins were kept, or by a
 * source that names none.
 */
public final class CatalogOrigins {

    private final StateDatabase state;

    public CatalogOrigins(StateDatabase state) {
        this.state = Objects.requireNonNull(state, "state");
    }

    /** The origin recorded for catalog version {@code versionId}, if any. */
    public Optional<String> of(String versionId) {
        return state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT origin FROM catalog_origin WHERE version_id = ?")) {
                ps.setString(1, versionId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    /** Records that catalog version {@code versionId} (already stored) was read from {@code origin}. */
    public void record(String versionId, String origin) {
        Objects.requireNonNull(origin, "origin");
        state.inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "MERGE INTO catalog_origin (version_id, origin) KEY (version_id) VALUES (?, ?)")) {
                ps.setString(1, versionId);
                ps.setString(2, origin);
                ps.executeUpdate();
            }
            return null;
        });
    }
}
