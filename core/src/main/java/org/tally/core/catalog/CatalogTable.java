package org.tally.core.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A table or view of a source. Every table in a catalog was readable by the account at refresh time; one
 * it could not read is left out and named in the catalog's warnings.
 *
 * @param schema         the namespace that qualifies the name in SQL: the schema (PostgreSQL, SQL Server, H2)
 *                       or the database (MySQL/MariaDB)
 * @param name           the table's name as the database spells it
 * @param view           true for a view (or materialized view)
 * @param approxRowCount the database's own row estimate from its statistics, or null when it keeps none
 * @param rowCount       the exact number of rows counted while profiling, or null when not profiled
 * @param primaryKey     the primary key's columns in key order (empty when none is declared)
 * @param columns        the columns in ordinal order
 * @param foreignKeys    declared foreign keys from this table
 * @param lowKeyRows     the rows (a few at most) whose single whole-number key is zero or negative, read while
 *                       profiling ({@link KeyRow}); empty when there is none, the key is not a number, or the table
 *                       was not profiled
 */
public record CatalogTable(String schema, String name, boolean view, Long approxRowCount, Long rowCount,
                           List<String> primaryKey, List<CatalogColumn> columns, List<ForeignKey> foreignKeys,
                           List<KeyRow> lowKeyRows) {
    public CatalogTable {
        Objects.requireNonNull(name, "name");
        primaryKey = List.copyOf(primaryKey);
        columns = List.copyOf(columns);
        foreignKeys = List.copyOf(foreignKeys);
        lowKeyRows = lowKeyRows == null ? List.of() : List.copyOf(lowKeyRows); // null: stored before it was read
    }

    /** A table as introspected, before profiling read any row. */
    public CatalogTable(String schema, String name, boolean view, Long approxRowCount, Long rowCount,
                        List<String> primaryKey, List<CatalogColumn> columns, List<ForeignKey> foreignKeys) {
        this(schema, name, view, approxRowCount, rowCount, primaryKey, columns, foreignKeys, List.of());
    }

    /** {@code schema.name}, or the bare name when there is no schema; unquoted, for display and keys. */
    public String qualifiedName() {
        return schema == null ? name : schema + "." + name;
    }

    /** The column named {@code columnName} (exact spelling first, then ignoring case when that is unique). */
    public Optional<CatalogColumn> column(String columnName) {
        for (CatalogColumn c : columns) {
            if (c.name().equals(columnName)) {
                return Optional.of(c);
            }
        }
        List<CatalogColumn> folded = columns.stream()
                .filter(c -> c.name().toLowerCase(Locale.ROOT).equals(columnName.toLowerCase(Locale.ROOT)))
                .toList();
        return folded.size() == 1 ? Optional.of(folded.get(0)) : Optional.empty();
    }

    /** A copy with profiled columns and the exact row count. */
    public CatalogTable withProfiles(List<CatalogColumn> profiledColumns, long exactRowCount) {
        return new CatalogTable(schema, name, view, approxRowCount, exactRowCount, primaryKey, profiledColumns,
                foreignKeys, lowKeyRows);
    }

    /** A copy carrying the rows read under a zero or negative key. */
    public CatalogTable withLowKeyRows(List<KeyRow> rows) {
        return new CatalogTable(schema, name, view, approxRowCount, rowCount, primaryKey, columns, foreignKeys, rows);
    }
}
