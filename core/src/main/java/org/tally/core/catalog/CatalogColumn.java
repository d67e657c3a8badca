package org.tally.core.catalog;

import java.util.Objects;

/**
 * One column as the database declares it, with its profile once profiling ran.
 *
 * @param name         the column's name as the database spells it
 * @param position     1-based ordinal position in the table
 * @param jdbcType     the {@code java.sql.Types} code the driver reports
 * @param typeName     the database's own type name (e.g. {@code varchar}, {@code int4}, {@code DATETIME2})
 * @param typeClass    the normalised type
 * @param smallInteger true when declared as an integer of at most 16 bits (TINYINT, SMALLINT)
 * @param nullable     false only when the database declares NOT NULL
 * @param profile      exact facts about the data, or null when the column was not profiled (see the warnings)
 */
public record CatalogColumn(String name, int position, int jdbcType, String typeName, TypeClass typeClass,
                            boolean smallInteger, boolean nullable, ColumnProfile profile) {
    public CatalogColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(typeName, "typeName");
        Objects.requireNonNull(typeClass, "typeClass");
        if (position < 1) {
            throw new IllegalArgumentException("position is 1-based, was " + position + " for " + name);
        }
    }

    /** A copy carrying {@code newProfile}. */
    public CatalogColumn withProfile(ColumnProfile newProfile) {
        return new CatalogColumn(name, position, jdbcType, typeName, typeClass, smallInteger, nullable, newProfile);
    }

    /** True when a profile is present. */
    public boolean profiled() {
        return profile != null;
    }
}
