package org.tally.core.sql;

import org.tally.core.source.Dialect;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * PostgreSQL: double-quoted identifiers, LIMIT/OFFSET, DATE_TRUNC buckets (weeks are ISO, i.e. Monday), elapsed
 * seconds through EXTRACT(EPOCH FROM interval), the PERCENTILE_CONT median, explicit NULLS FIRST/LAST because
 * PostgreSQL sorts NULLs high by default, and names joined with {@code ||} under COALESCE.
 */
public final class PostgresRenderer extends SqlRenderer {

    public PostgresRenderer() {
        super(new DialectTraits("\"", "\"", DialectTraits.LimitStyle.LIMIT_OFFSET, true, true, true));
    }

    @Override
    public Dialect dialect() {
        return Dialect.POSTGRES;
    }

    @Override
    protected void dateBucket(BucketUnit unit, Runnable x, SqlOut o) {
        switch (unit) {
            case HOUR -> o.template("DATE_TRUNC('hour', {0})", x);
            case DAY -> super.dateBucket(unit, x, o);
            case WEEK -> o.template("CAST(DATE_TRUNC('week', {0}) AS DATE)", x);
            case MONTH -> o.template("CAST(DATE_TRUNC('month', {0}) AS DATE)", x);
            case QUARTER -> o.template("CAST(DATE_TRUNC('quarter', {0}) AS DATE)", x);
            case YEAR -> o.template("CAST(DATE_TRUNC('year', {0}) AS DATE)", x);
        }
    }

    /** Both sides become timestamps first: date minus date is an integer of days, which EXTRACT cannot take. */
    @Override
    protected void elapsedSeconds(Runnable start, Runnable end, SqlOut o) {
        o.template("EXTRACT(EPOCH FROM (CAST({1} AS TIMESTAMP) - CAST({0} AS TIMESTAMP)))", start, end);
    }

    /** {@code ||} is NULL when a part is NULL, so COALESCE falls back to the part that is there. */
    @Override
    protected void joinedName(Runnable first, Runnable last, SqlOut o) {
        o.template("COALESCE({0} || ' ' || {1}, {0}, {1})", first, last);
    }
}
