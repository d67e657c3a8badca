package org.tally.core.sql;

import java.util.Objects;

/**
 * A join of {@code relation} to exactly one relation introduced before it (its parent, found from {@code on}),
 * with the cardinality seen from that parent.
 */
public record Join(JoinType type, Relation relation, Predicate on, Cardinality cardinality) {
    public Join {
        Objects.requireNonNull(type, "Join.type");
        Objects.requireNonNull(relation, "Join.relation");
        Objects.requireNonNull(on, "Join.on");
        Objects.requireNonNull(cardinality, "Join.cardinality");
    }
}
