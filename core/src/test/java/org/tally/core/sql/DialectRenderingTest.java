package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.sql.CompilesExpectation.compiles;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.table;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.DialectTraits;
import org.tally.core.dialect.SqlDialect;
import org.tally.core.sql.ValueExpr.AggregateFn;
import org.tally.core.sql.ValueExpr.ArithmeticOp;
import org.tally.core.sql.ValueExpr.BucketUnit;

/** One query, four dialects, side by side. Expected strings are written by hand from each database's manual. */
class DialectRenderingTest {

    private static SqlQuery.Builder fromAdmission() {
        return SqlQuery.from(table("admission", "a"));
    }

    @Test
    void identifiersAreQuotedAndTheirQuoteCharactersDoubled() {
        compiles(SqlQuery.from(table("clinical", "Odd\"Name`Tbl]", "t")).select(col("t", "Col\"A`B]C"), "x").build())
                .postgres("SELECT \"t\".\"Col\"\"A`B]C\" AS \"x\" FROM \"clinical\".\"Odd\"\"Name`Tbl]\" AS \"t\"")
                .mysql("SELECT `t`.`Col\"A``B]C` AS `x` FROM `clinical`.`Odd\"Name``Tbl]` AS `t`")
                .sqlServerTextOnly("SELECT [t].[Col\"A`B]]C] AS [x] FROM [clinical].[Odd\"Name`Tbl]]] AS [t]")
                .h2("SELECT \"t\".\"Col\"\"A`B]C\" AS \"x\" FROM \"clinical\".\"Odd\"\"Name`Tbl]\" AS \"t\"");
    }

    @Test
    void dayMonthAndYearBucketsAreDates() {
        ValueExpr day = Sql.bucket(BucketUnit.DAY, col("a", "admitted_at"));
        ValueExpr month = Sql.bucket(BucketUnit.MONTH, col("a", "admitted_at"));
        ValueExpr year = Sql.bucket(BucketUnit.YEAR, col("a", "admitted_at"));
        compiles(fromAdmission().select(day, "d").select(month, "m").select(year, "y").groupBy(day, month, year).build())
                .postgres("SELECT CAST(\"a\".\"admitted_at\" AS DATE) AS \"d\", CAST(DATE_TRUNC('month', \"a\".\"admitted_at\") AS DATE) AS \"m\", "
                        + "CAST(DATE_TRUNC('year', \"a\".\"admitted_at\") AS DATE) AS \"y\" FROM \"admission\" AS \"a\" GROUP BY "
                        + "CAST(\"a\".\"admitted_at\" AS DATE), CAST(DATE_TRUNC('month', \"a\".\"admitted_at\") AS DATE), "
                        + "CAST(DATE_TRUNC('year', \"a\".\"admitted_at\") AS DATE)")
                .mysql("SELECT CAST(`a`.`admitted_at` AS DATE) AS `d`, CAST(DATE_FORMAT(`a`.`admitted_at`, '%Y-%m-01') AS DATE) AS `m`, "
                        + "MAKEDATE(YEAR(`a`.`admitted_at`), 1) AS `y` FROM `admission` AS `a` GROUP BY CAST(`a`.`admitted_at` AS DATE), "
                        + "CAST(DATE_FORMAT(`a`.`admitted_at`, '%Y-%m-01') AS DATE), MAKEDATE(YEAR(`a`.`admitted_at`), 1)")
                .sqlServer("SELECT CAST([a].[admitted_at] AS DATE) AS [d], CAST(DATEADD(month, DATEDIFF(month, 0, [a].[admitted_at]), 0) AS DATE) AS [m], "
                        + "CAST(DATEADD(year, DATEDIFF(year, 0, [a].[admitted_at]), 0) AS DATE) AS [y] FROM [admission] AS [a] GROUP BY "
                        + "CAST([a].[admitted_at] AS DATE), CAST(DATEADD(month, DATEDIFF(month, 0, [a].[admitted_at]), 0) AS DATE), "
                        + "CAST(DATEADD(year, DATEDIFF(year, 0, [a].[admitted_at]), 0) AS DATE)")
                .h2("SELECT CAST(\"a\".\"admitted_at\" AS DATE) AS \"d\", CAST(DATE_TRUNC('MONTH', \"a\".\"admitted_at\") AS DATE) AS \"m\", "
                        + "CAST(DATE_TRUNC('YEAR', \"a\".\"admitted_at\") AS DATE) AS \"y\" FROM \"admission\" AS \"a\" GROUP BY "
                        + "CAST(\"a\".\"admitted_at\" AS DATE), CAST(DATE_TRUNC('MONTH', \"a\".\"admitted_at\") AS DATE), "
                        + "CAST(DATE_TRUNC('YEAR', \"a\".\"admitted_at\") AS DATE)");
    }

