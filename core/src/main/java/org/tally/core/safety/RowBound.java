package org.tally.core.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AllValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.Fetch;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.Offset;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.Top;
import net.sf.jsqlparser.statement.select.WithItem;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.DialectTraits.LimitStyle;

/**
 * Puts the outer row bound on a query, in the dialect's own row-limit syntax ({@link LimitStyle}): {@code LIMIT n}
 * (PostgreSQL, MySQL, H2); {@code TOP (n)} (SQL Server), or {@code OFFSET … FETCH NEXT n ROWS ONLY} where the query
 * already pages with OFFSET or orders a set operation; the standard's {@code FETCH NEXT n ROWS ONLY}. An existing bound that is a literal no larger than the cap is kept; a larger
 * one, {@code LIMIT ALL} or a parameter is replaced by the cap. TOP … PERCENT, WITH TIES and FETCH … PERCENT are
 * refused rather than rewritten: they return a number of rows the bound cannot promise (ties) or compute.
 */
final class RowBound {

    /** The alias of the derived table a bounded SQL Server set operation is wrapped in. */
    static final String WRAPPER_ALIAS = "bounded_rows";

    private RowBound() {
    }

    static Select apply(Select query, Dialect dialect, long cap) {
        LimitStyle style = dialect.rules().traits().limitStyle();
        if (style != LimitStyle.TOP_OR_OFFSET_FETCH && query instanceof SetOperationList setOperation) {
            unambiguousBranches(setOperation);
        }
        Fetch fetch = query.getFetch();
        if (fetch != null) {
            checkFetch(fetch);
        }
        if (style == LimitStyle.TOP_OR_OFFSET_FETCH) {
            return topOrFetch(query, dialect, cap);
        }
        String bound = style == LimitStyle.LIMIT_OFFSET ? "LIMIT n" : "FETCH NEXT n ROWS ONLY";
        if (query instanceof PlainSelect plain && plain.getTop() != null) {
            throw new UnsafeSqlException("TOP is SQL Server syntax; on " + dialect.displayName()
                    + " write " + bound + " at the end");
        }
        if (fetch != null) {
            if (query.getLimit() != null) {
                throw new UnsafeSqlException("the query has both LIMIT and FETCH: keep one of them");
            }
            clampFetch(fetch, cap);
            return query;
        }
        if (style == LimitStyle.OFFSET_FETCH) {
            if (query.getLimit() != null) {
                throw new UnsafeSqlException(dialect.displayName() + " has no LIMIT: write " + bound + " at the end");
            }
            query.setFetch(newFetch(cap));
            return query;
        }
        Limit limit = query.getLimit();
        if (limit == null) {
            limit = new Limit();
            limit.setRowCount(new LongValue(cap));
            query.setLimit(limit);
        } else if (limit.isLimitNull() || limit.isLimitAll() || limit.getRowCount() == null
                || limit.getRowCount() instanceof AllValue || limit.getRowCount() instanceof NullValue
                || exceeds(limit.getRowCount(), cap)) {
            limit.setLimitAll(false);
            limit.setLimitNull(false);
            limit.setRowCount(new LongValue(cap));
        }
        return query;
    }

