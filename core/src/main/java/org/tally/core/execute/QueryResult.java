package org.tally.core.execute;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The rows a statement returned, values normalised by {@link ResultValues#normalise}
 * (so they compare across databases). Rows may hold nulls.
 *
 * @param columns   column labels, in order
 * @param rows      at most the executor's max rows; each row has one value per column
 * @param truncated true when the statement had more rows than the executor returns
 * @param elapsedMs wall time from the start of the execution (preflight included) to the last row read
 */
public record QueryResult(List<String> columns, List<List<Object>> rows, boolean truncated, long elapsedMs) {

    public QueryResult {
        Objects.requireNonNull(rows, "rows");
        columns = List.copyOf(columns);
        List<List<Object>> copy = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("a row has " + row.size() + " values for " + columns.size() + " columns");
            }
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copy);
        if (elapsedMs < 0) {
            throw new IllegalArgumentException("elapsedMs must not be negative: " + elapsedMs);
        }
    }
}
