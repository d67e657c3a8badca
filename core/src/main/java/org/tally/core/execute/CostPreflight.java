package org.tally.core.execute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.source.Dialect;

/**
 * Asks the database what a statement will cost before it runs (EXPLAIN without ANALYZE: nothing executes),
 * and rejects it above the limit for that database's unit ({@link CostLimits}).
 *
 * <ul>
 *   <li>PostgreSQL: {@code EXPLAIN (FORMAT JSON)}, the top plan's "Total Cost" ({@link CostUnit#POSTGRES_PLANNER}).
 *   <li>MySQL: {@code EXPLAIN FORMAT=JSON}, {@code query_block.cost_info.query_cost} ({@link CostUnit#MYSQL_QUERY_COST}).
 *   <li>MariaDB: {@code EXPLAIN FORMAT=JSON} has no cost before 11.0, so rows examined are derived from each
 *       table's "rows" and "filtered" in nested-loop order ({@link CostUnit#MARIADB_ROWS_EXAMINED}).
 *   <li>H2: {@code EXPLAIN} gives the plan as SQL with the access path of each table in a comment and no
 *       numbers; for plans without subqueries, rows examined are derived from the tables' row count estimates
 *       ({@link CostUnit#H2_ROWS_EXAMINED}); otherwise unavailable.
 *   <li>SQL Server: unavailable (its estimate needs {@code SET SHOWPLAN_XML ON}, a session mode that stops
 *       statements from running at all; not worth the risk of leaving a session in it).
 * </ul>
 * When the estimate cannot be made, the result is {@link Preflight.Unavailable} with the reason, and the caller
 * runs the statement anyway (still bounded by the statement timeout).
 */
