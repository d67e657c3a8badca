package org.tally.core.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tally.core.sql.Predicate.CompareOp;
import org.tally.core.sql.Predicate.Comparison;
import org.tally.core.sql.Predicate.Exists;
import org.tally.core.sql.ValueExpr.ColumnRef;

/**
 * A counted related scope ("admitted more than once": an {@link Exists} with bounds) read as a grouped semi-join:
 * when the scope is tied to the outer query by one equality of an inner column with an outer one and its other
 * conditions are its own, "the outer key is among the inner keys that occur n times" is
 * {@code outer IN (SELECT inner FROM … WHERE … GROUP BY inner HAVING COUNT(*) >= n)}: one pass over the related
 * rows instead of a count per outer row. Any other correlation keeps the correlated count.
 */
final class CountedScope {

    /**
     * @param inner the related rows' column the scope correlates on
     * @param outer the outer query's column it equals
     * @param local the scope's other conditions, which name only its own aliases
     */
    record Semi(ColumnRef inner, ColumnRef outer, List<Predicate> local) {
    }

    private CountedScope() {
    }

    /** The single-column correlation of {@code x} and its own conditions, or empty when it is correlated otherwise. */
    static Optional<Semi> of(Exists x) {
        Set<String> inner = new LinkedHashSet<>();
        inner.add(Exprs.lower(x.from().alias()));
        x.joins().forEach(j -> inner.add(Exprs.lower(j.relation().alias())));
        if (correlated(x.from()) || x.joins().stream().anyMatch(j -> correlated(j.relation())
                || !inner.containsAll(Exprs.aliases(j.on())))) {
            return Optional.empty();
        }
        ColumnRef innerKey = null;
        ColumnRef outerKey = null;
        List<Predicate> local = new ArrayList<>();
        for (Predicate c : Exprs.conjuncts(Optional.of(x.where()))) {
            if (inner.containsAll(Exprs.aliases(c))) {
                local.add(c);
                continue;
            }
            if (innerKey == null && c instanceof Comparison eq && eq.op() == CompareOp.EQ
                    && eq.left() instanceof ColumnRef l && eq.right() instanceof ColumnRef r) {
                boolean leftInner = inner.contains(Exprs.lower(l.alias()));
                boolean rightInner = inner.contains(Exprs.lower(r.alias()));
                if (leftInner != rightInner) {
                    innerKey = leftInner ? l : r;
                    outerKey = leftInner ? r : l;
                    continue;
                }
            }
            return Optional.empty();
        }
        return innerKey == null ? Optional.empty() : Optional.of(new Semi(innerKey, outerKey, local));
    }

    /** Whether a derived table of the scope reads the outer query (it then cannot be grouped on its own). */
    private static boolean correlated(Relation r) {
        return r instanceof Relation.DerivedTable d && !QueryRefs.outerRefs(d.query()).isEmpty();
    }
}
