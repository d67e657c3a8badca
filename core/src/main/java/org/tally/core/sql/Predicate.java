package org.tally.core.sql;

import java.util.List;
import java.util.Objects;

/** Conditions: comparisons, lists, ranges, null and boolean tests, connectives and correlated EXISTS. */
public sealed interface Predicate extends SqlExpr {

    enum CompareOp {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        CompareOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    record Comparison(CompareOp op, ValueExpr left, ValueExpr right) implements Predicate {
        public Comparison {
            Objects.requireNonNull(op, "Comparison.op");
            Objects.requireNonNull(left, "Comparison.left");
            Objects.requireNonNull(right, "Comparison.right");
        }
    }

    record InList(ValueExpr value, List<ValueExpr> candidates, boolean negated) implements Predicate {
        public InList {
            Objects.requireNonNull(value, "InList.value");
            candidates = List.copyOf(candidates);
            if (candidates.isEmpty()) {
                throw new IllegalArgumentException("InList.candidates must not be empty (an empty IN list is not valid SQL)");
            }
        }
    }

    /** {@code value BETWEEN low AND high}, both ends included. Time ranges use half-open comparisons instead. */
    record Between(ValueExpr value, ValueExpr low, ValueExpr high) implements Predicate {
        public Between {
            Objects.requireNonNull(value, "Between.value");
            Objects.requireNonNull(low, "Between.low");
            Objects.requireNonNull(high, "Between.high");
        }
    }

    record IsNull(ValueExpr value, boolean negated) implements Predicate {
        public IsNull {
            Objects.requireNonNull(value, "IsNull.value");
        }
    }

    /** A boolean column is true (or false); NULL matches neither. */
    record BoolTest(ValueExpr value, boolean expected) implements Predicate {
        public BoolTest {
            Objects.requireNonNull(value, "BoolTest.value");
        }
    }

    record And(List<Predicate> operands) implements Predicate {
        public And {
            operands = List.copyOf(operands);
            if (operands.size() < 2) {
                throw new IllegalArgumentException("And.operands needs at least two operands (use Sql.and to collapse)");
            }
        }
    }

    record Or(List<Predicate> operands) implements Predicate {
        public Or {
            operands = List.copyOf(operands);
            if (operands.size() < 2) {
                throw new IllegalArgumentException("Or.operands needs at least two operands (use Sql.or to collapse)");
            }
        }
    }

    record Not(Predicate operand) implements Predicate {
        public Not {
            Objects.requireNonNull(operand, "Not.operand");
        }
    }

    /**
     * {@code [NOT] EXISTS (SELECT 1 FROM from [joins] WHERE where)}; {@code where} correlates with the outer query by
     * naming its aliases. Aliases introduced here must differ from the outer query's. With bounds it is instead
     * {@code (SELECT COUNT(*) FROM …) >= atLeast} (and/or {@code <= atMost}): how many correlated rows match, so
     * "fewer than 2" keeps the rows with none.
     */
    record Exists(Relation from, List<Join> joins, Predicate where, boolean negated, Integer atLeast, Integer atMost)
            implements Predicate {
        public Exists(Relation from, List<Join> joins, Predicate where, boolean negated) {
            this(from, joins, where, negated, null, null);
        }

        public Exists {
            Objects.requireNonNull(from, "Exists.from");
            joins = List.copyOf(joins);
            Objects.requireNonNull(where, "Exists.where");
            SqlQuery.requireUniqueAliases(from, joins, "Exists");
            if (negated && (atLeast != null || atMost != null)) {
                throw new IllegalArgumentException("Exists: a row count is not negated; bound it instead");
            }
        }

        /** Whether this counts the correlated rows instead of testing for one. */
        public boolean counted() {
            return atLeast != null || atMost != null;
        }
    }
}