    @Test
    void aggregatesAndSqlServersDecimalAverage() {
        ValueExpr sev = col("a", "severity");
        compiles(fromAdmission()
                .select(Sql.countDistinct(col("a", "ward_id")), "wards")
                .select(Sql.agg(AggregateFn.SUM, sev), "total")
                .select(Sql.agg(AggregateFn.AVG, sev), "mean")
                .select(Sql.agg(AggregateFn.MIN, sev), "low")
                .select(Sql.agg(AggregateFn.MAX, sev), "high").build())
                .postgres("SELECT COUNT(DISTINCT \"a\".\"ward_id\") AS \"wards\", SUM(\"a\".\"severity\") AS \"total\", AVG(\"a\".\"severity\") AS \"mean\", "
                        + "MIN(\"a\".\"severity\") AS \"low\", MAX(\"a\".\"severity\") AS \"high\" FROM \"admission\" AS \"a\"")
                .mysql("SELECT COUNT(DISTINCT `a`.`ward_id`) AS `wards`, SUM(`a`.`severity`) AS `total`, AVG(`a`.`severity`) AS `mean`, "
                        + "MIN(`a`.`severity`) AS `low`, MAX(`a`.`severity`) AS `high` FROM `admission` AS `a`")
                .sqlServer("SELECT COUNT(DISTINCT [a].[ward_id]) AS [wards], SUM([a].[severity]) AS [total], AVG([a].[severity] * 1.0) AS [mean], "
                        + "MIN([a].[severity]) AS [low], MAX([a].[severity]) AS [high] FROM [admission] AS [a]")
                .h2("SELECT COUNT(DISTINCT \"a\".\"ward_id\") AS \"wards\", SUM(\"a\".\"severity\") AS \"total\", AVG(\"a\".\"severity\") AS \"mean\", "
                        + "MIN(\"a\".\"severity\") AS \"low\", MAX(\"a\".\"severity\") AS \"high\" FROM \"admission\" AS \"a\"");
    }

    @Test
    void predicatesAndBooleansWithParametersInOrder() {
        Predicate p = Sql.and(
                new Predicate.InList(col("a", "status"), List.of(Sql.param("open"), Sql.param("held")), true),
                new Predicate.Between(col("a", "severity"), Sql.param(2), Sql.param(4)),
                Sql.not(Sql.or(Sql.isNull(col("a", "ward_id")), new Predicate.BoolTest(col("a", "emergency"), false))));
        compiles(fromAdmission().select(col("a", "id"), "id").where(p).build())
                .postgres("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE \"a\".\"status\" NOT IN (?, ?) AND \"a\".\"severity\" BETWEEN ? AND ? "
                        + "AND NOT (\"a\".\"ward_id\" IS NULL OR \"a\".\"emergency\" = FALSE)")
                .mysql("SELECT `a`.`id` AS `id` FROM `admission` AS `a` WHERE `a`.`status` NOT IN (?, ?) AND `a`.`severity` BETWEEN ? AND ? "
                        + "AND NOT (`a`.`ward_id` IS NULL OR `a`.`emergency` = FALSE)")
                .sqlServer("SELECT [a].[id] AS [id] FROM [admission] AS [a] WHERE [a].[status] NOT IN (?, ?) AND [a].[severity] BETWEEN ? AND ? "
                        + "AND NOT ([a].[ward_id] IS NULL OR [a].[emergency] = 0)")
                .h2("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE \"a\".\"status\" NOT IN (?, ?) AND \"a\".\"severity\" BETWEEN ? AND ? "
                        + "AND NOT (\"a\".\"ward_id\" IS NULL OR \"a\".\"emergency\" = FALSE)")
                .parameters(SqlValue.of("open"), SqlValue.of("held"), SqlValue.of(2), SqlValue.of(4));
    }

