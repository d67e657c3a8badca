package org.tally.core.binder;

import java.util.List;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Sql;
import org.tally.core.sql.ValueExpr;

/** One measure bound: what is aggregated, and the label it is shown under. */
sealed interface BoundMeasure {

    ValueExpr expr();

    String label();

    /** The number of rows. */
    record Rows(String label) implements BoundMeasure {
        @Override
        public ValueExpr expr() {
            return Sql.countRows();
        }
    }

    /** An aggregate of a value: its sum, average, median, least or greatest. */
    record Of(ValueExpr.AggregateFn fn, ValueExpr value, String label) implements BoundMeasure {
        @Override
        public ValueExpr expr() {
            return Sql.agg(fn, value);
        }
    }

    /** How many distinct values: {@code counted} is what tells two of them apart. */
    record Distinct(ValueExpr counted, String label) implements BoundMeasure {
        @Override
        public ValueExpr expr() {
            return Sql.countDistinct(counted);
        }
    }

    /** The percentage of rows that meet the counted conditions. */
    record Rate(List<BoundCondition> counted, String label) implements BoundMeasure {
        public Rate {
            counted = List.copyOf(counted);
        }

        @Override
        public ValueExpr expr() {
            List<Predicate> hits = counted.stream().map(BoundCondition::predicate).toList();
            return Sql.ratePercent(Sql.and(hits));
        }
    }
}
