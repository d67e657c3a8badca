package org.tally.core.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.tally.core.sql.Predicate.And;
import org.tally.core.sql.Predicate.Between;
import org.tally.core.sql.Predicate.BoolTest;
import org.tally.core.sql.Predicate.Comparison;
import org.tally.core.sql.Predicate.Exists;
import org.tally.core.sql.Predicate.InList;
import org.tally.core.sql.Predicate.IsNull;
import org.tally.core.sql.Predicate.Not;
import org.tally.core.sql.Predicate.Or;
import org.tally.core.sql.ValueExpr.Aggregate;
import org.tally.core.sql.ValueExpr.Arithmetic;
import org.tally.core.sql.ValueExpr.CaseWhen;
import org.tally.core.sql.ValueExpr.Coalesce;
import org.tally.core.sql.ValueExpr.ColumnRef;
import org.tally.core.sql.ValueExpr.DateBucket;
import org.tally.core.sql.ValueExpr.DenseRank;
import org.tally.core.sql.ValueExpr.ElapsedSeconds;
import org.tally.core.sql.ValueExpr.JoinedName;
import org.tally.core.sql.ValueExpr.Literal;
import org.tally.core.sql.ValueExpr.NullIf;
import org.tally.core.sql.ValueExpr.NumericConstant;
import org.tally.core.sql.ValueExpr.When;

/** Tree utilities over expressions: children, free column references, structural rewriting. */
public final class Exprs {

    private Exprs() {
    }

    /** Direct sub-expressions; an EXISTS has none here (its body is a separate scope, see {@link #columnRefs}). */
    public static List<SqlExpr> children(SqlExpr e) {
        if (e instanceof ColumnRef || e instanceof Literal || e instanceof NumericConstant || e instanceof Exists) {
            return List.of();
        } else if (e instanceof Aggregate a) {
            return a.arg().<List<SqlExpr>>map(List::of).orElse(List.of());
        } else if (e instanceof DateBucket b) {
            return List.of(b.value());
        } else if (e instanceof ElapsedSeconds s) {
            return List.of(s.start(), s.end());
        } else if (e instanceof Arithmetic a) {
            return List.of(a.left(), a.right());
        } else if (e instanceof CaseWhen c) {
            List<SqlExpr> out = new ArrayList<>();
            for (When w : c.whens()) {
                out.add(w.condition());
                out.add(w.result());
            }
            c.otherwise().ifPresent(out::add);
            return out;
        } else if (e instanceof NullIf n) {
            return List.of(n.value(), n.nullWhen());
        } else if (e instanceof Coalesce c) {
            return List.copyOf(c.values());
        } else if (e instanceof JoinedName n) {
            return List.of(n.first(), n.last());
        } else if (e instanceof DenseRank r) {
            return r.order().stream().<SqlExpr>map(OrderItem::expr).toList();
        } else if (e instanceof Comparison c) {
            return List.of(c.left(), c.right());
        } else if (e instanceof InList i) {
            List<SqlExpr> out = new ArrayList<>();
            out.add(i.value());
            out.addAll(i.candidates());
            return out;
        } else if (e instanceof Between b) {
            return List.of(b.value(), b.low(), b.high());
        } else if (e instanceof IsNull n) {
            return List.of(n.value());
        } else if (e instanceof BoolTest b) {
            return List.of(b.value());
        } else if (e instanceof And a) {
            return List.copyOf(a.operands());
        } else if (e instanceof Or o) {
            return List.copyOf(o.operands());
        } else if (e instanceof Not n) {
            return List.of(n.operand());
        }
        throw new AssertionError(e);
    }

    public static boolean containsAggregate(SqlExpr e) {
        return e instanceof Aggregate || children(e).stream().anyMatch(Exprs::containsAggregate);
    }

    public static boolean containsLiteral(SqlExpr e) {
        // an EXISTS body is not inspected here, so count it as holding values
        return e instanceof Exists || e instanceof Literal || children(e).stream().anyMatch(Exprs::containsLiteral);
    }

    /**
     * Column references whose alias is not introduced inside the expression itself, i.e. references into the
     * enclosing query (for EXISTS: its correlation). Aggregates count as their argument's references.
     */
    public static Set<ColumnRef> columnRefs(SqlExpr e) {
        Set<ColumnRef> out = new LinkedHashSet<>();
        collect(e, out);
        return out;
    }

    private static void collect(SqlExpr e, Set<ColumnRef> out) {
        if (e instanceof ColumnRef c) {
            out.add(c);
        } else if (e instanceof Exists x) {
            Set<String> inner = new LinkedHashSet<>();
            inner.add(lower(x.from().alias()));
            x.joins().forEach(j -> inner.add(lower(j.relation().alias())));
            Set<ColumnRef> refs = new LinkedHashSet<>();
            collect(x.where(), refs);
            x.joins().forEach(j -> collect(j.on(), refs));
            relationRefs(x.from(), refs);
            x.joins().forEach(j -> relationRefs(j.relation(), refs));
            refs.stream().filter(r -> !inner.contains(lower(r.alias()))).forEach(out::add);
        } else {
            children(e).forEach(c -> collect(c, out));
        }
    }

