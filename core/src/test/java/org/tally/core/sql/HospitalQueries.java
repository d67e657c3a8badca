package org.tally.core.sql;

import static org.tally.core.sql.Sql.and;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.countRows;
import static org.tally.core.sql.Sql.eq;
import static org.tally.core.sql.Sql.table;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.tally.core.sql.Sql.DurationUnit;
import org.tally.core.sql.ValueExpr.AggregateFn;
import org.tally.core.sql.ValueExpr.BucketUnit;

/**
 * Queries over the small test schema ward / admission / transfer / bill (see {@link HospitalFixture}), named so
 * golden files and execution tests can share them.
 */
final class HospitalQueries {

    static final LocalDateTime NOW = LocalDateTime.of(2026, 5, 5, 0, 50);

    private HospitalQueries() {
    }

    static Relation.TableRef admission() {
        return table("admission", "a");
    }

    static Predicate wardOfAdmission() {
        return eq(col("a", "ward_id"), col("w", "id"));
    }

    /** FROM admission a INNER JOIN ward w: the usual spine for "per ward". */
    static SqlQuery.Builder perWard() {
        return SqlQuery.from(admission())
                .join(JoinType.INNER, table("ward", "w"), wardOfAdmission(), Cardinality.MANY_TO_ONE);
    }

    /** Admissions per ward with their bills total, transfer count and average bill, naively joined. */
    static SqlQuery billsAndTransfersPerWard() {
        return perWard()
                .join(JoinType.LEFT, table("bill", "b"), eq(col("b", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY)
                .join(JoinType.LEFT, table("transfer", "t"), eq(col("t", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY)
                .select(col("w", "name"), "ward")
                .select(countRows(), "admissions")
                .select(Sql.agg(AggregateFn.SUM, col("b", "amount")), "billed")
                .select(Sql.count(col("t", "id")), "transfers")
                .select(Sql.agg(AggregateFn.AVG, col("b", "amount")), "average_bill")
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.asc(col("w", "name")))
                .build();
    }

    /** Admissions that had at least one transfer, per ward, through an inner join (a filter-only fan-out). */
    static SqlQuery transferredAdmissionsPerWard() {
        return perWard()
                .join(JoinType.INNER, table("transfer", "t"), eq(col("t", "admission_id"), col("a", "id")), Cardinality.ONE_TO_MANY)
                .where(Sql.compare(col("t", "moved_at"), Predicate.CompareOp.GE, Sql.param(SqlValue.of(LocalDateTime.of(2026, 1, 1, 0, 0)))))
                .select(col("w", "name"), "ward")
                .select(countRows(), "admissions")
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.asc(col("w", "name")))
                .build();
    }

    static SqlQuery admissionsPerBucket(BucketUnit unit) {
        ValueExpr bucket = Sql.bucket(unit, col("a", "admitted_at"));
        return SqlQuery.from(admission())
                .select(bucket, "bucket")
                .select(countRows(), "admissions")
                .groupBy(bucket)
                .orderBy(OrderItem.asc(bucket))
                .build();
    }

    static SqlQuery lengthOfStay(DurationUnit unit) {
        return SqlQuery.from(admission())
                .select(col("a", "id"), "id")
                .select(Sql.duration(col("a", "admitted_at"), col("a", "discharged_at"), unit), "stay")
                .where(Sql.isNotNull(col("a", "discharged_at")))
                .orderBy(OrderItem.asc(col("a", "id")))
                .build();
    }

    static SqlQuery openStayAsOfNow() {
        return SqlQuery.from(admission())
                .select(col("a", "id"), "id")
                .select(Sql.duration(col("a", "admitted_at"), Sql.param(SqlValue.of(NOW)), DurationUnit.HOURS), "hours_so_far")
                .where(Sql.isNull(col("a", "discharged_at")))
                .orderBy(OrderItem.asc(col("a", "id")))
                .build();
    }

    static SqlQuery averageStayDaysPerWard() {
        return perWard()
                .select(col("w", "name"), "ward")
                .select(Sql.agg(AggregateFn.AVG, Sql.duration(col("a", "admitted_at"), col("a", "discharged_at"), DurationUnit.DAYS)), "average_days")
                .where(Sql.isNotNull(col("a", "discharged_at")))
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.asc(col("w", "name")))
                .build();
    }

    static SqlQuery emergencyRatePerWard() {
        return perWard()
                .select(col("w", "name"), "ward")
                .select(Sql.ratePercent(new Predicate.BoolTest(col("a", "emergency"), true)), "emergency_percent")
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.asc(col("w", "name")))
                .build();
    }

