package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.sql.CompilesExpectation.compiles;
import static org.tally.core.sql.Rows.assertRows;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.countRows;
import static org.tally.core.sql.Sql.table;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.ValueExpr.AggregateFn;

/**
 * A top-N cut keeps ties: "the 1 admission with the most bills" is every admission holding the highest count, and
 * "the 2 with the most" every admission holding one of the 2 highest counts (a dense rank, as the EHRSQL-2024 gold
 * writes it with {@code DENSE_RANK() <= N}). The SQL per dialect is written by hand side by side; the rows are worked
 * out by hand from {@link HospitalFixture}'s bills: admission 1 has 2, admission 4 has 2, admissions 2, 3 and 6 one
 * each (totals 150.00, 15.50, 20.00, 300.00 and 7.25).
 */
class TiesAtCutTest {

    static Stream<Dialect> databases() {
        return HospitalFixture.EXECUTABLE.stream();
    }

    /** Bills per admission, most first, then by admission; the cut keeps ties on the count. */
    private static SqlQuery billsPerAdmission(long top, OrderItem.Direction direction) {
        return SqlQuery.from(table("bill", "b"))
                .select(col("b", "admission_id"), "admission")
                .select(countRows(), "bills")
                .groupBy(col("b", "admission_id"))
                .orderBy(new OrderItem(countRows(), direction), OrderItem.asc(col("b", "admission_id")))
                .limit(RowLimit.keepingTies(top, 1))
                .build();
    }

    @Test
    void theCutIsARankFilterOnEveryDialect() {
        compiles(billsPerAdmission(1, OrderItem.Direction.DESC))
                .postgres("SELECT \"ranked\".\"admission\" AS \"admission\", \"ranked\".\"bills\" AS \"bills\" FROM "
                        + "(SELECT \"b\".\"admission_id\" AS \"admission\", COUNT(*) AS \"bills\", "
                        + "DENSE_RANK() OVER (ORDER BY COUNT(*) DESC NULLS LAST) AS \"tie_rank\" FROM \"bill\" AS \"b\" "
                        + "GROUP BY \"b\".\"admission_id\") AS \"ranked\" WHERE \"ranked\".\"tie_rank\" <= 1 "
                        + "ORDER BY \"ranked\".\"bills\" DESC NULLS LAST, \"ranked\".\"admission\" ASC NULLS FIRST")
                .mysql("SELECT `ranked`.`admission` AS `admission`, `ranked`.`bills` AS `bills` FROM "
                        + "(SELECT `b`.`admission_id` AS `admission`, COUNT(*) AS `bills`, "
                        + "DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS `tie_rank` FROM `bill` AS `b` "
                        + "GROUP BY `b`.`admission_id`) AS `ranked` WHERE `ranked`.`tie_rank` <= 1 "
                        + "ORDER BY `ranked`.`bills` DESC, `ranked`.`admission` ASC")
                .sqlServer("SELECT [ranked].[admission] AS [admission], [ranked].[bills] AS [bills] FROM "
                        + "(SELECT [b].[admission_id] AS [admission], COUNT(*) AS [bills], "
                        + "DENSE_RANK() OVER (ORDER BY COUNT(*) DESC) AS [tie_rank] FROM [bill] AS [b] "
                        + "GROUP BY [b].[admission_id]) AS [ranked] WHERE [ranked].[tie_rank] <= 1 "
                        + "ORDER BY [ranked].[bills] DESC, [ranked].[admission] ASC")
                .h2("SELECT \"ranked\".\"admission\" AS \"admission\", \"ranked\".\"bills\" AS \"bills\" FROM "
                        + "(SELECT \"b\".\"admission_id\" AS \"admission\", COUNT(*) AS \"bills\", "
                        + "DENSE_RANK() OVER (ORDER BY COUNT(*) DESC NULLS LAST) AS \"tie_rank\" FROM \"bill\" AS \"b\" "
                        + "GROUP BY \"b\".\"admission_id\") AS \"ranked\" WHERE \"ranked\".\"tie_rank\" <= 1 "
                        + "ORDER BY \"ranked\".\"bills\" DESC NULLS LAST, \"ranked\".\"admission\" ASC NULLS FIRST")
                .parameters();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void everyRowTiedAtTheCutIsKept(Dialect db) throws Exception {
        assertRows("top 1, two tied", HospitalFixture.run(db, billsPerAdmission(1, OrderItem.Direction.DESC)),
                new Object[] {1, 2}, new Object[] {4, 2});
        // dense: the tie above does not push the second value out, so all three admissions with one bill come too
        assertRows("top 2, dense", HospitalFixture.run(db, billsPerAdmission(2, OrderItem.Direction.DESC)),
                new Object[] {1, 2}, new Object[] {4, 2}, new Object[] {2, 1}, new Object[] {3, 1},
                new Object[] {6, 1});
        assertRows("fewest 1, ascending", HospitalFixture.run(db, billsPerAdmission(1, OrderItem.Direction.ASC)),
                new Object[] {2, 1}, new Object[] {3, 1}, new Object[] {6, 1});
        // the exact cut, for contrast: LIMIT 1 drops one of the two tied admissions
        SqlQuery exact = billsPerAdmission(1, OrderItem.Direction.DESC).toBuilder().limit(1).build();
        assertRows("exact cut", HospitalFixture.run(db, exact), new Object[] {1, 2});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aRankingKeyThatIsNotShownIsCarriedInsideAndNotReturned(Dialect db) throws Exception {
        ValueExpr billed = Sql.agg(AggregateFn.SUM, col("b", "amount"));
        SqlQuery q = SqlQuery.from(table("bill", "b"))
                .select(col("b", "admission_id"), "admission")
                .select(countRows(), "bills")
                .groupBy(col("b", "admission_id"))
                .orderBy(OrderItem.desc(billed), OrderItem.asc(col("b", "admission_id")))
                .limit(RowLimit.keepingTies(2, 1))
                .build();
        assertRows("top 2 by amount billed", HospitalFixture.run(db, q), new Object[] {3, 1}, new Object[] {1, 2});
    }

    @Test
    void aQueryWithoutSuchACutIsLeftAsItIs() {
        SqlQuery exact = billsPerAdmission(1, OrderItem.Direction.DESC).toBuilder().limit(3).build();
        assertThat(TiesAtCut.apply(exact)).isSameAs(exact);
        SqlQuery none = exact.toBuilder().limit(null).build();
        assertThat(TiesAtCut.apply(none)).isSameAs(none);
    }

    @Test
    void aCutThatKeepsTiesNeedsItsRankingKeysAndNoOffset() {
        assertThatThrownBy(() -> RowLimit.keepingTies(3, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RowLimit(3, 3, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ties");
        assertThatThrownBy(() -> billsPerAdmission(1, OrderItem.Direction.DESC).toBuilder()
                .limit(RowLimit.keepingTies(1, 3)).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keeps ties on 3");
        // rendering it without the compiler's lowering is a bug of the caller, never an exact LIMIT in disguise
        assertThatThrownBy(() -> SqlCompiler.renderer(Dialect.H2).render(billsPerAdmission(1, OrderItem.Direction.DESC)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("TiesAtCut");
    }
}
