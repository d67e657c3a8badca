package org.tally.core.binding;

import java.util.Map;
import org.tally.core.spec.ColumnRole;

/**
 * An administrator's corrections to one source's binding, as read from {@code <overrides>/<source>.json}:
 * <pre>
 * { "tables":  { "tblEpisode": "Admission", "etl_log": "ignore" },
 *   "columns": { "tblEpisode.dteAdmit": { "role": "StartTime" },
 *                "OB_Delivery.mode_of_delivery": { "aliases": { "caesarean": "C-Section" } },
 *                "PatientMaster.District": { "pii": true } } }
 * </pre>
 * Keys are physical names (matched exactly, then ignoring case). Validated against the catalog and pack by
 * {@link OverrideFile}; an override always wins over evidence.
 *
 * @param tables  table → concept id, or {@link #IGNORE}
 * @param columns {@code table.column} → the column's corrections
 */
public record Overrides(Map<String, String> tables, Map<String, ColumnOverride> columns) {

    /** The table value that leaves a table out of the binding. */
    public static final String IGNORE = "ignore";

    public static final Overrides NONE = new Overrides(Map.of(), Map.of());

    public Overrides {
        tables = Map.copyOf(tables);
        columns = Map.copyOf(columns);
    }

    /**
     * Corrections to one column; null fields leave the binding's own decision.
     *
     * @param role    the role to use
     * @param pii     true marks the column personal (values withheld), false unmarks a name-based guess
     * @param aliases a question word → one observed value of the column
     */
    public record ColumnOverride(ColumnRole role, Boolean pii, Map<String, String> aliases) {
        public ColumnOverride {
            aliases = aliases == null ? Map.of() : Map.copyOf(aliases);
        }
    }

    public boolean isEmpty() {
        return tables.isEmpty() && columns.isEmpty();
    }

    /** The table override for {@code table} (exact key first, then ignoring case), or null. */
    String tableOverride(String table) {
        return lookup(tables, table);
    }

    ColumnOverride columnOverride(String table, String column) {
        return lookup(columns, table + "." + column);
    }

    private static <V> V lookup(Map<String, V> map, String key) {
        V exact = map.get(key);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, V> e : map.entrySet()) {
            if (e.getKey().equalsIgnoreCase(key)) {
                return e.getValue();
            }
        }
        return null;
    }
}
