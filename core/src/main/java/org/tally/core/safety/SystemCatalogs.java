package org.tally.core.safety;

import java.util.Set;
import org.tally.core.source.Dialect;

/** System schemas and catalog tables: never readable, whatever the allow-list says. */
final class SystemCatalogs {

    private SystemCatalogs() {
    }

    /** Lowercase schema (or MySQL database) names that hold the server's own metadata. */
    private static final Set<String> SYSTEM_SCHEMAS = Set.of("information_schema", "pg_catalog", "pg_toast",
            "sys", "mysql", "performance_schema", "master", "msdb", "tempdb", "model", "guest");

    /** SQL Server's compatibility views, visible unqualified in every database. */
    private static final Set<String> SQLSERVER_COMPAT_VIEWS = Set.of("sysobjects", "syscolumns", "sysusers",
            "sysdatabases", "syslogins", "sysprocesses", "sysindexes", "syscomments", "sysxlogins",
            "sysservers", "sysfiles", "sysmessages", "sysconfigures", "syslockinfo", "sysoledbusers",
            "sysremotelogins", "syspermissions", "sysprotects", "sysmembers", "systypes", "sysaltfiles",
            "syscacheobjects", "syscharsets", "syscurconfigs", "sysdepends", "sysfilegroups", "sysforeignkeys",
            "sysfulltextcatalogs", "syslanguages", "sysperfinfo", "sysreferences");

    static boolean isSystemSchema(String schema) {
        String s = AllowedRelations.fold(schema);
        return SYSTEM_SCHEMAS.contains(s) || s.startsWith("pg_");
    }

    /**
     * Unqualified names that resolve into a catalog: PostgreSQL searches {@code pg_catalog} before the search path,
     * so an unqualified {@code pg_…} name is a catalog table even when a user table has the same name.
     */
    static boolean isUnqualifiedCatalogName(Dialect dialect, String folded) {
        return switch (dialect) {
            case POSTGRES -> folded.startsWith("pg_");
            case SQLSERVER -> SQLSERVER_COMPAT_VIEWS.contains(folded);
            case MYSQL, H2 -> false;
        };
    }
}
