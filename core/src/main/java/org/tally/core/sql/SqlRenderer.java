package org.tally.core.sql;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.dialect.DialectTraits;
import org.tally.core.dialect.SqlDialect;
import org.tally.core.sql.Predicate.And;
import org.tally.core.sql.Predicate.Between;
import org.tally.core.sql.Predicate.BoolTest;
import org.tally.core.sql.Predicate.Comparison;
import org.tally.core.sql.Predicate.Exists;
import org.tally.core.sql.Predicate.InList;
import org.tally.core.sql.Predicate.IsNull;
import org.tally.core.sql.Predicate.Not;
import org.tally.core.sql.Predicate.Or;
import org.tally.core.sql.ValueExpr.Aggregate;
import org.tally.core.sql.ValueExpr.AggregateFn;
import org.tally.core.sql.ValueExpr.Arithmetic;
import org.tally.core.sql.ValueExpr.BucketUnit;
import org.tally.core.sql.ValueExpr.CaseWhen;
import org.tally.core.sql.ValueExpr.Coalesce;
import org.tally.core.sql.ValueExpr.ColumnRef;
import org.tally.core.sql.ValueExpr.DateBucket;
import org.tally.core.sql.ValueExpr.DenseRank;
import org.tally.core.sql.ValueExpr.ElapsedSeconds;
import org.tally.core.sql.ValueExpr.JoinedName;
import org.tally.core.sql.ValueExpr.Literal;
import org.tally.core.sql.ValueExpr.NullIf;
import org.tally.core.sql.ValueExpr.NumericConstant;
import org.tally.core.sql.ValueExpr.When;

/**
 * Renders the IR as SQL on one line for one database. Where databases differ (quoting, row limits, date buckets,
 * elapsed seconds, median, averages, name joining, literals) it asks the database's {@link SqlDialect}, whose
 * templates and traits hold every difference; what no dialect changes is written here once. Rendering is pure: the
 * same query always gives the same bytes.
 */
public final class SqlRenderer {

    private final SqlDialect dialect;
    private final DialectTraits traits;

    public SqlRenderer(SqlDialect dialect) {
        this.dialect = Objects.requireNonNull(dialect, "dialect");
        this.traits = dialect.traits();
    }

    public SqlDialect dialect() {
        return dialect;
    }

    /** Renders one query, or explains why this dialect cannot express it. Lowering passes are not applied here. */
    public final CompileResult render(SqlQuery query) {
        ScopeCheck.check(query);
        try {
            SqlOut withParameters = new SqlOut(null);
            query(query, withParameters);
            SqlOut inlined = new SqlOut(this::inlineLiteral);
            query(query, inlined);
            return new CompileResult.Compiled(
                    new Rendered(withParameters.sql(), withParameters.parameters(), inlined.sql()));
        } catch (UnsupportedSqlException e) {
            return new CompileResult.Unsupported(dialect.id(), e.construct(), e.reason());
        }
    }

    // ---- statement ----

    private void query(SqlQuery q, SqlOut o) {
        if (!q.ctes().isEmpty()) {
            o.append("WITH ");
            for (int i = 0; i < q.ctes().size(); i++) {
                Cte cte = q.ctes().get(i);
                o.append(i == 0 ? "" : ", ").append(quote(cte.name())).append(" AS (");
                query(cte.query(), o);
                o.append(")");
            }
            o.append(" ");
        }
        o.append("SELECT ");
        if (q.distinct()) {
            o.append("DISTINCT ");
        }
        topClause(q, o);
        for (int i = 0; i < q.select().size(); i++) {
            SelectItem s = q.select().get(i);
            o.append(i == 0 ? "" : ", ");
            value(s.expr(), o);
            o.append(" AS ").append(quote(s.alias()));
        }
        o.append(" FROM ");
        relation(q.from(), o);
        joins(q.joins(), o);
        if (q.where().isPresent()) {
            o.append(" WHERE ");
            predicate(q.where().get(), o);
        }
        if (!q.groupBy().isEmpty()) {
            o.append(" GROUP BY ");
            list(q.groupBy(), o);
        }
        if (q.having().isPresent()) {
            o.append(" HAVING ");
            predicate(q.having().get(), o);
        }
        if (!q.orderBy().isEmpty()) {
            o.append(" ORDER BY ");
            orderItems(q.orderBy(), o);
        }
        limitClause(q, o);
    }

