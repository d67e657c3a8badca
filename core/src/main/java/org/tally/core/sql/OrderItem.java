package org.tally.core.sql;

import java.util.Objects;

/**
 * One sort key. NULLs sort low on every dialect (first when ascending, last when descending); renderers whose
 * database defaults differently say so explicitly.
 */
public record OrderItem(ValueExpr expr, Direction direction) {

    public enum Direction { ASC, DESC }

    public OrderItem {
        Objects.requireNonNull(expr, "OrderItem.expr");
        Objects.requireNonNull(direction, "OrderItem.direction");
    }

    public static OrderItem asc(ValueExpr expr) {
        return new OrderItem(expr, Direction.ASC);
    }

    public static OrderItem desc(ValueExpr expr) {
        return new OrderItem(expr, Direction.DESC);
    }
}
