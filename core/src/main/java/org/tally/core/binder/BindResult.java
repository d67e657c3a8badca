package org.tally.core.binder;

import java.util.List;
import java.util.Objects;
import org.tally.core.sql.SqlQuery;

/** What {@link SpecBinder#bind} gives: a physical query, or a typed failure. */
public sealed interface BindResult {

    /**
     * A bound spec.
     *
     * @param query       the physical query (join cardinalities set, total order where rows are listed)
     * @param explanation one sentence saying what the query computes
     * @param tables      the physical tables it reads
     * @param probe       true for an existence question: the query lists at most one witness row
     */
    record Bound(SqlQuery query, String explanation, List<String> tables, boolean probe) implements BindResult {
        public Bound {
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(explanation, "explanation");
            tables = List.copyOf(tables);
        }
    }

    record Failed(BindFailure failure) implements BindResult {
        public Failed {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
