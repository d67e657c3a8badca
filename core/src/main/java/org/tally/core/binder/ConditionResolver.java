package org.tally.core.binder;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.Restriction;
import org.tally.core.binding.TableBinding;
import org.tally.core.binding.YesNoSpellings;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.sql.SqlValue;
import org.tally.core.sql.ValueExpr;

/**
 * The question's conditions bound to the columns they test: each literal checked against what the column holds and
 * converted to its type, a true/false test written in the column's own spelling, a condition on a refined concept's
 * kind checked against what makes a row one.
 */
final class ConditionResolver {

    /** Roles that hold a date or time of the row; tested for emptiness only where the column is one. */
    static final Set<ColumnRole> DATED_ROLES = EnumSet.of(ColumnRole.EVENT_TIME,
            ColumnRole.START_TIME, ColumnRole.END_TIME, ColumnRole.BIRTH_DATE, ColumnRole.DEATH_DATE);

    private final Resolution r;

    ConditionResolver(Resolution r) {
        this.r = r;
    }

    // ---------------------------------------------------------------- filters

    Resolved<BoundCondition> filter(Filter f, String homeAlias, TableBinding home) {
        if (f.target() instanceof DurationRef) {
            return r.valueExpr(f.target()).then(d -> numericFilter(f, d));
        }
        ColumnRef ref = (ColumnRef) f.target();
        Resolved<BoundColumn> c = homeAlias.equals(SpecResolver.SUBJECT) ? r.column(ref) : r.relateds.homeColumn(ref, homeAlias, home);
        return c.then(col -> columnFilter(f, col));
    }

    /** A filter on an already resolved column. */
    Resolved<BoundCondition> columnFilter(Filter f, BoundColumn c) {
        Resolved<Boolean> allowed = r.refuseIfDeletionMark(c, "cannot be tested");
        if (allowed.failed()) {
            return allowed.stop();
        }
        Refinement kind = r.refinedAt.get(c.alias());
        if (kind != null) {
            Resolved<Boolean> agrees = agreeWithKind(f, c, kind);
            if (agrees.failed()) {
                return agrees.stop();
            }
        }
        if (f instanceof Filter.IsTrue || f instanceof Filter.IsFalse) {
            return flag(c, f instanceof Filter.IsTrue);
        }
        if (f instanceof Filter.IsNull || f instanceof Filter.IsNotNull) {
            if (DATED_ROLES.contains(c.column().role())) {
                // a date kept as a number or text (a yyyymmdd key, say) marks a missing date with a stand-in
                // value such as -1 as often as with NULL, so emptiness says nothing certain about it
                Resolved<Boolean> temporal = requireTemporal(c);
                if (temporal.failed()) {
                    return temporal.stop();
                }
            }
            return Resolved.ok(new BoundCondition.Empty(c.expr(), f instanceof Filter.IsNull));
        }
        if (f instanceof Filter.Compare compare2) {
            Filter.Compare cmp = compare2;
            if (cmp.value() instanceof Literal.BooleanValue booleanValue) {
                boolean v = booleanValue.value();
                if (cmp.op() == CompareOp.NE) {
                    v = !v;
                } else if (cmp.op() != CompareOp.EQ) {
                    return Resolved.fail(new BindFailure.OutOfScope("true/false has no order"));
                }
                return flag(c, v);
            }
            if (cmp.value().isTemporal() && yearOnly(c)) {
                return yearCompare(cmp.op(), cmp.value(), c);
            }
            Resolved<Boolean> observed = checkObserved(c, List.of(cmp.value()));
            if (observed.failed()) {
                return observed.stop();
            }
            if (cmp.value().isTemporal()) {
                Resolved<Boolean> temporal = requireTemporal(c);
                if (temporal.failed()) {
                    return temporal.stop();
                }
            }
            return value(cmp.value(), c).map(v -> new BoundCondition.Compare(c.expr(), SpecResolver.op(cmp.op()), v));
        }
        if (f instanceof Filter.In in3) {
            Filter.In in = in3;
            Resolved<Boolean> observed = checkObserved(c, in.values());
            if (observed.failed()) {
                return observed.stop();
            }
            List<SqlValue> values = new ArrayList<>();
            for (Literal l : in.values()) {
                Resolved<SqlValue> v = value(l, c);
                if (v.failed()) {
                    return v.stop();
                }
                values.add(v.value());
            }
            return Resolved.ok(new BoundCondition.In(c.expr(), values));
        }
        if (f instanceof Filter.Between between) {
            Filter.Between bt = between;
            Resolved<SqlValue> low = value(bt.low(), c);
            if (low.failed()) {
                return low.stop();
            }
            return value(bt.high(), c).map(high -> new BoundCondition.Between(c.expr(), low.value(), high));
        }
        throw new AssertionError(f);
    }

