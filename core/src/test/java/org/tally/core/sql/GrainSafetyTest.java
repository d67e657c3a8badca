package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.sql.HospitalQueries.perWard;
import static org.tally.core.sql.Rows.assertRows;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.countRows;
import static org.tally.core.sql.Sql.eq;
import static org.tally.core.sql.Sql.table;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.execute.SqlParameter;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.ValueExpr.AggregateFn;

class GrainSafetyTest {

    private static SqlQuery.Builder withTransfers(JoinType type) {
        return perWard().join(type, table("transfer", "t"), eq(col("t", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY);
    }

    @Test
    void leavesQueriesWithoutFanOutUntouched() {
        SqlQuery noJoinFansOut = perWard().select(col("w", "name"), "ward").select(countRows(), "n").groupBy(col("w", "name")).build();
        assertThat(GrainSafety.apply(noJoinFansOut)).isSameAs(noJoinFansOut);
    }

    @Test
    void leavesAggregatesThatIgnoreDuplicatesUntouched() {
        SqlQuery q = withTransfers(JoinType.LEFT).select(col("w", "name"), "ward")
                .select(Sql.countDistinct(col("a", "id")), "admissions")
                .select(Sql.agg(AggregateFn.MAX, col("a", "severity")), "worst")
                .groupBy(col("w", "name")).build();
        assertThat(GrainSafety.apply(q)).isSameAs(q);
    }

    @Test
    void leavesAMeasureOnTheOnlyFannedOutTableUntouched() {
        // counting transfers per ward through their admission: every transfer row appears exactly once
        SqlQuery q = withTransfers(JoinType.INNER).select(col("w", "name"), "ward").select(Sql.count(col("t", "id")), "transfers")
                .groupBy(col("w", "name")).build();
        assertThat(GrainSafety.apply(q)).isSameAs(q);
    }

    @Test
    void refusesToGroupByAColumnAcrossTheFanOut() {
        SqlQuery q = withTransfers(JoinType.INNER).select(col("t", "to_ward_id"), "ward").select(countRows(), "admissions")
                .groupBy(col("t", "to_ward_id")).build();
        assertThat(SqlCompiler.compile(q, Dialect.H2)).isInstanceOfSatisfying(CompileResult.Unsupported.class,
                u -> assertThat(u.message()).contains("grouping across a one-to-many join").contains("h2"));
    }

    @Test
    void refusesAWhereConditionOnAnOptionalFannedOutTable() {
        // "LEFT JOIN t … WHERE t.id IS NULL" means "no transfer"; inside a satellite it would mean something else
        SqlQuery q = withTransfers(JoinType.LEFT).select(countRows(), "admissions").where(Sql.isNull(col("t", "id"))).build();
        assertThat(SqlCompiler.compile(q, Dialect.POSTGRES)).isInstanceOfSatisfying(CompileResult.Unsupported.class,
                u -> assertThat(u.reason()).contains("EXISTS"));
    }

    @Test
    void refusesWhatCannotBeRecombinedExactly() {
        SqlQuery countDistinct = withTransfers(JoinType.LEFT).select(countRows(), "admissions")
                .select(Sql.countDistinct(col("t", "to_ward_id")), "wards").build();
        SqlQuery median = withTransfers(JoinType.LEFT).select(countRows(), "admissions")
                .select(Sql.agg(AggregateFn.MEDIAN, col("t", "hours")), "median").build();
        SqlQuery mixed = withTransfers(JoinType.LEFT).select(countRows(), "admissions")
                .select(Sql.agg(AggregateFn.SUM, Sql.arith(col("a", "severity"), ValueExpr.ArithmeticOp.MULTIPLY, col("t", "hours"))), "x").build();
        for (SqlQuery q : List.of(countDistinct, median, mixed)) {
            assertThat(SqlCompiler.compile(q, Dialect.H2)).as(q.toString()).isInstanceOf(CompileResult.Unsupported.class);
        }
    }

    @Test
    void refusesAJoinWhoseConditionNamesTwoEarlierTables() {
        SqlQuery q = perWard()
                .join(JoinType.INNER, table("transfer", "t"), Sql.and(eq(col("t", "admission_id"), col("a", "id")),
                        eq(col("t", "to_ward_id"), col("w", "id"))), Cardinality.ONE_TO_MANY)
                .select(countRows(), "n").build();
        assertThat(SqlCompiler.compile(q, Dialect.H2)).isInstanceOf(CompileResult.Unsupported.class);
    }

    @Test
    void satelliteNamesNeverShadowARealTable() {
        SqlQuery q = perWard()
                .join(JoinType.LEFT, table("sat_t", "t"), eq(col("t", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY)
                .select(countRows(), "n").build();
        SqlQuery lowered = GrainSafety.apply(q);
        assertThat(lowered.joins()).extracting(j -> j.relation().alias()).containsExactly("w", "sat_t_2");
    }

    @Test
    void nestedFanOutsBecomeNestedSatellitesAndGiveTheTrueTotals() throws Exception {
        SqlQuery q = SqlQuery.from(table("admission", "a"))
                .join(JoinType.LEFT, table("bill", "b"), eq(col("b", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY)
                .join(JoinType.LEFT, table("bill_line", "l"), eq(col("l", "bill_id"), col("b", "id")), Cardinality.ONE_TO_MANY)
                .select(countRows(), "admissions")
                .select(Sql.agg(AggregateFn.SUM, col("b", "total")), "billed")
                .select(Sql.agg(AggregateFn.SUM, col("l", "amount")), "itemised")
                .build();
        SqlQuery lowered = GrainSafety.apply(q);
        Relation satB = lowered.joins().get(0).relation();
        assertThat(satB.alias()).isEqualTo("sat_b");
        assertThat(((Relation.DerivedTable) satB).query().joins()).extracting(j -> j.relation().alias()).containsExactly("sat_l");

        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:grain_nested;DATABASE_TO_UPPER=FALSE");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE admission (id INT PRIMARY KEY)");
            s.execute("CREATE TABLE bill (id INT PRIMARY KEY, admission_id INT, total DECIMAL(8,2))");
            s.execute("CREATE TABLE bill_line (id INT PRIMARY KEY, bill_id INT, amount DECIMAL(8,2))");
            s.execute("INSERT INTO admission VALUES (1), (2)");
            s.execute("INSERT INTO bill VALUES (1, 1, 10), (2, 1, 20), (3, 2, 5)");
            s.execute("INSERT INTO bill_line VALUES (1, 1, 4), (2, 1, 6), (3, 2, 20)");
            // naive: bill 1 repeats once per line (2 rows), so 4 rows, bills 10+10+20+5
            assertRows("naive", run(c, SqlCompiler.renderer(Dialect.H2).render(q)), new Object[] {4, 45, 30});
            assertRows("lowered", run(c, SqlCompiler.compile(q, Dialect.H2)), new Object[] {2, 35, 30});
        }
    }

    private static List<List<Object>> run(Connection c, CompileResult result) throws Exception {
        Rendered r = ((CompileResult.Compiled) result).rendered();
        try (PreparedStatement ps = c.prepareStatement(r.sql())) {
            SqlParameter.bindAll(ps, SqlParameter.fromCompiled(r.parameters()));
            try (ResultSet rs = ps.executeQuery()) {
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(new java.math.BigDecimal(rs.getObject(i).toString()));
                    }
                    rows.add(row);
                }
                return rows;
            }
        }
    }

    @Test
    void theLoweredTreeHasNoFanOutLeftForAnySensitiveAggregate() {
        SqlQuery lowered = GrainSafety.apply(HospitalQueries.billsAndTransfersPerWard());
        assertThat(lowered.joins()).noneMatch(j -> j.cardinality().fansOut());
        assertThat(GrainSafety.apply(lowered)).isEqualTo(lowered);
        assertThatThrownBy(() -> lowered.joins().add(null)).isInstanceOf(UnsupportedOperationException.class);
    }
}
