/**
 * The catalog: what a source holds, measured exactly, stored as versions.
 *
 * <h2>Model (immutable records)</h2>
 * <ul>
 *   <li>{@link org.tally.core.catalog.Catalog}: one version of one source (UUIDv7 id, source name, dialect,
 *       creation time, introspected schema, tables, warnings).</li>
 *   <li>{@link org.tally.core.catalog.CatalogTable}: a readable table or view with primary key, declared
 *       {@link org.tally.core.catalog.ForeignKey}s (multi-column aware), the database's row estimate and the exact
 *       row count from profiling. A table the account cannot read is not in the catalog; a warning names it.</li>
 *   <li>{@link org.tally.core.catalog.CatalogColumn}: name, JDBC type and type name, normalised
 *       {@link org.tally.core.catalog.TypeClass}, small-integer flag, nullability and its
 *       {@link org.tally.core.catalog.ColumnProfile} (null when not profiled).</li>
 *   <li>{@link org.tally.core.catalog.ColumnProfile}: null count and fraction; {@link
 *       org.tally.core.catalog.Cardinality} EXACT with value counts for at most 50 distinct values, HIGH past 50,
 *       or NOT_MEASURED for types that are not enumerable; MIN/MAX of temporal (ISO-8601) and numeric columns.
 *       PII columns ({@link org.tally.core.catalog.PiiPolicy}) keep no value at all. Text columns also get a
 *       {@link org.tally.core.catalog.TextShape} (shortest and longest length, how many values hold a letter),
 *       personal ones too since it holds no value: a typed identifier is matched to the one column that could
 *       spell it. Measuring it never costs a table its profile: a database that cannot is scanned without it.</li>
 *   <li>A catalog records its {@code profileVersion}; one profiled by an older Tally is refreshed once when a
 *       source is opened, so new measures reach existing sources.</li>
 * </ul>
 * Column roles are not part of the catalog: the binding assigns them and may pass them to
 * {@link org.tally.core.catalog.SchemaCard#of(CatalogTable, java.util.Map)}.
 *
 * <h2>Refresh</h2>
 * {@link org.tally.core.catalog.CatalogRefresher} runs {@link org.tally.core.catalog.CatalogIntrospector}
 * (DatabaseMetaData plus each database's statistics) and {@link org.tally.core.catalog.CatalogProfiler} (exact
 * GROUP BY counts, never samples), then {@link org.tally.core.catalog.CatalogStore} writes the complete version and
 * moves the source's active pointer in one transaction of the app-state database. A failed, cancelled or refused
 * refresh leaves the last-known-good version active. {@link org.tally.core.catalog.Drift} compares enum
 * vocabularies with the previous version.
 */
package org.tally.core.catalog;
