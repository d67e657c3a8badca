package org.tally.core.catalog;

import java.util.List;
import java.util.Objects;

/**
 * Exact facts about one column's data, measured by a full scan (never a sample).
 *
 * @param rowCount       rows in the table when profiled
 * @param nullCount      rows where the column is null
 * @param cardinality    whether the distinct values were counted (see {@link Cardinality})
 * @param distinctCount  exact number of distinct non-null values when {@code cardinality} is EXACT, else null
 * @param values         each distinct non-null value with its row count, most frequent first; empty unless
 *                       {@code cardinality} is EXACT and the column is not PII
 * @param pii            true when the PII policy marked the column: no value of it is stored (values, min, max)
 * @param min            smallest value of a temporal or numeric column (ISO-8601 or plain decimal), else null
 * @param max            largest value, like {@code min}
 * @param shape          lengths and letters of a text column's values (kept for personal columns too: it holds no
 *                       value), null for other columns or catalogs profiled before it was measured
 */
public record ColumnProfile(long rowCount, long nullCount, Cardinality cardinality, Integer distinctCount,
                            List<ValueCount> values, boolean pii, String min, String max, TextShape shape) {

    /** Past this many distinct values a column is high-cardinality and no values are kept. */
    public static final int MAX_VALUES = 50;

    public ColumnProfile {
        Objects.requireNonNull(cardinality, "cardinality");
        values = List.copyOf(values);
        if (nullCount < 0 || nullCount > rowCount) {
            throw new IllegalArgumentException("nullCount " + nullCount + " outside 0.." + rowCount);
        }
        if ((cardinality == Cardinality.EXACT) != (distinctCount != null)) {
            throw new IllegalArgumentException("distinctCount is set exactly when cardinality is EXACT");
        }
        if (distinctCount != null && (distinctCount < 0 || distinctCount > MAX_VALUES)) {
            throw new IllegalArgumentException("distinctCount " + distinctCount + " outside 0.." + MAX_VALUES);
        }
        if (!values.isEmpty() && (cardinality != Cardinality.EXACT || pii || values.size() != distinctCount)) {
            throw new IllegalArgumentException("values are kept only for an exactly counted, non-PII column");
        }
        if (pii && (min != null || max != null)) {
            throw new IllegalArgumentException("a PII column keeps no min or max");
        }
    }

    public ColumnProfile(long rowCount, long nullCount, Cardinality cardinality, Integer distinctCount,
                         List<ValueCount> values, boolean pii, String min, String max) {
        this(rowCount, nullCount, cardinality, distinctCount, values, pii, min, max, null);
    }

    public ColumnProfile withShape(TextShape newShape) {
        return new ColumnProfile(rowCount, nullCount, cardinality, distinctCount, values, pii, min, max, newShape);
    }

    /** Fraction of rows where the column is null (0 for an empty table). */
    public double nullFraction() {
        return rowCount == 0 ? 0.0 : (double) nullCount / rowCount;
    }

    /** True when the column's vocabulary is known: an exactly counted column whose values were kept. */
    public boolean enumerated() {
        return cardinality == Cardinality.EXACT && !pii;
    }
}
