package org.tally.core.catalog;

/** What profiling learned about how many distinct values a column holds. */
public enum Cardinality {
    /** At most {@link ColumnProfile#MAX_VALUES} distinct non-null values, counted exactly. */
    EXACT,
    /** More than {@link ColumnProfile#MAX_VALUES} distinct non-null values; only that fact is kept. */
    HIGH,
    /** Not grouped: the type is not enumerable (free numbers, dates, binary, other) or profiling was skipped. */
    NOT_MEASURED
}