    private static void relationRefs(Relation r, Set<ColumnRef> out) {
        if (r instanceof Relation.DerivedTable d) {
            out.addAll(QueryRefs.outerRefs(d.query()));
        }
    }

    /** Aliases referenced by the expression (see {@link #columnRefs}), lower-cased. */
    public static Set<String> aliases(SqlExpr e) {
        Set<String> out = new LinkedHashSet<>();
        columnRefs(e).forEach(c -> out.add(lower(c.alias())));
        return out;
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** Checks that an expression of an aggregating query only uses grouped expressions outside aggregates. */
    static void requireGrouped(SqlExpr e, List<ValueExpr> groupBy, String field) {
        if (groupBy.contains(e) || e instanceof Aggregate) {
            return;
        }
        if (e instanceof ColumnRef c) {
            throw new IllegalArgumentException(field + " uses " + c.alias() + "." + c.column()
                    + " outside an aggregate, but it is not in groupBy; group by it or aggregate it");
        }
        if (e instanceof Exists x && !columnRefs(x).isEmpty()) {
            throw new IllegalArgumentException(field + " has a correlated EXISTS in an aggregating query; use it in where");
        }
        children(e).forEach(c -> requireGrouped(c, groupBy, field));
    }

    /** Splits a predicate into its top-level AND operands. */
    public static List<Predicate> conjuncts(Optional<Predicate> p) {
        if (p.isEmpty()) {
            return List.of();
        }
        if (p.get() instanceof And a) {
            List<Predicate> out = new ArrayList<>();
            a.operands().forEach(o -> out.addAll(conjuncts(Optional.of(o))));
            return out;
        }
        return List.of(p.get());
    }

    /**
     * Rebuilds an expression top-down: {@code replace} returns a replacement (not descended into) or empty to keep
     * the node and rewrite its children. EXISTS nodes are kept as they are unless replaced.
     */
    @SuppressWarnings("unchecked")
    public static <T extends SqlExpr> T rewrite(T e, Function<SqlExpr, Optional<SqlExpr>> replace) {
        Optional<SqlExpr> r = replace.apply(e);
        if (r.isPresent()) {
            return (T) r.get();
        }
        return (T) rebuild(e, replace);
    }

    private static SqlExpr rebuild(SqlExpr e, Function<SqlExpr, Optional<SqlExpr>> f) {
        if (e instanceof ColumnRef || e instanceof Literal || e instanceof NumericConstant || e instanceof Exists) {
            return e;
        } else if (e instanceof Aggregate a) {
            return new Aggregate(a.fn(), a.distinct(), a.arg().map(x -> rewrite(x, f)));
        } else if (e instanceof DateBucket b) {
            return new DateBucket(b.unit(), rewrite(b.value(), f));
        } else if (e instanceof ElapsedSeconds s) {
            return new ElapsedSeconds(rewrite(s.start(), f), rewrite(s.end(), f));
        } else if (e instanceof Arithmetic a) {
            return new Arithmetic(a.op(), rewrite(a.left(), f), rewrite(a.right(), f));
        } else if (e instanceof CaseWhen c) {
            return new CaseWhen(c.whens().stream().map(w -> new When(rewrite(w.condition(), f), rewrite(w.result(), f))).toList(),
                    c.otherwise().map(o -> rewrite(o, f)));
        } else if (e instanceof NullIf n) {
            return new NullIf(rewrite(n.value(), f), rewrite(n.nullWhen(), f));
        } else if (e instanceof Coalesce c) {
            return new Coalesce(c.values().stream().map(v -> rewrite(v, f)).toList());
        } else if (e instanceof JoinedName n) {
            return new JoinedName(rewrite(n.first(), f), rewrite(n.last(), f));
        } else if (e instanceof DenseRank r) {
            return new DenseRank(r.order().stream().map(o -> new OrderItem(rewrite(o.expr(), f), o.direction())).toList());
        } else if (e instanceof Comparison c) {
            return new Comparison(c.op(), rewrite(c.left(), f), rewrite(c.right(), f));
        } else if (e instanceof InList i) {
            return new InList(rewrite(i.value(), f), i.candidates().stream().map(v -> rewrite(v, f)).toList(), i.negated());
        } else if (e instanceof Between b) {
            return new Between(rewrite(b.value(), f), rewrite(b.low(), f), rewrite(b.high(), f));
        } else if (e instanceof IsNull n) {
            return new IsNull(rewrite(n.value(), f), n.negated());
        } else if (e instanceof BoolTest b) {
            return new BoolTest(rewrite(b.value(), f), b.expected());
        } else if (e instanceof And a) {
            return new And(a.operands().stream().map(o -> rewrite(o, f)).toList());
        } else if (e instanceof Or o) {
            return new Or(o.operands().stream().map(x -> rewrite(x, f)).toList());
        } else if (e instanceof Not n) {
            return new Not(rewrite(n.operand(), f));
        }
        throw new AssertionError(e);
    }
}
