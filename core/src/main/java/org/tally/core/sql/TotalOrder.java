package org.tally.core.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Lowering pass: makes ORDER BY a total order by appending a unique key (the primary key columns of a list's
 * subject, or the group columns of a grouped result) after the requested sort keys, so equal sort values never
 * leave row order to the database and keyset pages neither repeat nor skip rows.
 */
public final class TotalOrder {

    private TotalOrder() {
    }

    /** Appends, ascending, each column of {@code uniqueKey} that ORDER BY does not already contain. */
    public static SqlQuery withTieBreaker(SqlQuery q, List<? extends ValueExpr> uniqueKey) {
        if (uniqueKey.isEmpty()) {
            throw new IllegalArgumentException("TotalOrder uniqueKey is empty; pass the subject's primary key columns");
        }
        List<ValueExpr> present = q.orderBy().stream().map(OrderItem::expr).toList();
        List<OrderItem> order = new ArrayList<>(q.orderBy());
        for (ValueExpr k : uniqueKey) {
            if (q.aggregated() && !q.groupBy().contains(k)) {
                throw new IllegalArgumentException("TotalOrder key " + k + " is not a group column of this aggregating query; use byGroups");
            }
            if (q.distinct() && q.select().stream().noneMatch(s -> s.expr().equals(k))) {
                throw new IllegalArgumentException("TotalOrder key " + k + " must be selected in a DISTINCT query");
            }
            if (!present.contains(k)) {
                order.add(OrderItem.asc(k));
            }
        }
        return q.toBuilder().orderByList(order).build();
    }

    /** For grouped results: the group columns are unique per row. */
    public static SqlQuery byGroups(SqlQuery q) {
        if (q.groupBy().isEmpty()) {
            throw new IllegalArgumentException("TotalOrder.byGroups needs a query with groupBy; a scalar aggregate has one row");
        }
        return withTieBreaker(q, q.groupBy());
    }
}
