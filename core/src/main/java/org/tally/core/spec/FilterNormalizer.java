package org.tally.core.spec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rewrites the AND-ed filters of one scope into their canonical form, one target at a time: aliases become their
 * plain form, redundant conditions go, the tightest bounds stay, and conditions no row can meet raise a
 * {@link ContradictionException}. Every rewrite is an exact equivalence under SQL WHERE semantics (a condition on a
 * null value is not met), so the result selects the same rows.
 */
final class FilterNormalizer {

    private final String context;
    private final boolean dropNoOps;
    private final String field;

    /**
     * @param context   canonical concept id the filters' columns are resolved from (the scope's subject)
     * @param dropNoOps whether conditions that every row meets are removed (not inside a rate numerator, which must
     *                  keep at least one condition)
     * @param field     the field path used in error messages
     */
    FilterNormalizer(String context, boolean dropNoOps, String field) {
        this.context = context;
        this.dropNoOps = dropNoOps;
        this.field = field;
    }

    /** The canonical filters, sorted by their canonical JSON. Targets must already be canonical. */
    List<Filter> normalize(List<Filter> filters) {
        Map<ValueRef, List<Filter>> byTarget = new LinkedHashMap<>();
        for (Filter f : filters) {
            Filter plain = plainForm(f);
            byTarget.computeIfAbsent(plain.target(), t -> new ArrayList<>()).add(plain);
        }
        List<Filter> out = new ArrayList<>();
        for (Map.Entry<ValueRef, List<Filter>> entry : byTarget.entrySet()) {
            out.addAll(new TargetConditions(entry.getKey()).reduce(entry.getValue()));
        }
        return sortedUnique(out);
    }

    static <T> List<T> sortedUnique(List<T> items) {
        TreeMap<String, T> sorted = new TreeMap<>();
        for (T item : items) {
            sorted.putIfAbsent(CanonicalJson.write(item), item);
        }
        return List.copyOf(sorted.values());
    }

    /** Operator aliases: one-value in and between of equal bounds are eq; eq/ne of true/false is isTrue/isFalse. */
    static Filter plainForm(Filter f) {
        if (f instanceof Filter.In in2) {
            Filter.In in = in2;
            return in.values().size() == 1 ? Filter.eq(in.target(), in.values().get(0)) : f;
        }
        if (f instanceof Filter.Between between2) {
            Filter.Between b = between2;
            return LiteralOrder.compare(b.low(), b.high()) == 0 ? Filter.eq(b.target(), smaller(b.low(), b.high())) : f;
        }
        if (f instanceof Filter.Compare compare2) {
            Filter.Compare c = compare2;
            if (c.value() instanceof Literal.BooleanValue booleanValue) {
                boolean wantTrue = booleanValue.value() == (c.op() == CompareOp.EQ);
                return wantTrue ? new Filter.IsTrue(c.target()) : new Filter.IsFalse(c.target());
            }
        }
        return f;
    }

    /** Of two equal literals (a date and its midnight), the one spelled first, so the choice never depends on order. */
    private static Literal smaller(Literal a, Literal b) {
        return a.describe().compareTo(b.describe()) <= 0 ? a : b;
    }

    private static final Comparator<Literal> VALUE_ORDER = LiteralOrder::compare;

    /** A bound with where it came from, for messages. */
    private static final class Bound {
        final Literal value;
        final boolean inclusive;
        final Filter source;

        Bound(Literal value, boolean inclusive, Filter source) {
            this.value = value;
            this.inclusive = inclusive;
            this.source = source;
        }
    }

    /** What the conditions on one target allow. */
    private final class TargetConditions {
        private final ValueRef target;
        private Filter isNull;
        private Filter isNotNull;
        private Filter isTrue;
        private Filter isFalse;
        private TreeMap<Literal, Literal> allowed;
        private Filter allowedSource;
        private final TreeMap<Literal, Filter> excluded = new TreeMap<>(VALUE_ORDER);
        private final TreeMap<Literal, Literal> excludedSpelling = new TreeMap<>(VALUE_ORDER);
        private Bound lower;
        private Bound upper;
        private Filter firstValued;

        TargetConditions(ValueRef target) {
            this.target = target;
        }

        List<Filter> reduce(List<Filter> filters) {
            checkOneKind(filters);
            for (Filter f : filters) {
                take(f);
            }
            return emit(filters);
        }