    @Test
    void inlinedCopiesWriteEachDialectsLiterals() {
        Predicate p = Sql.and(
                Sql.eq(col("a", "status"), Sql.param("it's")),
                Sql.compare(col("a", "admitted_at"), Predicate.CompareOp.GE, Sql.param(SqlValue.of(LocalDate.of(2026, 5, 1)))),
                Sql.compare(col("a", "admitted_at"), Predicate.CompareOp.LT,
                        Sql.param(SqlValue.of(LocalDateTime.of(2026, 5, 1, 7, 30, 5, 250_000_000)))),
                Sql.eq(col("a", "emergency"), Sql.param(SqlValue.of(true))),
                Sql.compare(col("a", "severity"), Predicate.CompareOp.GT, Sql.param(SqlValue.of(new java.math.BigDecimal("-1.50")))));
        SqlQuery q = fromAdmission().select(col("a", "id"), "id").where(p).build();
        compiles(q)
                .inlined(Dialect.POSTGRES, "SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE \"a\".\"status\" = 'it''s' "
                        + "AND \"a\".\"admitted_at\" >= DATE '2026-05-01' AND \"a\".\"admitted_at\" < TIMESTAMP '2026-05-01 07:30:05.25' "
                        + "AND \"a\".\"emergency\" = TRUE AND \"a\".\"severity\" > (-1.50)")
                .inlined(Dialect.MYSQL, "SELECT `a`.`id` AS `id` FROM `admission` AS `a` WHERE `a`.`status` = 'it''s' "
                        + "AND `a`.`admitted_at` >= DATE '2026-05-01' AND `a`.`admitted_at` < TIMESTAMP '2026-05-01 07:30:05.25' "
                        + "AND `a`.`emergency` = TRUE AND `a`.`severity` > (-1.50)")
                .inlined(Dialect.SQLSERVER, "SELECT [a].[id] AS [id] FROM [admission] AS [a] WHERE [a].[status] = 'it''s' "
                        + "AND [a].[admitted_at] >= CAST('2026-05-01' AS DATE) AND [a].[admitted_at] < CAST('2026-05-01T07:30:05.25' AS DATETIME2) "
                        + "AND [a].[emergency] = 1 AND [a].[severity] > (-1.50)")
                .inlined(Dialect.H2, "SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE \"a\".\"status\" = 'it''s' "
                        + "AND \"a\".\"admitted_at\" >= DATE '2026-05-01' AND \"a\".\"admitted_at\" < TIMESTAMP '2026-05-01 07:30:05.25' "
                        + "AND \"a\".\"emergency\" = TRUE AND \"a\".\"severity\" > (-1.50)");
    }

    @Test
    void arithmeticKeepsItsGroupingWithFewestParentheses() {
        ValueExpr a = col("a", "x");
        ValueExpr b = col("a", "y");
        ValueExpr c = col("a", "z");
        ValueExpr e = Sql.arith(Sql.arith(a, ArithmeticOp.ADD, b), ArithmeticOp.MULTIPLY,
                Sql.arith(a, ArithmeticOp.SUBTRACT, Sql.arith(b, ArithmeticOp.SUBTRACT, c)));
        ValueExpr f = Sql.arith(Sql.arith(a, ArithmeticOp.MULTIPLY, b), ArithmeticOp.DIVIDE, Sql.arith(b, ArithmeticOp.DIVIDE, c));
        compiles(fromAdmission().select(e, "e").select(f, "f").build())
                .postgres("SELECT (\"a\".\"x\" + \"a\".\"y\") * (\"a\".\"x\" - (\"a\".\"y\" - \"a\".\"z\")) AS \"e\", "
                        + "\"a\".\"x\" * \"a\".\"y\" / (\"a\".\"y\" / \"a\".\"z\") AS \"f\" FROM \"admission\" AS \"a\"")
                .mysql("SELECT (`a`.`x` + `a`.`y`) * (`a`.`x` - (`a`.`y` - `a`.`z`)) AS `e`, `a`.`x` * `a`.`y` / (`a`.`y` / `a`.`z`) AS `f` "
                        + "FROM `admission` AS `a`")
                .sqlServer("SELECT ([a].[x] + [a].[y]) * ([a].[x] - ([a].[y] - [a].[z])) AS [e], [a].[x] * [a].[y] / ([a].[y] / [a].[z]) AS [f] "
                        + "FROM [admission] AS [a]")
                .h2("SELECT (\"a\".\"x\" + \"a\".\"y\") * (\"a\".\"x\" - (\"a\".\"y\" - \"a\".\"z\")) AS \"e\", "
                        + "\"a\".\"x\" * \"a\".\"y\" / (\"a\".\"y\" / \"a\".\"z\") AS \"f\" FROM \"admission\" AS \"a\"");
    }

