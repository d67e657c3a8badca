package org.tally.core.sql;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.tally.core.sql.Predicate.And;
import org.tally.core.sql.Predicate.CompareOp;
import org.tally.core.sql.Predicate.Comparison;
import org.tally.core.sql.Predicate.Or;
import org.tally.core.sql.ValueExpr.Aggregate;
import org.tally.core.sql.ValueExpr.AggregateFn;
import org.tally.core.sql.ValueExpr.Arithmetic;
import org.tally.core.sql.ValueExpr.ArithmeticOp;
import org.tally.core.sql.ValueExpr.BucketUnit;
import org.tally.core.sql.ValueExpr.CaseWhen;
import org.tally.core.sql.ValueExpr.ColumnRef;
import org.tally.core.sql.ValueExpr.ElapsedSeconds;
import org.tally.core.sql.ValueExpr.Literal;
import org.tally.core.sql.ValueExpr.NullIf;
import org.tally.core.sql.ValueExpr.NumericConstant;
import org.tally.core.sql.ValueExpr.When;

/** Short factories for building the IR by hand and from bound specs. */
public final class Sql {

    /** Units a duration can be reported in, with the number of seconds in each. */
    public enum DurationUnit {
        SECONDS(1), MINUTES(60), HOURS(3600), DAYS(86400);

        private final long seconds;

        DurationUnit(long seconds) {
            this.seconds = seconds;
        }

        public long seconds() {
            return seconds;
        }
    }

    private Sql() {
    }

    public static Relation.TableRef table(String table, String alias) {
        return new Relation.TableRef(Optional.empty(), table, alias);
    }

    public static Relation.TableRef table(String schema, String table, String alias) {
        return new Relation.TableRef(Optional.of(schema), table, alias);
    }

    public static ColumnRef col(String alias, String column) {
        return new ColumnRef(alias, column);
    }

    public static Literal param(SqlValue v) {
        return new Literal(v);
    }

    public static Literal param(String s) {
        return new Literal(SqlValue.of(s));
    }

    public static Literal param(long n) {
        return new Literal(SqlValue.of(n));
    }

    public static NumericConstant constant(String decimal) {
        return new NumericConstant(new BigDecimal(decimal));
    }

    public static Aggregate countRows() {
        return new Aggregate(AggregateFn.COUNT, false, Optional.empty());
    }

    public static Aggregate count(ValueExpr x) {
        return new Aggregate(AggregateFn.COUNT, false, Optional.of(x));
    }

    public static Aggregate countDistinct(ValueExpr x) {
        return new Aggregate(AggregateFn.COUNT, true, Optional.of(x));
    }

    public static Aggregate agg(AggregateFn fn, ValueExpr x) {
        return new Aggregate(fn, false, Optional.of(x));
    }

    public static ValueExpr.DateBucket bucket(BucketUnit unit, ValueExpr x) {
        return new ValueExpr.DateBucket(unit, x);
    }

    public static Arithmetic arith(ValueExpr left, ArithmeticOp op, ValueExpr right) {
        return new Arithmetic(op, left, right);
    }

    /** {@code 100.0 * SUM(CASE WHEN condition THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0)}: percent of rows. */
    public static ValueExpr ratePercent(Predicate condition) {
        ValueExpr hits = agg(AggregateFn.SUM, new CaseWhen(List.of(new When(condition, constant("1"))), Optional.of(constant("0"))));
        return arith(arith(constant("100.0"), ArithmeticOp.MULTIPLY, hits), ArithmeticOp.DIVIDE,
                new NullIf(countRows(), constant("0")));
    }

    /** Elapsed time from start to end in a unit, as an exact decimal (seconds divided by a decimal constant). */
    public static ValueExpr duration(ValueExpr start, ValueExpr end, DurationUnit unit) {
        ElapsedSeconds seconds = new ElapsedSeconds(start, end);
        if (unit == DurationUnit.SECONDS) {
            return seconds;
        }
        return arith(seconds, ArithmeticOp.DIVIDE, constant(unit.seconds() + ".0"));
    }

    /**
     * Elapsed time up to {@code end}, or up to the bound {@code now} while {@code end} is NULL (still open). "Now"
     * is a parameter from the injected clock, never the database clock, so the answer is reproducible.
     */
    public static ValueExpr durationAsOf(ValueExpr start, ValueExpr end, LocalDateTime now, DurationUnit unit) {
        return duration(start, new ValueExpr.Coalesce(List.of(end, param(SqlValue.of(now)))), unit);
    }

    /** A person's name from its two parts (see {@link ValueExpr.JoinedName}). */
    public static ValueExpr.JoinedName joinedName(ValueExpr first, ValueExpr last) {
        return new ValueExpr.JoinedName(first, last);
    }

    public static Comparison compare(ValueExpr left, CompareOp op, ValueExpr right) {
        return new Comparison(op, left, right);
    }

    public static Comparison eq(ValueExpr left, ValueExpr right) {
        return compare(left, CompareOp.EQ, right);
    }

    /** {@code from <= x AND x < to}: the only form time ranges take. */
    public static Predicate halfOpen(ValueExpr x, SqlValue from, SqlValue to) {
        return and(compare(x, CompareOp.GE, param(from)), compare(x, CompareOp.LT, param(to)));
    }

    public static Predicate.InList in(ValueExpr x, SqlValue... values) {
        return new Predicate.InList(x, Arrays.stream(values).<ValueExpr>map(Literal::new).toList(), false);
    }

    public static Predicate.IsNull isNull(ValueExpr x) {
        return new Predicate.IsNull(x, false);
    }

    public static Predicate.IsNull isNotNull(ValueExpr x) {
        return new Predicate.IsNull(x, true);
    }

    public static Predicate.Not not(Predicate p) {
        return new Predicate.Not(p);
    }

    /** AND of the operands, flattening nested ANDs; a single operand is returned as it is. */
    public static Predicate and(Predicate... operands) {
        return and(Arrays.asList(operands));
    }

    public static Predicate and(List<Predicate> operands) {
        List<Predicate> flat = new ArrayList<>();
        for (Predicate p : operands) {
            if (p instanceof And a) {
                flat.addAll(a.operands());
            } else {
                flat.add(p);
            }
        }
        if (flat.isEmpty()) {
            throw new IllegalArgumentException("Sql.and needs at least one operand");
        }
        return flat.size() == 1 ? flat.get(0) : new And(flat);
    }

    public static Predicate or(Predicate... operands) {
        return or(Arrays.asList(operands));
    }

    public static Predicate or(List<Predicate> operands) {
        List<Predicate> flat = new ArrayList<>();
        for (Predicate p : operands) {
            if (p instanceof Or o) {
                flat.addAll(o.operands());
            } else {
                flat.add(p);
            }
        }
        if (flat.isEmpty()) {
            throw new IllegalArgumentException("Sql.or needs at least one operand");
        }
        return flat.size() == 1 ? flat.get(0) : new Or(flat);
    }

    public static Predicate.Exists exists(Relation from, Predicate where) {
        return new Predicate.Exists(from, List.of(), where, false);
    }

    public static Predicate.Exists notExists(Relation from, Predicate where) {
        return new Predicate.Exists(from, List.of(), where, true);
    }
}
