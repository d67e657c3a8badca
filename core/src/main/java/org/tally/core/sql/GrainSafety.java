package org.tally.core.sql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.sql.Predicate.Comparison;
import org.tally.core.sql.ValueExpr.Aggregate;
import org.tally.core.sql.ValueExpr.AggregateFn;
import org.tally.core.sql.ValueExpr.ArithmeticOp;
import org.tally.core.sql.ValueExpr.Coalesce;
import org.tally.core.sql.ValueExpr.ColumnRef;
import org.tally.core.sql.ValueExpr.NullIf;

/**
 * Lowering pass: no duplicate-sensitive aggregate (SUM, AVG, COUNT, MEDIAN) may see a row repeated by a join that
 * fans out. The joins form a tree rooted at FROM; an aggregate over alias A is inflated by every ONE_TO_MANY join
 * whose branch does not contain A. Each such branch is collapsed into a satellite grouped at its join key (with
 * the branch's filters and partial aggregates inside), joined back many-to-one, and the outer aggregates are
 * recombined from the partials. Satellites are derived tables rather than CTEs so the SQL also runs on MySQL 5.7,
 * which has no WITH. What cannot be collapsed exactly is refused, never approximated. Pure: returns a
 * new tree (the same instance when nothing fans out).
 */
final class GrainSafety {

    private GrainSafety() {
    }

    public static SqlQuery apply(SqlQuery query) {
        Set<String> used = new HashSet<>();
        FreshNames.collect(query, used);
        List<Cte> ctes = query.ctes().stream().map(c -> new Cte(c.name(), lower(c.query(), used))).toList();
        SqlQuery body = query.toBuilder().ctes(List.of()).build();
        SqlQuery lowered = lower(body, used);
        if (lowered.equals(body) && ctes.equals(query.ctes())) {
            return query;
        }
        return lowered.toBuilder().ctes(ctes).build();
    }

    /** Lowers one query (without its WITH clause); nested fan-outs become nested satellites. */
    private static SqlQuery lower(SqlQuery q, Set<String> used) {
        SqlQuery current = q;
        while (true) {
            Optional<Join> edge = firstOffendingEdge(current);
            if (edge.isEmpty()) {
                return current;
            }
            current = collapse(current, edge.get(), used);
        }
    }

    // ---- analysis ----

    private static Optional<Join> firstOffendingEdge(SqlQuery q) {
        List<Aggregate> sensitive = sensitiveAggregates(q);
        if (sensitive.isEmpty() || q.joins().stream().noneMatch(j -> j.cardinality().fansOut())) {
            return Optional.empty();
        }
        JoinTree tree = JoinTree.of(q);
        Set<Join> offending = new LinkedHashSet<>();
        for (Aggregate a : sensitive) {
            Set<String> homes = a.arg().map(Exprs::aliases).orElse(Set.of());
            if (homes.isEmpty()) {
                homes = Set.of(Exprs.lower(q.from().alias()));
            }
            for (Join j : q.joins()) {
                if (!j.cardinality().fansOut()) {
                    continue;
                }
                Set<String> branch = tree.subtree(j.relation().alias());
                if (homes.stream().anyMatch(h -> !branch.contains(h))) {
                    offending.add(j);
                }
            }
        }
        // the topmost offending join: no offending join above it
        for (Join j : q.joins()) {
            if (offending.contains(j) && offending.stream().noneMatch(o -> o != j
                    && tree.subtree(o.relation().alias()).contains(Exprs.lower(j.relation().alias())))) {
                return Optional.of(j);
            }
        }
        return Optional.empty();
    }

    private static List<Aggregate> sensitiveAggregates(SqlQuery q) {
        List<Aggregate> out = new ArrayList<>();
        q.select().forEach(s -> collectSensitive(s.expr(), out));
        q.having().ifPresent(h -> collectSensitive(h, out));
        q.orderBy().forEach(o -> collectSensitive(o.expr(), out));
        return out;
    }

    private static void collectSensitive(SqlExpr e, List<Aggregate> out) {
        if (e instanceof Aggregate a) {
            if (a.fn().duplicateSensitive(a.distinct())) {
                out.add(a);
            }
            return;
        }
        Exprs.children(e).forEach(c -> collectSensitive(c, out));
    }

    // ---- collapsing one branch ----

