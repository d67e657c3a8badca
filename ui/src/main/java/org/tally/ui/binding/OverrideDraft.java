package org.tally.ui.binding;

/**
 * One override an administrator is writing: a table's concept (or {@code ignore}), a column's role, or a value
 * alias ("caesarean" → the stored value "CS"). Fields that do not apply to the kind are null.
 */
public record OverrideDraft(Kind kind, String table, String column, String concept, String role, String alias,
                            String value) {
    public enum Kind { TABLE_CONCEPT, COLUMN_ROLE, VALUE_ALIAS }
}
