package org.tally.core.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A foreign key declared in the database. Multi-column keys keep their column pairs in key order:
 * {@code columns.get(i)} references {@code referencedColumns.get(i)}.
 *
 * @param name              the constraint's name, or null when the database reports none
 * @param columns           the referencing columns of the owning table
 * @param referencedSchema  the referenced table's schema (database, on MySQL)
 * @param referencedTable   the referenced table
 * @param referencedColumns the referenced columns
 */
public record ForeignKey(String name, List<String> columns, String referencedSchema, String referencedTable,
                         List<String> referencedColumns) {
    public ForeignKey {
        columns = List.copyOf(columns);
        referencedColumns = List.copyOf(referencedColumns);
        Objects.requireNonNull(referencedTable, "referencedTable");
        if (columns.isEmpty() || columns.size() != referencedColumns.size()) {
            throw new IllegalArgumentException("a foreign key needs as many referencing as referenced columns: "
                    + columns + " -> " + referencedColumns);
        }
    }

    /** True for a single-column key. */
    public boolean simple() {
        return columns.size() == 1;
    }
}