    static SqlQuery admissionsWithTransferSince(boolean negated) {
        Predicate correlated = and(eq(col("t", "admission_id"), col("a", "id")),
                Sql.compare(col("t", "moved_at"), Predicate.CompareOp.GE, Sql.param(SqlValue.of(LocalDateTime.of(2026, 5, 1, 0, 0)))));
        return SqlQuery.from(admission())
                .select(col("a", "id"), "id")
                .where(new Predicate.Exists(table("transfer", "t"), List.of(), correlated, negated))
                .orderBy(OrderItem.asc(col("a", "id")))
                .build();
    }

    static SqlQuery medianSeverityPerWard() {
        return perWard()
                .select(col("w", "name"), "ward")
                .select(Sql.agg(AggregateFn.MEDIAN, col("a", "severity")), "median_severity")
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.asc(col("w", "name")))
                .build();
    }

    static SqlQuery topWardsByAdmissions() {
        return perWard()
                .select(col("w", "name"), "ward")
                .select(countRows(), "admissions")
                .groupBy(col("w", "name"))
                .orderBy(OrderItem.desc(countRows()))
                .limit(2)
                .build();
    }

    /** Admission ids matching a filter, in id order. */
    static SqlQuery admissionIds(Predicate filter) {
        return SqlQuery.from(admission())
                .select(col("a", "id"), "id")
                .where(filter)
                .orderBy(OrderItem.asc(col("a", "id")))
                .build();
    }

    static SqlQuery admissionsInWardNamed(String name) {
        return perWard()
                .select(col("a", "id"), "id")
                .where(eq(col("w", "name"), Sql.param(name)))
                .orderBy(OrderItem.asc(col("a", "id")))
                .build();
    }

    static SqlQuery admissionsInMayPage2() {
        return SqlQuery.from(admission())
                .select(col("a", "id"), "id")
                .select(col("a", "admitted_at"), "admitted_at")
                .where(Sql.halfOpen(col("a", "admitted_at"), SqlValue.of(LocalDate.of(2026, 5, 1)), SqlValue.of(LocalDate.of(2026, 6, 1))))
                .orderBy(OrderItem.desc(col("a", "admitted_at")), OrderItem.asc(col("a", "id")))
                .limit(new RowLimit(10, 10))
                .build();
    }

    /** The named queries golden files refer to. */
    static Map<String, Supplier<SqlQuery>> named() {
        Map<String, Supplier<SqlQuery>> m = new TreeMap<>();
        m.put("bills_and_transfers_per_ward", HospitalQueries::billsAndTransfersPerWard);
        m.put("transferred_admissions_per_ward", HospitalQueries::transferredAdmissionsPerWard);
        m.put("admissions_per_week", () -> admissionsPerBucket(BucketUnit.WEEK));
        m.put("admissions_per_quarter", () -> admissionsPerBucket(BucketUnit.QUARTER));
        m.put("admissions_per_hour", () -> admissionsPerBucket(BucketUnit.HOUR));
        m.put("length_of_stay_days", () -> lengthOfStay(DurationUnit.DAYS));
        m.put("open_stay_as_of_now", HospitalQueries::openStayAsOfNow);
        m.put("emergency_rate_per_ward", HospitalQueries::emergencyRatePerWard);
        m.put("admissions_without_recent_transfer", () -> admissionsWithTransferSince(true));
        m.put("median_severity_per_ward", HospitalQueries::medianSeverityPerWard);
        m.put("top_wards_by_admissions", HospitalQueries::topWardsByAdmissions);
        m.put("admissions_in_may_page_2", HospitalQueries::admissionsInMayPage2);
        m.put("ward_named_with_quote", () -> admissionsInWardNamed("O'Brien \\ Annex"));
        return m;
    }
}
