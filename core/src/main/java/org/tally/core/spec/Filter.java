package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One condition on the rows of a scope. The filters of a spec (or of a related scope, or of a rate's numerator) are
 * AND-ed. Every condition but {@link IsNull} is false for a null value, as in a SQL WHERE clause.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Filter.Compare.class, name = "compare"),
        @JsonSubTypes.Type(value = Filter.In.class, name = "in"),
        @JsonSubTypes.Type(value = Filter.Between.class, name = "between"),
        @JsonSubTypes.Type(value = Filter.IsNull.class, name = "isNull"),
        @JsonSubTypes.Type(value = Filter.IsNotNull.class, name = "isNotNull"),
        @JsonSubTypes.Type(value = Filter.IsTrue.class, name = "isTrue"),
        @JsonSubTypes.Type(value = Filter.IsFalse.class, name = "isFalse")})
public sealed interface Filter
        permits Filter.Compare, Filter.In, Filter.Between, Filter.IsNull, Filter.IsNotNull, Filter.IsTrue,
        Filter.IsFalse {

    /** The value the condition tests. */
    ValueRef target();

    /** A readable rendering for messages and explanations, e.g. {@code Delivery.Category = 'CS'}. */
    String describe();

    /** The same condition on another value (canonicalization and rewrites change the target, never the test). */
    default Filter withTarget(ValueRef t) {
        if (this instanceof Compare c) {
            return new Compare(t, c.op(), c.value());
        }
        if (this instanceof In in) {
            return new In(t, in.values());
        }
        if (this instanceof Between b) {
            return new Between(t, b.low(), b.high());
        }
        if (this instanceof IsNull) {
            return new IsNull(t);
        }
        if (this instanceof IsNotNull) {
            return new IsNotNull(t);
        }
        if (this instanceof IsTrue) {
            return new IsTrue(t);
        }
        if (this instanceof IsFalse) {
            return new IsFalse(t);
        }
        throw new AssertionError(this);
    }

    static Filter eq(ValueRef target, Literal value) {
        return new Compare(target, CompareOp.EQ, value);
    }

    static Filter ne(ValueRef target, Literal value) {
        return new Compare(target, CompareOp.NE, value);
    }

    static Filter lt(ValueRef target, Literal value) {
        return new Compare(target, CompareOp.LT, value);
    }

    static Filter le(ValueRef target, Literal value) {
        return new Compare(target, CompareOp.LE, value);
    }

    static Filter gt(ValueRef target, Literal value) {
        return new Compare(target, CompareOp.GT, value);
    }

    static Filter ge(ValueRef target, Literal value) {
        return new Compare(target, CompareOp.GE, value);
    }

    static Filter in(ValueRef target, Literal... values) {
        return new In(target, List.of(values));
    }

    static Filter between(ValueRef target, Literal low, Literal high) {
        return new Between(target, low, high);
    }

    /** {@code target op value}; lt/le/gt/ge need a number, date or datetime; true/false only with eq/ne on a Flag. */
    record Compare(ValueRef target, CompareOp op, Literal value) implements Filter {
        public Compare {
            FilterChecks.requireTarget(target);
            if (op == null) {
                throw new InvalidSpecException("op", "is missing", "use one of eq, ne, lt, le, gt, ge");
            }
            if (value == null) {
                throw new InvalidSpecException("value", "is missing",
                        "give a literal, or use isNull/isNotNull to test for a missing value");
            }
            boolean ordering = op != CompareOp.EQ && op != CompareOp.NE;
            if (ordering && !value.isOrdered()) {
                throw new InvalidSpecException("op", op.jsonName() + " needs a number, date or datetime, not "
                        + value.describe(), "use eq, ne or in for text and true/false");
            }
            LiteralOrder.checkCompatible(target, value, "value");
        }

        @Override
        public String describe() {
            return target.describe() + " " + symbol(op) + " " + value.describe();
        }

        private static String symbol(CompareOp op) {
            switch (op) {
                case EQ: return "=";
                case NE: return "≠";
                case LT: return "<";
                case LE: return "≤";
                case GT: return ">";
                case GE: return "≥";
                default: throw new AssertionError(op);
            }
        }
    }

    /** {@code target} is one of {@code values} (at least one; all of one kind; no true/false). */
    record In(ValueRef target, List<Literal> values) implements Filter {
        public In {
            FilterChecks.requireTarget(target);
            if (values == null || values.isEmpty()) {
                throw new InvalidSpecException("values", "an in-list is empty", "give at least one value");
            }
            for (int i = 0; i < values.size(); i++) {
                Literal value = values.get(i);
                if (value == null) {
                    throw new InvalidSpecException("values[" + i + "]", "is null", "use isNull for missing values");
                }
                if (value instanceof Literal.BooleanValue) {
                    throw new InvalidSpecException("values[" + i + "]", "true/false in an in-list",
                            "use isTrue or isFalse");
                }
                if (LiteralOrder.family(value) != LiteralOrder.family(values.get(0))) {
                    throw new InvalidSpecException("values[" + i + "]", value.describe() + " is of another kind than "
                            + values.get(0).describe(), "give values of one kind");
                }
                LiteralOrder.checkCompatible(target, value, "values[" + i + "]");
            }
            values = List.copyOf(values);
        }

        @Override
        public String describe() {
            return target.describe() + " in (" + values.stream().map(Literal::describe)
                    .collect(Collectors.joining(", ")) + ")";
        }
    }

    /** {@code low ≤ target ≤ high}, both ends inclusive, low not above high. */
    record Between(ValueRef target, Literal low, Literal high) implements Filter {
        public Between {
            FilterChecks.requireTarget(target);
            if (low == null || !low.isOrdered()) {
                throw new InvalidSpecException("low", low == null ? "is missing" : low.describe() + " has no order",
                        "give a number, date or datetime");
            }
            if (high == null || !high.isOrdered()) {
                throw new InvalidSpecException("high", high == null ? "is missing" : high.describe() + " has no order",
                        "give a number, date or datetime");
            }
            LiteralOrder.checkCompatible(target, low, "low");
            LiteralOrder.checkCompatible(target, high, "high");
            if (LiteralOrder.family(low) != LiteralOrder.family(high)) {
                throw new InvalidSpecException("high", "is of another kind than low", "give both bounds of one kind");
            }
            if (LiteralOrder.compare(low, high) > 0) {
                throw new InvalidSpecException("low", low.describe() + " is above high " + high.describe(),
                        "swap the bounds");
            }
        }

        @Override
        public String describe() {
            return target.describe() + " between " + low.describe() + " and " + high.describe();
        }
    }

    /** The value is missing. */
    record IsNull(ValueRef target) implements Filter {
        public IsNull {
            FilterChecks.requireTarget(target);
        }

        @Override
        public String describe() {
            return target.describe() + " is null";
        }
    }

    /** The value is present. */
    record IsNotNull(ValueRef target) implements Filter {
        public IsNotNull {
            FilterChecks.requireTarget(target);
        }

        @Override
        public String describe() {
            return target.describe() + " is not null";
        }
    }

    /** A Flag column is true (a null flag is neither true nor false). */
    record IsTrue(ValueRef target) implements Filter {
        public IsTrue {
            FilterChecks.requireFlag(target);
        }

        @Override
        public String describe() {
            return target.describe() + " is true";
        }
    }

    /** A Flag column is false. */
    record IsFalse(ValueRef target) implements Filter {
        public IsFalse {
            FilterChecks.requireFlag(target);
        }

        @Override
        public String describe() {
            return target.describe() + " is false";
        }
    }
}