        private void checkOneKind(List<Filter> filters) {
            Filter first = null;
            for (Filter f : filters) {
                for (Literal l : literals(f)) {
                    if (first == null) {
                        first = f;
                    } else if (LiteralOrder.family(literals(first).get(0)) != LiteralOrder.family(l)) {
                        throw new InvalidSpecException(field, "'" + first.describe() + "' and '" + f.describe()
                                + "' compare one value with literals of different kinds",
                                "use literals of the column's own kind");
                    }
                }
            }
        }

        private List<Literal> literals(Filter f) {
            if (f instanceof Filter.Compare compare3) {
                return List.of(compare3.value());
            }
            if (f instanceof Filter.In in3) {
                return in3.values();
            }
            if (f instanceof Filter.Between between3) {
                return List.of(between3.low(), between3.high());
            }
            return List.of();
        }

        private void take(Filter f) {
            if (f instanceof Filter.IsNull) {
                isNull = f;
            } else if (f instanceof Filter.IsNotNull) {
                isNotNull = f;
            } else if (f instanceof Filter.IsTrue) {
                isTrue = f;
                valued(f);
            } else if (f instanceof Filter.IsFalse) {
                isFalse = f;
                valued(f);
            } else if (f instanceof Filter.In in4) {
                restrict(in4.values(), f);
            } else if (f instanceof Filter.Between between4) {
                Filter.Between b = between4;
                tightenLower(new Bound(b.low(), true, f));
                tightenUpper(new Bound(b.high(), true, f));
            } else if (f instanceof Filter.Compare compare4) {
                Filter.Compare c = compare4;
                switch (c.op()) {
                    case EQ:
                        restrict(List.of(c.value()), f);
                        break;
                    case NE:
                        excluded.putIfAbsent(c.value(), f);
                        excludedSpelling.merge(c.value(), c.value(), FilterNormalizer::smaller);
                        valued(f);
                        break;
                    case LT:
                    case LE:
                        tightenUpper(new Bound(c.value(), c.op() == CompareOp.LE, f));
                        break;
                    case GT:
                    case GE:
                        tightenLower(new Bound(c.value(), c.op() == CompareOp.GE, f));
                        break;
                    default:
                        throw new AssertionError(c.op());
                }
            } else {
                throw new AssertionError(f);
            }
        }

        private void valued(Filter f) {
            if (firstValued == null) {
                firstValued = f;
            }
        }

        private void restrict(List<Literal> values, Filter source) {
            valued(source);
            TreeMap<Literal, Literal> set = new TreeMap<>(VALUE_ORDER);
            for (Literal v : values) {
                set.merge(v, v, FilterNormalizer::smaller);
            }
            if (allowed == null) {
                allowed = set;
                allowedSource = source;
                return;
            }
            TreeMap<Literal, Literal> both = new TreeMap<>(VALUE_ORDER);
            for (Map.Entry<Literal, Literal> e : allowed.entrySet()) {
                Literal other = set.get(e.getKey());
                if (other != null) {
                    both.put(e.getKey(), smaller(e.getValue(), other));
                }
            }
            if (both.isEmpty()) {
                throw contradiction(allowedSource, source);
            }
            allowed = both;
        }

        private void tightenLower(Bound b) {
            valued(b.source);
            if (lower == null) {
                lower = b;
                return;
            }
            int c = LiteralOrder.compare(b.value, lower.value);
            if (c > 0 || (c == 0 && tighterOrEarlier(b, lower))) {
                lower = b;
            }
        }

        private void tightenUpper(Bound b) {
            valued(b.source);
            if (upper == null) {
                upper = b;
                return;
            }
            int c = LiteralOrder.compare(b.value, upper.value);
            if (c < 0 || (c == 0 && tighterOrEarlier(b, upper))) {
                upper = b;
            }
        }

        /** At an equal value an exclusive bound is tighter; between equal kinds the first spelling wins. */
        private boolean tighterOrEarlier(Bound candidate, Bound current) {
            if (candidate.inclusive != current.inclusive) {
                return !candidate.inclusive;
            }
            return candidate.value.describe().compareTo(current.value.describe()) < 0;
        }

