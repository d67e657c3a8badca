package org.tally.core.sql;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statements;
import org.tally.core.dialect.Dialect;

/** Parses rendered SQL with JSqlParser the way the validator will (square brackets for SQL Server). */
final class SqlParsing {

    private static final ExecutorService PARSER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sql-parse-test");
        t.setDaemon(true);
        return t;
    });

    private SqlParsing() {
    }

    /** Returns the number of statements, failing with the parser's message when the text does not parse. */
    static int statementCount(String sql, Dialect dialect) {
        try {
            Statements statements = CCJSqlParserUtil.parseStatements(sql, PARSER,
                    p -> p.withSquareBracketQuotation(dialect == Dialect.SQLSERVER));
            return statements.size();
        } catch (Exception e) {
            throw new AssertionError("JSqlParser cannot parse the " + dialect.id() + " SQL: " + sql + "\n" + e.getMessage(), e);
        }
    }
}
