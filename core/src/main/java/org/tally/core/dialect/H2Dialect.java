package org.tally.core.dialect;

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
 * H2 2.x. Compiling: double-quoted identifiers, LIMIT/OFFSET, DATE_TRUNC buckets (ISO_WEEK for Monday weeks: plain
 * WEEK follows the locale and started on Sunday here), DATEDIFF('SECOND', a, b), MEDIAN, explicit NULLS FIRST/LAST
 * because compatibility modes change H2's default NULL order. Reading: {@code $} outside quotes is refused.
 *
 * <p>Running: no read-only transaction, and {@code setReadOnly} does not block writes. The driver sends only queries
 * through {@code executeQuery} (90002), but queries can write ({@code SELECT * FROM FINAL TABLE (INSERT ...)}); the
 * rollback undoes such DML (tested), while DDL would commit itself. Read-only needs the database opened with
 * {@code ACCESS_MODE_DATA=r} in the URL (then writes fail with 90097, tested, and the session envelope of
 * {@link H2Session} applies) or a SELECT-only user. Timeout via {@code SET QUERY_TIMEOUT} (ms, error 57014). Cost:
 * H2's EXPLAIN is the plan as SQL with each table's access path in a comment and no numbers; for plans without
 * subqueries, rows examined are derived from the tables' row count estimates.
 */
final class H2Dialect extends SqlDialect {

    /**
     * Rows examined by H2's nested loops, derived from its EXPLAIN text: a full table scan counts the table's
     * ROW_COUNT_ESTIMATE, an index lookup one row; only for plans without subqueries.
     */
    static final CostUnit ROWS_EXAMINED = new CostUnit("rows examined (H2 estimate)", 1e9);

    private static final Pattern SELECT = Pattern.compile("\\bSELECT\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern TABLE_LINE =
            Pattern.compile("^\\s*(FROM|((LEFT|RIGHT|FULL)( OUTER)? |INNER |CROSS |NATURAL )?JOIN)\\s.*");
    private static final Pattern ACCESS = Pattern.compile("^\\s*/\\*\\s*(.*?)\\s*\\*/\\s*$");
    private static final Pattern NOT_EQUALITY =
            Pattern.compile("[<>]|!=|\\b(IN|BETWEEN|LIKE|IS|OR)\\b", Pattern.CASE_INSENSITIVE);
    private static final String TABLE_ROWS = "SELECT ROW_COUNT_ESTIMATE FROM INFORMATION_SCHEMA.TABLES"
            + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?";
    private static final String INDEX_TABLE_ROWS = "SELECT t.ROW_COUNT_ESTIMATE FROM INFORMATION_SCHEMA.INDEXES i"
            + " JOIN INFORMATION_SCHEMA.TABLES t ON t.TABLE_SCHEMA = i.TABLE_SCHEMA AND t.TABLE_NAME = i.TABLE_NAME"
            + " WHERE i.INDEX_SCHEMA = ? AND i.INDEX_NAME = ?";

    H2Dialect() {
        super(new DialectTraits("\"", "\"", DialectTraits.LimitStyle.LIMIT_OFFSET, true, true));
    }

    @Override
    public String id() {
        return "h2";
    }

    /** Yes: H2 keeps the result of an uncorrelated subquery for the statement and looks the key up in it; an EXISTS in
     * the select list runs per outer row. */
    @Override
    public boolean writesValueExistsAsIn() {
        return true;
    }

    @Override
    public String displayName() {
        return "H2";
    }

    @Override
    public List<String> urlPrefixes() {
        return List.of("jdbc:h2:");
    }

    // ---- compiling ----

    @Override
    public String hourBucket() {
        return "DATE_TRUNC('HOUR', {0})";
    }

    @Override
    public String weekBucket() {
        return "CAST(DATE_TRUNC('ISO_WEEK', {0}) AS DATE)";
    }

    @Override
    public String monthBucket() {
        return "CAST(DATE_TRUNC('MONTH', {0}) AS DATE)";
    }

    @Override
    public String quarterBucket() {
        return "CAST(DATE_TRUNC('QUARTER', {0}) AS DATE)";
    }

    @Override
    public String yearBucket() {
        return "CAST(DATE_TRUNC('YEAR', {0}) AS DATE)";
    }

    @Override
    public String elapsedSeconds() {
        return "DATEDIFF('SECOND', {0}, {1})";
    }

    @Override
    public String median() {
        return "MEDIAN({0})";
    }

    /** {@code ||} is NULL when a part is NULL in every compatibility mode, so COALESCE falls back to the other part. */
    @Override
    public String joinedName() {
        return "COALESCE({0} || ' ' || {1}, {0}, {1})";
    }

    // ---- reading statements ----

    @Override
    public LexicalRules lexical() {
        return new LexicalRules(false, false, false, false, false, false, false, true);
    }

    @Override
    public boolean hasDualTable() {
        return true;
    }

    @Override
    public String defaultSchema() {
        return "PUBLIC";
    }

    // ---- the catalog ----

    @Override
    public String rowEstimatesSql() {
        return "SELECT TABLE_NAME, ROW_COUNT_ESTIMATE, NULL FROM INFORMATION_SCHEMA.TABLES"
                + " WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'";
    }

    /** H2 keeps row counts, so an exact count is cheap where the estimate is missing or zero. */
    @Override
    public boolean countsTablesWithoutEstimate() {
        return true;
    }

    @Override
    public String asText() {
        return "CAST({0} AS VARCHAR)";
    }

    @Override
    public String caseDiffers() {
        return "STRINGTOUTF8(UPPER({0})) <> STRINGTOUTF8(LOWER({0}))";
    }

    // ---- running ----

    @Override
    public void boundSession(Connection c, long timeoutMs) throws SQLException {
        Jdbc.execute(c, "SET QUERY_TIMEOUT " + timeoutMs);
    }

    @Override
    public Optional<SessionEnvelope> sessionEnvelope(Connection c, long timeoutMs) throws SQLException {
        return H2Session.establish(c, timeoutMs);
    }

    // ---- the cost preflight ----

    @Override
    public String explain(Connection c, String sql) {
        return "EXPLAIN " + sql;
    }

    /**
     * The plan is SQL with each table's access path in a comment on the line after its FROM/JOIN line (see
     * {@link #rowsRead}). H2 joins by nested loops, so rows examined = sum over tables of the product of rows up to
     * that table.
     */
    @Override
    public CostEstimate cost(Connection c, String plan) throws SQLException {
        Matcher selects = SELECT.matcher(plan);
        int count = 0;
        while (selects.find()) {
            count++;
        }
        if (count == 0) {
            throw new NoCostEstimate("H2's plan is not a query");
        }
        if (count > 1) {
            throw new NoCostEstimate("H2 gives no estimate for a plan with subqueries, unions or CTEs");
        }
        List<Double> rowsPerTable = new ArrayList<>();
        String[] lines = plan.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (!TABLE_LINE.matcher(lines[i]).matches()) {
                continue;
            }
            Matcher access = i + 1 < lines.length ? ACCESS.matcher(lines[i + 1]) : null;
            if (access == null || !access.matches()) {
                throw new NoCostEstimate("H2's plan shows no access path for a table");
            }
            rowsPerTable.add(rowsRead(c, access.group(1)));
        }
        double reaching = 1;
        double total = 0;
        for (double rows : rowsPerTable) {
            reaching *= rows;
            total += reaching;
        }
        return new CostEstimate(total, ROWS_EXAMINED);
    }

