package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.eq;
import static org.tally.core.sql.Sql.table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.SqlParameter;

/**
 * The shapes of SQL that stay fast as tables grow (docs/benchmarks.md, "Against the gold SQL"), per database: each
 * statement has the expected form in the dialect's text and, on PostgreSQL, the plan the form is chosen for, and
 * gives exactly the rows of a hand-written statement. The counted scope's grouped semi-join is in
 * {@link CountedScopeTest}.
 */
class ScalingShapesTest {

    private static final Map<Dialect, Boolean> PEOPLE_LOADED = new ConcurrentHashMap<>();

    static Stream<Dialect> databases() {
        return HospitalFixture.EXECUTABLE.stream();
    }

    @ParameterizedTest
    @MethodSource("databases")
    void anExistsFilterStaysAnExistsThePlannerRunsAsASemiJoinAndNotExistsAsAnAntiJoin(Dialect db) throws Exception {
        for (boolean negated : new boolean[] {false, true}) {
            SqlQuery q = HospitalQueries.admissionsWithTransferSince(negated);
            Rendered r = rendered(q, db);
            assertThat(r.sql()).as(r.sql()).contains(negated ? " NOT EXISTS (SELECT 1 FROM " : " EXISTS (SELECT 1 FROM ")
                    .doesNotContain(" IN (SELECT ").doesNotContain("COUNT(");
            if (db == Dialect.POSTGRES) {
                // a semi-join may also be planned as a join over the distinct inner keys; never as a SubPlan per row
                assertThat(plan(db, r, "EXPLAIN ")).as(r.sql()).contains(negated ? "Anti Join" : " Join")
                        .doesNotContain("SubPlan");
            }
            assertThat(HospitalFixture.run(db, r)).as(r.sql()).isEqualTo(HospitalFixture.runText(db,
                    "SELECT a.id FROM admission a WHERE a.id " + (negated ? "NOT " : "") + "IN (SELECT t.admission_id"
                            + " FROM transfer t WHERE t.moved_at >= TIMESTAMP '2026-05-01 00:00:00') ORDER BY a.id"));
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aProbeThroughARelatedScopeIsReadFromTheRelatedRowsWhereThePlannerWouldBuildTheirWholeKeyListFirst(Dialect db)
            throws Exception {
        // PostgreSQL and MariaDB start from the related rows and stop at the first match; H2 keeps the EXISTS
        boolean joined = db == Dialect.POSTGRES || db == Dialect.MYSQL;
        for (LocalDateTime since : List.of(LocalDateTime.of(2026, 5, 1, 0, 0), LocalDateTime.of(2031, 1, 1, 0, 0))) {
            Predicate scope = Sql.and(eq(col("t", "admission_id"), col("a", "id")), Sql.or(
                    Sql.compare(col("t", "moved_at"), Predicate.CompareOp.GE, Sql.param(SqlValue.of(since))),
                    Sql.isNull(col("t", "moved_at"))), Sql.compare(col("t", "id"), Predicate.CompareOp.GT,
                    Sql.param(SqlValue.of(0L))));
            SqlQuery probe = SqlQuery.from(table("admission", "a"))
                    .select(col("a", "id"), "witness")
                    .where(new Predicate.Exists(table("transfer", "t"), List.of(), scope, false))
                    .limit(1)
                    .build();
            Rendered r = rendered(probe, db);
            if (joined) {
                assertThat(r.sql()).as(r.sql()).contains(" INNER JOIN " + db.rules().quote("transfer"))
                        .contains(" WHERE (").doesNotContain("EXISTS");
            } else {
                assertThat(r.sql()).as(r.sql()).contains(" WHERE EXISTS (SELECT 1 FROM ").doesNotContain(" JOIN ");
            }
            List<List<Object>> matching = HospitalFixture.runText(db, "SELECT a.id FROM admission a WHERE EXISTS"
                    + " (SELECT 1 FROM transfer t WHERE t.admission_id = a.id AND (t.moved_at >= TIMESTAMP '"
                    + since.toLocalDate() + " 00:00:00' OR t.moved_at IS NULL) AND t.id > 0)");
            List<List<Object>> got = HospitalFixture.run(db, r);
            assertThat(got).as(r.sql()).hasSize(matching.isEmpty() ? 0 : 1);
            assertThat(matching).as(r.sql()).containsAll(got);
        }
        // anything that reads more than whether a row comes back keeps its EXISTS: an order, more rows, NOT EXISTS
        Predicate scope = eq(col("t", "admission_id"), col("a", "id"));
        for (SqlQuery kept : List.of(
                SqlQuery.from(table("admission", "a")).select(col("a", "id"), "id")
                        .where(new Predicate.Exists(table("transfer", "t"), List.of(), scope, false))
                        .orderBy(OrderItem.asc(col("a", "id"))).limit(1).build(),
                SqlQuery.from(table("admission", "a")).select(col("a", "id"), "id")
                        .where(new Predicate.Exists(table("transfer", "t"), List.of(), scope, false)).limit(2).build(),
                SqlQuery.from(table("admission", "a")).select(col("a", "id"), "id")
                        .where(new Predicate.Exists(table("transfer", "t"), List.of(), scope, true)).limit(1).build())) {
            Rendered r = rendered(kept, db);
            assertThat(r.sql()).as(r.sql()).contains("EXISTS (SELECT 1 FROM ").doesNotContain(" JOIN ");
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void anExistsReadAsAValueIsAKeyListBuiltOnceWithTheExistsRows(Dialect db) throws Exception {
        people(db);
        for (boolean negated : new boolean[] {false, true}) {
            for (boolean onlyA : new boolean[] {false, true}) {
                Predicate where = eq(col("v", "person_id"), col("p", "id"));
                if (onlyA) {
                    where = Sql.and(where, eq(col("v", "kind"), Sql.param("a")));
                }
                SqlQuery q = SqlQuery.from(table("person", "p"))
                        .select(col("p", "grp"), "grp")
                        .select(Sql.ratePercent(new Predicate.Exists(table("visit", "v"), List.of(), where, negated)),
                                "percent")
                        .groupBy(col("p", "grp"))
                        .orderBy(OrderItem.asc(col("p", "grp")))
                        .build();
                Rendered r = rendered(q, db);
                assertThat(r.sql()).as(r.sql()).contains(" IS NOT NULL AND ").contains(" IN (SELECT ")
                        .doesNotContain("EXISTS");
                if (db == Dialect.POSTGRES) {
                    assertThat(plan(db, r, "EXPLAIN VERBOSE ")).as(r.sql()).contains("(hashed SubPlan 1)");
                }
                String exists = (negated ? "NOT " : "") + "EXISTS (SELECT 1 FROM visit v WHERE v.person_id = p.id"
                        + (onlyA ? " AND v.kind = 'a'" : "") + ")";
                List<List<Object>> hand = HospitalFixture.runText(db, "SELECT p.grp, 100.0 * SUM(CASE WHEN " + exists
                        + " THEN 1 ELSE 0 END) / COUNT(*) FROM person p GROUP BY p.grp ORDER BY p.grp");
                assertThat(rounded(HospitalFixture.run(db, r))).as(r.sql()).isEqualTo(rounded(hand));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aFanOutIsAggregatedBeforeItJoinsAndGivesTheHandWrittenTotals(Dialect db) throws Exception {
        SqlQuery q = HospitalQueries.billsAndTransfersPerWard();
        Rendered r = rendered(q, db);
        String joined = r.sql().substring(r.sql().indexOf(" FROM "));
        assertThat(joined).as(r.sql()).contains("JOIN (SELECT ").contains(" GROUP BY ")
                .doesNotContain("JOIN " + db.rules().quote("bill") + " ")
                .doesNotContain("JOIN " + db.rules().quote("transfer") + " ");
        List<List<Object>> hand = HospitalFixture.runText(db, "SELECT w.name, COUNT(*), SUM(b.billed), COALESCE(SUM(t.moves), 0),"
                + " SUM(b.billed) / SUM(b.bills) FROM admission a JOIN ward w ON w.id = a.ward_id"
                + " LEFT JOIN (SELECT admission_id, SUM(amount) AS billed, COUNT(*) AS bills FROM bill"
                + " GROUP BY admission_id) b ON b.admission_id = a.id"
                + " LEFT JOIN (SELECT admission_id, COUNT(*) AS moves FROM transfer GROUP BY admission_id) t"
                + " ON t.admission_id = a.id GROUP BY w.name ORDER BY w.name");
        assertThat(rounded(HospitalFixture.run(db, r))).as(r.sql()).isEqualTo(rounded(hand));
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aTimeWindowComparesTheStoredColumnItselfSoAnIndexOnItServes(Dialect db) throws Exception {
        SqlQuery q = SqlQuery.from(table("admission", "a"))
                .select(Sql.countRows(), "n")
                .where(Sql.halfOpen(col("a", "admitted_at"), SqlValue.of(LocalDateTime.of(2026, 4, 1, 0, 0)),
                        SqlValue.of(LocalDateTime.of(2026, 5, 1, 0, 0))))
                .build();
        Rendered r = rendered(q, db);
        String column = db.rules().quote("a") + "." + db.rules().quote("admitted_at");
        assertThat(r.sql()).as(r.sql()).contains(" WHERE " + column + " >= ? AND " + column + " < ?");
        assertThat(HospitalFixture.run(db, r)).isEqualTo(HospitalFixture.runText(db, "SELECT COUNT(*) FROM admission"
                + " WHERE admitted_at >= TIMESTAMP '2026-04-01 00:00:00' AND admitted_at < TIMESTAMP '2026-05-01 00:00:00'"));
    }

    private static Rendered rendered(SqlQuery q, Dialect db) {
        CompileResult c = SqlCompiler.compile(q, db);
        assertThat(c).as("%s", c).isInstanceOf(CompileResult.Compiled.class);
        return ((CompileResult.Compiled) c).rendered();
    }

    private static String plan(Dialect db, Rendered r, String explain) throws SQLException {
        try (Connection c = HospitalFixture.connect(db);
             PreparedStatement ps = c.prepareStatement(explain + r.sql())) {
            SqlParameter.bindAll(ps, SqlParameter.fromCompiled(r.parameters()));
            StringBuilder out = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.append(rs.getString(1)).append('\n');
                }
            }
            return out.toString();
        }
    }

    /** People in two groups, with NULL keys on both sides: a NULL person matches no visit, a NULL visit no one. */
    private static void people(Dialect db) throws SQLException {
        if (PEOPLE_LOADED.putIfAbsent(db, true) != null) {
            return;
        }
        try (Connection c = HospitalFixture.connect(db); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE person (id INT, grp VARCHAR(1) NOT NULL)");
            s.execute("CREATE TABLE visit (id INT PRIMARY KEY, person_id INT, kind VARCHAR(1) NOT NULL)");
            s.execute("INSERT INTO person VALUES (1, 'x'), (2, 'x'), (3, 'x'), (4, 'y'), (5, 'y'), (NULL, 'y')");
            s.execute("INSERT INTO visit VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'b'), (4, 4, 'a'), (5, NULL, 'a')");
        }
    }

    private static List<List<Object>> rounded(List<List<Object>> rows) {
        return rows.stream().map(row -> row.stream().map(v -> v instanceof BigDecimal d
                ? (Object) d.setScale(6, RoundingMode.HALF_UP) : v).toList()).toList();
    }
}
