package org.tally.core.execute;

/**
 * What a preflight cost number measures. Each database estimates in its own currency, so limits are set per
 * unit ({@link CostLimits}) and never compared across databases.
 */
public enum CostUnit {
    /** PostgreSQL planner units: the top plan node's "Total Cost" (one sequential page read = 1.0). */
    POSTGRES_PLANNER("PostgreSQL planner cost units"),
    /** MySQL optimizer cost: {@code query_block.cost_info.query_cost} of EXPLAIN FORMAT=JSON. */
    MYSQL_QUERY_COST("MySQL optimizer cost units"),
    /**
     * Rows examined, derived from MariaDB's EXPLAIN FORMAT=JSON (which has no cost before 11.0): for each join
     * in nested-loop order, its "rows" times the rows that reach it (earlier tables' rows x filtered%), summed
     * over the query's blocks. Correlated subqueries count once, so this is low for them.
     */
    MARIADB_ROWS_EXAMINED("rows examined (MariaDB estimate)"),
    /**
     * Rows examined by H2's nested loops, derived from its EXPLAIN text (which has no numbers): a full table scan
     * counts the table's ROW_COUNT_ESTIMATE, an index lookup one row; only for plans without subqueries.
     */
    H2_ROWS_EXAMINED("rows examined (H2 estimate)");

    private final String description;

    CostUnit(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