    private void orderItems(List<OrderItem> items, SqlOut o) {
        for (int i = 0; i < items.size(); i++) {
            OrderItem item = items.get(i);
            o.append(i == 0 ? "" : ", ");
            value(item.expr(), o);
            boolean asc = item.direction() == OrderItem.Direction.ASC;
            o.append(asc ? " ASC" : " DESC");
            if (traits.explicitNullOrdering()) {
                o.append(asc ? " NULLS FIRST" : " NULLS LAST");
            }
        }
    }

    private void topClause(SqlQuery q, SqlOut o) {
        if (q.limit().isPresent() && q.limit().get().keepsTies()) {
            // a bug in whoever called the renderer: SqlCompiler lowers such a cut to a rank filter first
            throw new IllegalArgumentException("a row limit that keeps ties must be lowered by TiesAtCut before rendering");
        }
        if (traits.limitStyle() == DialectTraits.LimitStyle.TOP_OR_OFFSET_FETCH && q.limit().isPresent()
                && q.limit().get().offset() == 0) {
            o.append("TOP (").append(Long.toString(q.limit().get().count())).append(") ");
        }
    }

    private void limitClause(SqlQuery q, SqlOut o) {
        if (q.limit().isEmpty()) {
            return;
        }
        RowLimit l = q.limit().get();
        switch (traits.limitStyle()) {
            case LIMIT_OFFSET -> {
                o.append(" LIMIT ").append(Long.toString(l.count()));
                if (l.offset() > 0) {
                    o.append(" OFFSET ").append(Long.toString(l.offset()));
                }
            }
            case TOP_OR_OFFSET_FETCH -> {
                if (l.offset() > 0) {
                    o.append(" OFFSET ").append(Long.toString(l.offset())).append(" ROWS FETCH NEXT ")
                            .append(Long.toString(l.count())).append(" ROWS ONLY");
                }
            }
            case OFFSET_FETCH -> {
                if (l.offset() > 0) {
                    o.append(" OFFSET ").append(Long.toString(l.offset())).append(" ROWS");
                }
                o.append(" FETCH FIRST ").append(Long.toString(l.count())).append(" ROWS ONLY");
            }
        }
    }

    private void relation(Relation r, SqlOut o) {
        if (r instanceof Relation.TableRef t) {
            t.schema().ifPresent(s -> o.append(quote(s)).append("."));
            o.append(quote(t.table()));
        } else if (r instanceof Relation.CteRef c) {
            o.append(quote(c.cteName()));
        } else if (r instanceof Relation.DerivedTable d) {
            o.append("(");
            query(d.query(), o);
            o.append(")");
        } else {
            throw new AssertionError(r);
        }
        o.append(" AS ").append(quote(r.alias()));
    }

    private void joins(List<Join> joins, SqlOut o) {
        for (Join j : joins) {
            o.append(j.type() == JoinType.INNER ? " INNER JOIN " : " LEFT JOIN ");
            relation(j.relation(), o);
            o.append(" ON ");
            predicate(j.on(), o);
        }
    }

    private void list(List<? extends ValueExpr> values, SqlOut o) {
        for (int i = 0; i < values.size(); i++) {
            o.append(i == 0 ? "" : ", ");
            value(values.get(i), o);
        }
    }

    // ---- values ----

