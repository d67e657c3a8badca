package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;

/**
 * Says that an answer came from the local snapshot of a source, never from the live source: when the snapshot was
 * taken (ISO-8601, UTC), the catalog version it was taken under, and the tables it read.
 */
@JsonPropertyOrder({"takenAt", "catalogVersion", "tables"})
public record SnapshotLabel(String takenAt, String catalogVersion, List<String> tables) {
    public SnapshotLabel {
        Objects.requireNonNull(takenAt, "takenAt");
        Objects.requireNonNull(catalogVersion, "catalogVersion");
        tables = List.copyOf(tables);
    }
}
