package org.tally.core.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One SELECT statement over physical names: {@code WITH ctes SELECT [DISTINCT] select FROM from joins WHERE where
 * GROUP BY groupBy HAVING having ORDER BY orderBy} plus a row limit. Immutable; build with {@link #from(Relation)}.
 */
public record SqlQuery(
        List<Cte> ctes,
        boolean distinct,
        List<SelectItem> select,
        Relation from,
        List<Join> joins,
        Optional<Predicate> where,
        List<ValueExpr> groupBy,
        Optional<Predicate> having,
        List<OrderItem> orderBy,
        Optional<RowLimit> limit) {

    public SqlQuery {
        ctes = List.copyOf(ctes);
        select = List.copyOf(select);
        Objects.requireNonNull(from, "SqlQuery.from");
        joins = List.copyOf(joins);
        Objects.requireNonNull(where, "SqlQuery.where");
        groupBy = List.copyOf(groupBy);
        Objects.requireNonNull(having, "SqlQuery.having");
        orderBy = List.copyOf(orderBy);
        Objects.requireNonNull(limit, "SqlQuery.limit");

        if (select.isEmpty()) {
            throw new IllegalArgumentException("SqlQuery.select needs at least one output column");
        }
        requireUnique(select.stream().map(SelectItem::alias).toList(), "SqlQuery.select output names");
        requireUnique(ctes.stream().map(Cte::name).toList(), "SqlQuery.ctes names");
        requireUniqueAliases(from, joins, "SqlQuery");
        where.ifPresent(w -> {
            if (Exprs.containsAggregate(w)) {
                throw new IllegalArgumentException("SqlQuery.where must not contain an aggregate; put it in having");
            }
        });
        for (ValueExpr g : groupBy) {
            if (Exprs.containsAggregate(g)) {
                throw new IllegalArgumentException("SqlQuery.groupBy must not contain an aggregate: " + g);
            }
            if (Exprs.containsLiteral(g)) {
                // each ? is a separate parameter, so the database cannot match it against the SELECT list
                throw new IllegalArgumentException("SqlQuery.groupBy must not contain bound values: " + g);
            }
        }
        boolean aggregated = !groupBy.isEmpty() || having.isPresent()
                || select.stream().anyMatch(s -> Exprs.containsAggregate(s.expr()));
        if (aggregated) {
            // MySQL and MariaDB would silently pick an arbitrary value for an ungrouped column: refuse it here
            for (SelectItem s : select) {
                Exprs.requireGrouped(s.expr(), groupBy, "SqlQuery.select '" + s.alias() + "'");
            }
            for (OrderItem o : orderBy) {
                Exprs.requireGrouped(o.expr(), groupBy, "SqlQuery.orderBy");
            }
        } else {
            for (OrderItem o : orderBy) {
                if (Exprs.containsAggregate(o.expr())) {
                    throw new IllegalArgumentException("SqlQuery.orderBy has an aggregate in a query that does not aggregate");
                }
            }
        }
        if (distinct) {
            for (OrderItem o : orderBy) {
                if (select.stream().noneMatch(s -> s.expr().equals(o.expr()))) {
                    throw new IllegalArgumentException("SqlQuery.orderBy of a DISTINCT query must sort by selected expressions; select " + o.expr());
                }
            }
        }
        if (limit.isPresent() && limit.get().tiedKeys() > orderBy.size()) {
            throw new IllegalArgumentException("SqlQuery.limit keeps ties on " + limit.get().tiedKeys()
                    + " ORDER BY keys but the query has " + orderBy.size());
        }
        if (limit.isPresent() && limit.get().offset() > 0 && orderBy.isEmpty()) {
            throw new IllegalArgumentException("SqlQuery.limit has an offset but no orderBy: pages would be arbitrary");
        }
    }

    /** True when the query aggregates (GROUP BY, HAVING or an aggregate in the select list). */
    public boolean aggregated() {
        return !groupBy.isEmpty() || having.isPresent() || select.stream().anyMatch(s -> Exprs.containsAggregate(s.expr()));
    }

    /** All aliases introduced by FROM and JOIN, in order. */
    public List<String> aliases() {
        List<String> out = new ArrayList<>();
        out.add(from.alias());
        joins.forEach(j -> out.add(j.relation().alias()));
        return out;
    }

    static void requireUniqueAliases(Relation from, List<Join> joins, String owner) {
        List<String> aliases = new ArrayList<>();
        aliases.add(from.alias());
        joins.forEach(j -> aliases.add(j.relation().alias()));
        requireUnique(aliases, owner + " relation aliases");
    }

    private static void requireUnique(List<String> names, String field) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(field + " must be unique (case-insensitively); '" + n + "' repeats");
            }
        }
    }

    public static Builder from(Relation from) {
        return new Builder(from);
    }

    public Builder toBuilder() {
        Builder b = new Builder(from);
        b.ctes.addAll(ctes);
        b.distinct = distinct;
        b.select.addAll(select);
        b.joins.addAll(joins);
        b.where = where.orElse(null);
        b.groupBy.addAll(groupBy);
        b.having = having.orElse(null);
        b.orderBy.addAll(orderBy);
        b.limit = limit.orElse(null);
        return b;
    }

    /** Mutable assembly of a {@link SqlQuery}; {@link #build()} checks the invariants. */
    public static final class Builder {
        private final List<Cte> ctes = new ArrayList<>();
        private boolean distinct;
        private final List<SelectItem> select = new ArrayList<>();
        private Relation from;
        private final List<Join> joins = new ArrayList<>();
        private Predicate where;
        private final List<ValueExpr> groupBy = new ArrayList<>();
        private Predicate having;
        private final List<OrderItem> orderBy = new ArrayList<>();
        private RowLimit limit;

        private Builder(Relation from) {
            this.from = Objects.requireNonNull(from, "from");
        }

        public Builder with(Cte cte) {
            ctes.add(cte);
            return this;
        }

        public Builder ctes(List<Cte> all) {
            ctes.clear();
            ctes.addAll(all);
            return this;
        }

        public Builder distinct(boolean d) {
            distinct = d;
            return this;
        }

        public Builder select(ValueExpr expr, String alias) {
            select.add(new SelectItem(expr, alias));
            return this;
        }

        public Builder selectItems(List<SelectItem> all) {
            select.clear();
            select.addAll(all);
            return this;
        }

        public Builder from(Relation r) {
            from = Objects.requireNonNull(r, "from");
            return this;
        }

        public Builder join(JoinType type, Relation relation, Predicate on, Cardinality cardinality) {
            joins.add(new Join(type, relation, on, cardinality));
            return this;
        }

        public Builder joins(List<Join> all) {
            joins.clear();
            joins.addAll(all);
            return this;
        }

        /** Adds a condition, AND-ed with any present. */
        public Builder where(Predicate p) {
            where = where == null ? p : Sql.and(where, p);
            return this;
        }

        public Builder replaceWhere(Optional<Predicate> p) {
            where = p.orElse(null);
            return this;
        }

        public Builder groupBy(ValueExpr... exprs) {
            groupBy.addAll(List.of(exprs));
            return this;
        }

        public Builder groupByList(List<ValueExpr> all) {
            groupBy.clear();
            groupBy.addAll(all);
            return this;
        }

        /** Adds a condition on groups, AND-ed with any present. */
        public Builder having(Predicate p) {
            having = having == null ? p : Sql.and(having, p);
            return this;
        }

        public Builder replaceHaving(Optional<Predicate> p) {
            having = p.orElse(null);
            return this;
        }

        public Builder orderBy(OrderItem... items) {
            orderBy.addAll(List.of(items));
            return this;
        }

        public Builder orderByList(List<OrderItem> all) {
            orderBy.clear();
            orderBy.addAll(all);
            return this;
        }

        public Builder limit(RowLimit l) {
            limit = l;
            return this;
        }

        public Builder limit(long count) {
            return limit(RowLimit.of(count));
        }

        public SqlQuery build() {
            return new SqlQuery(ctes, distinct, select, from, joins, Optional.ofNullable(where), groupBy,
                    Optional.ofNullable(having), orderBy, Optional.ofNullable(limit));
        }
    }
}
