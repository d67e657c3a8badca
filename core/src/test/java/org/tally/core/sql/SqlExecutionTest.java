package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.sql.HospitalQueries.perWard;
import static org.tally.core.sql.Rows.assertRows;
import static org.tally.core.sql.Rows.ids;
import static org.tally.core.sql.Sql.col;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.Sql.DurationUnit;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * Rendered SQL executed with bound parameters on H2, real PostgreSQL and real MariaDB over {@link HospitalFixture};
 * every expected value below was worked out by hand from the fixture's table.
 */
class SqlExecutionTest {

    static Stream<Dialect> databases() {
        return HospitalFixture.EXECUTABLE.stream();
    }

    private static LocalDate d(String iso) {
        return LocalDate.parse(iso);
    }

    private static LocalDateTime t(String iso) {
        return LocalDateTime.parse(iso);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void bucketsStartAtTheUnitAndWeeksOnMonday(Dialect db) throws Exception {
        assertRows("hour", HospitalFixture.run(db, HospitalQueries.admissionsPerBucket(BucketUnit.HOUR)),
                new Object[] {t("2025-12-31T23:00"), 1}, new Object[] {t("2026-03-31T22:00"), 1},
                new Object[] {t("2026-04-01T08:00"), 1}, new Object[] {t("2026-05-03T23:00"), 1},
                new Object[] {t("2026-05-04T00:00"), 2});
        assertRows("day", HospitalFixture.run(db, HospitalQueries.admissionsPerBucket(BucketUnit.DAY)),
                new Object[] {d("2025-12-31"), 1}, new Object[] {d("2026-03-31"), 1}, new Object[] {d("2026-04-01"), 1},
                new Object[] {d("2026-05-03"), 1}, new Object[] {d("2026-05-04"), 2});
        // Sunday 2026-05-03 belongs to the week of Monday 2026-04-27; Monday 2026-05-04 starts a new one
        assertRows("week", HospitalFixture.run(db, HospitalQueries.admissionsPerBucket(BucketUnit.WEEK)),
                new Object[] {d("2025-12-29"), 1}, new Object[] {d("2026-03-30"), 2}, new Object[] {d("2026-04-27"), 1},
                new Object[] {d("2026-05-04"), 2});
        assertRows("month", HospitalFixture.run(db, HospitalQueries.admissionsPerBucket(BucketUnit.MONTH)),
                new Object[] {d("2025-12-01"), 1}, new Object[] {d("2026-03-01"), 1}, new Object[] {d("2026-04-01"), 1},
                new Object[] {d("2026-05-01"), 3});
        assertRows("quarter", HospitalFixture.run(db, HospitalQueries.admissionsPerBucket(BucketUnit.QUARTER)),
                new Object[] {d("2025-10-01"), 1}, new Object[] {d("2026-01-01"), 1}, new Object[] {d("2026-04-01"), 4});
        assertRows("year", HospitalFixture.run(db, HospitalQueries.admissionsPerBucket(BucketUnit.YEAR)),
                new Object[] {d("2025-01-01"), 1}, new Object[] {d("2026-01-01"), 5});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void durationsAreElapsedTimeInTheRequestedUnit(Dialect db) throws Exception {
        assertRows("days", HospitalFixture.run(db, HospitalQueries.lengthOfStay(DurationUnit.DAYS)),
                new Object[] {1, "1.5"}, new Object[] {2, "0.25"}, new Object[] {3, "2.0"}, new Object[] {5, "0.0208333"});
        assertRows("hours", HospitalFixture.run(db, HospitalQueries.lengthOfStay(DurationUnit.HOURS)),
                new Object[] {1, 36}, new Object[] {2, 6}, new Object[] {3, 48}, new Object[] {5, "0.5"});
        assertRows("minutes", HospitalFixture.run(db, HospitalQueries.lengthOfStay(DurationUnit.MINUTES)),
                new Object[] {1, 2160}, new Object[] {2, 360}, new Object[] {3, 2880}, new Object[] {5, 30});
        // as of the bound "now" 2026-05-05 00:50, never the database clock
        assertRows("open so far", HospitalFixture.run(db, HospitalQueries.openStayAsOfNow()),
                new Object[] {4, "808.5833333"}, new Object[] {6, 24});
        SqlQuery everyStay = SqlQuery.from(HospitalQueries.admission()).select(col("a", "id"), "id")
                .select(Sql.durationAsOf(col("a", "admitted_at"), col("a", "discharged_at"), HospitalQueries.NOW, DurationUnit.HOURS), "hours")
                .orderBy(OrderItem.asc(col("a", "id"))).build();
        assertRows("completed or as of now", HospitalFixture.run(db, everyStay),
                new Object[] {1, 36}, new Object[] {2, 6}, new Object[] {3, 48}, new Object[] {4, "808.5833333"},
                new Object[] {5, "0.5"}, new Object[] {6, 24});
        assertRows("average days", HospitalFixture.run(db, HospitalQueries.averageStayDaysPerWard()),
                new Object[] {"ICU", "0.875"}, new Object[] {"Maternity", "1.0104167"});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void rateIsAPercentOfAllRowsAndNullIsNotTrue(Dialect db) throws Exception {
        assertRows("emergency rate", HospitalFixture.run(db, HospitalQueries.emergencyRatePerWard()),
                new Object[] {"ICU", "50.0"}, new Object[] {"Maternity", "66.6666667"}, new Object[] {"O'Brien \\ Annex", 0});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void existsAndNotExistsCorrelateOverOneHop(Dialect db) throws Exception {
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionsWithTransferSince(false)))).containsExactly(1);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionsWithTransferSince(true)))).containsExactly(2, 3, 4, 5, 6);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void medianWhereTheDatabaseHasOneAndARefusalWhereNot(Dialect db) throws Exception {
        if (db == Dialect.MYSQL) {
            assertThat(SqlCompiler.compile(HospitalQueries.medianSeverityPerWard(), db))
                    .isInstanceOf(CompileResult.Unsupported.class);
            return;
        }
        assertRows("median", HospitalFixture.run(db, HospitalQueries.medianSeverityPerWard()),
                new Object[] {"ICU", 2}, new Object[] {"Maternity", 4}, new Object[] {"O'Brien \\ Annex", null});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void filtersSelectExactlyTheHandPickedRows(Dialect db) throws Exception {
        ValueExpr severity = col("a", "severity");
        ValueExpr status = col("a", "status");
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(Sql.eq(status, Sql.param("admitted")))))).containsExactly(4, 6);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.in(status, SqlValue.of("admitted"), SqlValue.of("transferred")))))).containsExactly(4, 6);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.in(severity, SqlValue.of(1), SqlValue.of(5)))))).containsExactly(2, 4);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.compare(severity, Predicate.CompareOp.NE, Sql.param(3)))))).containsExactly(2, 3, 4, 5);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.compare(severity, Predicate.CompareOp.LT, Sql.param(3)))))).containsExactly(2, 3);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.compare(severity, Predicate.CompareOp.LE, Sql.param(2)))))).containsExactly(2, 3);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.compare(severity, Predicate.CompareOp.GT, Sql.param(4)))))).containsExactly(4);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                Sql.compare(severity, Predicate.CompareOp.GE, Sql.param(4)))))).containsExactly(4, 5);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(
                new Predicate.Between(severity, Sql.param(2), Sql.param(4)))))).containsExactly(1, 3, 5);
        // half-open: 2026-05-04 00:10 is on the excluded upper bound's day, 2026-03-31 22:00 before the lower one
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(Sql.halfOpen(col("a", "admitted_at"),
                SqlValue.of(t("2026-04-01T00:00")), SqlValue.of(t("2026-05-04T00:00"))))))).containsExactly(1, 4);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(Sql.isNull(col("a", "discharged_at")))))).containsExactly(4, 6);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(Sql.isNotNull(col("a", "discharged_at")))))).containsExactly(1, 2, 3, 5);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(new Predicate.BoolTest(col("a", "emergency"), true))))).containsExactly(1, 3, 5);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(new Predicate.BoolTest(col("a", "emergency"), false))))).containsExactly(2, 4);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(Sql.eq(col("a", "emergency"), Sql.param(SqlValue.of(true)))))))
                .containsExactly(1, 3, 5);
        Predicate combined = Sql.and(
                Sql.or(Sql.eq(col("a", "ward_id"), Sql.param(1)), Sql.compare(severity, Predicate.CompareOp.GE, Sql.param(5))),
                Sql.not(new Predicate.BoolTest(col("a", "emergency"), true)));
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionIds(combined)))).containsExactly(2, 4);
        assertThat(ids(HospitalFixture.run(db, HospitalQueries.admissionsInWardNamed("O'Brien \\ Annex")))).containsExactly(6);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void rowLimitsAndOffsets(Dialect db) throws Exception {
        assertRows("top 2", HospitalFixture.run(db, HospitalQueries.topWardsByAdmissions()),
                new Object[] {"Maternity", 3}, new Object[] {"ICU", 2});
        SqlQuery secondPage = HospitalQueries.admissionIds(Sql.isNotNull(col("a", "id"))).toBuilder().limit(new RowLimit(2, 2)).build();
        assertThat(ids(HospitalFixture.run(db, secondPage))).containsExactly(3, 4);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void grainSafetyStopsTheFanOutThatInflatesTheNaiveJoin(Dialect db) throws Exception {
        SqlQuery query = HospitalQueries.billsAndTransfersPerWard();
        CompileResult naive = SqlCompiler.renderer(db).render(query);
        // counterfactual data: admission 1 has 2 bills and 3 transfers, so the naive join repeats each bill 3 times
        assertRows("naive join", HospitalFixture.run(db, ((CompileResult.Compiled) naive).rendered()),
                new Object[] {"ICU", 7, "470.00", 6, "67.1428571"},
                new Object[] {"Maternity", 5, "615.50", 4, "153.875"},
                new Object[] {"O'Brien \\ Annex", 1, "7.25", 0, "7.25"});
        assertRows("spine and satellites", HospitalFixture.run(db, query),
                new Object[] {"ICU", 2, "170.00", 3, "56.6666667"},
                new Object[] {"Maternity", 3, "315.50", 3, "105.1666667"},
                new Object[] {"O'Brien \\ Annex", 1, "7.25", 0, "7.25"});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aJoinUsedOnlyToFilterNoLongerCountsTheSubjectTwice(Dialect db) throws Exception {
        SqlQuery query = HospitalQueries.transferredAdmissionsPerWard();
        CompileResult naive = SqlCompiler.renderer(db).render(query);
        assertRows("naive join", HospitalFixture.run(db, ((CompileResult.Compiled) naive).rendered()),
                new Object[] {"ICU", 3}, new Object[] {"Maternity", 3});
        assertRows("semi-join satellite", HospitalFixture.run(db, query),
                new Object[] {"ICU", 1}, new Object[] {"Maternity", 2});
    }

    @ParameterizedTest
    @MethodSource("databases")
    void inlinedDisplayCopyMeansTheSameAsTheBoundStatement(Dialect db) throws Exception {
        for (SqlQuery q : List.of(HospitalQueries.admissionsInWardNamed("O'Brien \\ Annex"),
                HospitalQueries.admissionsWithTransferSince(true), HospitalQueries.openStayAsOfNow(),
                HospitalQueries.transferredAdmissionsPerWard(),
                HospitalQueries.admissionIds(Sql.halfOpen(col("a", "admitted_at"),
                        SqlValue.of(LocalDate.of(2026, 4, 1)), SqlValue.of(LocalDate.of(2026, 5, 4)))))) {
            Rendered r = ((CompileResult.Compiled) SqlCompiler.compile(q, db)).rendered();
            List<List<Object>> bound = HospitalFixture.run(db, r);
            assertThat(bound).as("a non-empty result, so the comparison means something").isNotEmpty();
            assertThat(HospitalFixture.runText(db, r.inlined())).as(r.inlined()).isEqualTo(bound);
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void groupedResultsPageByKeysetOnTheGroupColumns(Dialect db) throws Exception {
        SqlQuery base = TotalOrder.byGroups(perWard()
                .select(col("w", "name"), "ward")
                .select(Sql.count(col("a", "discharged_at")), "discharged")
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.desc(Sql.count(col("a", "discharged_at"))))
                .build());
        // ICU and Maternity tie on 2 discharges; the tie-breaker (ward name) decides
        assertThat(KeysetPagingRun.pages(db, base, 1, 0, 1)).containsExactly("ICU", "Maternity", "O'Brien \\ Annex");
    }

    @ParameterizedTest
    @MethodSource("databases")
    void listPagesNeverRepeatOrSkipRowsIncludingTiesAndNulls(Dialect db) throws Exception {
        ValueExpr id = col("a", "id");
        record Case(OrderItem sort, List<Object> expected) { }
        List<Case> cases = List.of(
                new Case(OrderItem.asc(col("a", "ward_id")), List.of(1, 2, 3, 4, 5, 6)),
                new Case(OrderItem.desc(col("a", "ward_id")), List.of(6, 3, 4, 5, 1, 2)),
                new Case(OrderItem.desc(col("a", "discharged_at")), List.of(1, 2, 3, 5, 4, 6)),
                new Case(OrderItem.asc(col("a", "discharged_at")), List.of(4, 6, 5, 3, 2, 1)),
                new Case(OrderItem.desc(col("a", "severity")), List.of(4, 5, 1, 3, 2, 6)),
                new Case(OrderItem.asc(col("a", "severity")), List.of(6, 2, 3, 1, 5, 4)));
        for (Case c : cases) {
            SqlQuery list = TotalOrder.withTieBreaker(SqlQuery.from(HospitalQueries.admission())
                    .select(id, "id")
                    .select(c.sort().expr(), "sort_value")
                    .orderBy(c.sort())
                    .build(), List.of(id));
            for (int size = 1; size <= 4; size++) {
                assertThat(KeysetPagingRun.pages(db, list, size, 0, 1)).as("%s page size %d", c.sort(), size)
                        .containsExactlyElementsOf(c.expected());
            }
        }
    }
}
