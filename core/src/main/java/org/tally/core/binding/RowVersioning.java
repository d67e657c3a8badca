package org.tally.core.binding;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.TypeClass;

/**
 * Recognises a table that keeps versions of its rows: a pair of dates named for the row's validity (valid from / to,
 * effective start / end), and a way to tell the current version — a current flag (is_current, current_flag …) whose
 * values are plainly yes/no, else an end of validity far in the future (9999-12-31) or left empty. Beside the
 * surrogate key, the column named after the table with a key word (patient_id in a patient table) names the entity
 * across its versions. The names are ordinary English, never one schema's.
 */
final class RowVersioning {

    private static final Set<String> VALIDITY = Set.of("valid", "validity", "effective", "eff", "version", "scd",
            "row", "record");
    private static final Set<String> FROM = Set.of("from", "start", "begin", "since", "starts");
    private static final Set<String> TO = Set.of("to", "end", "until", "thru", "through", "expiry", "expires", "ends");
    private static final Set<String> CURRENT = Set.of("current", "latest");
    private static final Set<String> FLAG_WORDS = Set.of("is", "flag", "ind", "indicator", "record", "row", "version",
            "yn", "fl");
    /** An end of validity from this year on is the open end of the current version. */
    private static final int OPEN_END_YEAR = 9000;

    /** What was found, by column name; {@code currentValue} null means the open end is NULL. */
    record Found(String validFrom, String validTo, String current, String currentValue, String entityKey,
                 String reason) {
    }

    /** Why a table that looks versioned is not read so (for its reasons), or null. */
    record Result(Found found, String note) {
    }

    private RowVersioning() {
    }

    static Result find(CatalogTable table, Map<String, List<String>> columnTokens, List<String> tableTokens,
                       Set<String> referencing, Map<String, Overrides.ColumnOverride> overrides) {
        for (Map.Entry<String, Overrides.ColumnOverride> e : overrides.entrySet()) {
            if (Boolean.FALSE.equals(e.getValue().versioned())) {
                return new Result(null, "override on " + e.getKey() + ": the table keeps no row versions");
            }
        }
        List<String> froms = new ArrayList<>();
        List<String> tos = new ArrayList<>();
        for (CatalogColumn c : table.columns()) {
            List<String> t = columnTokens.get(c.name());
            if (c.typeClass() != TypeClass.TEMPORAL || t.stream().noneMatch(VALIDITY::contains)) {
                continue;
            }
            if (t.stream().anyMatch(FROM::contains)) {
                froms.add(c.name());
            } else if (t.stream().anyMatch(TO::contains)) {
                tos.add(c.name());
            }
        }
        String from = froms.size() == 1 ? froms.get(0) : null;
        String to = tos.size() == 1 ? tos.get(0) : null;
        String overridden = null;
        String overriddenValue = null;
        String keyOverride = null;
        for (Map.Entry<String, Overrides.ColumnOverride> e : overrides.entrySet()) {
            String column = table.column(e.getKey()).map(CatalogColumn::name).orElse(e.getKey());
            if (e.getValue().current() != null) {
                overridden = column;
                overriddenValue = e.getValue().current();
            }
            if (Boolean.TRUE.equals(e.getValue().entityKey())) {
                keyOverride = column;
            }
            if (e.getValue().role() != null && (column.equals(from) || column.equals(to))
                    && overridden == null) {
                return new Result(null, column + " is named like the validity of a row version, but the override"
                        + " gives it the role " + e.getValue().role().jsonName() + ": not read as row versions");
            }
        }
        String entityKey = keyOverride != null ? keyOverride : entityKey(table, columnTokens, tableTokens, referencing);
        if (overridden != null) {
            String reason = "row versions (override): current rows only (" + overridden + " = " + overriddenValue
                    + ")" + keyWords(entityKey, keyOverride != null);
            return new Result(new Found(from, to, overridden, overriddenValue, entityKey, reason), null);
        }
        if (from == null || to == null) {
            return new Result(merged(table, columnTokens), null);
        }
        String flag = null;
        String yes = null;
        for (CatalogColumn c : table.columns()) {
            List<String> t = columnTokens.get(c.name());
            if (t.stream().noneMatch(CURRENT::contains)
                    || !t.stream().allMatch(w -> CURRENT.contains(w) || FLAG_WORDS.contains(w))) {
                continue;
            }
            String spelled = yesValue(c);
            if (spelled != null) {
                if (flag != null) {
                    return new Result(null, "two current marks (" + flag + ", " + c.name()
                            + "): not read as row versions");
                }
                flag = c.name();
                yes = spelled;
            }
        }
        String pair = from + " / " + to;
        if (flag != null) {
            String reason = "row versions (" + pair + "): current rows only (" + flag + " = '" + yes + "')"
                    + keyWords(entityKey, false);
            return new Result(new Found(from, to, flag, yes, entityKey, reason), null);
        }
        CatalogColumn end = table.column(to).orElseThrow();
        ColumnProfile p = end.profile();
        String high = p == null || p.max() == null ? null : p.max();
        if (high != null && high.length() >= 4 && high.substring(0, 4).chars().allMatch(Character::isDigit)
                && Integer.parseInt(high.substring(0, 4)) >= OPEN_END_YEAR) {
            String day = high.substring(0, 10);
            String reason = "row versions (" + pair + "): current rows only (" + to + " = " + day
                    + ", the open end)" + keyWords(entityKey, false);
            return new Result(new Found(from, to, to, day, entityKey, reason), null);
        }
        if (p != null && p.nullCount() > 0) {
            String reason = "row versions (" + pair + "): current rows only (" + to + " IS NULL, the open end)"
                    + keyWords(entityKey, false);
            return new Result(new Found(from, to, to, null, entityKey, reason), null);
        }
        return new Result(null, pair + " are named like the validity of row versions, but no current flag or open"
                + " end was found: not read as row versions");
    }

