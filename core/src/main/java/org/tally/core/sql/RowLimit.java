package org.tally.core.sql;

/**
 * At most {@code count} rows after skipping {@code offset}. Written into the SQL text, so the validator can clamp it.
 *
 * <p>With {@code tiedKeys} > 0 the cut keeps ties instead: every row whose dense rank over the first {@code tiedKeys}
 * ORDER BY keys is at most {@code count} (the rows holding the {@code count} best distinct values, so there may be
 * more than {@code count} rows). The keys after them only order the rows shown. Such a limit has no offset; the
 * compiler lowers it to a rank filter ({@link TiesAtCut}) before rendering.
 */
public record RowLimit(long count, long offset, int tiedKeys) {
    public RowLimit {
        if (count < 0) {
            throw new IllegalArgumentException("RowLimit.count must be >= 0, got " + count);
        }
        if (offset < 0) {
            throw new IllegalArgumentException("RowLimit.offset must be >= 0, got " + offset);
        }
        if (tiedKeys < 0) {
            throw new IllegalArgumentException("RowLimit.tiedKeys must be >= 0, got " + tiedKeys);
        }
        if (tiedKeys > 0 && offset > 0) {
            throw new IllegalArgumentException("RowLimit keeps ties at the cut, so it cannot also skip rows");
        }
    }

    public RowLimit(long count, long offset) {
        this(count, offset, 0);
    }

    public static RowLimit of(long count) {
        return new RowLimit(count, 0);
    }

    /** The rows ranked in the first {@code count} distinct values of the first {@code keys} ORDER BY keys. */
    public static RowLimit keepingTies(long count, int keys) {
        if (keys < 1) {
            throw new IllegalArgumentException("RowLimit.keepingTies needs at least one ranking key, got " + keys);
        }
        return new RowLimit(count, 0, keys);
    }

    /** Whether rows tied with the last one kept are kept too. */
    public boolean keepsTies() {
        return tiedKeys > 0;
    }
}
