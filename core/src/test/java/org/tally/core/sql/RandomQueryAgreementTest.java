package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.eq;
import static org.tally.core.sql.Sql.table;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.Sql.DurationUnit;
import org.tally.core.sql.ValueExpr.AggregateFn;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * Random well-typed queries over {@link HospitalFixture}: every dialect either compiles or refuses with a reason
 * (never throws), every statement parses with JSqlParser in its dialect, and H2, PostgreSQL and MariaDB return
 * the same rows for the same query, which catches any renderer whose buckets, durations, NULL order or rates differ.
 */
class RandomQueryAgreementTest {

    private static final int QUERIES = 150;

    @Test
    void everyDialectCompilesOrRefusesAndTheDatabasesAgree() throws Exception {
        Random random = new Random(20260505);
        int executed = 0;
        int refused = 0;
        int lowered = 0;
        for (int i = 0; i < QUERIES; i++) {
            SqlQuery q = new Generator(random).query();
            if (GrainSafety.apply(q) != q) {
                lowered++;
            }
            Map<Dialect, List<List<Object>>> results = new EnumMap<>(Dialect.class);
            for (Dialect d : Dialect.values()) {
                CompileResult r = SqlCompiler.compile(q, d);
                if (r instanceof CompileResult.Unsupported u) {
                    assertThat(u.reason()).as("query %d refusal on %s", i, d).isNotBlank();
                    refused++;
                    continue;
                }
                Rendered rendered = ((CompileResult.Compiled) r).rendered();
                assertThat(SqlParsing.statementCount(rendered.sql(), d)).isEqualTo(1);
                assertThat(SqlParsing.statementCount(rendered.inlined(), d)).isEqualTo(1);
                if (d != Dialect.SQLSERVER) {
                    try {
                        results.put(d, HospitalFixture.run(d, rendered));
                    } catch (Exception e) {
                        throw new AssertionError("query " + i + " failed on " + d + ": " + rendered.sql(), e);
                    }
                    executed++;
                }
            }
            List<List<Object>> reference = results.get(Dialect.H2);
            for (Map.Entry<Dialect, List<List<Object>>> e : results.entrySet()) {
                if (reference != null) {
                    assertThat(e.getValue()).as("query %d on %s vs H2: %s", i, e.getKey(), q).hasSameSizeAs(reference);
                    for (int row = 0; row < reference.size(); row++) {
                        Rows.assertRows("query " + i + " on " + e.getKey() + " row " + row, List.of(e.getValue().get(row)),
                                reference.get(row).stream().map(v -> v instanceof BigDecimal b ? b.toPlainString() : v).toArray());
                    }
                }
            }
        }
        assertThat(executed).as("statements executed").isGreaterThan(QUERIES * 2);
        assertThat(refused).as("median refusals on MySQL and SQL Server at least").isPositive();
        assertThat(lowered).as("queries whose fan-out the grain-safety pass rewrote").isGreaterThan(10);
    }

    /** Builds one random query that a bound spec could produce. */
    private static final class Generator {
        private final Random r;
        private boolean ward;
        private JoinType bills;
        private JoinType transfers;

        Generator(Random r) {
            this.r = r;
        }

