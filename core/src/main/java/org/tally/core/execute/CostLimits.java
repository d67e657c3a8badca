package org.tally.core.execute;

/**
 * The largest preflight estimate allowed to run, per {@link CostUnit} (each database counts in its own unit).
 * A statement estimated above its limit is rejected before it runs.
 *
 * @param postgresPlanner  PostgreSQL planner units; the default 1e8 is roughly a full scan of a few billion rows,
 *                         far above any analytic question on a hospital source, far below a runaway cross join
 * @param mysqlQueryCost   MySQL query_cost; default 1e8 (same order of magnitude per row as PostgreSQL's units)
 * @param mariaDbRowsExamined estimated rows examined on MariaDB; default 1e9
 * @param h2RowsExamined   estimated rows examined on H2; default 1e9
 */
public record CostLimits(double postgresPlanner, double mysqlQueryCost, double mariaDbRowsExamined,
                         double h2RowsExamined) {

    public static final CostLimits DEFAULTS = new CostLimits(1e8, 1e8, 1e9, 1e9);

    public CostLimits {
        requirePositive("postgresPlanner", postgresPlanner);
        requirePositive("mysqlQueryCost", mysqlQueryCost);
        requirePositive("mariaDbRowsExamined", mariaDbRowsExamined);
        requirePositive("h2RowsExamined", h2RowsExamined);
    }

    /** The same limit in every unit (handy in tests: a tiny one rejects everything that has an estimate). */
    public static CostLimits everywhere(double limit) {
        return new CostLimits(limit, limit, limit, limit);
    }

    public double limitFor(CostUnit unit) {
        return switch (unit) {
            case POSTGRES_PLANNER -> postgresPlanner;
            case MYSQL_QUERY_COST -> mysqlQueryCost;
            case MARIADB_ROWS_EXAMINED -> mariaDbRowsExamined;
            case H2_ROWS_EXAMINED -> h2RowsExamined;
        };
    }

    private static void requirePositive(String field, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(field + " must be a positive finite cost limit, got " + value);
        }
    }
}
