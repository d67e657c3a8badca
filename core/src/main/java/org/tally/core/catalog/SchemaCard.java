package org.tally.core.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A readable text describing one table: its name, size, columns with type (and role when the binding gives
 * one), observed enum values and foreign keys. Shown to administrators and, when the embedding model is present,
 * compared with concept descriptions. Values of PII columns never appear (the profile holds none).
 */
public final class SchemaCard {

    /** Values listed per column before the card says "and N more". */
    static final int VALUES_SHOWN = 12;

    private SchemaCard() {
    }

    /** The card without roles. */
    public static String of(CatalogTable table) {
        return of(table, Map.of());
    }

    /** The card, with each column's role from {@code roles} (column name to role name) where present. */
    public static String of(CatalogTable table, Map<String, String> roles) {
        Objects.requireNonNull(roles, "roles");
        StringBuilder card = new StringBuilder();
        card.append(table.view() ? "View " : "Table ").append(table.qualifiedName());
        Long rows = table.rowCount() != null ? table.rowCount() : table.approxRowCount();
        if (rows != null) {
            card.append(" (").append(table.rowCount() != null ? "" : "about ").append(rows)
                    .append(rows == 1 ? " row)" : " rows)");
        }
        card.append('\n');
        for (CatalogColumn c : table.columns()) {
            card.append("  ").append(c.name()).append(' ').append(c.typeName())
                    .append(" [").append(c.typeClass().name().toLowerCase(Locale.ROOT)).append(']');
            if (table.primaryKey().contains(c.name())) {
                card.append(" primary key");
            }
            if (!c.nullable()) {
                card.append(" not null");
            }
            String role = roles.get(c.name());
            if (role != null) {
                card.append(" role ").append(role);
            }
            ColumnProfile p = c.profile();
            if (p != null) {
                if (p.pii()) {
                    card.append(" personal data");
                }
                if (p.enumerated() && !p.values().isEmpty()) {
                    card.append(" values: ").append(values(p.values()));
                } else if (p.cardinality() == Cardinality.HIGH) {
                    card.append(" many distinct values");
                }
                if (p.min() != null) {
                    card.append(" range ").append(p.min()).append(" to ").append(p.max());
                }
            }
            card.append('\n');
        }
        for (ForeignKey fk : table.foreignKeys()) {
            card.append("  foreign key (").append(String.join(", ", fk.columns())).append(") references ")
                    .append(fk.referencedTable()).append(" (").append(String.join(", ", fk.referencedColumns()))
                    .append(")\n");
        }
        return card.toString();
    }

    private static String values(List<ValueCount> values) {
        StringBuilder out = new StringBuilder();
        int shown = Math.min(VALUES_SHOWN, values.size());
        for (int i = 0; i < shown; i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(values.get(i).value()).append(" (").append(values.get(i).count()).append(')');
        }
        if (values.size() > shown) {
            out.append(" and ").append(values.size() - shown).append(" more");
        }
        return out.toString();
    }
}