    @Test
    void keysetPredicateIsTheExpandedRowComparison() {
        SqlQuery list = TotalOrder.withTieBreaker(fromAdmission().select(col("a", "id"), "id")
                .orderBy(OrderItem.asc(col("a", "ward_id"))).limit(50).build(), List.of(col("a", "id")));
        SqlQuery page2 = KeysetPaging.after(list, new KeysetCursor(List.of(Optional.of(SqlValue.of(2)), Optional.of(SqlValue.of(17)))));
        compiles(page2)
                .postgres("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE \"a\".\"ward_id\" > ? OR (\"a\".\"ward_id\" = ? AND \"a\".\"id\" > ?) "
                        + "ORDER BY \"a\".\"ward_id\" ASC NULLS FIRST, \"a\".\"id\" ASC NULLS FIRST LIMIT 50")
                .mysql("SELECT `a`.`id` AS `id` FROM `admission` AS `a` WHERE `a`.`ward_id` > ? OR (`a`.`ward_id` = ? AND `a`.`id` > ?) "
                        + "ORDER BY `a`.`ward_id` ASC, `a`.`id` ASC LIMIT 50")
                .sqlServer("SELECT TOP (50) [a].[id] AS [id] FROM [admission] AS [a] WHERE [a].[ward_id] > ? OR ([a].[ward_id] = ? AND [a].[id] > ?) "
                        + "ORDER BY [a].[ward_id] ASC, [a].[id] ASC")
                .h2("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE \"a\".\"ward_id\" > ? OR (\"a\".\"ward_id\" = ? AND \"a\".\"id\" > ?) "
                        + "ORDER BY \"a\".\"ward_id\" ASC NULLS FIRST, \"a\".\"id\" ASC NULLS FIRST LIMIT 50")
                .parameters(SqlValue.of(2), SqlValue.of(2), SqlValue.of(17));
    }

