package org.tally.core.sql;

import org.tally.core.source.Dialect;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * H2 2.x: double-quoted identifiers, LIMIT/OFFSET, DATE_TRUNC buckets (ISO_WEEK for Monday weeks: plain WEEK
 * follows the locale and started on Sunday here), DATEDIFF('SECOND', a, b), MEDIAN, and explicit NULLS FIRST/LAST
 * because compatibility modes change H2's default NULL order.
 */
public final class H2Renderer extends SqlRenderer {

    public H2Renderer() {
        super(new DialectTraits("\"", "\"", DialectTraits.LimitStyle.LIMIT_OFFSET, true, true, true));
    }

    @Override
    public Dialect dialect() {
        return Dialect.H2;
    }

    @Override
    protected void dateBucket(BucketUnit unit, Runnable x, SqlOut o) {
        switch (unit) {
            case HOUR -> o.template("DATE_TRUNC('HOUR', {0})", x);
            case DAY -> super.dateBucket(unit, x, o);
            case WEEK -> o.template("CAST(DATE_TRUNC('ISO_WEEK', {0}) AS DATE)", x);
            case MONTH -> o.template("CAST(DATE_TRUNC('MONTH', {0}) AS DATE)", x);
            case QUARTER -> o.template("CAST(DATE_TRUNC('QUARTER', {0}) AS DATE)", x);
            case YEAR -> o.template("CAST(DATE_TRUNC('YEAR', {0}) AS DATE)", x);
        }
    }

    @Override
    protected void elapsedSeconds(Runnable start, Runnable end, SqlOut o) {
        o.template("DATEDIFF('SECOND', {0}, {1})", start, end);
    }

    @Override
    protected void median(Runnable arg, SqlOut o) {
        o.template("MEDIAN({0})", arg);
    }

    /** {@code ||} is NULL when a part is NULL in every compatibility mode, so COALESCE falls back to the other part. */
    @Override
    protected void joinedName(Runnable first, Runnable last, SqlOut o) {
        o.template("COALESCE({0} || ' ' || {1}, {0}, {1})", first, last);
    }
}
