package org.tally.core.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tally.core.sql.Predicate.Exists;

/**
 * A probe for any one row ("do we have any patients with a latex allergy that caused anaphylaxis?": LIMIT 1, no
 * order, no aggregate) whose condition is a related scope tied to it by one key, read from the related rows: the
 * scope's EXISTS becomes an inner join on that key, with the scope's own conditions in WHERE. Whether some row comes
 * back is the same either way (a row of the join is a row that has a related row), and the database may then start
 * from the few related rows that match and stop at the first, instead of building the scope's whole key list before
 * it reads the subject (docs/benchmarks.md, "Against the gold SQL"). Any other query is left as it is.
 */
final class RelatedProbe {

    private RelatedProbe() {
    }

    static SqlQuery apply(SqlQuery q) {
        if (!isProbe(q)) {
            return q;
        }
        Set<String> outer = new LinkedHashSet<>();
        outer.add(Exprs.lower(q.from().alias()));
        q.joins().forEach(j -> outer.add(Exprs.lower(j.relation().alias())));
        List<Predicate> where = Exprs.conjuncts(q.where());
        for (int i = 0; i < where.size(); i++) {
            if (!(where.get(i) instanceof Exists x) || x.negated() || x.counted() || clashes(x, outer)) {
                continue;
            }
            Optional<CountedScope.Semi> semi = CountedScope.of(x);
            if (semi.isEmpty()) {
                continue;
            }
            List<Predicate> rest = new ArrayList<>(where.subList(0, i));
            rest.addAll(semi.get().local());
            rest.addAll(where.subList(i + 1, where.size()));
            List<Join> joins = new ArrayList<>(q.joins());
            joins.add(new Join(JoinType.INNER, x.from(), Sql.eq(semi.get().inner(), semi.get().outer()),
                    Cardinality.ONE_TO_MANY));
            joins.addAll(x.joins());
            return q.toBuilder().joins(joins)
                    .replaceWhere(rest.isEmpty() ? Optional.empty() : Optional.of(Sql.and(rest))).build();
        }
        return q;
    }

    /** Only whether a row comes back is read: one row, in no order, of rows (not groups), kept as they are. */
    private static boolean isProbe(SqlQuery q) {
        return q.limit().isPresent() && q.limit().get().count() == 1 && q.limit().get().offset() == 0
                && q.orderBy().isEmpty() && q.groupBy().isEmpty() && q.having().isEmpty() && !q.distinct()
                && q.ctes().isEmpty() && q.select().stream().noneMatch(s -> Exprs.containsAggregate(s.expr()));
    }

    private static boolean clashes(Exists x, Set<String> outer) {
        if (outer.contains(Exprs.lower(x.from().alias()))) {
            return true;
        }
        return x.joins().stream().anyMatch(j -> outer.contains(Exprs.lower(j.relation().alias())));
    }
}