        SqlQuery query() {
            SqlQuery.Builder b = SqlQuery.from(table("admission", "a"));
            ward = r.nextBoolean();
            if (ward) {
                b.join(r.nextBoolean() ? JoinType.INNER : JoinType.LEFT, table("ward", "w"), eq(col("a", "ward_id"), col("w", "id")), Cardinality.MANY_TO_ONE);
            }
            bills = r.nextInt(3) == 0 ? (r.nextBoolean() ? JoinType.INNER : JoinType.LEFT) : null;
            if (bills != null) {
                b.join(bills, table("bill", "b"), eq(col("b", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY);
            }
            transfers = r.nextInt(3) == 0 ? (r.nextBoolean() ? JoinType.INNER : JoinType.LEFT) : null;
            if (transfers != null) {
                b.join(transfers, table("transfer", "t"), eq(col("t", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY);
            }
            int filters = r.nextInt(3);
            for (int i = 0; i < filters; i++) {
                b.where(filter());
            }
            return r.nextInt(3) == 0 ? list(b) : aggregate(b);
        }

        private SqlQuery list(SqlQuery.Builder b) {
            b.select(col("a", "id"), "id").select(col("a", "admitted_at"), "admitted_at").select(col("a", "severity"), "severity");
            List<ValueExpr> key = new ArrayList<>(List.of(col("a", "id")));
            if (bills != null) {
                b.select(col("b", "id"), "bill_id");
                key.add(col("b", "id"));
            }
            if (transfers != null) {
                b.select(col("t", "id"), "transfer_id");
                key.add(col("t", "id"));
            }
            ValueExpr sort = pick(col("a", "severity"), col("a", "discharged_at"), col("a", "admitted_at"), col("a", "status"));
            b.orderBy(r.nextBoolean() ? OrderItem.asc(sort) : OrderItem.desc(sort));
            b.limit(1 + r.nextInt(5));
            return TotalOrder.withTieBreaker(b.build(), key);
        }

        private SqlQuery aggregate(SqlQuery.Builder b) {
            List<ValueExpr> dims = new ArrayList<>();
            int dimCount = r.nextInt(3);
            for (int i = 0; i < dimCount; i++) {
                ValueExpr d = dimension();
                if (!dims.contains(d)) {
                    dims.add(d);
                }
            }
            for (int i = 0; i < dims.size(); i++) {
                b.select(dims.get(i), "d" + i);
            }
            int measures = 1 + r.nextInt(3);
            List<ValueExpr> ms = new ArrayList<>();
            for (int i = 0; i < measures; i++) {
                ValueExpr m = measure();
                ms.add(m);
                b.select(m, "m" + i);
            }
            if (dims.isEmpty()) {
                return b.build();
            }
            b.groupByList(dims);
            b.orderBy(r.nextBoolean() ? OrderItem.desc(ms.get(0)) : OrderItem.asc(dims.get(0)));
            if (r.nextBoolean()) {
                b.limit(1 + r.nextInt(3));
            }
            return TotalOrder.byGroups(b.build());
        }

        private ValueExpr dimension() {
            List<ValueExpr> options = new ArrayList<>(List.of(col("a", "status"), col("a", "emergency"),
                    Sql.bucket(BucketUnit.values()[r.nextInt(BucketUnit.values().length)], col("a", "admitted_at"))));
            if (ward) {
                options.add(col("w", "name"));
            }
            return options.get(r.nextInt(options.size()));
        }

        private ValueExpr measure() {
            List<ValueExpr> options = new ArrayList<>(List.of(
                    Sql.countRows(),
                    Sql.countDistinct(col("a", "ward_id")),
                    Sql.agg(AggregateFn.SUM, col("a", "severity")),
                    Sql.agg(AggregateFn.AVG, col("a", "severity")),
                    Sql.agg(AggregateFn.MIN, col("a", "admitted_at")),
                    Sql.agg(AggregateFn.MAX, col("a", "severity")),
                    Sql.agg(AggregateFn.MEDIAN, col("a", "severity")),
                    Sql.ratePercent(new Predicate.BoolTest(col("a", "emergency"), true)),
                    Sql.agg(AggregateFn.AVG, Sql.duration(col("a", "admitted_at"), col("a", "discharged_at"), DurationUnit.DAYS)),
                    Sql.agg(AggregateFn.MAX, Sql.durationAsOf(col("a", "admitted_at"), col("a", "discharged_at"),
                            HospitalQueries.NOW, DurationUnit.HOURS))));
            if (bills != null) {
                options.add(Sql.agg(AggregateFn.SUM, col("b", "amount")));
                options.add(Sql.agg(AggregateFn.AVG, col("b", "amount")));
            }
            if (transfers != null) {
                options.add(Sql.count(col("t", "id")));
                options.add(Sql.agg(AggregateFn.MAX, col("t", "moved_at")));
            }
            return options.get(r.nextInt(options.size()));
        }

        private Predicate filter() {
            List<Predicate> options = new ArrayList<>(List.of(
                    eq(col("a", "status"), Sql.param(pick("admitted", "discharged", "none"))),
                    Sql.in(col("a", "severity"), SqlValue.of(1 + r.nextInt(5)), SqlValue.of(1 + r.nextInt(5))),
                    new Predicate.Between(col("a", "severity"), Sql.param(r.nextInt(3)), Sql.param(2 + r.nextInt(4))),
                    Sql.halfOpen(col("a", "admitted_at"), SqlValue.of(LocalDateTime.of(2026, 1 + r.nextInt(4), 1, 0, 0)),
                            SqlValue.of(LocalDate.of(2026, 5, 4 + r.nextInt(2)))),
                    r.nextBoolean() ? Sql.isNull(col("a", "discharged_at")) : Sql.isNotNull(col("a", "discharged_at")),
                    new Predicate.BoolTest(col("a", "emergency"), r.nextBoolean()),
                    Sql.not(Sql.or(eq(col("a", "ward_id"), Sql.param(1 + r.nextInt(3))),
                            Sql.compare(col("a", "severity"), Predicate.CompareOp.GE, Sql.param(4)))),
                    new Predicate.Exists(table("transfer", "x"), List.of(), eq(col("x", "admission_id"), col("a", "id")), r.nextBoolean())));
            if (bills == JoinType.INNER) {
                options.add(Sql.compare(col("b", "amount"), Predicate.CompareOp.GT, Sql.param(SqlValue.of(new BigDecimal("9.99")))));
            }
            if (ward) {
                options.add(Sql.compare(col("w", "name"), Predicate.CompareOp.NE, Sql.param("ICU")));
            }
            return options.get(r.nextInt(options.size()));
        }

        @SafeVarargs
        private <T> T pick(T... options) {
            return options[r.nextInt(options.length)];
        }
    }

}