    @Test
    void derivedTablesAndExistsWithAForwardHopInside() {
        SqlQuery inner = SqlQuery.from(table("bill", "b")).select(col("b", "admission_id"), "admission_id")
                .select(Sql.agg(AggregateFn.SUM, col("b", "amount")), "total").groupBy(col("b", "admission_id")).build();
        Predicate.Exists exists = new Predicate.Exists(table("transfer", "t"),
                List.of(new Join(JoinType.INNER, table("ward", "w"), Sql.eq(col("t", "to_ward_id"), col("w", "id")), Cardinality.MANY_TO_ONE)),
                Sql.and(Sql.eq(col("t", "admission_id"), col("a", "id")), Sql.eq(col("w", "name"), Sql.param("ICU"))), false);
        compiles(fromAdmission()
                .join(JoinType.LEFT, new Relation.DerivedTable(inner, "bt"), Sql.eq(col("bt", "admission_id"), col("a", "id")), Cardinality.MANY_TO_ONE)
                .select(col("a", "id"), "id").select(col("bt", "total"), "total").where(exists).build())
                .postgres("SELECT \"a\".\"id\" AS \"id\", \"bt\".\"total\" AS \"total\" FROM \"admission\" AS \"a\" LEFT JOIN (SELECT \"b\".\"admission_id\" AS \"admission_id\", "
                        + "SUM(\"b\".\"amount\") AS \"total\" FROM \"bill\" AS \"b\" GROUP BY \"b\".\"admission_id\") AS \"bt\" ON \"bt\".\"admission_id\" = \"a\".\"id\" "
                        + "WHERE EXISTS (SELECT 1 FROM \"transfer\" AS \"t\" INNER JOIN \"ward\" AS \"w\" ON \"t\".\"to_ward_id\" = \"w\".\"id\" "
                        + "WHERE \"t\".\"admission_id\" = \"a\".\"id\" AND \"w\".\"name\" = ?)")
                .mysql("SELECT `a`.`id` AS `id`, `bt`.`total` AS `total` FROM `admission` AS `a` LEFT JOIN (SELECT `b`.`admission_id` AS `admission_id`, "
                        + "SUM(`b`.`amount`) AS `total` FROM `bill` AS `b` GROUP BY `b`.`admission_id`) AS `bt` ON `bt`.`admission_id` = `a`.`id` "
                        + "WHERE EXISTS (SELECT 1 FROM `transfer` AS `t` INNER JOIN `ward` AS `w` ON `t`.`to_ward_id` = `w`.`id` "
                        + "WHERE `t`.`admission_id` = `a`.`id` AND `w`.`name` = ?)")
                .sqlServer("SELECT [a].[id] AS [id], [bt].[total] AS [total] FROM [admission] AS [a] LEFT JOIN (SELECT [b].[admission_id] AS [admission_id], "
                        + "SUM([b].[amount]) AS [total] FROM [bill] AS [b] GROUP BY [b].[admission_id]) AS [bt] ON [bt].[admission_id] = [a].[id] "
                        + "WHERE EXISTS (SELECT 1 FROM [transfer] AS [t] INNER JOIN [ward] AS [w] ON [t].[to_ward_id] = [w].[id] "
                        + "WHERE [t].[admission_id] = [a].[id] AND [w].[name] = ?)")
                .h2("SELECT \"a\".\"id\" AS \"id\", \"bt\".\"total\" AS \"total\" FROM \"admission\" AS \"a\" LEFT JOIN (SELECT \"b\".\"admission_id\" AS \"admission_id\", "
                        + "SUM(\"b\".\"amount\") AS \"total\" FROM \"bill\" AS \"b\" GROUP BY \"b\".\"admission_id\") AS \"bt\" ON \"bt\".\"admission_id\" = \"a\".\"id\" "
                        + "WHERE EXISTS (SELECT 1 FROM \"transfer\" AS \"t\" INNER JOIN \"ward\" AS \"w\" ON \"t\".\"to_ward_id\" = \"w\".\"id\" "
                        + "WHERE \"t\".\"admission_id\" = \"a\".\"id\" AND \"w\".\"name\" = ?)")
                .parameters(SqlValue.of("ICU"));
    }