    /** Words naming a pointer from a duplicate row to the row it was merged into (merged_into, superseded_by). */
    private static final Set<String> MERGED = Set.of("merged", "merge", "superseded", "duplicate");

    /**
     * A patient index that merges duplicates keeps one row per duplicate with a pointer to the row it was merged
     * into (merged_into, superseded_by): the rows without a pointer are the people. Read as row versions whose
     * current rows have an empty pointer and with no entity key, so a question about related records refuses: those
     * records may point at a merged duplicate. Null when the table has no such column.
     */
    private static Found merged(CatalogTable table, Map<String, List<String>> columnTokens) {
        if (table.primaryKey().size() != 1) {
            return null;
        }
        CatalogColumn key = table.column(table.primaryKey().get(0)).orElse(null);
        Found found = null;
        for (CatalogColumn c : table.columns()) {
            List<String> t = columnTokens.get(c.name());
            ColumnProfile p = c.profile();
            if (key == null || c.name().equals(key.name()) || t.stream().noneMatch(MERGED::contains)
                    || c.typeClass() != key.typeClass() || p == null || p.nullCount() == 0
                    || p.nullCount() == p.rowCount()) {
                continue;
            }
            if (found != null) {
                return null; // two pointers: which one merges is not evident
            }
            found = new Found(null, null, c.name(), null, null, "merged duplicates (" + c.name() + "): only rows with"
                    + " no " + c.name() + " are read; questions about related records refuse, since those records"
                    + " may point at a merged duplicate");
        }
        return found;
    }

    private static String keyWords(String entityKey, boolean byOverride) {
        return entityKey == null ? "; no column names the entity across versions, so questions about related"
                + " records refuse" : "; " + entityKey + " names the entity across versions"
                + (byOverride ? " (override)" : "");
    }

    /** The current flag's spelling of yes: BOOLEAN true, or the observed yes of a plain yes/no column. */
    private static String yesValue(CatalogColumn c) {
        if (c.typeClass() == TypeClass.BOOLEAN) {
            return "TRUE";
        }
        ColumnProfile p = c.profile();
        if (p == null || !p.enumerated() || p.values().isEmpty()
                || c.typeClass() != TypeClass.TEXT && c.typeClass() != TypeClass.NUMERIC) {
            return null;
        }
        YesNoSpellings spelled = YesNoSpellings.of(p.values());
        return spelled.plain() ? spelled.yes() : null;
    }

    /**
     * The one column, not the surrogate key and not a reference, named after the table with a key word
     * (patient_id, consultant_code in their tables) and never empty.
     */
    private static String entityKey(CatalogTable table, Map<String, List<String>> columnTokens,
                                    List<String> tableTokens, Set<String> referencing) {
        List<String> found = new ArrayList<>();
        for (CatalogColumn c : table.columns()) {
            if (table.primaryKey().contains(c.name()) || referencing.contains(c.name())
                    || c.typeClass() != TypeClass.TEXT && c.typeClass() != TypeClass.NUMERIC) {
                continue;
            }
            List<String> t = columnTokens.get(c.name());
            List<String> stem = t.stream().filter(w -> !ColumnRoles.ID_WORDS.contains(w) && !w.equals("code"))
                    .toList();
            boolean keyWord = stem.size() < t.size();
            boolean empty = c.profile() == null ? c.nullable() : c.profile().nullCount() > 0;
            if (keyWord && !stem.isEmpty() && tableTokens.containsAll(stem) && !empty) {
                found.add(c.name());
            }
        }
        return found.size() == 1 ? found.get(0) : null;
    }
}
