package org.tally.core.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.sql.Predicate.CompareOp;
import org.tally.core.sql.ValueExpr.ColumnRef;
import org.tally.core.sql.ValueExpr.DenseRank;

/**
 * Lowering pass: a row limit that keeps ties ({@link RowLimit#keepsTies()}) becomes a rank filter. "The 3 most
 * common" means the rows holding the 3 best values, so a row tied with the last one kept is kept too (and a tie
 * above the cut does not push the next value out: a dense rank). The query is wrapped as
 *
 * <pre>SELECT t.a AS a, … FROM (SELECT …, DENSE_RANK() OVER (ORDER BY ranking keys) AS tie_rank FROM … GROUP BY …) AS t
 * WHERE t.tie_rank &lt;= n ORDER BY t.…</pre>
 *
 * with the same output names and the same full order, written the same way for every database that has window
 * functions (H2, PostgreSQL, MySQL 8 and MariaDB 10.2+, SQL Server). Pure: a query without such a limit comes back as
 * it is.
 */
final class TiesAtCut {

    private TiesAtCut() {
    }

    static SqlQuery apply(SqlQuery q) {
        if (q.limit().isEmpty() || !q.limit().get().keepsTies()) {
            return q;
        }
        RowLimit cut = q.limit().get();
        Set<String> used = new HashSet<>();
        FreshNames.collect(q, used);
        String ranked = FreshNames.fresh("ranked", used);

        Set<String> outputs = new HashSet<>();
        q.select().forEach(s -> outputs.add(s.alias().toLowerCase(Locale.ROOT)));
        SqlQuery.Builder inner = q.toBuilder().ctes(List.of()).orderByList(List.of()).limit(null);
        List<OrderItem> outerOrder = new ArrayList<>();
        for (OrderItem o : q.orderBy()) {
            String name = q.select().stream().filter(s -> s.expr().equals(o.expr())).map(SelectItem::alias)
                    .findFirst().orElse(null);
            if (name == null) {
                name = free("order_key_" + (outerOrder.size() + 1), outputs);
                inner.select(o.expr(), name);
            }
            outerOrder.add(new OrderItem(Sql.col(ranked, name), o.direction()));
        }
        String rank = free("tie_rank", outputs);
        inner.select(new DenseRank(q.orderBy().subList(0, cut.tiedKeys())), rank);

        SqlQuery.Builder outer = SqlQuery.from(new Relation.DerivedTable(inner.build(), ranked)).ctes(q.ctes());
        for (SelectItem s : q.select()) {
            outer.select(Sql.col(ranked, s.alias()), s.alias());
        }
        ColumnRef rankColumn = Sql.col(ranked, rank);
        outer.where(Sql.compare(rankColumn, CompareOp.LE, Sql.constant(Long.toString(cut.count()))));
        return outer.orderByList(outerOrder).build();
    }

    /** An output name no column of the query has (case-insensitively), recorded as taken. */
    private static String free(String base, Set<String> taken) {
        String name = base;
        for (int i = 2; taken.contains(name.toLowerCase(Locale.ROOT)); i++) {
            name = base + "_" + i;
        }
        taken.add(name.toLowerCase(Locale.ROOT));
        return name;
    }
}
