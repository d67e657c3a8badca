package org.tally.core.binder;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.sql.Cardinality;
import org.tally.core.sql.JoinType;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.RowLimit;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.TotalOrder;
import org.tally.core.sql.ValueExpr;

/**
 * The plan stage: a {@link BoundSpec} → one SELECT, by the planner of its shape (a probe for one witness row, a list
 * of rows, an aggregate of groups). Nothing can fail here: binding checked everything. What keeps each table's rows
 * to the ones that count is not written here but added after by {@link RowScopes}.
 */
final class QueryPlanner {

    private QueryPlanner() {
    }

    static SqlQuery plan(BoundSpec bound) {
        BoundSpec.Shape shape = bound.shape();
        if (shape instanceof BoundSpec.Probe p) {
            return probe(bound, p);
        }
        if (shape instanceof BoundSpec.Rows rows) {
            return rows(bound, rows);
        }
        if (shape instanceof BoundSpec.Aggregate a) {
            return aggregate(bound, a);
        }
        throw new AssertionError(shape);
    }

    /**
     * Any one matching row, with no ORDER BY: only whether a row comes back is read (the row is never shown), so
     * the database may stop at the first match, as it does for EXISTS; an order would make it find the smallest
     * key first (a walk of the whole key index when matches are rare; docs/benchmarks.md, "Against the gold SQL").
     */
    private static SqlQuery probe(BoundSpec bound, BoundSpec.Probe probe) {
        SqlQuery.Builder b = start(bound);
        b.select(probe.key(), "witness");
        where(bound, b);
        b.limit(1);
        return finish(bound, b);
    }

    private static SqlQuery rows(BoundSpec bound, BoundSpec.Rows rows) {
        SqlQuery.Builder b = start(bound);
        Set<String> labels = new LinkedHashSet<>();
        for (BoundSpec.Shown shown : rows.shown()) {
            b.select(shown.expr(), unique(labels, shown.label()));
        }
        where(bound, b);
        b.orderByList(rows.order());
        if (rows.limit() != null) {
            b.limit(rows.limit());
        }
        return TotalOrder.withTieBreaker(finish(bound, b), List.of(rows.key()));
    }

    private static SqlQuery aggregate(BoundSpec bound, BoundSpec.Aggregate a) {
        SqlQuery.Builder b = start(bound);
        Set<String> labels = new LinkedHashSet<>();
        List<ValueExpr> groups = new ArrayList<>();
        List<ValueExpr> dims = new ArrayList<>();
        for (BoundSpec.Group g : a.groups()) {
            dims.add(g.shown().get(0).expr());
            for (BoundSpec.Shown shown : g.shown()) {
                b.select(shown.expr(), unique(labels, shown.label()));
            }
            for (ValueExpr k : g.keys()) {
                if (!groups.contains(k)) {
                    groups.add(k);
                }
            }
        }
        for (BoundMeasure m : a.measures()) {
            b.select(m.expr(), unique(labels, m.label()));
        }
        where(bound, b);
        b.groupByList(groups);
        List<OrderItem> order = new ArrayList<>(a.order());
        if (a.trend()) {
            for (ValueExpr d : dims) {
                if (d instanceof ValueExpr.DateBucket && order.stream().noneMatch(o -> o.expr().equals(d))) {
                    order.add(OrderItem.asc(d));
                }
            }
        }
        b.orderByList(order);
        if (a.limit() != null) {
            // "the 3 most common": the groups holding the 3 best values, ties at the cut kept (a dense rank over the
            // asked order; the tie-breaking keys added below only order the rows shown)
            b.limit(a.order().isEmpty() ? RowLimit.of(a.limit())
                    : RowLimit.keepingTies(a.limit(), a.order().size()));
        }
        SqlQuery q = finish(bound, b);
        return dims.isEmpty() ? q : TotalOrder.byGroups(q);
    }

    private static SqlQuery.Builder start(BoundSpec bound) {
        return SqlQuery.from(Sql.table(bound.subject().table(), SpecResolver.SUBJECT));
    }

    private static void where(BoundSpec bound, SqlQuery.Builder b) {
        bound.where().forEach(c -> b.where(c.predicate()));
    }

    /** The many-to-one joins of the outer query, in the order binding met them. */
    private static SqlQuery finish(BoundSpec bound, SqlQuery.Builder b) {
        for (BoundSpec.Read r : bound.reads()) {
            if (r instanceof BoundSpec.JoinedRows j) {
                b.join(JoinType.INNER, Sql.table(j.table().table(), j.alias()),
                        Sql.eq(Sql.col(j.alias(), j.link().toColumn()), Sql.col(j.fromAlias(), j.link().fromColumn())),
                        Cardinality.MANY_TO_ONE);
            }
        }
        return b.build();
    }

    /** Labels are told apart ignoring case: a second "ward" is "ward 2". */
    private static String unique(Set<String> used, String label) {
        String l = label;
        int n = 2;
        while (!used.add(l.toLowerCase(Locale.ROOT))) {
            l = label + " " + n++;
        }
        return l;
    }
}
