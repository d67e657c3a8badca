package org.tally.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tally.core.sql.Predicate.CompareOp;

/**
 * Lowering pass: the page after a cursor is the same query plus "sorts after the cursor", i.e. the row-value
 * comparison {@code (a, b) > (?, ?)} expanded portably as {@code a > ? OR (a = ? AND b > ?)}, honouring each
 * key's direction and the IR's rule that NULLs sort low. Use it on a query already made total by {@link TotalOrder}.
 */
public final class KeysetPaging {

    private KeysetPaging() {
    }

    public static SqlQuery after(SqlQuery q, KeysetCursor cursor) {
        List<OrderItem> order = q.orderBy();
        if (order.isEmpty()) {
            throw new IllegalArgumentException("KeysetPaging needs an ORDER BY (make it total with TotalOrder first)");
        }
        if (cursor.lastValues().size() != order.size()) {
            throw new IllegalArgumentException("KeysetCursor has " + cursor.lastValues().size() + " values but ORDER BY has "
                    + order.size() + " keys");
        }
        if (q.limit().isPresent() && q.limit().get().offset() > 0) {
            throw new IllegalArgumentException("KeysetPaging replaces OFFSET; the query must not have one");
        }
        List<Predicate> disjuncts = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            Optional<Predicate> beyond = beyond(order.get(i), cursor.lastValues().get(i));
            if (beyond.isEmpty()) {
                continue;
            }
            List<Predicate> conj = new ArrayList<>();
            for (int k = 0; k < i; k++) {
                conj.add(equalTo(order.get(k).expr(), cursor.lastValues().get(k)));
            }
            conj.add(beyond.get());
            disjuncts.add(Sql.and(conj));
        }
        Predicate after = disjuncts.isEmpty()
                ? Sql.eq(Sql.constant("1"), Sql.constant("0"))  // the cursor is at the very end
                : Sql.or(disjuncts);
        SqlQuery.Builder b = q.toBuilder();
        return (q.aggregated() ? b.having(after) : b.where(after)).build();
    }

    private static Predicate equalTo(ValueExpr x, Optional<SqlValue> v) {
        return v.<Predicate>map(value -> Sql.eq(x, Sql.param(value))).orElseGet(() -> Sql.isNull(x));
    }

    /** Rows strictly after the value on this key alone, or empty when none can be (NULL is last when descending). */
    private static Optional<Predicate> beyond(OrderItem item, Optional<SqlValue> v) {
        ValueExpr x = item.expr();
        if (item.direction() == OrderItem.Direction.ASC) {
            return Optional.of(v.<Predicate>map(value -> Sql.compare(x, CompareOp.GT, Sql.param(value)))
                    .orElseGet(() -> Sql.isNotNull(x)));
        }
        return v.map(value -> Sql.or(Sql.compare(x, CompareOp.LT, Sql.param(value)), Sql.isNull(x)));
    }
}
