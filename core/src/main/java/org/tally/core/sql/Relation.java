package org.tally.core.sql;

import java.util.Objects;
import java.util.Optional;

/** Something a FROM or JOIN names, always under an alias that column references use. */
public sealed interface Relation {

    String alias();

    /** A physical table, optionally schema-qualified, exactly as the catalog spells it. */
    record TableRef(Optional<String> schema, String table, String alias) implements Relation {
        public TableRef {
            Objects.requireNonNull(schema, "TableRef.schema");
            schema.ifPresent(s -> Names.require(s, "TableRef.schema"));
            Names.require(table, "TableRef.table");
            Names.require(alias, "TableRef.alias");
        }
    }

    /** A common table expression of the enclosing query's WITH clause. */
    record CteRef(String cteName, String alias) implements Relation {
        public CteRef {
            Names.require(cteName, "CteRef.cteName");
            Names.require(alias, "CteRef.alias");
        }
    }

    /** A subquery in FROM or JOIN. */
    record DerivedTable(SqlQuery query, String alias) implements Relation {
        public DerivedTable {
            Objects.requireNonNull(query, "DerivedTable.query");
            Names.require(alias, "DerivedTable.alias");
            if (!query.ctes().isEmpty()) {
                throw new IllegalArgumentException("DerivedTable.query must not carry its own WITH clause; hoist CTEs to the outer query");
            }
        }
    }
}
