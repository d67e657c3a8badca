package org.tally.core.binding;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.tally.core.pack.Condition;

/**
 * One resolved column condition of a {@link Refinement}: what a base row must satisfy to be a row of the refined
 * concept, on one physical column. Values are observed spellings of the column, never pack spellings.
 */
public sealed interface Restriction {

    /** The column the condition is on (of the base table). */
    ColumnBinding column();

    /** In words, for explanations and {@code binding --explain}: "encounter type emergency". */
    String describe();

    /** The column holds one of {@code values} (observed spellings; exactly what the value class matched). */
    record ValueIn(ColumnBinding column, List<String> values, List<String> classes) implements Restriction {
        public ValueIn {
            Objects.requireNonNull(column, "column");
            values = List.copyOf(values);
            classes = List.copyOf(classes);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("a value restriction needs at least one observed value");
            }
        }

        @Override
        public String describe() {
            return words(column) + " " + String.join(" or ", values);
        }
    }

    /** The column is NULL. */
    record IsNull(ColumnBinding column) implements Restriction {
        public IsNull {
            Objects.requireNonNull(column, "column");
        }

        @Override
        public String describe() {
            return "no " + words(column);
        }
    }

    /** The column is not NULL. */
    record NotNull(ColumnBinding column) implements Restriction {
        public NotNull {
            Objects.requireNonNull(column, "column");
        }

        @Override
        public String describe() {
            return words(column) + " recorded";
        }
    }

    /** The column compared with a number. */
    record Compare(ColumnBinding column, Condition.Op op, BigDecimal value) implements Restriction {
        public Compare {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String describe() {
            String symbol = switch (op) {
                case GT -> ">";
                case GE -> ">=";
                case LT -> "<";
                case LE -> "<=";
                case EQ -> "=";
                case NE -> "<>";
            };
            return words(column) + " " + symbol + " " + value.toPlainString();
        }
    }

    private static String words(ColumnBinding c) {
        return c.tokens().isEmpty() ? c.column() : String.join(" ", c.tokens());
    }
}
