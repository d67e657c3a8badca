package org.tally.core.sql;

import java.util.Objects;

/** An output column: every output column has an explicit name. */
public record SelectItem(ValueExpr expr, String alias) {
    public SelectItem {
        Objects.requireNonNull(expr, "SelectItem.expr");
        Names.require(alias, "SelectItem.alias");
    }
}
