package org.tally.core.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.dialect.Dialect;

/**
 * One complete, immutable snapshot of a source's schema and data profile: what a refresh wrote.
 *
 * @param versionId     the version's UUIDv7 (text); versions of one source sort by it in time order
 * @param source        the source's name (a JDBC URL has any password masked)
 * @param dialect       the database's dialect
 * @param createdAt     when the refresh finished
 * @param defaultSchema the schema (database, on MySQL) that was introspected
 * @param tables        readable tables and views, sorted by qualified name
 * @param warnings      what the refresh skipped or could not measure
 * @param profileVersion what the profiling measured: {@link #PROFILE_VERSION} for this Tally; an older version
 *                      (0 for catalogs written before versions were recorded) lacks measures the binding uses
 */
public record Catalog(String versionId, String source, Dialect dialect, Instant createdAt, String defaultSchema,
                      List<CatalogTable> tables, List<CatalogWarning> warnings, int profileVersion) {

    /** 1: counts, values, ranges; 2: text shapes (lengths and letters) too. */
    public static final int PROFILE_VERSION = 2;

    public Catalog(String versionId, String source, Dialect dialect, Instant createdAt, String defaultSchema,
                   List<CatalogTable> tables, List<CatalogWarning> warnings) {
        this(versionId, source, dialect, createdAt, defaultSchema, tables, warnings, PROFILE_VERSION);
    }

    public Catalog {
        Objects.requireNonNull(versionId, "versionId");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(createdAt, "createdAt");
        tables = List.copyOf(tables);
        warnings = List.copyOf(warnings);
    }

    /**
     * The table named {@code name} (bare or {@code schema.name}): exact spelling first, then ignoring case when
     * exactly one table matches. Empty when none or several match.
     */
    public Optional<CatalogTable> table(String name) {
        for (CatalogTable t : tables) {
            if (t.name().equals(name) || t.qualifiedName().equals(name)) {
                return Optional.of(t);
            }
        }
        String wanted = name.toLowerCase(Locale.ROOT);
        List<CatalogTable> folded = tables.stream()
                .filter(t -> t.name().toLowerCase(Locale.ROOT).equals(wanted)
                        || t.qualifiedName().toLowerCase(Locale.ROOT).equals(wanted))
                .toList();
        return folded.size() == 1 ? Optional.of(folded.get(0)) : Optional.empty();
    }

    /** Whether this catalog was profiled by an older Tally and lacks measures the binding now reads. */
    public boolean profiledBefore() {
        return profileVersion < PROFILE_VERSION;
    }

    /** Total number of columns over all tables. */
    public int columnCount() {
        return tables.stream().mapToInt(t -> t.columns().size()).sum();
    }
}
