package org.tally.core.sql;

import org.tally.core.source.Dialect;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * SQL Server: bracketed identifiers, TOP (n) or OFFSET … FETCH, buckets as DATEADD(unit, DATEDIFF(unit, 0, x), 0)
 * (DATETRUNC needs SQL Server 2022), DATEDIFF_BIG for elapsed seconds, bits compared with 1/0, AVG over a decimal
 * (AVG of an integer column truncates here), names joined with CONCAT after NULL tests, and no median:
 * PERCENTILE_CONT is only a window function.
 */
public final class SqlServerRenderer extends SqlRenderer {

    public SqlServerRenderer() {
        super(new DialectTraits("[", "]", DialectTraits.LimitStyle.TOP_OR_OFFSET_FETCH, false, false, false));
    }

    @Override
    public Dialect dialect() {
        return Dialect.SQLSERVER;
    }

    @Override
    protected void dateBucket(BucketUnit unit, Runnable x, SqlOut o) {
        switch (unit) {
            case HOUR -> o.template("DATEADD(hour, DATEDIFF(hour, 0, {0}), 0)", x);
            case DAY -> super.dateBucket(unit, x, o);
            // day 0 (1900-01-01) was a Monday, so whole weeks since then start on Mondays whatever DATEFIRST says
            case WEEK -> o.template("CAST(DATEADD(day, DATEDIFF(day, 0, {0}) / 7 * 7, 0) AS DATE)", x);
            case MONTH -> o.template("CAST(DATEADD(month, DATEDIFF(month, 0, {0}), 0) AS DATE)", x);
            case QUARTER -> o.template("CAST(DATEADD(quarter, DATEDIFF(quarter, 0, {0}), 0) AS DATE)", x);
            case YEAR -> o.template("CAST(DATEADD(year, DATEDIFF(year, 0, {0}), 0) AS DATE)", x);
        }
    }

    @Override
    protected void elapsedSeconds(Runnable start, Runnable end, SqlOut o) {
        o.template("DATEDIFF_BIG(SECOND, {0}, {1})", start, end);
    }

    @Override
    protected void average(Runnable arg, SqlOut o) {
        o.template("AVG({0} * 1.0)", arg);
    }

    @Override
    protected String medianRefusal() {
        return "PERCENTILE_CONT is only a window function in SQL Server, not an aggregate; an approximation would be a wrong answer";
    }

    @Override
    protected String inlineLiteral(SqlValue v) {
        if (v instanceof SqlValue.Date d) {
            return "CAST('" + DATE.format(d.value()) + "' AS DATE)";
        }
        if (v instanceof SqlValue.Timestamp t) {
            return "CAST('" + timestampText(t.value(), 'T') + "' AS DATETIME2)";
        }
        return super.inlineLiteral(v);
    }

    /**
     * CONCAT reads NULL as '' and {@code +} depends on CONCAT_NULL_YIELDS_NULL, so the NULL parts are tested first;
     * unlike CONCAT_WS this runs before SQL Server 2017.
     */
    @Override
    protected void joinedName(Runnable first, Runnable last, SqlOut o) {
        o.template("CASE WHEN {0} IS NULL THEN {1} WHEN {1} IS NULL THEN {0} ELSE CONCAT({0}, ' ', {1}) END", first, last);
    }
}
