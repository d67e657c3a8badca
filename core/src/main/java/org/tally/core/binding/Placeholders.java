package org.tally.core.binding;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.KeyRow;
import org.tally.core.spec.ColumnRole;

/**
 * Finds the rows of a referenced table that stand for "no value": a whole-number key of zero or less (read while
 * profiling, {@link KeyRow}) and a label that says only that nothing is known — unknown, not known, not recorded, not
 * applicable, N/A, none, missing, "no …" (words of the table's own name aside: "Unknown ward"). Both signs are needed:
 * a row under key -3 named "Cardiology" is a ward, and so is a row under key 9 named "Unknown".
 */
final class Placeholders {

    private static final Set<String> ABSENT = Set.of("unknown", "not known", "unk", "not recorded", "not stated",
            "not specified", "unspecified", "not applicable", "n/a", "na", "none", "missing", "null", "undefined",
            "not given", "not entered", "not available", "no value", "blank", "not provided", "-", "?", "tbc");
    /** Columns that say what a row is called, then those that only code it. */
    private static final Set<ColumnRole> NAMING = Set.of(ColumnRole.NAME, ColumnRole.FULL_NAME,
            ColumnRole.DESCRIPTION);
    private static final Set<ColumnRole> CODING = Set.of(ColumnRole.CODE, ColumnRole.BUSINESS_ID);

    record Found(List<Placeholder> placeholders, List<String> reasons) {
    }

    private Placeholders() {
    }

    static Found find(CatalogTable table, List<ColumnBinding> columns, List<String> tableTokens, boolean referenced,
                      Map<String, Overrides.ColumnOverride> overrides) {
        List<String> reasons = new ArrayList<>();
        if (table.primaryKey().size() != 1) {
            return new Found(List.of(), reasons);
        }
        String keyName = table.primaryKey().get(0);
        ColumnBinding key = columns.stream().filter(c -> c.column().equals(keyName)).findFirst().orElse(null);
        if (key == null) {
            return new Found(List.of(), reasons);
        }
        for (Map.Entry<String, Overrides.ColumnOverride> e : overrides.entrySet()) {
            List<String> given = e.getValue().placeholders();
            if (given != null) {
                if (given.isEmpty()) {
                    reasons.add("override: no placeholder members");
                    return new Found(List.of(), reasons);
                }
                List<Placeholder> out = new ArrayList<>();
                for (String v : given) {
                    String label = table.lowKeyRows().stream().filter(r -> sameKey(r.key(), v)).findFirst()
                            .map(r -> label(r, columns)).orElse(null);
                    String reason = "placeholder member " + v + (label == null ? "" : " '" + label + "'")
                            + " left out (override)";
                    out.add(new Placeholder(key, v, label, reason));
                    reasons.add(reason);
                }
                return new Found(out, reasons);
            }
        }
        if (!referenced || table.lowKeyRows().isEmpty()) {
            return new Found(List.of(), reasons);
        }
        List<Placeholder> out = new ArrayList<>();
        for (KeyRow row : table.lowKeyRows()) {
            String label = label(row, columns);
            if (label == null) {
                continue;
            }
            if (!saysAbsent(row, columns, tableTokens)) {
                reasons.add("the row under key " + row.key() + " ('" + label + "') names something: it is counted");
                continue;
            }
            String reason = "placeholder member " + row.key() + " '" + label + "' left out of counts, lists, rankings"
                    + " and related conditions (its key is " + row.key() + " and its label says nothing is known)";
            out.add(new Placeholder(key, row.key(), label, reason));
            reasons.add(reason);
        }
        return new Found(out, reasons);
    }

    private static boolean sameKey(String a, String b) {
        try {
            return new BigDecimal(a.trim()).compareTo(new BigDecimal(b.trim())) == 0;
        } catch (NumberFormatException e) {
            return a.trim().equalsIgnoreCase(b.trim());
        }
    }

    /** The row's first naming value, else its first coding value; null when it holds neither. */
    private static String label(KeyRow row, List<ColumnBinding> columns) {
        for (Set<ColumnRole> roles : List.of(NAMING, CODING)) {
            for (ColumnBinding c : columns) {
                String v = row.texts().get(c.column());
                if (v != null && roles.contains(c.role()) && !c.pii()) {
                    return v;
                }
            }
        }
        return null;
    }

    /**
     * Whether the row says nothing is known: every naming value it holds says so (codes may be opaque, 'X999'), or,
     * when it holds no naming value, one of its codes says so.
     */
    private static boolean saysAbsent(KeyRow row, List<ColumnBinding> columns, List<String> tableTokens) {
        boolean named = false;
        for (ColumnBinding c : columns) {
            String v = row.texts().get(c.column());
            if (v != null && NAMING.contains(c.role()) && !c.pii()) {
                named = true;
                if (!absent(v, tableTokens)) {
                    return false;
                }
            }
        }
        if (named) {
            return true;
        }
        for (ColumnBinding c : columns) {
            String v = row.texts().get(c.column());
            if (v != null && CODING.contains(c.role()) && !c.pii() && absent(v, tableTokens)) {
                return true;
            }
        }
        return false;
    }

    /** "Unknown", "Not known", "Unknown / no procedure", "Unknown ward" (in a ward table): every part says absence. */
    static boolean absent(String value, List<String> tableTokens) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (ABSENT.contains(text)) {
            return true;
        }
        String[] parts = text.split("\\s*[/,;|()]\\s*|\\s+-\\s+");
        boolean any = false;
        for (String part : parts) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            any = true;
            List<String> words = new ArrayList<>(List.of(p.split("[\\s_.]+")));
            if (words.size() >= 2 && words.get(0).equals("no")) {
                continue; // "no procedure": none was done
            }
            words.removeIf(w -> tableTokens.contains(w) || tableTokens.contains(w.replaceAll("s$", "")));
            String rest = String.join(" ", words);
            boolean says = ABSENT.contains(rest);
            if (!says) {
                return false;
            }
        }
        return any;
    }
}
