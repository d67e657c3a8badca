package org.tally.core.safety;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Functions a read-only analytic query never needs and that can hurt: they wait, touch files or other servers,
 * run dynamic SQL, take locks, change settings or sequences, or end other sessions. Names are matched on the last
 * part of the (possibly qualified) name, lowercased, in every dialect: a name that is harmless on one database is
 * refused on all of them, since a refusal costs little and a wrong guess about which database runs the text costs
 * a lot. See {@link SqlSafetyPolicy} for the reasoning behind each group.
 */
final class ForbiddenFunctions {

    private ForbiddenFunctions() {
    }

    private static final String WAIT = "it only makes the database wait";
    private static final String FILES = "it reads or writes files on the database server";
    private static final String REMOTE = "it reaches another server or runs a query given as text";
    private static final String DYNAMIC = "it runs SQL given as a string (dynamic SQL)";
    private static final String LOCKS = "it takes or waits for locks";
    private static final String ADMIN = "it reads or changes server settings or controls sessions";
    private static final String SEQUENCES = "it advances or sets a sequence (a write)";
    private static final String GENERATORS = "it generates rows instead of reading tables; query the allowed tables";

    /** Exact names (lowercase) with the reason. */
    private static final Map<String, String> EXACT = Map.ofEntries(
            Map.entry("sleep", WAIT), Map.entry("delay", WAIT), Map.entry("waitfor", WAIT),
            Map.entry("benchmark", WAIT), Map.entry("master_pos_wait", WAIT), Map.entry("source_pos_wait", WAIT),
            Map.entry("wait_for_executed_gtid_set", WAIT), Map.entry("wait_until_sql_thread_after_gtids", WAIT),
            Map.entry("load_file", FILES), Map.entry("loread", FILES), Map.entry("lowrite", FILES),
            Map.entry("csvread", FILES), Map.entry("csvwrite", FILES), Map.entry("runscript", FILES),
            Map.entry("script", FILES), Map.entry("sys_exec", FILES), Map.entry("sys_eval", FILES),
            Map.entry("openrowset", REMOTE), Map.entry("opendatasource", REMOTE), Map.entry("openquery", REMOTE),
            Map.entry("openxml", REMOTE), Map.entry("link_schema", REMOTE),
            Map.entry("exec", DYNAMIC), Map.entry("execute", DYNAMIC), Map.entry("eval", DYNAMIC),
            Map.entry("ts_stat", DYNAMIC), Map.entry("ts_rewrite", DYNAMIC),
            Map.entry("get_lock", LOCKS), Map.entry("release_lock", LOCKS), Map.entry("release_all_locks", LOCKS),
            Map.entry("is_free_lock", LOCKS), Map.entry("is_used_lock", LOCKS),
            Map.entry("set_config", ADMIN), Map.entry("current_setting", ADMIN), Map.entry("set", ADMIN),
            Map.entry("cancel_session", ADMIN), Map.entry("abort_session", ADMIN), Map.entry("database_path", ADMIN),
            Map.entry("disk_space_used", ADMIN), Map.entry("memory_free", ADMIN), Map.entry("memory_used", ADMIN),
            Map.entry("signal", ADMIN), Map.entry("kill", ADMIN), Map.entry("shutdown", ADMIN),
            Map.entry("nextval", SEQUENCES), Map.entry("currval", SEQUENCES), Map.entry("setval", SEQUENCES),
            Map.entry("lastval", SEQUENCES), Map.entry("txid_current", SEQUENCES),
            Map.entry("generate_series", GENERATORS), Map.entry("system_range", GENERATORS));

    /** Name prefixes (lowercase) with the reason, checked after the exact names. */
    private static final List<Map.Entry<String, String>> PREFIXES = List.of(
            Map.entry("pg_", "PostgreSQL's pg_ functions read files, settings and catalogs, sleep, take advisory"
                    + " locks or control backends"),
            Map.entry("lo_", "large-object functions read and write server files"),
            Map.entry("dblink", REMOTE),
            Map.entry("xp_", "extended stored procedures (xp_) run programs and read the file system"),
            Map.entry("sp_", "system stored procedures (sp_) run dynamic SQL and change the server"),
            Map.entry("fn_", "system functions (fn_) read traces, logs and audit files"),
            Map.entry("file_", FILES),
            Map.entry("ft_", "H2 full-text functions create tables and indexes"),
            Map.entry("query_to_", DYNAMIC),
            Map.entry("table_to_", "it reads a table named by a string, past the allow-list"),
            Map.entry("cursor_to_", DYNAMIC),
            Map.entry("schema_to_", "it reads every table of a schema, past the allow-list"),
            Map.entry("database_to_", "it reads every table of the database, past the allow-list"));

    /** Why the function is refused, or empty when it is not on the list. */
    static Optional<String> why(String lastNamePart) {
        String name = unquote(lastNamePart).toLowerCase(Locale.ROOT);
        String exact = EXACT.get(name);
        if (exact != null) {
            return Optional.of(exact);
        }
        for (Map.Entry<String, String> p : PREFIXES) {
            if (name.startsWith(p.getKey())) {
                return Optional.of(p.getValue());
            }
        }
        return Optional.empty();
    }

    static String unquote(String part) {
        if (part == null || part.length() < 2) {
            return part == null ? "" : part;
        }
        char first = part.charAt(0);
        char last = part.charAt(part.length() - 1);
        if ((first == '"' && last == '"') || (first == '`' && last == '`') || (first == '[' && last == ']')
                || (first == '\'' && last == '\'')) {
            return part.substring(1, part.length() - 1);
        }
        return part;
    }
}
