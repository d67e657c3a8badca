package org.tally.core.safety;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The tables and views a statement may read: names compared case-insensitively, each optionally qualified by a
 * schema. An unqualified entry lives in the default schema; a reference {@code s.t} matches it only when {@code s}
 * is the default schema. (For MySQL the "schema" is the database.)
 *
 * <p>Known limit: matching ignores case even for quoted identifiers, so on PostgreSQL a table {@code "PATIENTS"}
 * would pass as {@code patients}. Both live in the same schema the account reads; the binding will pass exact
 * names.
 */
public final class AllowedRelations {

    private final String defaultSchema;
    private final Set<String> qualified;
    private final List<String> display;
    /** Computed once: the allow-list is part of the key every remembered verdict is looked up by. */
    private final int hash;

    private AllowedRelations(String defaultSchema, Collection<String> names) {
        this.defaultSchema = defaultSchema == null ? null : fold(defaultSchema);
        Set<String> keys = new TreeSet<>();
        Set<String> shown = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String name : names) {
            Objects.requireNonNull(name, "relation name");
            String trimmed = name.strip();
            if (trimmed.isEmpty()) {
                throw new IllegalArgumentException("an allowed relation name is blank");
            }
            int dot = trimmed.lastIndexOf('.');
            String schema = dot < 0 ? null : trimmed.substring(0, dot);
            String table = dot < 0 ? trimmed : trimmed.substring(dot + 1);
            if (table.isEmpty() || (schema != null && schema.isEmpty())) {
                throw new IllegalArgumentException("allowed relation '" + name + "' must be 'table' or 'schema.table'");
            }
            keys.add(key(schema == null ? this.defaultSchema : fold(schema), fold(table)));
            shown.add(trimmed);
        }
        this.qualified = Set.copyOf(keys);
        this.display = List.copyOf(shown);
        this.hash = Objects.hash(this.defaultSchema, qualified, display);
    }

    /**
     * @param defaultSchema the schema unqualified names resolve to ({@code public}, {@code dbo}, {@code PUBLIC}, the
     *                      MySQL database), or {@code null} when unknown: then only unqualified references match
     *                      unqualified entries
     * @param names         {@code table} or {@code schema.table}
     */
    public static AllowedRelations of(String defaultSchema, Collection<String> names) {
        return new AllowedRelations(defaultSchema, names);
    }

    public static AllowedRelations of(String defaultSchema, String... names) {
        return new AllowedRelations(defaultSchema, List.of(names));
    }

    public static AllowedRelations none() {
        return new AllowedRelations(null, List.of());
    }

    /** Whether the reference {@code schema.name} (schema {@code null} when unqualified) is allowed. */
    public boolean allows(String schema, String name) {
        String s = schema == null ? defaultSchema : fold(schema);
        return qualified.contains(key(s, fold(name)));
    }

    public boolean isEmpty() {
        return qualified.isEmpty();
    }

    /** The names as given, sorted, for messages. */
    public List<String> names() {
        return display;
    }

    /** A short list for refusal messages. */
    String describe() {
        if (display.isEmpty()) {
            return "no tables are allowed for this source";
        }
        List<String> shown = new ArrayList<>(display.subList(0, Math.min(12, display.size())));
        String more = display.size() > shown.size() ? ", … (" + display.size() + " in all)" : "";
        return "allowed tables: " + String.join(", ", shown) + more;
    }

    /** Two allow-lists are equal when they name the same relations the same way (so a verdict for one holds for the other). */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof AllowedRelations other && hash == other.hash
                && Objects.equals(defaultSchema, other.defaultSchema)
                && qualified.equals(other.qualified) && display.equals(other.display);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    private static String key(String schema, String table) {
        return (schema == null ? "" : schema) + "\u0000" + table;
    }

    static String fold(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
