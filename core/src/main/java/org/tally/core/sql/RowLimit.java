package org.tally.core.sql;

/** At most {@code count} rows after skipping {@code offset}. Written into the SQL text, so the validator can clamp it. */
public record RowLimit(long count, long offset) {
    public RowLimit {
        if (count < 0) {
            throw new IllegalArgumentException("RowLimit.count must be >= 0, got " + count);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("RowLimit.offset must be >= 0, got " + offset);
        }
    }

    public static RowLimit of(long count) {
        return new RowLimit(count, 0);
    }
}