    Resolved<BoundCondition> numericFilter(Filter f, ValueExpr x) {
        if (f instanceof Filter.Compare compare3) {
            Filter.Compare cmp = compare3;
            if (!(cmp.value() instanceof Literal.NumberValue numberValue)) {
                return Resolved.fail(new BindFailure.OutOfScope("a duration compares with a number"));
            }
            return Resolved.ok(new BoundCondition.Compare(x, SpecResolver.op(cmp.op()),
                    SqlValue.of(numberValue.value())));
        }
        if (f instanceof Filter.Between between2) {
            Filter.Between bt = between2;
            Resolved<SqlValue> low = number(bt.low());
            if (low.failed()) {
                return low.stop();
            }
            return number(bt.high()).map(high -> new BoundCondition.Between(x, low.value(), high));
        }
        if (f instanceof Filter.IsNull) {
            return Resolved.ok(new BoundCondition.Empty(x, true));
        }
        if (f instanceof Filter.IsNotNull) {
            return Resolved.ok(new BoundCondition.Empty(x, false));
        }
        return Resolved.fail(new BindFailure.OutOfScope("a duration cannot be tested with " + f.describe()));
    }

    Resolved<SqlValue> number(Literal l) {
        if (!(l instanceof Literal.NumberValue numberValue2)) {
            return Resolved.fail(new BindFailure.OutOfScope("a duration compares with a number"));
        }
        return Resolved.ok(SqlValue.of(numberValue2.value()));
    }

    /** True/false mapped to the column's own spelling: a BOOLEAN, or exactly one true and one false value. */
    Resolved<BoundCondition> flag(BoundColumn c, boolean expected) {
        ColumnBinding col = c.column();
        if (col.typeClass() == TypeClass.BOOLEAN) {
            return Resolved.ok(new BoundCondition.Equals(c.expr(), SqlValue.of(expected)));
        }
        List<ValueCount> values = col.values();
        if (values == null || values.isEmpty()) {
            return Resolved.fail(new BindFailure.NoRole(c.table().concept() + " " + Words.of(col)
                    + " is not a true/false column and its values are unknown"));
        }
        YesNoSpellings spelled = YesNoSpellings.of(values);
        if (!spelled.plain()) {
            return Resolved.fail(new BindFailure.UnsatisfiableFilter(c.table().concept() + " " + Words.of(col)
                    + " holds '" + spelled.offending() + "', not only true/false spellings"));
        }
        String spelling = expected ? spelled.yes() : spelled.no();
        if (spelling == null) {
            return Resolved.fail(new BindFailure.UnsatisfiableFilter(c.table().concept() + " " + Words.of(col)
                    + " never holds " + expected));
        }
        if (col.typeClass() == TypeClass.NUMERIC) {
            return Resolved.ok(new BoundCondition.Equals(c.expr(), SqlValue.of(new BigDecimal(spelling.trim()))));
        }
        return Resolved.ok(new BoundCondition.Equals(c.expr(), SqlValue.of(spelling)));
    }

