package org.tally.core.safety;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tally.core.dialect.Dialect;

/**
 * System schemas and catalog tables: never readable, whatever the allow-list says. A schema that holds any
 * database's metadata is refused on every database (a name from one server's catalog has no business in a query of
 * the source's own tables anywhere).
 */
final class SystemCatalogs {

    private static final Set<String> SYSTEM_SCHEMAS = new HashSet<>();
    private static final List<String> SYSTEM_PREFIXES;

    static {
        List<String> prefixes = new ArrayList<>();
        for (Dialect d : Dialect.values()) {
            SYSTEM_SCHEMAS.addAll(d.rules().systemSchemas());
            prefixes.addAll(d.rules().systemSchemaPrefixes());
        }
        SYSTEM_PREFIXES = List.copyOf(prefixes);
    }

    private SystemCatalogs() {
    }

    static boolean isSystemSchema(String schema) {
        String s = AllowedRelations.fold(schema);
        return SYSTEM_SCHEMAS.contains(s) || SYSTEM_PREFIXES.stream().anyMatch(s::startsWith);
    }

    /**
     * Unqualified names that resolve into a catalog (PostgreSQL searches {@code pg_catalog} before the search path, so
     * an unqualified {@code pg_…} name is a catalog table even when a user table has the same name).
     */
    static boolean isUnqualifiedCatalogName(Dialect dialect, String folded) {
        return dialect.rules().isUnqualifiedCatalogName(folded);
    }
}
