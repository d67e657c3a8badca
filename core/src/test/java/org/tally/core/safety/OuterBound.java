package org.tally.core.safety;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.tally.core.dialect.Dialect;

/** Reads the outer row bound of a statement back from a fresh parse: "LIMIT n", "TOP n", "FETCH n" or "none". */
final class OuterBound {

    private OuterBound() {
    }

    static Select parseSingleQuery(String sql, Dialect dialect) throws JSQLParserException {
        Statements statements = CCJSqlParserUtil.parseStatements(sql,
                parser -> parser.withSquareBracketQuotation(dialect == Dialect.SQLSERVER));
        if (statements.size() != 1) {
            throw new AssertionError("expected one statement, found " + statements.size() + " in " + sql);
        }
        Statement s = statements.get(0);
        if (!(s instanceof Select select)) {
            throw new AssertionError("not a query: " + sql);
        }
        return select;
    }

    static String of(String sql, Dialect dialect) throws JSQLParserException {
        Select select = parseSingleQuery(sql, dialect);
        while (select instanceof ParenthesedSelect p && p.getLimit() == null && p.getFetch() == null) {
            select = p.getSelect();
        }
        if (select.getFetch() != null) {
            return "FETCH " + (select.getFetch().getExpression() == null ? 1 : value(select.getFetch().getExpression()));
        }
        if (select.getLimit() != null) {
            return "LIMIT " + value(select.getLimit().getRowCount());
        }
        if (select instanceof PlainSelect plain && plain.getTop() != null) {
            return "TOP " + value(plain.getTop().getExpression());
        }
        return "none";
    }

    private static String value(Object expression) {
        return expression instanceof LongValue v ? Long.toString(v.getValue()) : String.valueOf(expression);
    }
}
