package org.tally.core.sql;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.tally.core.sql.ValueExpr.ColumnRef;

/** Column references of a whole query, and the ones that point outside it. */
final class QueryRefs {

    private QueryRefs() {
    }

    static Set<ColumnRef> allRefs(SqlQuery q) {
        Set<ColumnRef> out = new LinkedHashSet<>();
        q.select().forEach(s -> out.addAll(Exprs.columnRefs(s.expr())));
        q.joins().forEach(j -> out.addAll(Exprs.columnRefs(j.on())));
        q.where().ifPresent(w -> out.addAll(Exprs.columnRefs(w)));
        q.groupBy().forEach(g -> out.addAll(Exprs.columnRefs(g)));
        q.having().ifPresent(h -> out.addAll(Exprs.columnRefs(h)));
        q.orderBy().forEach(o -> out.addAll(Exprs.columnRefs(o.expr())));
        return out;
    }

    static Set<ColumnRef> outerRefs(SqlQuery q) {
        Set<String> own = q.aliases().stream().map(Exprs::lower).collect(Collectors.toSet());
        return allRefs(q).stream().filter(r -> !own.contains(Exprs.lower(r.alias())))
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }
}
