package org.tally.core.catalog;

import java.util.Objects;

/**
 * A completed refresh: the version now active, how it drifted from the one before, and how long each phase took.
 */
public record RefreshResult(Catalog catalog, Drift drift, long introspectMillis, long profileMillis) {
    public RefreshResult {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(drift, "drift");
    }
}
