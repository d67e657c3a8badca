package org.tally.core.catalog;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;

/**
 * Refreshes a source's catalog: introspect, profile, then store the complete version and make it active. Nothing
 * is written until the whole catalog is in hand, and writing is one transaction, so a refresh that fails or is
 * cancelled at any point leaves the last-known-good version active.
 */
public final class CatalogRefresher {

    private static final Logger LOG = LoggerFactory.getLogger(CatalogRefresher.class);
    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

    private final CatalogStore store;
    private final UuidV7 ids;
    private final Clock clock;

    public CatalogRefresher(CatalogStore store, UuidV7 ids, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.ids = Objects.requireNonNull(ids, "ids");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Refreshes {@code source} over {@code connection} (which the caller owns and closes).
     *
     * @throws CatalogRefreshException when the source fails mid-way, or is empty while the active version is not
     * @throws CancellationException   when {@code progress} asks to stop
     */
    public RefreshResult refresh(String source, Dialect dialect, Connection connection, RefreshOptions options,
                                 Progress progress) {
        String key = sourceKey(source);
        Optional<Catalog> previous = store.active(key);
        long t0 = System.nanoTime();
        CatalogIntrospector.Introspection structure;
        CatalogProfiler.Profiling profiling;
        long t1;
        try {
            structure = new CatalogIntrospector(dialect, options.statementTimeout())
                    .introspect(connection, options.schema(), options.tables(), progress);
            t1 = System.nanoTime();
            profiling = new CatalogProfiler(dialect, options.pii(), options.statementTimeout())
                    .profile(connection, structure.tables(), progress);
        } catch (SQLException e) {
            throw new CatalogRefreshException(CatalogRefreshException.Reason.SOURCE_FAILED, "Refresh of " + key
                    + " failed: " + SqlFailures.firstLine(e) + ". " + keptMessage(previous), e);
        } catch (RuntimeException e) {
            if (e instanceof CancellationException) {
                throw e;
            }
            LOG.error("refresh of {} stopped", key, e);
            throw new CatalogRefreshException(CatalogRefreshException.Reason.SOURCE_FAILED, "Refresh of " + key
                    + " stopped unexpectedly while reading the source's structure and values (" + e + "). "
                    + keptMessage(previous), e);
        }
        long t2 = System.nanoTime();

        List<CatalogWarning> warnings = new ArrayList<>(structure.warnings());
        warnings.addAll(profiling.warnings());
        if (profiling.tables().isEmpty()) {
            if (previous.isPresent() && !previous.get().tables().isEmpty()) {
                throw new CatalogRefreshException(CatalogRefreshException.Reason.REFUSED_EMPTY, "Refresh of " + key
                        + " found no readable table in " + structure.schema() + ", but the active version has "
                        + previous.get().tables().size() + " tables. Refusing to replace it: check the schema, the"
                        + " account's rights and the include/exclude patterns. " + keptMessage(previous), null);
            }
            warnings.add(new CatalogWarning(null, null, "no readable table found in " + structure.schema()
                    + "; check the schema, the account's rights and the include/exclude patterns"));
        }
        Catalog catalog = new Catalog(ids.next().toString(), key, dialect, Instant.now(clock), structure.schema(),
                profiling.tables(), warnings);
        Drift drift = Drift.between(previous.orElse(null), catalog);
        store.saveAndActivate(catalog);
        LOG.info("catalog {} of {}: {} tables, {} warnings", catalog.versionId(), key, catalog.tables().size(),
                warnings.size());
        return new RefreshResult(catalog, drift, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    }

    /** The name versions are stored under: the source name with any password in it masked. */
    public static String sourceKey(String source) {
        return PASSWORD.matcher(Objects.requireNonNull(source, "source")).replaceAll("$1****");
    }

    private static String keptMessage(Optional<Catalog> previous) {
        return previous.map(c -> "Version " + c.versionId() + " stays active.")
                .orElse("No earlier version exists.");
    }
}
