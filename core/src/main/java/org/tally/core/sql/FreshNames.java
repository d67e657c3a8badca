package org.tally.core.sql;

import java.util.Set;

/** Fresh names for generated satellites: never equal (case-insensitively) to any table, CTE or alias of the statement. */
final class FreshNames {

    private FreshNames() {
    }

    static String fresh(String base, Set<String> used) {
        String candidate = base;
        for (int i = 2; used.contains(Exprs.lower(candidate)); i++) {
            candidate = base + "_" + i;
        }
        used.add(Exprs.lower(candidate));
        return candidate;
    }

    static void collect(SqlQuery q, Set<String> used) {
        q.ctes().forEach(c -> {
            used.add(Exprs.lower(c.name()));
            collect(c.query(), used);
        });
        relation(q.from(), used);
        q.joins().forEach(j -> {
            relation(j.relation(), used);
            expr(j.on(), used);
        });
        q.select().forEach(s -> expr(s.expr(), used));
        q.where().ifPresent(w -> expr(w, used));
        q.groupBy().forEach(g -> expr(g, used));
        q.having().ifPresent(h -> expr(h, used));
        q.orderBy().forEach(o -> expr(o.expr(), used));
    }

    private static void relation(Relation r, Set<String> used) {
        used.add(Exprs.lower(r.alias()));
        if (r instanceof Relation.TableRef t) {
            used.add(Exprs.lower(t.table()));
        } else if (r instanceof Relation.CteRef c) {
            used.add(Exprs.lower(c.cteName()));
        } else if (r instanceof Relation.DerivedTable d) {
            collect(d.query(), used);
        }
    }

    private static void expr(SqlExpr e, Set<String> used) {
        if (e instanceof Predicate.Exists x) {
            relation(x.from(), used);
            x.joins().forEach(j -> {
                relation(j.relation(), used);
                expr(j.on(), used);
            });
            expr(x.where(), used);
        } else {
            Exprs.children(e).forEach(c -> expr(c, used));
        }
    }
}
