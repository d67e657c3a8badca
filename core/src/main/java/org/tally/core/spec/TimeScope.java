package org.tally.core.spec;

/**
 * The time window of a question: rows whose {@code column} lies in the half-open range [{@code from}, {@code to}).
 * Either end may be open ("since May", "before 2026"), not both unless a bucket is given. Bounds are
 * {@link Literal.DateValue} or {@link Literal.DateTimeValue}, both of one kind. A {@code bucket} also groups the
 * result by that bucket of the same column: it is shorthand for a leading {@link Dimension.TimeBucket}
 * (the canonical form moves it there, and turns the range into {@code ge}/{@code lt} filters).
 */
public record TimeScope(ColumnRef column, Literal from, Literal to, Bucket bucket) {

    public TimeScope {
        if (column == null) {
            throw new InvalidSpecException("column", "is missing", "give the date or time column the range applies to");
        }
        if (!column.role().isTemporal()) {
            throw new InvalidSpecException("column", column.describe() + " is not a date or time",
                    "use an EventTime, StartTime, EndTime, BirthDate or DeathDate column");
        }
        checkBound(from, "from");
        checkBound(to, "to");
        if (from == null && to == null && bucket == null) {
            throw new InvalidSpecException("from", "the time scope has neither a range nor a bucket",
                    "give from and/or to, or a bucket, or leave the time scope out");
        }
        if (from != null && to != null) {
            if (from.getClass() != to.getClass()) {
                throw new InvalidSpecException("to", "is of another kind than from",
                        "give both bounds as dates or both as datetimes");
            }
            if (LiteralOrder.compare(from, to) >= 0) {
                throw new InvalidSpecException("to", "the range [" + from.describe() + ", " + to.describe()
                        + ") is empty", "give a 'to' after 'from' (the range excludes 'to')");
            }
        }
    }

    public static TimeScope between(ColumnRef column, Literal from, Literal to) {
        return new TimeScope(column, from, to, null);
    }

    private static void checkBound(Literal bound, String field) {
        if (bound != null && !bound.isTemporal()) {
            throw new InvalidSpecException(field, bound.describe() + " is not a date or datetime",
                    "write it as {\"type\":\"date\",\"value\":\"2026-05-01\"}");
        }
    }

    /** The same window with another bucket (or none). */
    public TimeScope withBucket(Bucket newBucket) {
        return new TimeScope(column, from, to, newBucket);
    }

    public String describe() {
        return column.describe() + " in [" + (from == null ? "…" : from.describe()) + ", "
                + (to == null ? "…" : to.describe()) + ")" + (bucket == null ? "" : " per " + bucket.jsonName());
    }
}
