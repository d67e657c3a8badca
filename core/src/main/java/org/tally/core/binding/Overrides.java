package org.tally.core.binding;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tally.core.spec.ColumnRole;

/**
 * An administrator's corrections to one source's binding, as read from {@code <overrides>/<source>.json}:
 * <pre>
 * { "tables":  { "tblEpisode": "Admission", "etl_log": "ignore" },
 *   "columns": { "tblEpisode.dteAdmit": { "role": "StartTime" },
 *                "OB_Delivery.mode_of_delivery": { "aliases": { "caesarean": "C-Section" } },
 *                "PatientMaster.District": { "pii": true },
 *                "dim_patient.is_current": { "current": "Y" },
 *                "dim_patient.patient_id": { "entityKey": true },
 *                "dim_ward.ward_key": { "placeholders": [-1] },
 *                "appointment.status": { "rowsOut": ["cancelled"] },
 *                "ward.is_active": { "rowsOut": [0] } } }
 * </pre>
 * {@code current} names the spelling of a table's current row versions on its flag or end-of-validity column
 * ({@code false} there: the table keeps no versions); {@code entityKey} the column that names an entity across its
 * versions; {@code placeholders} the key values of rows that stand for "no value" ({@code []}: none); {@code rowsOut}
 * the observed values of a column whose rows are no records of the table's concept (a status value "cancelled", an
 * active flag's 0): left out of every count, list and test of the table's rows, except where a question names the value
 * or groups by the column, and said in each explanation; on a yes/no flag they are read like retired rows (rows that
 * refer to them keep them). {@code []} says no value of the column marks rows out, whatever the pack's words say.
 * Keys are physical names (matched exactly, then ignoring case). Validated against the catalog and pack by
 * {@link OverrideFile}; an override always wins over evidence.
 *
 * @param tables  table → concept id, or {@link #IGNORE}
 * @param columns {@code table.column} → the column's corrections
 */
public record Overrides(Map<String, String> tables, Map<String, ColumnOverride> columns, Map<String, String> origins) {

    /** The table value that leaves a table out of the binding. */
    public static final String IGNORE = "ignore";
    /**
     * The table value that keeps a table as a code dictionary: bound to no concept (so never counted or listed), its
     * descriptions labelling the codes of the tables whose declared keys reach it.
     */
    public static final String LOOKUP = "lookup";

    public static final Overrides NONE = new Overrides(Map.of(), Map.of());

    /**
     * @param origins who made an entry, by its key ({@code table} or {@code table.column}): the name of a built-in
     *                preset; an entry without one is the administrator's
     */
    public Overrides {
        tables = Map.copyOf(tables);
        columns = Map.copyOf(columns);
        origins = Map.copyOf(origins);
    }

    public Overrides(Map<String, String> tables, Map<String, ColumnOverride> columns) {
        this(tables, columns, Map.of());
    }

    /** These entries under {@code administrator}'s: every entry the administrator made replaces this one's. */
    public Overrides under(Overrides administrator) {
        Map<String, String> t = new LinkedHashMap<>(tables);
        Map<String, ColumnOverride> c = new LinkedHashMap<>(columns);
        Map<String, String> o = new LinkedHashMap<>(origins);
        administrator.tables.forEach((k, v) -> {
            t.keySet().removeIf(k::equalsIgnoreCase);
            o.keySet().removeIf(k::equalsIgnoreCase);
            t.put(k, v);
        });
        administrator.columns.forEach((k, v) -> {
            c.keySet().removeIf(k::equalsIgnoreCase);
            o.keySet().removeIf(k::equalsIgnoreCase);
            c.put(k, v);
        });
        o.putAll(administrator.origins);
        return new Overrides(t, c, o);
    }

    /** This file's entries, each marked as made by {@code origin} (a preset's name). */
    public Overrides from(String origin) {
        Map<String, String> o = new LinkedHashMap<>();
        tables.keySet().forEach(k -> o.put(k, origin));
        columns.keySet().forEach(k -> o.put(k, origin));
        return new Overrides(tables, columns, o);
    }

    /** How reasons name who made the entry for {@code key}: "override" or "override (preset …)". */
    String originOf(String table, String column) {
        String origin = lookup(origins, column == null ? table : table + "." + column);
        return origin == null ? "override" : "override (" + origin + ")";
    }

    /**
     * Corrections to one column; null fields leave the binding's own decision.
     *
     * @param role    the role to use
     * @param pii     true marks the column personal (values withheld), false unmarks a name-based guess
     * @param aliases a question word → one observed value of the column
     * @param current the spelling of a current row version in this column (a flag's yes value, an open end date)
     * @param versioned false: the table keeps no row versions, whatever its columns look like
     * @param entityKey true: this column names an entity across the versions of its row
     * @param placeholders key values of rows that stand for "no value" (empty: none); null leaves it to the evidence
     * @param words   the words questions name the column by, in place of the words of its physical name ({@code
     *                ["visit", "type"]} for a column named after a code system's key); null keeps its name's words
     * @param rowsOut observed values whose rows are no records (empty: none, whatever the pack says); null leaves it to
     *                the evidence
     */
    public record ColumnOverride(ColumnRole role, Boolean pii, Map<String, String> aliases, String current,
                                 Boolean versioned, Boolean entityKey, List<String> placeholders, List<String> words,
                                 List<String> rowsOut) {
        public ColumnOverride {
            aliases = aliases == null ? Map.of() : Map.copyOf(aliases);
            placeholders = placeholders == null ? null : List.copyOf(placeholders);
            words = words == null ? null : List.copyOf(words);
            rowsOut = rowsOut == null ? null : List.copyOf(rowsOut);
        }

        public ColumnOverride(ColumnRole role, Boolean pii, Map<String, String> aliases, String current,
                              Boolean versioned, Boolean entityKey, List<String> placeholders) {
            this(role, pii, aliases, current, versioned, entityKey, placeholders, null, null);
        }

        public ColumnOverride(ColumnRole role, Boolean pii, Map<String, String> aliases) {
            this(role, pii, aliases, null, null, null, null, null, null);
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

    /** Every column override of {@code table}, by column name as written in the file. */
    Map<String, ColumnOverride> columnOverrides(String table) {
        Map<String, ColumnOverride> out = new LinkedHashMap<>();
        columns.forEach((k, v) -> {
            int dot = k.lastIndexOf('.');
            if (k.substring(0, dot).equalsIgnoreCase(table)) {
                out.put(k.substring(dot + 1), v);
            }
        });
        return out;
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
