package org.tally.core.binder;

import java.util.List;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.ValueExpr;

/** One condition of the question bound to what the query reads, its values as the column holds them. */
sealed interface BoundCondition {

    /** The condition as SQL. */
    Predicate predicate();

    /** {@code value = expected}: a true/false column in its own spelling. */
    record Equals(ValueExpr value, SqlValue expected) implements BoundCondition {
        @Override
        public Predicate predicate() {
            return Sql.eq(value, Sql.param(expected));
        }
    }

    record Compare(ValueExpr value, Predicate.CompareOp op, SqlValue with) implements BoundCondition {
        @Override
        public Predicate predicate() {
            return Sql.compare(value, op, Sql.param(with));
        }
    }

    record In(ValueExpr value, List<SqlValue> values) implements BoundCondition {
        public In {
            values = List.copyOf(values);
        }

        @Override
        public Predicate predicate() {
            return Sql.in(value, values.toArray(new SqlValue[0]));
        }
    }

    record Between(ValueExpr value, SqlValue low, SqlValue high) implements BoundCondition {
        @Override
        public Predicate predicate() {
            return new Predicate.Between(value, Sql.param(low), Sql.param(high));
        }
    }

    /** {@code value IS [NOT] NULL}. */
    record Empty(ValueExpr value, boolean empty) implements BoundCondition {
        @Override
        public Predicate predicate() {
            return empty ? Sql.isNull(value) : Sql.isNotNull(value);
        }
    }

    /** A related scope: EXISTS, NOT EXISTS or a count of related rows. */
    record Related(BoundRelated scope) implements BoundCondition {
        @Override
        public Predicate predicate() {
            return scope.predicate();
        }
    }
}