    private void value(ValueExpr e, SqlOut o) {
        if (e instanceof ColumnRef c) {
            o.append(quote(c.alias())).append(".").append(quote(c.column()));
        } else if (e instanceof Literal l) {
            o.value(l.value());
        } else if (e instanceof NumericConstant n) {
            String text = n.value().toPlainString();
            o.append(n.value().signum() < 0 ? "(" + text + ")" : text);
        } else if (e instanceof Aggregate a) {
            aggregate(a, o);
        } else if (e instanceof DateBucket b) {
            o.template(bucketTemplate(b.unit()), () -> value(b.value(), o));
        } else if (e instanceof ElapsedSeconds s) {
            o.template(supported(dialect.elapsedSeconds(), "elapsed seconds",
                    "this database has no exact timestamp difference in seconds"), () -> value(s.start(), o),
                    () -> value(s.end(), o));
        } else if (e instanceof Arithmetic a) {
            operand(a.left(), a.op().precedence(), false, o);
            o.append(" ").append(a.op().symbol()).append(" ");
            operand(a.right(), a.op().precedence(), true, o);
        } else if (e instanceof CaseWhen c) {
            o.append("CASE");
            for (When w : c.whens()) {
                o.append(" WHEN ");
                predicate(w.condition(), true, o);
                o.append(" THEN ");
                value(w.result(), o);
            }
            c.otherwise().ifPresent(x -> {
                o.append(" ELSE ");
                value(x, o);
            });
            o.append(" END");
        } else if (e instanceof NullIf n) {
            o.append("NULLIF(");
            value(n.value(), o);
            o.append(", ");
            value(n.nullWhen(), o);
            o.append(")");
        } else if (e instanceof Coalesce c) {
            o.append("COALESCE(");
            list(c.values(), o);
            o.append(")");
        } else if (e instanceof DenseRank r) {
            o.append("DENSE_RANK() OVER (ORDER BY ");
            orderItems(r.order(), o);
            o.append(")");
        } else if (e instanceof JoinedName n) {
            // first, one space, last; the other part alone when one is NULL; NULL when both are (see JoinedName)
            o.template(supported(dialect.joinedName(), "joined name",
                    "this dialect has no known concatenation that keeps a NULL part apart"), () -> value(n.first(), o),
                    () -> value(n.last(), o));
        } else {
            throw new AssertionError(e);
        }
    }

    private void operand(ValueExpr e, int parentPrecedence, boolean right, SqlOut o) {
        boolean parens = e instanceof Arithmetic a
                && (a.op().precedence() < parentPrecedence || (right && a.op().precedence() == parentPrecedence));
        o.append(parens ? "(" : "");
        value(e, o);
        o.append(parens ? ")" : "");
    }

    private void aggregate(Aggregate a, SqlOut o) {
        if (a.countsRows()) {
            o.append("COUNT(*)");
            return;
        }
        Runnable arg = () -> value(a.arg().orElseThrow(), o);
        switch (a.fn()) {
            case COUNT -> o.template(a.distinct() ? "COUNT(DISTINCT {0})" : "COUNT({0})", arg);
            case SUM -> o.template("SUM({0})", arg);
            case MIN -> o.template("MIN({0})", arg);
            case MAX -> o.template("MAX({0})", arg);
            case AVG -> o.template(dialect.average(), arg);
            case MEDIAN -> o.template(supported(dialect.median(), "MEDIAN", dialect.medianRefusal()), arg);
        }
    }

    /** The start of the bucket: a DATE for DAY and coarser, a timestamp for HOUR; weeks start on Monday. */
    private String bucketTemplate(BucketUnit unit) {
        String template = switch (unit) {
            case HOUR -> dialect.hourBucket();
            case DAY -> dialect.dayBucket();
            case WEEK -> dialect.weekBucket();
            case MONTH -> dialect.monthBucket();
            case QUARTER -> dialect.quarterBucket();
            case YEAR -> dialect.yearBucket();
        };
        return supported(template, unit + " bucket", "this database has no exact truncation to a " + unit);
    }

    /** The dialect's template, or a refusal naming the construct: never an approximation. */
    private static String supported(String template, String construct, String reason) {
        if (template == null) {
            throw new UnsupportedSqlException(construct, reason);
        }
        return template;
    }

