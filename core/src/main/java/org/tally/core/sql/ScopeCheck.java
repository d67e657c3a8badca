package org.tally.core.sql;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tally.core.sql.Predicate.Exists;
import org.tally.core.sql.ValueExpr.ColumnRef;

/**
 * Every column reference must name an alias in scope and every CTE reference a CTE of the statement. A violation is
 * a bug in whoever built the tree, so it throws instead of producing SQL that fails (or worse, binds elsewhere).
 */
final class ScopeCheck {

    private ScopeCheck() {
    }

    static void check(SqlQuery root) {
        Set<String> cteNames = new HashSet<>();
        root.ctes().forEach(c -> cteNames.add(Exprs.lower(c.name())));
        for (Cte c : root.ctes()) {
            query(c.query(), Set.of(), cteNames);
        }
        query(root, Set.of(), cteNames);
    }

    private static void query(SqlQuery q, Set<String> outer, Set<String> ctes) {
        Set<String> scope = new HashSet<>(outer);
        relation(q.from(), scope, ctes);
        for (Join j : q.joins()) {
            relation(j.relation(), scope, ctes);
        }
        for (Join j : q.joins()) {
            expr(j.on(), scope, ctes);
        }
        q.select().forEach(s -> expr(s.expr(), scope, ctes));
        q.where().ifPresent(w -> expr(w, scope, ctes));
        q.groupBy().forEach(g -> expr(g, scope, ctes));
        q.having().ifPresent(h -> expr(h, scope, ctes));
        q.orderBy().forEach(o -> expr(o.expr(), scope, ctes));
    }

    private static void relation(Relation r, Set<String> scope, Set<String> ctes) {
        if (r instanceof Relation.CteRef c && !ctes.contains(Exprs.lower(c.cteName()))) {
            throw new IllegalArgumentException("CteRef names '" + c.cteName() + "', which the statement's WITH clause does not define");
        }
        if (r instanceof Relation.DerivedTable d) {
            query(d.query(), Set.of(), ctes);
        }
        if (!scope.add(Exprs.lower(r.alias()))) {
            throw new IllegalArgumentException("alias '" + r.alias() + "' is already used by an enclosing query; pick another");
        }
    }

    private static void expr(SqlExpr e, Set<String> scope, Set<String> ctes) {
        if (e instanceof ColumnRef c) {
            if (!scope.contains(Exprs.lower(c.alias()))) {
                throw new IllegalArgumentException("column " + c.alias() + "." + c.column()
                        + " refers to alias '" + c.alias() + "', which no FROM or JOIN in scope introduces");
            }
        } else if (e instanceof Exists x) {
            Set<String> inner = new HashSet<>(scope);
            relation(x.from(), inner, ctes);
            for (Join j : x.joins()) {
                relation(j.relation(), inner, ctes);
            }
            for (Join j : x.joins()) {
                expr(j.on(), inner, ctes);
            }
            expr(x.where(), inner, ctes);
        } else {
            List<SqlExpr> children = Exprs.children(e);
            children.forEach(c -> expr(c, scope, ctes));
        }
    }
}
