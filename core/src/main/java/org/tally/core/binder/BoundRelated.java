package org.tally.core.binder;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.binding.Link;
import org.tally.core.binding.TableBinding;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;
import org.tally.core.sql.Cardinality;
import org.tally.core.sql.Join;
import org.tally.core.sql.JoinType;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.Sql;

/**
 * A related scope bound over one foreign-key hop: the other table under its alias, the link, how a row of it is
 * matched to the subject's row, the many-to-one joins inside it that its conditions read, and those conditions.
 *
 * @param version when the subject keeps versions of its rows and the other table refers to one version: the join to
 *                that version inside the scope, whose entity key is matched with the subject's
 */
record BoundRelated(RelatedScope scope, TableBinding other, String alias, Link link, boolean otherRefers,
                    VersionMatch version, List<ScopeJoin> joins, List<BoundCondition> conditions) {

    BoundRelated {
        joins = List.copyOf(joins);
        conditions = List.copyOf(conditions);
    }

    /** The subject's version a related row points at, joined inside the scope. */
    record VersionMatch(String alias, TableBinding subject, String entityKey) {
    }

    /** A many-to-one join inside the scope. */
    record ScopeJoin(String alias, String fromAlias, Link link, TableBinding target) {
    }

    /** How a related row is matched to the subject's row (alias {@code s}). */
    Predicate match() {
        if (version != null) {
            return Sql.eq(Sql.col(version.alias(), version.entityKey()), Sql.col(SpecResolver.SUBJECT, version.entityKey()));
        }
        return otherRefers
                ? Sql.eq(Sql.col(alias, link.fromColumn()), Sql.col(SpecResolver.SUBJECT, link.toColumn()))
                : Sql.eq(Sql.col(alias, link.toColumn()), Sql.col(SpecResolver.SUBJECT, link.fromColumn()));
    }

    /** The scope as SQL: its match, then its conditions (row-scope conditions are added by {@link RowScopes}). */
    Predicate predicate() {
        List<Join> inner = new ArrayList<>();
        if (version != null) {
            inner.add(new Join(JoinType.INNER, Sql.table(version.subject().table(), version.alias()),
                    Sql.eq(Sql.col(version.alias(), link.toColumn()), Sql.col(alias, link.fromColumn())),
                    Cardinality.MANY_TO_ONE));
        }
        for (ScopeJoin j : joins) {
            inner.add(new Join(JoinType.INNER, Sql.table(j.target().table(), j.alias()),
                    Sql.eq(Sql.col(j.alias(), j.link().toColumn()), Sql.col(j.fromAlias(), j.link().fromColumn())),
                    Cardinality.MANY_TO_ONE));
        }
        List<Predicate> where = new ArrayList<>();
        where.add(match());
        conditions.forEach(c -> where.add(c.predicate()));
        Predicate all = Sql.and(where);
        return scope.quantifier() == Quantifier.COUNTED
                ? new Predicate.Exists(Sql.table(other.table(), alias), inner, all, false, scope.atLeast(), scope.atMost())
                : new Predicate.Exists(Sql.table(other.table(), alias), inner, all, scope.quantifier() != Quantifier.EXISTS);
    }
}
