package org.tally.core.binding;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.spec.ColumnRole;

/**
 * One table's place in the binding: its concept (or none), the evidence, its columns and its way to the patient.
 *
 * @param table         the table's physical name
 * @param qualifiedName {@code schema.table}, as the catalog spells it
 * @param status        bound, unbound (no confident, unique concept) or ignored (by override)
 * @param concept       the concept id when bound, else null
 * @param confidence    the winning score (0 when ignored)
 * @param reasons       why bound, or why not
 * @param candidates    every concept considered with a positive score, best first (the winner included)
 * @param primaryKey    the declared primary key columns
 * @param displayColumn the column that names a row for people (role Name where there is one), or null
 * @param columns       the columns in table order
 * @param patientPath   the shortest unique chain of links (at most 3) from this table to the Patient table; empty
 *                      for the Patient table itself and when there is none (see reasons)
 * @param softDeletes   the columns that mark rows as deleted or retired: every use of the table leaves those rows
 *                      out (see {@link SoftDelete.Reach}); empty when there is none or its meaning is unclear
 * @param versions      how the table keeps versions of its rows ({@link RowVersions}), or null when it does not
 * @param placeholders  rows that stand for "no value" ({@link Placeholder}); empty when there is none
 */
public record TableBinding(String table, String qualifiedName, Status status, String concept, double confidence,
                           List<String> reasons, List<Scored> candidates, List<String> primaryKey,
                           String displayColumn, List<ColumnBinding> columns, List<Link> patientPath,
                           List<SoftDelete> softDeletes, RowVersions versions, List<Placeholder> placeholders) {

    /** Whether a table is bound. */
    public enum Status { BOUND, UNBOUND, IGNORED }

    public TableBinding {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
        candidates = List.copyOf(candidates);
        primaryKey = List.copyOf(primaryKey);
        columns = List.copyOf(columns);
        patientPath = List.copyOf(patientPath);
        softDeletes = List.copyOf(softDeletes);
        placeholders = placeholders == null ? List.of() : List.copyOf(placeholders);
        if ((status == Status.BOUND) != (concept != null)) {
            throw new IllegalArgumentException("table " + table + ": a concept is set exactly when bound");
        }
    }

    /** A table binding that keeps no row versions and has no placeholder row. */
    public TableBinding(String table, String qualifiedName, Status status, String concept, double confidence,
                        List<String> reasons, List<Scored> candidates, List<String> primaryKey, String displayColumn,
                        List<ColumnBinding> columns, List<Link> patientPath, List<SoftDelete> softDeletes) {
        this(table, qualifiedName, status, concept, confidence, reasons, candidates, primaryKey, displayColumn, columns,
                patientPath, softDeletes, null, List.of());
    }

    /** A table binding with no soft-delete column. */
    public TableBinding(String table, String qualifiedName, Status status, String concept, double confidence,
                        List<String> reasons, List<Scored> candidates, List<String> primaryKey, String displayColumn,
                        List<ColumnBinding> columns, List<Link> patientPath) {
        this(table, qualifiedName, status, concept, confidence, reasons, candidates, primaryKey, displayColumn, columns,
                patientPath, List.of());
    }

    /** Whether {@code column} marks this table's rows as deleted or retired. */
    public boolean marksDeletion(String column) {
        return softDeletes.stream().anyMatch(d -> d.own() && !d.byStatus()
                && d.column().column().equalsIgnoreCase(column));
    }

    /** This binding with other soft-delete marks, and the reasons that say why. */
    TableBinding withSoftDeletes(List<SoftDelete> marks, List<String> reasons) {
        return new TableBinding(table, qualifiedName, status, concept, confidence, reasons, candidates, primaryKey,
                displayColumn, columns, patientPath, marks, versions, placeholders);
    }

    /** The values of {@code column} that void a row (left out wherever the table is read); empty for most columns. */
    public List<String> voidingValues(String column) {
        return softDeletes.stream().filter(d -> d.byStatus() && d.column().column().equalsIgnoreCase(column))
                .flatMap(d -> d.voidValues().stream()).toList();
    }

    /** Whether {@code column} keeps the versions of this table's rows (validity, current mark). */
    public boolean keepsVersions(String column) {
        return versions != null && versions.keeps(column);
    }

    public boolean bound() {
        return status == Status.BOUND;
    }

    /** The column named {@code name} (exact, then ignoring case). */
    public Optional<ColumnBinding> column(String name) {
        for (ColumnBinding c : columns) {
            if (c.column().equals(name)) {
                return Optional.of(c);
            }
        }
        return columns.stream().filter(c -> c.column().equalsIgnoreCase(name)).findFirst();
    }

    /** Column name → role name, for {@link org.tally.core.catalog.SchemaCard#of(CatalogTable, java.util.Map)}. */
    public Map<String, String> roleNames() {
        Map<String, String> roles = new LinkedHashMap<>();
        columns.forEach(c -> roles.put(c.column(), c.role().jsonName()));
        return roles;
    }

    /** Every column with {@code role}, in table order. */
    public List<ColumnBinding> columnsWithRole(ColumnRole role) {
        return columns.stream().filter(c -> c.role() == role).toList();
    }
}