    // ---- predicates ----

    private void predicate(Predicate p, SqlOut o) {
        predicate(p, false, o);
    }

    /**
     * @param asValue whether the condition is read as a value (a CASE in the select list) rather than as a filter:
     *                an EXISTS there may be written as a key list, see {@link SqlDialect#writesValueExistsAsIn}
     */
    private void predicate(Predicate p, boolean asValue, SqlOut o) {
        if (p instanceof Comparison c) {
            value(c.left(), o);
            o.append(" ").append(c.op().symbol()).append(" ");
            value(c.right(), o);
        } else if (p instanceof InList i) {
            value(i.value(), o);
            o.append(i.negated() ? " NOT IN (" : " IN (");
            list(i.candidates(), o);
            o.append(")");
        } else if (p instanceof Between b) {
            value(b.value(), o);
            o.append(" BETWEEN ");
            value(b.low(), o);
            o.append(" AND ");
            value(b.high(), o);
        } else if (p instanceof IsNull n) {
            value(n.value(), o);
            o.append(n.negated() ? " IS NOT NULL" : " IS NULL");
        } else if (p instanceof BoolTest b) {
            value(b.value(), o);
            o.append(" = ").append(booleanConstant(b.expected()));
        } else if (p instanceof And a) {
            connective(a.operands(), " AND ", asValue, o);
        } else if (p instanceof Or or) {
            connective(or.operands(), " OR ", asValue, o);
        } else if (p instanceof Not n) {
            o.append("NOT (");
            predicate(n.operand(), asValue, o);
            o.append(")");
        } else if (p instanceof Exists x && x.counted()) {
            Optional<CountedScope.Semi> semi = dialect.groupsCountedScopes() ? CountedScope.of(x) : Optional.empty();
            if (semi.isPresent() && (x.atLeast() != null && x.atLeast() >= 1 || x.atMost() != null)) {
                groupedCount(x, semi.get(), o);
            } else {
                correlatedCount(x, o);
            }
        } else if (p instanceof Exists x && asValue && dialect.writesValueExistsAsIn()
                && CountedScope.of(x).isPresent()) {
            keyList(x, CountedScope.of(x).get(), o);
        } else if (p instanceof Exists x) {
            o.append(x.negated() ? "NOT EXISTS (SELECT 1 FROM " : "EXISTS (SELECT 1 FROM ");
            relation(x.from(), o);
            joins(x.joins(), o);
            o.append(" WHERE ");
            predicate(x.where(), o);
            o.append(")");
        } else {
            throw new AssertionError(p);
        }
    }

    /** {@code (SELECT COUNT(*) FROM related WHERE correlation AND …) >= n}: a count per outer row. */
    private void correlatedCount(Exists x, SqlOut o) {
        o.append("(SELECT COUNT(*) FROM ");
        relation(x.from(), o);
        joins(x.joins(), o);
        o.append(" WHERE ");
        predicate(x.where(), o);
        o.append(")");
        if (x.atLeast() != null && x.atLeast().equals(x.atMost())) {
            o.append(" = ").append(Integer.toString(x.atLeast()));
        } else if (x.atLeast() != null && x.atMost() != null) {
            o.append(" BETWEEN ").append(Integer.toString(x.atLeast())).append(" AND ")
                    .append(Integer.toString(x.atMost()));
        } else if (x.atLeast() != null) {
            o.append(" >= ").append(Integer.toString(x.atLeast()));
        } else {
            o.append(" <= ").append(Integer.toString(x.atMost()));
        }
    }

