package org.tally.core.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * MySQL and MariaDB, told apart by the server's version string where they differ (the timeout variable, the
 * session envelope, EXPLAIN's numbers). Compiling: backquoted identifiers, LIMIT/OFFSET, buckets built from
 * DATE_FORMAT/WEEKDAY/MAKEDATE so they return real DATE/DATETIME values, TIMESTAMPDIFF for elapsed seconds, CONCAT for
 * names, and no median: MariaDB's MEDIAN() is a window function only and MySQL has none. Backslashes escape in string
 * literals here. Reading: double quotes are a string or a name depending on ANSI_QUOTES, {@code /*!} comments run
 * their content, {@code #} starts a comment and {@code --x} is two minus signs. A table's namespace is its database
 * (the JDBC catalog).
 *
 * <p>Running: {@code SET SESSION TRANSACTION READ ONLY} and {@code START TRANSACTION READ ONLY}. On MariaDB 10.11
 * (tested) the server refuses INSERT, UPDATE, DELETE, CREATE TABLE and DROP TABLE in that session, and a SELECT
 * calling a function that writes, with 25006 (error 1792); MySQL documents {@code CREATE TEMPORARY TABLE} as allowed
 * in read-only mode. Timeout: MariaDB {@code max_statement_time} (seconds, error 1969/70100), MySQL
 * {@code max_execution_time} (ms, SELECT only, error 3024). MariaDB also has the session envelope of
 * {@link MariaDbSession}. Cost: MySQL's {@code query_cost}; MariaDB's EXPLAIN has no cost before 11.0, so rows
 * examined are derived from each table's "rows" and "filtered" in nested-loop order.
 */
final class MySqlDialect extends SqlDialect {

    /** MySQL optimizer cost: {@code query_block.cost_info.query_cost} (same order of magnitude per row as PostgreSQL). */
    static final CostUnit MYSQL_QUERY_COST = new CostUnit("MySQL optimizer cost units", 1e8);
    /**
     * Rows examined, derived from MariaDB's EXPLAIN FORMAT=JSON: for each join in nested-loop order, its "rows" times
     * the rows that reach it (earlier tables' rows x filtered%), summed over the query's blocks. Correlated subqueries
     * count once, so this is low for them. The limit is calibrated by the gold-ratio benchmark (docs/benchmarks.md,
     * "Calibrating the preflight"): the statement timeout (30 s) times the median rate at 1 M rows, 195 rows per ms,
     * rounded up.
     */
    static final CostUnit MARIADB_ROWS_EXAMINED = new CostUnit("rows examined (MariaDB estimate)", 1e7);

    /** Privileges in a GRANT line that let an account change data or schema. */
    private static final Set<String> WRITE_PRIVILEGES = Set.of("ALL", "ALL PRIVILEGES", "INSERT", "UPDATE", "DELETE",
            "CREATE", "DROP", "ALTER", "SUPER", "FILE");

    MySqlDialect() {
        super(new DialectTraits("`", "`", DialectTraits.LimitStyle.LIMIT_OFFSET, true, false));
    }

    @Override
    public boolean foreignKeysTargetUniqueKeys() {
        return false;
    }

    @Override
    public String id() {
        return "mysql";
    }

    /** MariaDB materialises the EXISTS (all related rows that match) and walks the subject's key index against it;
     * from the join it reads related rows until the first match (0.6-0.7 ms against 2.7-4.2 ms at 1 M rows). */
    @Override
    public boolean drivesProbesFromRelatedRows() {
        return true;
    }

    /** Yes: MySQL and MariaDB materialize an uncorrelated IN subquery wherever it stands; an EXISTS in the select list
     * is a dependent subquery run per outer row. */
    @Override
    public boolean writesValueExistsAsIn() {
        return true;
    }

    @Override
    public String displayName() {
        return "MySQL";
    }

    @Override
    public List<String> urlPrefixes() {
        return List.of("jdbc:mysql:", "jdbc:mariadb:");
    }

    @Override
    public List<String> aliases() {
        return List.of("mariadb");
    }

    /** MariaDB's driver names the product; MySQL's driver sees "MySQL" but the version says e.g. 10.11.5-MariaDB. */
    static boolean isMariaDb(Connection connection) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String product = meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
        return product.toLowerCase(Locale.ROOT).contains("mariadb");
    }

    // ---- compiling ----

    @Override
    public String hourBucket() {
        return "CAST(DATE_FORMAT({0}, '%Y-%m-%d %H:00:00') AS DATETIME)";
    }

    /** WEEKDAY is 0 for Monday whatever the server's week settings. */
    @Override
    public String weekBucket() {
        return "DATE_SUB(CAST({0} AS DATE), INTERVAL WEEKDAY({0}) DAY)";
    }

    @Override
    public String monthBucket() {
        return "CAST(DATE_FORMAT({0}, '%Y-%m-01') AS DATE)";
    }

    @Override
    public String quarterBucket() {
        return "DATE_ADD(MAKEDATE(YEAR({0}), 1), INTERVAL (QUARTER({0}) - 1) * 3 MONTH)";
    }

    @Override
    public String yearBucket() {
        return "MAKEDATE(YEAR({0}), 1)";
    }

    @Override
    public String elapsedSeconds() {
        return "TIMESTAMPDIFF(SECOND, {0}, {1})";
    }

    @Override
    public String medianRefusal() {
        return "MySQL has no median aggregate and MariaDB's MEDIAN() is only a window function; an approximation would"
                + " be a wrong answer";
    }

    /**
     * {@code ||} means OR here unless PIPES_AS_CONCAT is set; CONCAT is NULL when a part is NULL, so COALESCE falls
     * back to the part that is there (CONCAT_WS would give '' for two NULL parts).
     */
    @Override
    public String joinedName() {
        return "COALESCE(CONCAT({0}, ' ', {1}), {0}, {1})";
    }

    @Override
    public String stringLiteral(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    // ---- reading statements ----

    @Override
    public LexicalRules lexical() {
        return new LexicalRules(true, true, true, false, true, true, true, false);
    }

    @Override
    public List<String> systemSchemas() {
        return List.of("information_schema", "mysql", "performance_schema", "sys");
    }

    @Override
    public boolean hasDualTable() {
        return true;
    }

    @Override
    public boolean namespaceIsCatalog() {
        return true;
    }

    // ---- the catalog ----

    /** InnoDB's estimate. */
    @Override
    public String rowEstimatesSql() {
        return "SELECT TABLE_NAME, TABLE_ROWS, NULL FROM information_schema.TABLES"
                + " WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'";
    }

    @Override
    public String asText() {
        return "CAST({0} AS CHAR)";
    }

    @Override
    public String caseDiffers() {
        return "CAST(UPPER({0}) AS BINARY) <> CAST(LOWER({0}) AS BINARY)";
    }

    // ---- running ----

    @Override
    public void boundSession(Connection c, long timeoutMs) throws SQLException {
        Jdbc.execute(c, "SET SESSION TRANSACTION READ ONLY");
        Jdbc.execute(c, isMariaDb(c) ? "SET SESSION max_statement_time = " + MariaDbSession.seconds(timeoutMs)
                : "SET SESSION max_execution_time = " + timeoutMs);
    }

    @Override
    public void beginReadOnlyTransaction(Connection c, long timeoutMs) throws SQLException {
        Jdbc.execute(c, "START TRANSACTION READ ONLY");
    }

    /** MariaDB's max_statement_time stops EXPLAIN too; MySQL's max_execution_time bounds SELECTs only. */
    @Override
    public boolean boundsItself(Connection c, boolean explain) throws SQLException {
        return !explain || isMariaDb(c);
    }

    /** MySQL has no SET STATEMENT and keeps the per-transaction envelope. */
    @Override
    public Optional<SessionEnvelope> sessionEnvelope(Connection c, long timeoutMs) throws SQLException {
        return isMariaDb(c) ? MariaDbSession.establish(c, timeoutMs) : Optional.empty();
    }

    // ---- the cost preflight ----

    @Override
    public String explain(Connection c, String sql) {
        return "EXPLAIN FORMAT=JSON " + sql;
    }

    @Override
    public CostEstimate cost(Connection c, String plan) throws SQLException {
        return isMariaDb(c) ? mariaDbRowsExamined(plan) : mySqlCost(plan);
    }

    /** MySQL: {@code {"query_block": {"cost_info": {"query_cost": "12.50"}}}} (the cost is a string). */
    static CostEstimate mySqlCost(String planJson) {
        JsonNode cost = Plans.json(planJson).path("query_block").path("cost_info").path("query_cost");
        if (!cost.isNumber() && !(cost.isTextual() && Plans.isNumber(cost.asText()))) {
            throw new NoCostEstimate("MySQL's plan has no query_block.cost_info.query_cost");
        }
        return new CostEstimate(Double.parseDouble(cost.asText()), MYSQL_QUERY_COST);
    }

    /** MariaDB: rows examined from the plan's tables, see {@link #MARIADB_ROWS_EXAMINED}. */
    static CostEstimate mariaDbRowsExamined(String planJson) {
        JsonNode plan = Plans.json(planJson);
        if (!plan.has("query_block")) {
            throw new NoCostEstimate("MariaDB's plan has no query_block");
        }
        return new CostEstimate(rowsExamined(plan), MARIADB_ROWS_EXAMINED);
    }

    private static double rowsExamined(JsonNode node) {
        double total = 0;
        if (node.isArray()) {
            for (JsonNode element : node) {
                total += rowsExamined(element);
            }
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("nested_loop") && field.getValue().isArray()) {
                    total += nestedLoop(field.getValue());
                } else if (field.getKey().equals("table") && field.getValue().isObject()) {
                    total += tableRows(field.getValue()) + rowsExamined(field.getValue());
                } else {
                    total += rowsExamined(field.getValue());
                }
            }
        }
        return total;
    }

    /** Each table is read once per row combination reaching it: rows x product of earlier rows x filtered%. */
    private static double nestedLoop(JsonNode steps) {
        double reaching = 1;
        double total = 0;
        for (JsonNode step : steps) {
            JsonNode table = tableOf(step);
            if (table == null) {
                total += rowsExamined(step);
                continue;
            }
            double rows = tableRows(table);
            total += reaching * rows + rowsExamined(table);
            double filtered = table.path("filtered").isNumber() ? table.path("filtered").asDouble() : 100.0;
            reaching *= rows * filtered / 100.0;
        }
        return total;
    }

    /** A nested-loop step is {@code {"table": ...}} or wraps it once ({@code {"block-nl-join": {"table": ...}}}). */
    private static JsonNode tableOf(JsonNode step) {
        if (step.path("table").isObject()) {
            return step.get("table");
        }
        for (JsonNode child : step) {
            if (child.path("table").isObject()) {
                return child.get("table");
            }
        }
        return null;
    }

    private static double tableRows(JsonNode table) {
        JsonNode rows = table.path("rows");
        return rows.isNumber() ? rows.asDouble() : 0;
    }

    // ---- the source check ----

    @Override
    public List<String> writePrivileges(Connection c) throws SQLException {
        return writePrivileges(strings(c, "SHOW GRANTS FOR CURRENT_USER"));
    }

    /**
     * The write privileges named in {@code SHOW GRANTS} lines: only the list between GRANT and the first ON is read
     * (never the object names, nor the IDENTIFIED BY part). Role grants (no ON) are not followed.
     */
    static List<String> writePrivileges(List<String> grants) {
        Set<String> found = new TreeSet<>();
        for (String grant : grants) {
            String upper = grant.toUpperCase(Locale.ROOT).strip();
            int on = upper.indexOf(" ON ");
            if (!upper.startsWith("GRANT ") || on < 0) {
                continue;
            }
            for (String privilege : upper.substring(6, on).split(",")) {
                // column grants read "UPDATE (col)": the privilege is the part before the parenthesis
                String p = privilege.replaceAll("\\(.*\\)", "").strip();
                if (WRITE_PRIVILEGES.contains(p)) {
                    found.add(p);
                }
            }
        }
        return List.copyOf(found);
    }

    // ---- the demo hospital ----

    @Override
    public String timestampType() {
        return "DATETIME";
    }
}
