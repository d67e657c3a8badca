package org.tally.core.snapshot;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One table copied into a snapshot.
 *
 * @param table          the table's name as the source spells it (the copy has the same name)
 * @param takenAt        when this copy finished
 * @param catalogVersion the catalog version the copy was taken under
 * @param rows           rows kept (after de-duplication by the primary key)
 * @param duplicates     rows read twice under one primary key (the later one kept)
 * @param primaryKey     the key the copy is de-duplicated by (empty when the source declares none)
 * @param passages       passages of its free-text columns embedded for retrieval
 */
public record SnapshotTable(String table, Instant takenAt, String catalogVersion, long rows, long duplicates,
                            List<String> primaryKey, int passages) {
    public SnapshotTable {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(takenAt, "takenAt");
        Objects.requireNonNull(catalogVersion, "catalogVersion");
        primaryKey = List.copyOf(primaryKey);
    }
}
