package org.tally.core.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL. Compiling: double-quoted identifiers, LIMIT/OFFSET, DATE_TRUNC buckets (weeks are ISO, i.e. Monday),
 * elapsed seconds through EXTRACT(EPOCH FROM interval), the PERCENTILE_CONT median, explicit NULLS FIRST/LAST because
 * PostgreSQL sorts NULLs high by default, names joined with {@code ||} under COALESCE. Reading: backslashes in
 * strings (E-strings, standard_conforming_strings) and {@code $} (dollar quoting, {@code $n}) are refused;
 * {@code pg_catalog} is searched before the search path, so every unqualified {@code pg_…} name is a catalog table.
 * Running: pgjdbc honours read-only under autocommit only with {@code readOnlyMode=always} in the URL; each
 * transaction is {@code READ ONLY} with {@code SET LOCAL statement_timeout} (25006 refuses writes, 57014 stops it),
 * or, from version 14, the session envelope of {@link PostgresSession}. Cost: {@code EXPLAIN (FORMAT JSON)}'s top
 * "Total Cost" in planner units.
 */
final class PostgresDialect extends SqlDialect {

    /**
     * The top plan node's "Total Cost" (one sequential page read = 1.0). The limit is calibrated by the gold-ratio
     * benchmark (docs/benchmarks.md, "Calibrating the preflight"): the statement timeout (30 s) times the median rate
     * at 10 M rows, 28 units per ms, rounded up; 26 times the largest estimate of a golden answer there.
     */
    static final CostUnit PLANNER_UNITS = new CostUnit("PostgreSQL planner cost units", 1e6);

    private static final Pattern READ_ONLY_MODE = Pattern.compile("([?&])readOnlyMode=[^&]*", Pattern.CASE_INSENSITIVE);

    PostgresDialect() {
        super(new DialectTraits("\"", "\"", DialectTraits.LimitStyle.LIMIT_OFFSET, true, true));
    }

    @Override
    public String id() {
        return "postgres";
    }

    /** PostgreSQL would build the scope's whole key list (a HashAggregate over the related rows) before it reads one
     * subject row; from the join it reads related rows until the first match (0.02 ms against 0.7 ms at 1 M rows). */
    @Override
    public boolean drivesProbesFromRelatedRows() {
        return true;
    }

    /** Yes: an IN over an uncorrelated subquery in the select list is a hashed SubPlan, built once; an EXISTS there is a
     * SubPlan run per outer row. */
    @Override
    public boolean writesValueExistsAsIn() {
        return true;
    }

    @Override
    public String displayName() {
        return "PostgreSQL";
    }

    @Override
    public List<String> urlPrefixes() {
        return List.of("jdbc:postgresql:");
    }

    // ---- compiling ----

    @Override
    public String hourBucket() {
        return "DATE_TRUNC('hour', {0})";
    }

    @Override
    public String weekBucket() {
        return "CAST(DATE_TRUNC('week', {0}) AS DATE)";
    }

    @Override
    public String monthBucket() {
        return "CAST(DATE_TRUNC('month', {0}) AS DATE)";
    }

    @Override
    public String quarterBucket() {
        return "CAST(DATE_TRUNC('quarter', {0}) AS DATE)";
    }

    @Override
    public String yearBucket() {
        return "CAST(DATE_TRUNC('year', {0}) AS DATE)";
    }

    /** Both sides become timestamps first: date minus date is an integer of days, which EXTRACT cannot take. */
    @Override
    public String elapsedSeconds() {
        return "EXTRACT(EPOCH FROM (CAST({1} AS TIMESTAMP) - CAST({0} AS TIMESTAMP)))";
    }

    @Override
    public String median() {
        return "PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY {0})";
    }

    /** {@code ||} is NULL when a part is NULL, so COALESCE falls back to the part that is there. */
    @Override
    public String joinedName() {
        return "COALESCE({0} || ' ' || {1}, {0}, {1})";
    }

    // ---- reading statements ----

    @Override
    public LexicalRules lexical() {
        return new LexicalRules(true, false, false, false, false, false, false, true);
    }

    @Override
    public List<String> systemSchemas() {
        return List.of("information_schema", "pg_catalog", "pg_toast");
    }

    @Override
    public List<String> systemSchemaPrefixes() {
        return List.of("pg_");
    }

    @Override
    public boolean isUnqualifiedCatalogName(String folded) {
        return folded.startsWith("pg_");
    }

    @Override
    public String defaultSchema() {
        return "public";
    }

    // ---- the catalog ----

    /** {@code pg_class.reltuples}, or {@code pg_stat_user_tables.n_live_tup} when the table was never analysed. */
    @Override
    public String rowEstimatesSql() {
        return "SELECT c.relname, CAST(c.reltuples AS BIGINT), s.n_live_tup FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid"
                + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'm')";
    }

    @Override
    public String enumTypesSql() {
        return "SELECT typname FROM pg_type WHERE typtype = 'e'";
    }

    @Override
    public String asText() {
        return "CAST({0} AS TEXT)";
    }

    @Override
    public String caseDiffers() {
        return "UPPER({0}) COLLATE \"C\" <> LOWER({0}) COLLATE \"C\"";
    }

    // ---- running ----

    /**
     * pgjdbc ignores {@code setReadOnly(true)} under autocommit unless the URL says {@code readOnlyMode=always};
     * with it, every statement on the connection runs read-only. Any other value the URL gives is replaced.
     */
    @Override
    public String readOnlyUrl(String url) {
        Matcher existing = READ_ONLY_MODE.matcher(url);
        if (existing.find()) {
            return existing.replaceAll("$1readOnlyMode=always");
        }
        return url + (url.indexOf('?') >= 0 ? "&" : "?") + "readOnlyMode=always";
    }

    /** pgjdbc sends BEGIN (READ ONLY) with this; both settings travel in one round trip. */
    @Override
    public void beginReadOnlyTransaction(Connection c, long timeoutMs) throws SQLException {
        Jdbc.execute(c, "SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = " + timeoutMs);
    }

    @Override
    public boolean boundsItself(Connection c, boolean explain) {
        return true;
    }

    @Override
    public Optional<SessionEnvelope> sessionEnvelope(Connection c, long timeoutMs) throws SQLException {
        return PostgresSession.establish(c, timeoutMs);
    }

    // ---- the cost preflight ----

    @Override
    public String explain(Connection c, String sql) {
        return "EXPLAIN (FORMAT JSON) " + sql;
    }

    @Override
    public CostEstimate cost(Connection c, String plan) {
        return cost(plan);
    }

    /** {@code [{"Plan": {"Total Cost": ...}}]}. */
    static CostEstimate cost(String planJson) {
        JsonNode cost = Plans.json(planJson).path(0).path("Plan").path("Total Cost");
        if (!cost.isNumber()) {
            throw new NoCostEstimate("PostgreSQL's plan has no Total Cost");
        }
        return new CostEstimate(cost.asDouble(), PLANNER_UNITS);
    }

    // ---- the source check ----

    @Override
    public List<String> writePrivileges(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
            if (rs.next() && rs.getBoolean(1)) {
                found.add("superuser");
            }
        }
        found.addAll(strings(c, "SELECT DISTINCT privilege_type FROM information_schema.table_privileges"
                + " WHERE grantee = current_user AND privilege_type IN ('INSERT','UPDATE','DELETE','TRUNCATE')"
                + " AND table_schema NOT IN ('pg_catalog','information_schema') ORDER BY 1"));
        return found;
    }
}
