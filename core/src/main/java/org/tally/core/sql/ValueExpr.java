package org.tally.core.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Expressions that produce a value: columns, bound values, aggregates, date buckets, durations, arithmetic, names. */
public sealed interface ValueExpr extends SqlExpr {

    /** A physical column of the relation introduced under {@code alias}. */
    record ColumnRef(String alias, String column) implements ValueExpr {
        public ColumnRef {
            Names.require(alias, "ColumnRef.alias");
            Names.require(column, "ColumnRef.column");
        }
    }

    /** A value from the question: always rendered as a bound parameter ({@code ?}). */
    record Literal(SqlValue value) implements ValueExpr {
        public Literal {
            Objects.requireNonNull(value, "Literal.value");
        }
    }

    /**
     * A numeric constant that is part of the query's shape (the 100.0 of a rate, the 1 and 0 of a CASE, the
     * 86400.0 that turns seconds into days), written into the SQL text. Never use it for a value from the question.
     */
    record NumericConstant(BigDecimal value) implements ValueExpr {
        public NumericConstant {
            Objects.requireNonNull(value, "NumericConstant.value");
        }
    }

    enum AggregateFn {
        COUNT, SUM, AVG, MIN, MAX, MEDIAN;

        /** True when repeating an input row changes the result, i.e. when a join fan-out would inflate it. */
        public boolean duplicateSensitive(boolean distinct) {
            return switch (this) {
                case MIN, MAX -> false;
                case COUNT -> !distinct;
                case SUM, AVG, MEDIAN -> true;
            };
        }
    }

    /** An aggregate; an empty argument means {@code COUNT(*)}, which counts the rows of the query's FROM relation. */
    record Aggregate(AggregateFn fn, boolean distinct, Optional<ValueExpr> arg) implements ValueExpr {
        public Aggregate {
            Objects.requireNonNull(fn, "Aggregate.fn");
            Objects.requireNonNull(arg, "Aggregate.arg");
            if (arg.isEmpty() && fn != AggregateFn.COUNT) {
                throw new IllegalArgumentException("Aggregate.arg is required for " + fn + "; only COUNT may count rows (*)");
            }
            if (distinct && (fn != AggregateFn.COUNT || arg.isEmpty())) {
                throw new IllegalArgumentException("Aggregate.distinct is only supported for COUNT(DISTINCT x), not " + fn);
            }
            if (arg.isPresent() && Exprs.containsAggregate(arg.get())) {
                throw new IllegalArgumentException("Aggregate.arg must not contain another aggregate: " + arg.get());
            }
        }

        public boolean countsRows() {
            return arg.isEmpty();
        }
    }

    enum BucketUnit { HOUR, DAY, WEEK, MONTH, QUARTER, YEAR }

    /**
     * The start of the bucket that contains a temporal value. HOUR yields a timestamp; DAY and coarser yield a DATE.
     * Weeks start on Monday whatever the server's locale.
     */
    record DateBucket(BucketUnit unit, ValueExpr value) implements ValueExpr {
        public DateBucket {
            Objects.requireNonNull(unit, "DateBucket.unit");
            Objects.requireNonNull(value, "DateBucket.value");
        }
    }

    /** Seconds elapsed from {@code start} to {@code end} (end minus start); NULL when either is NULL. */
    record ElapsedSeconds(ValueExpr start, ValueExpr end) implements ValueExpr {
        public ElapsedSeconds {
            Objects.requireNonNull(start, "ElapsedSeconds.start");
            Objects.requireNonNull(end, "ElapsedSeconds.end");
        }
    }

    enum ArithmeticOp {
        ADD("+", 1), SUBTRACT("-", 1), MULTIPLY("*", 2), DIVIDE("/", 2);

        private final String symbol;
        private final int precedence;

        ArithmeticOp(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        public String symbol() {
            return symbol;
        }

        public int precedence() {
            return precedence;
        }
    }

    record Arithmetic(ArithmeticOp op, ValueExpr left, ValueExpr right) implements ValueExpr {
        public Arithmetic {
            Objects.requireNonNull(op, "Arithmetic.op");
            Objects.requireNonNull(left, "Arithmetic.left");
            Objects.requireNonNull(right, "Arithmetic.right");
        }
    }

    record When(Predicate condition, ValueExpr result) {
        public When {
            Objects.requireNonNull(condition, "When.condition");
            Objects.requireNonNull(result, "When.result");
        }
    }

    record CaseWhen(List<When> whens, Optional<ValueExpr> otherwise) implements ValueExpr {
        public CaseWhen {
            whens = List.copyOf(whens);
            Objects.requireNonNull(otherwise, "CaseWhen.otherwise");
            if (whens.isEmpty()) {
                throw new IllegalArgumentException("CaseWhen.whens needs at least one WHEN branch");
            }
        }
    }

    /** {@code NULLIF(value, nullWhen)}: guards divisions against zero. */
    record NullIf(ValueExpr value, ValueExpr nullWhen) implements ValueExpr {
        public NullIf {
            Objects.requireNonNull(value, "NullIf.value");
            Objects.requireNonNull(nullWhen, "NullIf.nullWhen");
        }
    }

    /**
     * A person's name from its two parts: {@code first}, one space, {@code last}; the part alone when the other is
     * NULL; NULL when both are. Each dialect writes it with its own concatenation, so NULL handling is explicit.
     */
    record JoinedName(ValueExpr first, ValueExpr last) implements ValueExpr {
        public JoinedName {
            Objects.requireNonNull(first, "JoinedName.first");
            Objects.requireNonNull(last, "JoinedName.last");
            if (Exprs.containsAggregate(first) || Exprs.containsAggregate(last)) {
                throw new IllegalArgumentException("JoinedName parts must be row values, not aggregates");
            }
        }
    }

    /**
     * {@code DENSE_RANK() OVER (ORDER BY order)}: 1 for the rows holding the first value of the order, 2 for the next
     * distinct value, and so on (tied rows share a rank, no rank is skipped). Only the compiler's lowering of a cut
     * that keeps ties writes it ({@link TiesAtCut}).
     */
    record DenseRank(List<OrderItem> order) implements ValueExpr {
        public DenseRank {
            order = List.copyOf(order);
            if (order.isEmpty()) {
                throw new IllegalArgumentException("DenseRank.order needs at least one key");
            }
        }
    }

    record Coalesce(List<ValueExpr> values) implements ValueExpr {
        public Coalesce {
            values = List.copyOf(values);
            if (values.size() < 2) {
                throw new IllegalArgumentException("Coalesce.values needs at least two values, got " + values.size());
            }
        }
    }
}