    private static SqlQuery collapse(SqlQuery q, Join edge, Set<String> used) {
        JoinTree tree = JoinTree.of(q);
        String child = edge.relation().alias();
        Set<String> branch = tree.subtree(child);
        String what = "the one-to-many join of " + child;

        for (ValueExpr g : q.groupBy()) {
            if (touches(g, branch)) {
                throw new UnsupportedSqlException("grouping across a one-to-many join",
                        "a group column comes from " + child + ", whose rows repeat per parent row; group by the subject's own columns");
            }
        }

        List<ValueExpr> outerKeys = new ArrayList<>();
        List<ValueExpr> innerKeys = new ArrayList<>();
        List<Predicate> satelliteWhere = new ArrayList<>();
        for (Predicate p : Exprs.conjuncts(Optional.of(edge.on()))) {
            Set<String> aliases = Exprs.aliases(p);
            if (!aliases.isEmpty() && branch.containsAll(aliases)) {
                satelliteWhere.add(p);
            } else if (p instanceof Comparison c && c.op() == Predicate.CompareOp.EQ && sideOf(c.left(), branch) != sideOf(c.right(), branch)
                    && sideOf(c.left(), branch) != Side.MIXED && sideOf(c.right(), branch) != Side.MIXED
                    && sideOf(c.left(), branch) != Side.NONE && sideOf(c.right(), branch) != Side.NONE) {
                boolean leftInside = sideOf(c.left(), branch) == Side.INSIDE;
                ValueExpr inner = leftInside ? c.left() : c.right();
                if (Exprs.containsLiteral(inner)) {
                    throw new UnsupportedSqlException(what, "its join key on the " + child + " side contains a bound value");
                }
                innerKeys.add(inner);
                outerKeys.add(leftInside ? c.right() : c.left());
            } else {
                throw new UnsupportedSqlException(what, "its ON condition is not a set of key equalities and conditions on "
                        + child + " alone, so it cannot be pre-aggregated at its join key");
            }
        }
        if (innerKeys.isEmpty()) {
            throw new UnsupportedSqlException(what, "its ON condition has no key equality to group the satellite by");
        }

        List<Predicate> outerWhere = new ArrayList<>();
        for (Predicate p : Exprs.conjuncts(q.where())) {
            Set<String> aliases = Exprs.aliases(p);
            boolean inside = aliases.stream().anyMatch(branch::contains);
            if (!inside) {
                outerWhere.add(p);
            } else if (!branch.containsAll(aliases)) {
                throw new UnsupportedSqlException(what, "a WHERE condition mixes " + child + " with other tables");
            } else if (edge.type() == JoinType.LEFT) {
                throw new UnsupportedSqlException(what, "a WHERE condition on the optional (LEFT JOIN) table " + child
                        + " would change meaning once pre-aggregated; express it as EXISTS or NOT EXISTS");
            } else {
                satelliteWhere.add(p);
            }
        }

        String name = FreshNames.fresh("sat_" + child, used);
        Partials partials = new Partials(name, branch, what);
        List<SelectItem> select = q.select().stream().map(s -> new SelectItem(partials.rewrite(s.expr()), s.alias())).toList();
        Optional<Predicate> having = q.having().map(partials::rewrite);
        List<OrderItem> orderBy = q.orderBy().stream().map(o -> new OrderItem(partials.rewrite(o.expr()), o.direction())).toList();

        SqlQuery.Builder satellite = SqlQuery.from(edge.relation());
        List<Join> branchJoins = q.joins().stream()
                .filter(j -> j != edge && branch.contains(Exprs.lower(j.relation().alias()))).toList();
        satellite.joins(branchJoins);
        satelliteWhere.forEach(satellite::where);
        List<Predicate> joinBack = new ArrayList<>();
        for (int i = 0; i < innerKeys.size(); i++) {
            String key = "key" + (i + 1);
            satellite.select(innerKeys.get(i), key);
            joinBack.add(Sql.eq(outerKeys.get(i), Sql.col(name, key)));
        }
        satellite.groupByList(innerKeys);
        partials.items().forEach((agg, column) -> satellite.select(agg, column));
        Relation.DerivedTable derived = new Relation.DerivedTable(lower(satellite.build(), used), name);

        List<Join> joins = new ArrayList<>();
        for (Join j : q.joins()) {
            if (j == edge) {
                joins.add(new Join(edge.type(), derived, Sql.and(joinBack), Cardinality.MANY_TO_ONE));
            } else if (!branch.contains(Exprs.lower(j.relation().alias()))) {
                joins.add(j);
            }
        }
        return q.toBuilder()
                .selectItems(select)
                .joins(joins)
                .replaceWhere(outerWhere.isEmpty() ? Optional.empty() : Optional.of(Sql.and(outerWhere)))
                .replaceHaving(having)
                .orderByList(orderBy)
                .build();
    }

    private enum Side { INSIDE, OUTSIDE, MIXED, NONE }

