package org.tally.core.safety;

import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.*;
import net.sf.jsqlparser.expression.operators.arithmetic.*;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.conditional.XorExpression;
import net.sf.jsqlparser.expression.operators.relational.*;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Database;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.Fetch;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.Offset;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.Top;
import net.sf.jsqlparser.statement.select.UnionOp;
import net.sf.jsqlparser.statement.select.Values;

/**
 * The JSqlParser node classes a plain analytic read is built from. Anything else found in the tree is refused:
 * a closed list means a construct nobody has looked at (a new JSqlParser node, a vendor clause) is refused rather
 * than passed.
 */
final class AllowedNodes {

    private AllowedNodes() {
    }

    private static final Set<Class<?>> ALLOWED = Set.of(
            // query structure
            PlainSelect.class, SetOperationList.class, ParenthesedSelect.class, LateralSubSelect.class,
            Values.class, SelectItem.class, AllColumns.class, AllTableColumns.class, Join.class,
            ParenthesedFromItem.class, Distinct.class, GroupByElement.class, OrderByElement.class, Limit.class,
            Offset.class, Fetch.class, Top.class, UnionOp.class, IntersectOp.class, ExceptOp.class, MinusOp.class,
            Table.class, Column.class, Database.class, Alias.class, Alias.AliasColumn.class,
            // values and expressions
            LongValue.class, DoubleValue.class, StringValue.class, HexValue.class, NullValue.class,
            BooleanValue.class, DateValue.class, TimeValue.class, TimestampValue.class,
            DateTimeLiteralExpression.class, TimeKeyExpression.class, IntervalExpression.class,
            JdbcParameter.class, SignedExpression.class, NotExpression.class, Parenthesis.class,
            CaseExpression.class, WhenClause.class, CastExpression.class, ColDataType.class,
            ExtractExpression.class, TrimFunction.class, CollateExpression.class, TimezoneExpression.class,
            Function.class, Function.KeywordArgument.class, AnalyticExpression.class, WindowDefinition.class,
            WindowElement.class, WindowOffset.class, WindowRange.class, OrderByClause.class,
            PartitionByClause.class, MySQLGroupConcat.class, ArrayExpression.class, ArrayConstructor.class,
            RowConstructor.class, DateUnitExpression.class, AnyComparisonExpression.class, AllValue.class,
            JsonExpression.class,
            // operators
            Addition.class, Subtraction.class, Multiplication.class, Division.class, IntegerDivision.class,
            Modulo.class, Concat.class, BitwiseAnd.class, BitwiseOr.class, BitwiseXor.class,
            AndExpression.class, OrExpression.class, XorExpression.class,
            EqualsTo.class, NotEqualsTo.class, GreaterThan.class, GreaterThanEquals.class, MinorThan.class,
            MinorThanEquals.class, Between.class, InExpression.class, ExistsExpression.class,
            IsNullExpression.class, IsBooleanExpression.class, IsDistinctExpression.class, LikeExpression.class,
            SimilarToExpression.class, RegExpMatchOperator.class, ExpressionList.class,
            ParenthesedExpressionList.class, NamedExpressionList.class, JsonOperator.class);

    /** Friendlier reasons for classes that are refused on purpose. */
    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("NextValExpression", "NEXT VALUE FOR advances a sequence (a write): remove it"),
            Map.entry("UserVariable", "session and system variables (@x, @@setting) are not allowed: use literal"
                    + " values or ? parameters"),
            Map.entry("VariableAssignment", "assigning variables (@x := ...) changes the session: remove it"),
            Map.entry("JdbcNamedParameter", "named parameters (:name) are not accepted: use ? parameters"),
            Map.entry("NumericBind", "numeric bind parameters (:1) are not accepted: use ? parameters"),
            Map.entry("TableFunction", "table functions in FROM (generate_series, OPENROWSET, CSVREAD, ...) read"
                    + " rows from outside the allowed tables: select from allowed tables instead"),
            Map.entry("SQLServerHints", "table hints (WITH (NOLOCK), UPDLOCK, ...) change locking or read"
                    + " uncommitted data: remove the hint"),
            Map.entry("MySQLIndexHint", "index hints (USE/FORCE/IGNORE INDEX) are not allowed: remove the hint"),
            Map.entry("OracleHint", "optimizer hints are not allowed: remove the hint"),
            Map.entry("OracleHierarchicalExpression", "CONNECT BY is not supported by Tally's databases: use a"
                    + " recursive WITH"),
            Map.entry("TableStatement", "TABLE name is not accepted: write SELECT * FROM name"),
            Map.entry("Pivot", "PIVOT is not accepted: aggregate with CASE instead"),
            Map.entry("UnPivot", "UNPIVOT is not accepted: use UNION ALL instead"),
            Map.entry("MethodCallExpression", "method calls on values are not accepted: use built-in functions"),
            Map.entry("FullTextSearch", "MATCH ... AGAINST is not accepted: use LIKE"),
            Map.entry("SampleClause", "TABLESAMPLE is not accepted: read the table and use the row limit"));

    /** Whether an object is part of the syntax tree (a JSqlParser node, not a parser internal or an enum). */
    static boolean isSyntaxNode(Class<?> type) {
        String name = type.getName();
        return name.startsWith("net.sf.jsqlparser.") && !name.startsWith("net.sf.jsqlparser.parser.")
                && !type.isEnum() && !(type.getSuperclass() != null && type.getSuperclass().isEnum());
    }

    /** @throws UnsafeSqlException when the node's class is not on the list */
    static void check(Object node) {
        Class<?> type = node.getClass();
        if (ALLOWED.contains(type)) {
            return;
        }
        String reason = REASONS.get(type.getSimpleName());
        if (reason != null) {
            throw new UnsafeSqlException(reason);
        }
        throw new UnsafeSqlException("the construct '" + shorten(String.valueOf(node)) + "' ("
                + type.getSimpleName() + ") is not accepted in a read-only query: rewrite it with plain SELECT,"
                + " joins, subqueries and built-in functions");
    }

    static String shorten(String text) {
        String oneLine = text.strip().replaceAll("\\s+", " ");
        return oneLine.length() > 60 ? oneLine.substring(0, 57) + "..." : oneLine;
    }
}