    /**
     * Rows one visit of a table reads, from its access path: {@code S.T.tableScan} and an index walked without a
     * condition ({@code S.IDX}) read the whole table; an index with only equality conditions
     * ({@code S.IDX: ID = ?1}) reads one row; other conditions (ranges, IN lists) are counted as the whole table.
     */
    private static double rowsRead(Connection c, String path) throws SQLException {
        if (path.endsWith(".tableScan")) {
            return rowCount(c, path.substring(0, path.length() - ".tableScan".length()), TABLE_ROWS);
        }
        int colon = path.indexOf(": ");
        String index = colon < 0 ? path : path.substring(0, colon);
        String condition = colon < 0 ? "" : path.substring(colon + 2);
        if (colon >= 0 && condition.contains("=") && !NOT_EQUALITY.matcher(condition).find()) {
            return 1;
        }
        return rowCount(c, index, INDEX_TABLE_ROWS);
    }

    private static double rowCount(Connection c, String qualifiedName, String query) throws SQLException {
        List<String> parts = nameParts(qualifiedName);
        if (parts.size() != 2) {
            throw new NoCostEstimate("H2 gives no row estimate for an access path like '" + shorten(qualifiedName)
                    + "'");
        }
        return Plans.count(c, query, parts.get(0), parts.get(1));
    }

    /** {@code PUBLIC."we.ird"} → [PUBLIC, we.ird]: dots split names unless inside double quotes ("" escapes a quote). */
    static List<String> nameParts(String qualified) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < qualified.length(); i++) {
            char ch = qualified.charAt(i);
            if (ch == '"') {
                if (quoted && i + 1 < qualified.length() && qualified.charAt(i + 1) == '"') {
                    part.append('"');
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else if (ch == '.' && !quoted) {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(ch);
            }
        }
        parts.add(part.toString());
        return parts;
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    // ---- the source check ----

    @Override
    public List<String> writePrivileges(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT IS_ADMIN FROM INFORMATION_SCHEMA.USERS WHERE USER_NAME = CURRENT_USER")) {
            if (rs.next() && rs.getBoolean(1)) {
                found.add("admin");
            }
        }
        found.addAll(super.writePrivileges(c));
        return found;
    }

    // ---- the demo hospital ----

    /** H2 would re-check every generated row (seconds on first start); other targets check. */
    @Override
    public String foreignKeyWithoutCheck() {
        return " NOCHECK";
    }
}