public final class CostPreflight {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern H2_SELECT = Pattern.compile("\\bSELECT\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern H2_TABLE_LINE =
            Pattern.compile("^\\s*(FROM|((LEFT|RIGHT|FULL)( OUTER)? |INNER |CROSS |NATURAL )?JOIN)\\s.*");
    private static final Pattern H2_ACCESS = Pattern.compile("^\\s*/\\*\\s*(.*?)\\s*\\*/\\s*$");

    private static final Pattern H2_NOT_EQUALITY =
            Pattern.compile("[<>]|!=|\\b(IN|BETWEEN|LIKE|IS|OR)\\b", Pattern.CASE_INSENSITIVE);
    private static final String H2_TABLE_ROWS = "SELECT ROW_COUNT_ESTIMATE FROM INFORMATION_SCHEMA.TABLES"
            + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?";
    private static final String H2_INDEX_TABLE_ROWS = "SELECT t.ROW_COUNT_ESTIMATE FROM INFORMATION_SCHEMA.INDEXES i"
            + " JOIN INFORMATION_SCHEMA.TABLES t ON t.TABLE_SCHEMA = i.TABLE_SCHEMA AND t.TABLE_NAME = i.TABLE_NAME"
            + " WHERE i.INDEX_SCHEMA = ? AND i.INDEX_NAME = ?";

    private final CostLimits limits;

    public CostPreflight(CostLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * Estimates {@code sql} on {@code connection} (already read-only, inside the caller's transaction) and
     * compares the estimate with the limit. Never throws for a database error: that is an unavailable estimate.
     */
    public Preflight check(Connection connection, Dialect dialect, String sql, List<SqlParameter> parameters,
                           int timeoutSeconds, ExecutionHandle handle) {
        return check(connection, dialect, sql, parameters, timeoutSeconds, handle, null);
    }

    /** As above, the EXPLAIN sent through {@code session} when the connection has a session envelope (else null). */
    Preflight check(Connection connection, Dialect dialect, String sql, List<SqlParameter> parameters,
                    int timeoutSeconds, ExecutionHandle handle, SessionEnvelope session) {
        long start = System.nanoTime();
        try {
            Engine engine = Engine.of(connection, dialect);
            CostEstimate estimate = estimate(connection, engine, sql, parameters, timeoutSeconds, handle, session);
            double max = limits.limitFor(estimate.unit());
            long ms = millisSince(start);
            return estimate.value() > max ? new Preflight.Rejected(estimate, max, ms) : new Preflight.Ok(estimate, max, ms);
        } catch (NoEstimate e) {
            return new Preflight.Unavailable(e.getMessage(), millisSince(start), true, false);
        } catch (SQLException | RuntimeException e) {
            String state = e instanceof SQLException s && s.getSQLState() != null ? " (SQLSTATE " + s.getSQLState() + ")" : "";
            return new Preflight.Unavailable("EXPLAIN failed: " + ErrorText.describe(e, parameters) + state,
                    millisSince(start));
        }
    }

    private CostEstimate estimate(Connection c, Engine engine, String sql, List<SqlParameter> parameters,
                                  int timeoutSeconds, ExecutionHandle handle, SessionEnvelope session)
            throws SQLException {
        return switch (engine) {
            case POSTGRES -> postgresCost(explain(c, engine, "EXPLAIN (FORMAT JSON) " + sql, parameters, timeoutSeconds, handle,
                    session));
            case MYSQL -> mySqlCost(explain(c, engine, "EXPLAIN FORMAT=JSON " + sql, parameters, timeoutSeconds, handle, session));
            case MARIADB -> mariaDbRowsExamined(explain(c, engine, "EXPLAIN FORMAT=JSON " + sql, parameters, timeoutSeconds,
                    handle, session));
            case H2 -> h2RowsExamined(explain(c, engine, "EXPLAIN " + sql, parameters, timeoutSeconds, handle, session), c);
            case SQLSERVER -> throw new NoEstimate("SQL Server has no cost preflight in Tally");
        };
    }

    private static String explain(Connection c, Engine engine, String sql, List<SqlParameter> parameters,
                                  int timeoutSeconds, ExecutionHandle handle, SessionEnvelope session)
            throws SQLException {
        try (PreparedStatement statement = c.prepareStatement(session == null ? sql : session.bounded(sql))) {
            if (session == null && !engine.boundsItself(true)) {
                statement.setQueryTimeout(timeoutSeconds);
            } else if (session == null || session.driverTimeout()) {
                // the server bounds the EXPLAIN itself: a later backstop never races it (ExecutorSettings)
                statement.setQueryTimeout(2 * timeoutSeconds + 1);
            }
            SqlParameter.bindAll(statement, parameters);
            handle.started(statement);
            try (ResultSet rs = session == null ? statement.executeQuery() : session.open(statement)) {
                StringBuilder plan = new StringBuilder();
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
                if (plan.length() == 0) {
                    throw new NoEstimate("EXPLAIN returned no plan");
                }
                return plan.toString();
            } finally {
                handle.finished();
            }
        }
    }

    /** PostgreSQL: {@code [{"Plan": {"Total Cost": ...}}]}. */
    static CostEstimate postgresCost(String planJson) {
        JsonNode cost = parse(planJson).path(0).path("Plan").path("Total Cost");
        if (!cost.isNumber()) {
            throw new NoEstimate("PostgreSQL's plan has no Total Cost");
        }
        return new CostEstimate(cost.asDouble(), CostUnit.POSTGRES_PLANNER);
    }

    /** MySQL: {@code {"query_block": {"cost_info": {"query_cost": "12.50"}}}} (the cost is a string). */
    static CostEstimate mySqlCost(String planJson) {
        JsonNode cost = parse(planJson).path("query_block").path("cost_info").path("query_cost");
        if (!cost.isNumber() && !(cost.isTextual() && isNumber(cost.asText()))) {
            throw new NoEstimate("MySQL's plan has no query_block.cost_info.query_cost");
        }
        return new CostEstimate(Double.parseDouble(cost.asText()), CostUnit.MYSQL_QUERY_COST);
    }

    /** MariaDB: rows examined from the plan's tables, see {@link CostUnit#MARIADB_ROWS_EXAMINED}. */
    static CostEstimate mariaDbRowsExamined(String planJson) {
        JsonNode plan = parse(planJson);
        if (!plan.has("query_block")) {
            throw new NoEstimate("MariaDB's plan has no query_block");
        }
        return new CostEstimate(rowsExamined(plan), CostUnit.MARIADB_ROWS_EXAMINED);
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

    /**
     * H2: the plan is SQL with each table's access path in a comment on the line after its FROM/JOIN line
     * (see {@link #h2RowsRead}). H2 joins by nested loops, so rows examined = sum over tables of the product of rows up to that table.
     */
    static CostEstimate h2RowsExamined(String plan, Connection c) throws SQLException {
        Matcher selects = H2_SELECT.matcher(plan);
        int count = 0;
        while (selects.find()) {
            count++;
        }
        if (count == 0) {
            throw new NoEstimate("H2's plan is not a query");
        }
        if (count > 1) {
            throw new NoEstimate("H2 gives no estimate for a plan with subqueries, unions or CTEs");
        }
        List<Double> rowsPerTable = new ArrayList<>();
        String[] lines = plan.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (!H2_TABLE_LINE.matcher(lines[i]).matches()) {
                continue;
            }
            Matcher access = i + 1 < lines.length ? H2_ACCESS.matcher(lines[i + 1]) : null;
            if (access == null || !access.matches()) {
                throw new NoEstimate("H2's plan shows no access path for a table");
            }
            rowsPerTable.add(h2RowsRead(c, access.group(1)));
        }
        double reaching = 1;
        double total = 0;
        for (double rows : rowsPerTable) {
            reaching *= rows;
            total += reaching;
        }
        return new CostEstimate(total, CostUnit.H2_ROWS_EXAMINED);
    }

    /**
     * Rows one visit of a table reads, from its access path: {@code S.T.tableScan} and an index walked without a
     * condition ({@code S.IDX}) read the whole table; an index with only equality conditions
     * ({@code S.IDX: ID = ?1}) reads one row; other conditions (ranges, IN lists) are counted as the whole table.
     */
    private static double h2RowsRead(Connection c, String path) throws SQLException {
        if (path.endsWith(".tableScan")) {
            return h2RowCount(c, path.substring(0, path.length() - ".tableScan".length()), H2_TABLE_ROWS);
        }
        int colon = path.indexOf(": ");
        String index = colon < 0 ? path : path.substring(0, colon);
        String condition = colon < 0 ? "" : path.substring(colon + 2);
        if (colon >= 0 && condition.contains("=") && !H2_NOT_EQUALITY.matcher(condition).find()) {
            return 1;
        }
        return h2RowCount(c, index, H2_INDEX_TABLE_ROWS);
    }

    private static double h2RowCount(Connection c, String qualifiedName, String query) throws SQLException {
        List<String> parts = h2NameParts(qualifiedName);
        if (parts.size() != 2) {
            throw new NoEstimate("H2 gives no row estimate for an access path like '" + shorten(qualifiedName) + "'");
        }
        try (PreparedStatement s = c.prepareStatement(query)) {
            s.setString(1, parts.get(0));
            s.setString(2, parts.get(1));
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw new NoEstimate("H2 has no row count estimate for a table of the plan");
                }
                return Math.max(0, rs.getLong(1));
            }
        }
    }

    /** {@code PUBLIC."we.ird"} → [PUBLIC, we.ird]: dots split names unless inside double quotes ("" escapes a quote). */
    static List<String> h2NameParts(String qualified) {
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

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new NoEstimate("the plan is not JSON");
        }
    }

    private static boolean isNumber(String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    private static long millisSince(long startNanos) {
        return Math.max(0, (System.nanoTime() - startNanos) / 1_000_000);
    }

    /** The database gave a plan but no number Tally can read from it. */
    static final class NoEstimate extends RuntimeException {
        NoEstimate(String reason) {
            super(reason, null, false, false);
        }
    }
}
