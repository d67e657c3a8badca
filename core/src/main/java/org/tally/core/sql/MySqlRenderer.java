package org.tally.core.sql;

import org.tally.core.source.Dialect;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * MySQL and MariaDB: backquoted identifiers, LIMIT/OFFSET, buckets built from DATE_FORMAT/WEEKDAY/MAKEDATE so
 * they return real DATE/DATETIME values, TIMESTAMPDIFF for elapsed seconds, CONCAT for names, and no median: MariaDB's MEDIAN() is a
 * window function only and MySQL has none, so a median is refused. Backslashes escape in string literals here.
 */
public final class MySqlRenderer extends SqlRenderer {

    public MySqlRenderer() {
        super(new DialectTraits("`", "`", DialectTraits.LimitStyle.LIMIT_OFFSET, true, false, false));
    }

    @Override
    public Dialect dialect() {
        return Dialect.MYSQL;
    }

    @Override
    protected void dateBucket(BucketUnit unit, Runnable x, SqlOut o) {
        switch (unit) {
            case HOUR -> o.template("CAST(DATE_FORMAT({0}, '%Y-%m-%d %H:00:00') AS DATETIME)", x);
            case DAY -> super.dateBucket(unit, x, o);
            // WEEKDAY is 0 for Monday whatever the server's week settings
            case WEEK -> o.template("DATE_SUB(CAST({0} AS DATE), INTERVAL WEEKDAY({0}) DAY)", x);
            case MONTH -> o.template("CAST(DATE_FORMAT({0}, '%Y-%m-01') AS DATE)", x);
            case QUARTER -> o.template("DATE_ADD(MAKEDATE(YEAR({0}), 1), INTERVAL (QUARTER({0}) - 1) * 3 MONTH)", x);
            case YEAR -> o.template("MAKEDATE(YEAR({0}), 1)", x);
        }
    }

    @Override
    protected void elapsedSeconds(Runnable start, Runnable end, SqlOut o) {
        o.template("TIMESTAMPDIFF(SECOND, {0}, {1})", start, end);
    }

    @Override
    protected String medianRefusal() {
        return "MySQL has no median aggregate and MariaDB's MEDIAN() is only a window function; an approximation would be a wrong answer";
    }

    @Override
    protected String stringLiteral(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    /**
     * {@code ||} means OR here unless PIPES_AS_CONCAT is set; CONCAT is NULL when a part is NULL, so COALESCE falls
     * back to the part that is there (CONCAT_WS would give '' for two NULL parts).
     */
    @Override
    protected void joinedName(Runnable first, Runnable last, SqlOut o) {
        o.template("COALESCE(CONCAT({0}, ' ', {1}), {0}, {1})", first, last);
    }
}