        private List<Filter> emit(List<Filter> filters) {
            List<Filter> out = new ArrayList<>();
            if (isNull != null) {
                for (Filter f : filters) {
                    if (!(f instanceof Filter.IsNull)) {
                        throw contradiction(isNull, f);
                    }
                }
                if (dropNoOps && isOwnPrimaryKey()) {
                    throw new ContradictionException(field, isNull.describe(), "a primary key is never null");
                }
                return List.of(isNull);
            }
            if (isTrue != null && isFalse != null) {
                throw contradiction(isTrue, isFalse);
            }
            if (isTrue != null) {
                out.add(isTrue);
            }
            if (isFalse != null) {
                out.add(isFalse);
            }
            if (allowed != null) {
                out.add(emitAllowed());
            } else {
                emitRange(out);
            }
            boolean valueTested = firstValued != null;
            if (isNotNull != null && !valueTested && !(dropNoOps && isOwnPrimaryKey())) {
                out.add(new Filter.IsNotNull(target));
            }
            return out;
        }

        /** An eq/in set absorbs the ne values and bounds: it keeps the values that pass them. */
        private Filter emitAllowed() {
            List<Literal> kept = new ArrayList<>();
            Filter lastRemover = null;
            for (Literal v : allowed.values()) {
                Filter remover = excluded.get(v);
                if (remover == null && lower != null && !above(v, lower)) {
                    remover = lower.source;
                }
                if (remover == null && upper != null && !below(v, upper)) {
                    remover = upper.source;
                }
                if (remover == null) {
                    kept.add(v);
                } else {
                    lastRemover = remover;
                }
            }
            if (kept.isEmpty()) {
                throw contradiction(allowedSource, lastRemover);
            }
            return kept.size() == 1 ? Filter.eq(target, kept.get(0)) : new Filter.In(target, kept);
        }

        private void emitRange(List<Filter> out) {
            if (lower != null && upper != null) {
                int c = LiteralOrder.compare(lower.value, upper.value);
                if (c > 0 || (c == 0 && !(lower.inclusive && upper.inclusive))) {
                    throw contradiction(lower.source, upper.source);
                }
                if (c == 0) {
                    Filter ne = excluded.get(lower.value);
                    if (ne != null) {
                        throw contradiction(lower.source, ne);
                    }
                    out.add(Filter.eq(target, smaller(lower.value, upper.value)));
                    return;
                }
            }
            // x >= a AND x <> a is x > a: the ne folds into the bound
            if (lower != null && lower.inclusive && excluded.containsKey(lower.value)) {
                lower = new Bound(lower.value, false, lower.source);
            }
            if (upper != null && upper.inclusive && excluded.containsKey(upper.value)) {
                upper = new Bound(upper.value, false, upper.source);
            }
            if (lower != null && upper != null && lower.inclusive && upper.inclusive) {
                out.add(Filter.between(target, lower.value, upper.value));
            } else {
                if (lower != null) {
                    out.add(new Filter.Compare(target, lower.inclusive ? CompareOp.GE : CompareOp.GT, lower.value));
                }
                if (upper != null) {
                    out.add(new Filter.Compare(target, upper.inclusive ? CompareOp.LE : CompareOp.LT, upper.value));
                }
            }
            for (Literal v : excludedSpelling.values()) {
                boolean inside = (lower == null || above(v, lower)) && (upper == null || below(v, upper));
                if (inside) {
                    out.add(Filter.ne(target, v));
                }
            }
        }

        private boolean above(Literal v, Bound lowerBound) {
            int c = LiteralOrder.compare(v, lowerBound.value);
            return c > 0 || (c == 0 && lowerBound.inclusive);
        }

        private boolean below(Literal v, Bound upperBound) {
            int c = LiteralOrder.compare(v, upperBound.value);
            return c < 0 || (c == 0 && upperBound.inclusive);
        }

        /** The scope's own primary key is never null (a key of a hopped concept can be, through an outer join). */
        private boolean isOwnPrimaryKey() {
            if (!(target instanceof ColumnRef columnRef)) {
                return false;
            }
            ColumnRef ref = columnRef;
            return ref.role() == ColumnRole.PRIMARY_KEY && ref.via() == null && ref.concept().equals(context);
        }

        private ContradictionException contradiction(Filter a, Filter b) {
            return new ContradictionException(field, a.describe(), b.describe());
        }
    }
}