    private static Side sideOf(ValueExpr e, Set<String> branch) {
        Set<String> aliases = Exprs.aliases(e);
        if (aliases.isEmpty()) {
            return Side.NONE;
        }
        long inside = aliases.stream().filter(branch::contains).count();
        return inside == aliases.size() ? Side.INSIDE : inside == 0 ? Side.OUTSIDE : Side.MIXED;
    }

    private static boolean touches(SqlExpr e, Set<String> branch) {
        return Exprs.aliases(e).stream().anyMatch(branch::contains);
    }

    /** Partial aggregates computed in a satellite and the outer expressions that recombine them. */
    private static final class Partials {
        private final String satellite;
        private final Set<String> branch;
        private final String what;
        private final Map<Aggregate, String> items = new LinkedHashMap<>();

        Partials(String satellite, Set<String> branch, String what) {
            this.satellite = satellite;
            this.branch = branch;
            this.what = what;
        }

        Map<Aggregate, String> items() {
            return items;
        }

        <T extends SqlExpr> T rewrite(T e) {
            return Exprs.rewrite(e, node -> {
                if (!touches(node, branch)) {
                    return Optional.of(node);
                }
                if (node instanceof Aggregate a) {
                    if (!branch.containsAll(Exprs.aliases(a))) {
                        throw new UnsupportedSqlException(what, "an aggregate combines columns of the fanned-out branch with other tables");
                    }
                    return Optional.of(recombine(a));
                }
                if (node instanceof ColumnRef || node instanceof Predicate.Exists) {
                    throw new UnsupportedSqlException(what, "a column of the fanned-out branch is used outside an aggregate");
                }
                return Optional.empty();
            });
        }

        private ValueExpr recombine(Aggregate a) {
            ValueExpr arg = a.arg().orElseThrow();
            return switch (a.fn()) {
                case SUM -> Sql.agg(AggregateFn.SUM, part(Sql.agg(AggregateFn.SUM, arg)));
                case MIN -> Sql.agg(AggregateFn.MIN, part(Sql.agg(AggregateFn.MIN, arg)));
                case MAX -> Sql.agg(AggregateFn.MAX, part(Sql.agg(AggregateFn.MAX, arg)));
                case COUNT -> {
                    if (a.distinct()) {
                        throw new UnsupportedSqlException(what, "COUNT(DISTINCT …) over a pre-aggregated branch cannot be recombined exactly");
                    }
                    yield new Coalesce(List.of(Sql.agg(AggregateFn.SUM, part(Sql.count(arg))), Sql.constant("0")));
                }
                case AVG -> Sql.arith(
                        Sql.arith(Sql.constant("1.0"), ArithmeticOp.MULTIPLY, Sql.agg(AggregateFn.SUM, part(Sql.agg(AggregateFn.SUM, arg)))),
                        ArithmeticOp.DIVIDE,
                        new NullIf(Sql.agg(AggregateFn.SUM, part(Sql.count(arg))), Sql.constant("0")));
                case MEDIAN -> throw new UnsupportedSqlException(what, "a median over a pre-aggregated branch cannot be recombined exactly");
            };
        }

        private ColumnRef part(Aggregate partial) {
            String column = items.computeIfAbsent(partial, p -> "part" + (items.size() + 1));
            return Sql.col(satellite, column);
        }
    }

    /** The joins as a tree: each join hangs from the one earlier relation its ON condition names. */
    private static final class JoinTree {
        private final Map<String, List<String>> children = new HashMap<>();

        static JoinTree of(SqlQuery q) {
            JoinTree t = new JoinTree();
            List<String> seen = new ArrayList<>();
            seen.add(Exprs.lower(q.from().alias()));
            for (Join j : q.joins()) {
                String child = Exprs.lower(j.relation().alias());
                Set<String> others = new LinkedHashSet<>(Exprs.aliases(j.on()));
                others.remove(child);
                if (others.size() != 1 || !seen.containsAll(others)) {
                    throw new UnsupportedSqlException("the join of " + j.relation().alias(),
                            "its ON condition must name exactly one earlier relation to check the grain, but names " + others);
                }
                t.children.computeIfAbsent(others.iterator().next(), k -> new ArrayList<>()).add(child);
                seen.add(child);
            }
            return t;
        }

        Set<String> subtree(String alias) {
            Set<String> out = new LinkedHashSet<>();
            List<String> todo = new ArrayList<>(List.of(Exprs.lower(alias)));
            while (!todo.isEmpty()) {
                String a = todo.remove(todo.size() - 1);
                if (out.add(a)) {
                    todo.addAll(children.getOrDefault(a, List.of()));
                }
            }
            return out;
        }
    }
}