    /** TOP where it can go, else OFFSET … FETCH: TOP cannot be combined with OFFSET, nor put on a set operation. */
    private static Select topOrFetch(Select query, Dialect dialect, long cap) {
        if (query.getLimit() != null) {
            throw new UnsafeSqlException(dialect.displayName() + " has no LIMIT: use TOP (n) or ORDER BY … OFFSET …"
                    + " FETCH NEXT n ROWS ONLY");
        }
        if (query instanceof PlainSelect plain) {
            Top top = plain.getTop();
            if (top != null) {
                if (top.isPercentage()) {
                    throw new UnsafeSqlException("TOP … PERCENT cannot be bounded to a row count: use TOP (n)");
                }
                if (top.isWithTies()) {
                    throw new UnsafeSqlException("TOP … WITH TIES can return more rows than asked: use TOP (n)"
                            + " without WITH TIES");
                }
                if (query.getFetch() != null) {
                    throw new UnsafeSqlException("the query has both TOP and FETCH: keep one of them");
                }
                if (exceeds(top.getExpression(), cap)) {
                    top.setExpression(new LongValue(cap));
                    top.setParenthesis(true);
                }
                return query;
            }
            if (query.getFetch() != null) {
                clampFetch(query.getFetch(), cap);
                return query;
            }
            if (query.getOffset() != null) {
                query.setFetch(newFetch(cap)); // TOP cannot be combined with OFFSET
                return query;
            }
            Top bound = new Top();
            bound.setExpression(new LongValue(cap));
            bound.setParenthesis(true);
            plain.setTop(bound);
            return query;
        }
        if (query.getFetch() != null) {
            clampFetch(query.getFetch(), cap);
            return query;
        }
        List<?> order = query.getOrderByElements();
        if (order != null && !order.isEmpty()) {
            if (query.getOffset() == null) {
                Offset offset = new Offset();
                offset.setOffset(new LongValue(0));
                offset.setOffsetParam("ROWS");
                query.setOffset(offset);
            }
            query.setFetch(newFetch(cap));
            return query;
        }
        if (query.getOffset() != null) {
            throw new UnsafeSqlException("OFFSET needs ORDER BY on " + dialect.displayName() + ": add ORDER BY");
        }
        // an unordered set operation: bound it from outside, keeping its WITH items at the top
        List<WithItem<?>> with = query.getWithItemsList();
        query.setWithItemsList(null);
        ParenthesedSelect inner = new ParenthesedSelect();
        inner.setSelect(query);
        inner.setAlias(new Alias(WRAPPER_ALIAS, true));
        PlainSelect outer = new PlainSelect();
        outer.addSelectItems(new AllColumns());
        outer.setFromItem(inner);
        Top bound = new Top();
        bound.setExpression(new LongValue(cap));
        bound.setParenthesis(true);
        outer.setTop(bound);
        if (with != null && !with.isEmpty()) {
            outer.setWithItemsList(with);
        }
        return outer;
    }

    /**
     * JSqlParser attaches a trailing LIMIT of an unordered set operation to its last branch, while the databases
     * apply it to the whole result. Move such a bound up to the set operation, then parenthesize the branches so the
     * rendered text reads the same to the parser and to the database.
     */
    private static void unambiguousBranches(SetOperationList setOperation) {
        List<Select> branches = setOperation.getSelects();
        Select last = branches.get(branches.size() - 1);
        if (last instanceof PlainSelect tail && empty(tail.getOrderByElements()) && setOperation.getLimit() == null
                && setOperation.getOffset() == null && setOperation.getFetch() == null
                && empty(setOperation.getOrderByElements())) {
            setOperation.setLimit(tail.getLimit());
            setOperation.setOffset(tail.getOffset());
            setOperation.setFetch(tail.getFetch());
            tail.setLimit(null);
            tail.setOffset(null);
            tail.setFetch(null);
        }
        List<Select> wrapped = new ArrayList<>(branches.size());
        for (Select branch : branches) {
            if (branch instanceof PlainSelect) {
                ParenthesedSelect p = new ParenthesedSelect();
                p.setSelect(branch);
                wrapped.add(p);
            } else {
                wrapped.add(branch);
            }
        }
        setOperation.setSelects(wrapped);
        if (setOperation.getFetch() != null) {
            checkFetch(setOperation.getFetch());
        }
    }

    private static boolean empty(List<?> list) {
        return list == null || list.isEmpty();
    }

    private static void checkFetch(Fetch fetch) {
        for (String p : fetch.getFetchParameters()) {
            String word = p.toUpperCase(Locale.ROOT);
            if (word.contains("PERCENT")) {
                throw new UnsafeSqlException("FETCH … PERCENT cannot be bounded to a row count: use FETCH NEXT n"
                        + " ROWS ONLY");
            }
            if (word.contains("TIES")) {
                throw new UnsafeSqlException("FETCH … WITH TIES can return more rows than asked: use ROWS ONLY");
            }
        }
    }

    private static void clampFetch(Fetch fetch, long cap) {
        // FETCH FIRST ROW ONLY has no expression: one row, already within any cap
        if (fetch.getExpression() != null && exceeds(fetch.getExpression(), cap)) {
            fetch.setExpression(new LongValue(cap));
        }
    }

    private static Fetch newFetch(long cap) {
        Fetch fetch = new Fetch();
        fetch.setExpression(new LongValue(cap));
        fetch.setFetchParamFirst(false);
        fetch.addFetchParameter("ROWS");
        fetch.addFetchParameter("ONLY");
        return fetch;
    }

    /**
     * True when a literal bound is larger than the cap. A bound that is not a literal whole number is refused:
     * replacing a {@code ?} would shift the positions of the parameters after it.
     */
    private static boolean exceeds(Expression bound, long cap) {
        if (!(bound instanceof LongValue value)) {
            throw new UnsafeSqlException("the row bound '" + AllowedNodes.shorten(String.valueOf(bound)) + "' is not a"
                    + " number: write the row limit as a literal whole number");
        }
        try {
            long n = value.getValue();
            return n < 0 || n > cap;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