    /** An equality on text must name an observed value when the column's values were counted exactly. */
    Resolved<Boolean> checkObserved(BoundColumn c, List<Literal> literals) {
        List<ValueCount> values = c.column().values();
        if (values == null) {
            return Resolved.ok(true);
        }
        for (Literal l : literals) {
            if (!(l instanceof Literal.StringValue stringValue2)) {
                continue;
            }
            String text = stringValue2.value();
            boolean seen = values.stream().anyMatch(v -> v.value().equals(text));
            if (!seen) {
                return Resolved.fail(new BindFailure.UnsatisfiableFilter("no recorded " + c.table().concept() + " "
                        + Words.of(c.column()) + " is '" + text + "'"));
            }
        }
        return Resolved.ok(true);
    }

    Resolved<SqlValue> value(Literal l, BoundColumn c) {
        TypeClass type = c.column().typeClass();
        if (l instanceof Literal.StringValue stringValue3) {
            String s = stringValue3.value();
            if (type == TypeClass.NUMERIC) {
                try {
                    return Resolved.ok(SqlValue.of(new BigDecimal(s.trim())));
                } catch (NumberFormatException e) {
                    return Resolved.fail(new BindFailure.UnsatisfiableFilter("'" + s + "' is not a number, and "
                            + c.table().concept() + " " + Words.of(c.column()) + " holds numbers"));
                }
            }
            if (type != TypeClass.TEXT) {
                return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                        + " is not text"));
            }
            return Resolved.ok(SqlValue.of(s));
        }
        if (l instanceof Literal.NumberValue numberValue3) {
            if (type != TypeClass.NUMERIC) {
                return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                        + " is not a number"));
            }
            return Resolved.ok(SqlValue.of(numberValue3.value()));
        }
        if (l instanceof Literal.DateValue dateValue) {
            return requireTemporal(c).map(x -> SqlValue.of(dateValue.value()));
        }
        if (l instanceof Literal.DateTimeValue dateTimeValue) {
            return requireTemporal(c).map(x -> SqlValue.of(dateTimeValue.value()));
        }
        if (l instanceof Literal.BooleanValue booleanValue2) {
            if (type != TypeClass.BOOLEAN) {
                return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                        + " is not true/false"));
            }
            return Resolved.ok(SqlValue.of(booleanValue2.value()));
        }
        throw new AssertionError(l);
    }

    /**
     * Whether {@code c} keeps a date as its year only: a whole number named by "year" that has a date's role (a year
     * of birth, as research data models keep it). A time range whose bounds start a year reads on it exactly (born
     * before 1950: the year is below 1950); any other bound, a bucket, a duration or an emptiness test cannot.
     */
    static boolean yearOnly(BoundColumn c) {
        ColumnBinding col = c.column();
        return col.typeClass() == TypeClass.NUMERIC && DATED_ROLES.contains(col.role())
                && col.tokens().contains("year");
    }

    /** "from the start of year Y" and "before the start of year Y" on a year-only column; any other test is refused. */
    private Resolved<BoundCondition> yearCompare(CompareOp op, Literal bound, BoundColumn c) {
        if (op != CompareOp.GE && op != CompareOp.LT) {
            return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                    + " keeps only the year, so it can say whether a time is from or before the start of a year,"
                    + " nothing finer"));
        }
        return yearBound(bound, c).map(v -> new BoundCondition.Compare(c.expr(), SpecResolver.op(op), v));
    }

    /**
     * A time bound on a year-only column as the year it starts: only the first moment of a year is a bound a year
     * can be compared with exactly ("in 1960" is from 1960 to before 1961; "last month" is no such bound).
     */
    Resolved<SqlValue> yearBound(Literal bound, BoundColumn c) {
        LocalDateTime at = bound instanceof Literal.DateValue d ? d.value().atStartOfDay()
                : bound instanceof Literal.DateTimeValue t ? t.value() : null;
        if (at == null || at.getDayOfYear() != 1 || !at.toLocalTime().equals(LocalTime.MIDNIGHT)) {
            return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                    + " keeps only the year, so a time that does not start a year cannot be checked on it"));
        }
        return Resolved.ok(SqlValue.of(at.getYear()));
    }

    Resolved<Boolean> requireTemporal(BoundColumn c) {
        if (c.column().typeClass() != TypeClass.TEMPORAL) {
            return Resolved.fail(new BindFailure.OutOfScope(c.table().concept() + " " + Words.of(c.column())
                    + " is not stored as a date or time"));
        }
        return Resolved.ok(true);
    }

    /**
     * A question's condition on the column that makes a row a {@code kind}: it must select rows of that kind, or no
     * row can satisfy both (an emergency visit of outpatient type). Conditions that agree are kept, AND-ed.
     */
    private Resolved<Boolean> agreeWithKind(Filter f, BoundColumn c, Refinement kind) {
        Restriction x = restrictionOn(kind, c);
        if (x == null) {
            return Resolved.ok(true);
        }
        String what = r.words.pluralOf(kind.concept()) + " are " + kind.describe(r.words.basePlural(kind));
        boolean agrees;
        if (x instanceof Restriction.IsNull) {
            agrees = f instanceof Filter.IsNull;
        } else if (x instanceof Restriction.NotNull || x instanceof Restriction.Compare) {
            agrees = !(f instanceof Filter.IsNull);
        } else {
            List<String> kindValues = ((Restriction.ValueIn) x).values();
            if (f instanceof Filter.IsNotNull) {
                agrees = true;
            } else if (f instanceof Filter.IsNull) {
                agrees = false;
            } else if (f instanceof Filter.IsTrue || f instanceof Filter.IsFalse) {
                Boolean wanted = f instanceof Filter.IsTrue;
                agrees = kindValues.stream().anyMatch(v -> wanted.equals(YesNoSpellings
                        .meaning(v)));
            } else if (f instanceof Filter.Compare cmp && cmp.op() == CompareOp.EQ) {
                agrees = kindValues.stream().anyMatch(v -> sameValue(v, cmp.value()));
            } else if (f instanceof Filter.Compare cmp && cmp.op() == CompareOp.NE) {
                agrees = kindValues.stream().anyMatch(v -> !sameValue(v, cmp.value()));
            } else if (f instanceof Filter.In in) {
                agrees = kindValues.stream().anyMatch(v -> in.values().stream().anyMatch(l -> sameValue(v, l)));
            } else {
                return Resolved.fail(new BindFailure.OutOfScope(f.describe() + " compares the " + Words.of(c.column())
                        + " that makes a row one of the " + what));
            }
        }
        if (!agrees) {
            return Resolved.fail(new BindFailure.UnsatisfiableFilter("no " + r.words.singularOf(kind.concept()) + " has "
                    + f.describe() + ": " + what));
        }
        return Resolved.ok(true);
    }

    /** The restriction of {@code kind} on the column {@code c} resolved to, or null. */
    static Restriction restrictionOn(Refinement kind, BoundColumn c) {
        if (!c.table().table().equals(kind.table())) {
            return null;
        }
        for (Restriction x : kind.restrictions()) {
            if (x.column().column().equals(c.column().column())) {
                return x;
            }
        }
        return null;
    }

    private static boolean sameValue(String observed, Literal l) {
        if (l instanceof Literal.StringValue sv) {
            return observed.equals(sv.value());
        }
        if (l instanceof Literal.NumberValue nv) {
            try {
                return new BigDecimal(observed.trim()).compareTo(nv.value()) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        if (l instanceof Literal.BooleanValue bv) {
            return Boolean.valueOf(bv.value()).equals(YesNoSpellings.meaning(observed));
        }
        return false;
    }

    static boolean equality(Filter f) {
        return f instanceof Filter.Compare compare4 && compare4.op() == CompareOp.EQ;
    }
}