    /**
     * The same condition as a grouped semi-join (see {@link CountedScope}): with at least n ≥ 1 related rows,
     * {@code (outer IS NOT NULL AND outer IN (SELECT inner … GROUP BY inner HAVING COUNT(*) >= n))}; with at most m
     * (none included), {@code NOT (outer IS NOT NULL AND outer IN (… HAVING COUNT(*) > m))}. Inner keys that are NULL
     * match no outer row in the correlated form either, so they are left out of the list, and a NULL outer key gives
     * FALSE as the correlated count of zero does (so the condition also keeps its meaning under NOT).
     */
    private void groupedCount(Exists x, CountedScope.Semi semi, SqlOut o) {
        boolean atLeastOne = x.atLeast() != null && x.atLeast() >= 1;
        o.append(atLeastOne ? "(" : "NOT (");
        keysOf(x, semi, o);
        o.append(" GROUP BY ");
        value(semi.inner(), o);
        o.append(" HAVING COUNT(*)");
        if (!atLeastOne) {
            o.append(" > ").append(Integer.toString(x.atMost()));
        } else if (x.atLeast().equals(x.atMost())) {
            o.append(" = ").append(Integer.toString(x.atLeast()));
        } else if (x.atMost() != null) {
            o.append(" BETWEEN ").append(Integer.toString(x.atLeast())).append(" AND ")
                    .append(Integer.toString(x.atMost()));
        } else {
            o.append(" >= ").append(Integer.toString(x.atLeast()));
        }
        o.append("))");
    }

    /**
     * An uncounted EXISTS tied to the outer row by one key, as {@code (outer IS NOT NULL AND outer IN (SELECT inner …
     * WHERE inner IS NOT NULL AND …))}: TRUE or FALSE exactly where the EXISTS is (no NULL from the list, a NULL outer
     * key matches nothing), also under NOT; the list does not read the outer row, so it is built once.
     */
    private void keyList(Exists x, CountedScope.Semi semi, SqlOut o) {
        o.append(x.negated() ? "NOT (" : "(");
        keysOf(x, semi, o);
        o.append("))");
    }

    /** {@code outer IS NOT NULL AND outer IN (SELECT inner FROM … WHERE inner IS NOT NULL AND local…}, left open. */
    private void keysOf(Exists x, CountedScope.Semi semi, SqlOut o) {
        value(semi.outer(), o);
        o.append(" IS NOT NULL AND ");
        value(semi.outer(), o);
        o.append(" IN (SELECT ");
        value(semi.inner(), o);
        o.append(" FROM ");
        relation(x.from(), o);
        joins(x.joins(), o);
        o.append(" WHERE ");
        value(semi.inner(), o);
        o.append(" IS NOT NULL");
        for (Predicate local : semi.local()) {
            boolean parens = local instanceof Or;
            o.append(parens ? " AND (" : " AND ");
            predicate(local, o);
            o.append(parens ? ")" : "");
        }
    }

    private void connective(List<Predicate> operands, String word, boolean asValue, SqlOut o) {
        for (int i = 0; i < operands.size(); i++) {
            Predicate p = operands.get(i);
            boolean parens = p instanceof And || p instanceof Or;
            o.append(i == 0 ? "" : word).append(parens ? "(" : "");
            predicate(p, asValue, o);
            o.append(parens ? ")" : "");
        }
    }

    // ---- names and literals ----

    private String quote(String identifier) {
        return dialect.quote(identifier);
    }

    private String booleanConstant(boolean b) {
        return dialect.booleanLiteral(b);
    }

    /** A value written inline for display, in the dialect's literal syntax. */
    public String inlineLiteral(SqlValue v) {
        if (v instanceof SqlValue.Text t) {
            return dialect.stringLiteral(t.value());
        } else if (v instanceof SqlValue.Number n) {
            BigDecimal d = n.value();
            return d.signum() < 0 ? "(" + d.toPlainString() + ")" : d.toPlainString();
        } else if (v instanceof SqlValue.Bool b) {
            return booleanConstant(b.value());
        } else if (v instanceof SqlValue.Date d) {
            return dialect.dateLiteral(d.value());
        } else if (v instanceof SqlValue.Timestamp t) {
            return dialect.timestampLiteral(t.value());
        }
        throw new AssertionError(v);
    }
}
