package org.tally.core.safety;

import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AllValue;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.ArrayConstructor;
import net.sf.jsqlparser.expression.ArrayExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.CollateExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DateUnitExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.IntervalQualifier;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.JsonExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.MySQLGroupConcat;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.OrderByClause;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.PartitionByClause;
import net.sf.jsqlparser.expression.RowConstructor;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.TimeValue;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.TimezoneExpression;
import net.sf.jsqlparser.expression.TrimFunction;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.WindowDefinition;
import net.sf.jsqlparser.expression.WindowElement;
import net.sf.jsqlparser.expression.WindowOffset;
import net.sf.jsqlparser.expression.WindowRange;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseAnd;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseOr;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseXor;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.conditional.XorExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.JsonOperator;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NamedExpressionList;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.expression.operators.relational.RegExpMatchOperator;
import net.sf.jsqlparser.expression.operators.relational.SimilarToExpression;
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

    private static final Pattern TYPE_WORDS = Pattern.compile("[\\p{L}\\p{Nd}_][\\p{L}\\p{Nd}_ ]*");

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
            IntervalQualifier.class, // only the unit words of INTERVAL expr DAY (MySQL week/quarter buckets)
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
        if (node instanceof Function.KeywordArgument argument) {
            // JSqlParser reads any "f(x WORD y)" this way; of the four databases only GROUP_CONCAT's SEPARATOR is SQL
            if (!"separator".equalsIgnoreCase(String.valueOf(argument.getKeyword()).strip())) {
                throw new UnsafeSqlException("'" + shorten(String.valueOf(argument)) + "' inside a function call is"
                        + " not SQL these databases read the same way (keyword arguments): pass plain"
                        + " comma-separated arguments");
            }
            return;
        }
        if (node instanceof ColDataType dataType) {
            checkTypeName(dataType);
            return;
        }
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

    /** Type names are words (DOUBLE PRECISION, VARCHAR(10), NVARCHAR(MAX)): nothing else may hide in a cast. */
    private static void checkTypeName(ColDataType dataType) {
        boolean plain = dataType.getDataType() != null && TYPE_WORDS.matcher(dataType.getDataType()).matches()
                && (dataType.getCharacterSet() == null || TYPE_WORDS.matcher(dataType.getCharacterSet()).matches());
        if (plain && dataType.getArgumentsStringList() != null) {
            for (String argument : dataType.getArgumentsStringList()) {
                plain &= argument != null && TYPE_WORDS.matcher(argument.strip()).matches();
            }
        }
        if (!plain) {
            throw new UnsafeSqlException("'" + shorten(String.valueOf(dataType)) + "' is not a plain type name: cast"
                    + " to a built-in type such as INTEGER, VARCHAR(20) or DATE");
        }
    }

    static String shorten(String text) {
        String oneLine = text.strip().replaceAll("\\s+", " ");
        return oneLine.length() > 60 ? oneLine.substring(0, 57) + "..." : oneLine;
    }
}
