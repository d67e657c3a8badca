package org.tally.core.binding;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.time.Clock;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.pack.DomainPack;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.CatalogOrigins;
import org.tally.core.state.StateDatabase;

/**
 * A source's binding as every caller needs it (the answer engine, the {@code binding} command, the workstation's
 * inspector): its active catalog from the state database, refreshed once when the source has none, bound with the
 * source's override file. Each call opens the state database briefly, so a CLI run and the workstation can take
 * turns with it.
 */
public final class SourceBindings {

    private final DataFolder data;
    private final Clock clock;
    private final BindingService service;

    public SourceBindings(DataFolder data, DomainPack pack, Clock clock) {
        this(data, pack, clock, ConceptSimilarity.NONE);
    }

    /** @param similarity the schema cards' signal for the binder's ties (see {@link ConceptSimilarity}) */
    public SourceBindings(DataFolder data, DomainPack pack, Clock clock, ConceptSimilarity similarity) {
        this.data = Objects.requireNonNull(data, "data");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.service = new BindingService(new Binder(pack, similarity), DataFolder.ensure(data.overrides()));
    }

    /** The source's active catalog, if it was ever refreshed. {@code source} is the name the user gave. */
    public Optional<Catalog> active(String source) {
        try (StateDatabase state = StateDatabase.open(data)) {
            return new CatalogStore(state).active(CatalogRefresher.sourceKey(source));
        }
    }

    /** The catalog version that was active before {@code current}, for drift; empty for a first version. */
    public Optional<Catalog> previous(Catalog current) {
        try (StateDatabase state = StateDatabase.open(data)) {
            CatalogStore store = new CatalogStore(state);
            return store.history(current.source()).stream()
                    .filter(v -> !v.versionId().equals(current.versionId()))
                    .filter(v -> !v.createdAt().isAfter(current.createdAt()))
                    .max(Comparator.comparing(CatalogStore.VersionInfo::createdAt))
                    .flatMap(v -> store.version(v.versionId()));
        }
    }

    /** Refreshes the source's catalog over {@code connection} (which stays open) and makes it the active one. */
    public Catalog refresh(String source, Dialect dialect, Connection connection) {
        return refresh(source, dialect, connection, Progress.NONE);
    }

    /**
     * As {@link #refresh(String, Dialect, Connection)}, reporting introspection and profiling to {@code progress};
     * a cancel stops it with {@link java.util.concurrent.CancellationException} and the last version stays active.
     */
    public Catalog refresh(String source, Dialect dialect, Connection connection, Progress progress) {
        try (StateDatabase state = StateDatabase.open(data)) {
            return new CatalogRefresher(new CatalogStore(state), new UuidV7(clock, new SecureRandom()), clock)
                    .refresh(source, dialect, connection, RefreshOptions.defaults(), progress).catalog();
        }
    }

    /** The active catalog, or a first refresh of it over {@code connection}. */
    public Catalog activeOrRefresh(String source, Dialect dialect, Connection connection) {
        return activeOrRefresh(source, dialect, connection, Progress.NONE);
    }

    /** As {@link #activeOrRefresh(String, Dialect, Connection)}, a first refresh reporting to {@code progress}. */
    public Catalog activeOrRefresh(String source, Dialect dialect, Connection connection, Progress progress) {
        return activeOrRefresh(source, dialect, connection, progress, null);
    }

    /**
     * As {@link #activeOrRefresh(String, Dialect, Connection, Progress)}, for a source whose database can be rebuilt
     * under the same name: {@code origin} names the database {@code connection} reaches (the demo hospital's
     * generator version), and an active catalog read from another one, or from one never named, is refreshed once.
     *
     * @param origin null: the source names none and any active catalog is its own
     */
    public Catalog activeOrRefresh(String source, Dialect dialect, Connection connection, Progress progress,
                                   String origin) {
        // a catalog profiled by an older Tally lacks measures the binding reads now: refreshed once, like a first one
        Optional<Catalog> active = active(source).filter(c -> !c.profiledBefore())
                .filter(c -> origin == null || origin.equals(originOf(c).orElse(null)));
        if (active.isPresent()) {
            return active.get();
        }
        Catalog fresh = refresh(source, dialect, connection, progress);
        if (origin != null) {
            try (StateDatabase state = StateDatabase.open(data)) {
                new CatalogOrigins(state).record(fresh.versionId(), origin);
            }
        }
        return fresh;
    }

    private Optional<String> originOf(Catalog catalog) {
        try (StateDatabase state = StateDatabase.open(data)) {
            return new CatalogOrigins(state).of(catalog.versionId());
        }
    }

    /** Binds a catalog with its source's overrides (the last good ones when the file is broken). */
    public BindingService.Result bind(Catalog catalog) {
        return service.bind(catalog);
    }

    /** The override file an administrator edits for {@code source} (the name the user gave). */
    public Path overridesFile(String source) {
        return service.overridesFile(CatalogRefresher.sourceKey(source));
    }
}
