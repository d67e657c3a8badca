package org.tally.core.sql;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.sql.Predicate.CompareOp;
import org.tally.core.sql.Predicate.Comparison;
import org.tally.core.sql.Predicate.Exists;
import org.tally.core.sql.ValueExpr.ColumnRef;

/**
 * The table columns a query matches rows on: both sides of every equality of two columns in a join, a WHERE or a
 * related scope's correlation. Without an index on the referencing side such a match reads the whole table, which
 * is what a question that times out usually needs (the timeout message and the index advice name them).
 */
public final class JoinColumns {

    /** A column of a physical table, named as the query names it. */
    public record Column(Optional<String> schema, String table, String column) {
    }

    private JoinColumns() {
    }

    public static List<Column> of(SqlQuery query) {
        Set<Column> out = new LinkedHashSet<>();
        query(query, Map.of(), out);
        return List.copyOf(out);
    }

    private static void query(SqlQuery q, Map<String, Relation.TableRef> outer, Set<Column> out) {
        q.ctes().forEach(c -> query(c.query(), Map.of(), out));
        Map<String, Relation.TableRef> scope = new HashMap<>(outer);
        relation(q.from(), scope, out);
        q.joins().forEach(j -> relation(j.relation(), scope, out));
        q.joins().forEach(j -> predicate(j.on(), scope, out));
        q.where().ifPresent(w -> predicate(w, scope, out));
    }

    private static void relation(Relation r, Map<String, Relation.TableRef> scope, Set<Column> out) {
        if (r instanceof Relation.TableRef t) {
            scope.put(Exprs.lower(t.alias()), t);
        } else if (r instanceof Relation.DerivedTable d) {
            query(d.query(), Map.of(), out);
        }
    }

    private static void predicate(SqlExpr e, Map<String, Relation.TableRef> scope, Set<Column> out) {
        if (e instanceof Comparison c && c.op() == CompareOp.EQ && c.left() instanceof ColumnRef l
                && c.right() instanceof ColumnRef r) {
            column(l, scope, out);
            column(r, scope, out);
        } else if (e instanceof Exists x) {
            Map<String, Relation.TableRef> inner = new HashMap<>(scope);
            relation(x.from(), inner, out);
            x.joins().forEach(j -> relation(j.relation(), inner, out));
            x.joins().forEach(j -> predicate(j.on(), inner, out));
            predicate(x.where(), inner, out);
        } else {
            Exprs.children(e).forEach(child -> predicate(child, scope, out));
        }
    }

    private static void column(ColumnRef ref, Map<String, Relation.TableRef> scope, Set<Column> out) {
        Relation.TableRef t = scope.get(Exprs.lower(ref.alias()));
        if (t != null) {
            out.add(new Column(t.schema(), t.table(), ref.column()));
        }
    }
}
