package org.tally.core.sql;

import java.util.Objects;

/** A named subquery of a WITH clause. */
record Cte(String name, SqlQuery query) {
    public Cte {
        Names.require(name, "Cte.name");
        Objects.requireNonNull(query, "Cte.query");
        if (!query.ctes().isEmpty()) {
            throw new IllegalArgumentException("Cte.query must not nest a WITH clause (SQL Server refuses it); hoist it");
        }
    }
}