    @Test
    void aCountedScopeIsAGroupedSemiJoinOnItsKey() {
        Predicate.Exists threeOrMore = new Predicate.Exists(table("transfer", "t"), List.of(),
                Sql.eq(col("t", "admission_id"), col("a", "id")), false, 3, null);
        compiles(fromAdmission().select(col("a", "id"), "id").where(threeOrMore).build())
                .postgres("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE (\"a\".\"id\" IS NOT NULL AND \"a\".\"id\" IN "
                        + "(SELECT \"t\".\"admission_id\" FROM \"transfer\" AS \"t\" WHERE \"t\".\"admission_id\" IS NOT NULL "
                        + "GROUP BY \"t\".\"admission_id\" HAVING COUNT(*) >= 3))")
                .mysql("SELECT `a`.`id` AS `id` FROM `admission` AS `a` WHERE (`a`.`id` IS NOT NULL AND `a`.`id` IN "
                        + "(SELECT `t`.`admission_id` FROM `transfer` AS `t` WHERE `t`.`admission_id` IS NOT NULL "
                        + "GROUP BY `t`.`admission_id` HAVING COUNT(*) >= 3))")
                .sqlServer("SELECT [a].[id] AS [id] FROM [admission] AS [a] WHERE ([a].[id] IS NOT NULL AND [a].[id] IN "
                        + "(SELECT [t].[admission_id] FROM [transfer] AS [t] WHERE [t].[admission_id] IS NOT NULL "
                        + "GROUP BY [t].[admission_id] HAVING COUNT(*) >= 3))")
                .h2("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE (\"a\".\"id\" IS NOT NULL AND \"a\".\"id\" IN "
                        + "(SELECT \"t\".\"admission_id\" FROM \"transfer\" AS \"t\" WHERE \"t\".\"admission_id\" IS NOT NULL "
                        + "GROUP BY \"t\".\"admission_id\" HAVING COUNT(*) >= 3))");
        Predicate.Exists between = new Predicate.Exists(table("transfer", "t"), List.of(),
                Sql.eq(col("t", "admission_id"), col("a", "id")), false, 1, 2);
        compiles(fromAdmission().select(col("a", "id"), "id").where(between).build())
                .h2("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE (\"a\".\"id\" IS NOT NULL AND \"a\".\"id\" IN "
                        + "(SELECT \"t\".\"admission_id\" FROM \"transfer\" AS \"t\" WHERE \"t\".\"admission_id\" IS NOT NULL "
                        + "GROUP BY \"t\".\"admission_id\" HAVING COUNT(*) BETWEEN 1 AND 2))");
        Predicate.Exists fewerThanTwo = new Predicate.Exists(table("transfer", "t"), List.of(),
                Sql.eq(col("t", "admission_id"), col("a", "id")), false, null, 1);
        compiles(fromAdmission().select(col("a", "id"), "id").where(fewerThanTwo).build())
                .h2("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE NOT (\"a\".\"id\" IS NOT NULL AND \"a\".\"id\" IN "
                        + "(SELECT \"t\".\"admission_id\" FROM \"transfer\" AS \"t\" WHERE \"t\".\"admission_id\" IS NOT NULL "
                        + "GROUP BY \"t\".\"admission_id\" HAVING COUNT(*) > 1))");
        Predicate.Exists laterThanItsAdmission = new Predicate.Exists(table("transfer", "t"), List.of(),
                Sql.and(Sql.eq(col("t", "admission_id"), col("a", "id")),
                        Sql.compare(col("t", "moved_at"), Predicate.CompareOp.GT, col("a", "admitted_at"))), false, 3, null);
        compiles(fromAdmission().select(col("a", "id"), "id").where(laterThanItsAdmission).build())
                .h2("SELECT \"a\".\"id\" AS \"id\" FROM \"admission\" AS \"a\" WHERE (SELECT COUNT(*) FROM \"transfer\" AS \"t\" "
                        + "WHERE \"t\".\"admission_id\" = \"a\".\"id\" AND \"t\".\"moved_at\" > \"a\".\"admitted_at\") >= 3");
        assertThatThrownBy(() -> new Predicate.Exists(table("transfer", "t"), List.of(),
                Sql.eq(col("t", "admission_id"), col("a", "id")), true, 3, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNameOfTwoPartsIsJoinedWithOneSpaceAndKeepsANullPartApart() {
        ValueExpr name = Sql.joinedName(col("p", "given_name"), col("p", "family_name"));
        compiles(SqlQuery.from(table("provider", "p")).select(name, "provider").select(Sql.countRows(), "n")
                .groupBy(col("p", "id"), name).build())
                .postgres("SELECT COALESCE(\"p\".\"given_name\" || ' ' || \"p\".\"family_name\", \"p\".\"given_name\", \"p\".\"family_name\") AS \"provider\", "
                        + "COUNT(*) AS \"n\" FROM \"provider\" AS \"p\" GROUP BY \"p\".\"id\", "
                        + "COALESCE(\"p\".\"given_name\" || ' ' || \"p\".\"family_name\", \"p\".\"given_name\", \"p\".\"family_name\")")
                .mysql("SELECT COALESCE(CONCAT(`p`.`given_name`, ' ', `p`.`family_name`), `p`.`given_name`, `p`.`family_name`) AS `provider`, "
                        + "COUNT(*) AS `n` FROM `provider` AS `p` GROUP BY `p`.`id`, "
                        + "COALESCE(CONCAT(`p`.`given_name`, ' ', `p`.`family_name`), `p`.`given_name`, `p`.`family_name`)")
                .sqlServer("SELECT CASE WHEN [p].[given_name] IS NULL THEN [p].[family_name] WHEN [p].[family_name] IS NULL THEN [p].[given_name] "
                        + "ELSE CONCAT([p].[given_name], ' ', [p].[family_name]) END AS [provider], COUNT(*) AS [n] FROM [provider] AS [p] "
                        + "GROUP BY [p].[id], CASE WHEN [p].[given_name] IS NULL THEN [p].[family_name] WHEN [p].[family_name] IS NULL "
                        + "THEN [p].[given_name] ELSE CONCAT([p].[given_name], ' ', [p].[family_name]) END")
                .h2("SELECT COALESCE(\"p\".\"given_name\" || ' ' || \"p\".\"family_name\", \"p\".\"given_name\", \"p\".\"family_name\") AS \"provider\", "
                        + "COUNT(*) AS \"n\" FROM \"provider\" AS \"p\" GROUP BY \"p\".\"id\", "
                        + "COALESCE(\"p\".\"given_name\" || ' ' || \"p\".\"family_name\", \"p\".\"given_name\", \"p\".\"family_name\")")
                .parameters();
    }

    @Test
    void aDialectWithoutItsOwnNameJoiningRefusesInsteadOfGuessing() {
        SqlRenderer plain = new SqlRenderer(new SqlDialect(new DialectTraits("\"", "\"",
                DialectTraits.LimitStyle.OFFSET_FETCH, true, false)) {
            @Override
            public String id() {
                return "standard";
            }

            @Override
            public String displayName() {
                return "standard SQL";
            }

            @Override
            public List<String> urlPrefixes() {
                return List.of();
            }
        });
        CompileResult r = plain.render(SqlQuery.from(table("provider", "p"))
                .select(Sql.joinedName(col("p", "given_name"), col("p", "family_name")), "provider").build());
        org.assertj.core.api.Assertions.assertThat(r).isInstanceOf(CompileResult.Unsupported.class);
        org.assertj.core.api.Assertions.assertThat(((CompileResult.Unsupported) r).message()).contains("joined name");
    }

    @Test
    void medianIsRefusedByNameWhereTheDialectHasNone() {
        compiles(fromAdmission().select(Sql.agg(AggregateFn.MEDIAN, col("a", "severity")), "m").build())
                .postgres("SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY \"a\".\"severity\") AS \"m\" FROM \"admission\" AS \"a\"")
                .h2("SELECT MEDIAN(\"a\".\"severity\") AS \"m\" FROM \"admission\" AS \"a\"")
                .unsupported(Dialect.MYSQL, "MEDIAN is not supported on mysql")
                .unsupported(Dialect.SQLSERVER, "MEDIAN is not supported on sqlserver: PERCENTILE_CONT is only a window function");
    }

    @Test
    void commonTableExpressionsComeFirstAndAreReferencedByName() {
        SqlQuery recent = SqlQuery.from(table("admission", "a")).select(col("a", "id"), "id").select(col("a", "ward_id"), "ward_id")
                .where(Sql.compare(col("a", "admitted_at"), Predicate.CompareOp.GE, Sql.param(SqlValue.of(LocalDate.of(2026, 5, 1))))).build();
        compiles(SqlQuery.from(new Relation.CteRef("recent", "r")).with(new Cte("recent", recent))
                .select(col("r", "ward_id"), "ward").select(Sql.countRows(), "n").groupBy(col("r", "ward_id")).build())
                .postgres("WITH \"recent\" AS (SELECT \"a\".\"id\" AS \"id\", \"a\".\"ward_id\" AS \"ward_id\" FROM \"admission\" AS \"a\" "
                        + "WHERE \"a\".\"admitted_at\" >= ?) SELECT \"r\".\"ward_id\" AS \"ward\", COUNT(*) AS \"n\" FROM \"recent\" AS \"r\" GROUP BY \"r\".\"ward_id\"")
                .mysql("WITH `recent` AS (SELECT `a`.`id` AS `id`, `a`.`ward_id` AS `ward_id` FROM `admission` AS `a` "
                        + "WHERE `a`.`admitted_at` >= ?) SELECT `r`.`ward_id` AS `ward`, COUNT(*) AS `n` FROM `recent` AS `r` GROUP BY `r`.`ward_id`")
                .sqlServer("WITH [recent] AS (SELECT [a].[id] AS [id], [a].[ward_id] AS [ward_id] FROM [admission] AS [a] "
                        + "WHERE [a].[admitted_at] >= ?) SELECT [r].[ward_id] AS [ward], COUNT(*) AS [n] FROM [recent] AS [r] GROUP BY [r].[ward_id]")
                .h2("WITH \"recent\" AS (SELECT \"a\".\"id\" AS \"id\", \"a\".\"ward_id\" AS \"ward_id\" FROM \"admission\" AS \"a\" "
                        + "WHERE \"a\".\"admitted_at\" >= ?) SELECT \"r\".\"ward_id\" AS \"ward\", COUNT(*) AS \"n\" FROM \"recent\" AS \"r\" GROUP BY \"r\".\"ward_id\"");
    }
}
