package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.testing.TestBindings;
import org.tally.core.testing.QueryRows;
import org.tally.core.binding.Binding;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.RowLimit;
import org.tally.core.sql.SqlQuery;

/**
 * The binder per construct on a small H2 hospital: each bound query is compiled and run, and its rows are compared
 * with an independent hand-written query over the same data.
 */
class SpecBinderTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final Clock TODAY = TestBindings.REFERENCE_DAY;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:spec_binder_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE,"
                    + " family_name VARCHAR(40))");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), admission_type VARCHAR(20), admitted_at TIMESTAMP,"
                    + " discharged_at TIMESTAMP)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), outcome VARCHAR(20),"
                    + " delivered_at TIMESTAMP)");
            s.execute("CREATE TABLE allergies (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " allergen VARCHAR(30), severity VARCHAR(10))");
            s.execute("CREATE TABLE beds (id INT PRIMARY KEY, ward_id INT REFERENCES wards(id), label VARCHAR(10),"
                    + " is_active CHAR(1))");
            s.execute("CREATE TABLE medications (id INT PRIMARY KEY, name VARCHAR(30))");
            s.execute("CREATE TABLE prescriptions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " medication_id INT REFERENCES medications(id), prescribed_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite'), (3, 'Surgical')");
            for (int p = 1; p <= 12; p++) {
                s.execute("INSERT INTO patients VALUES (" + p + ", '" + (p % 3 == 0 ? "M" : "F") + "', DATE '19"
                        + (60 + p) + "-05-0" + (1 + p % 9) + "', 'Name" + p + "')");
            }
            s.execute("INSERT INTO admissions VALUES"
                    + " (1, 1, 1, 'emergency', TIMESTAMP '2026-10-02 08:00:00', TIMESTAMP '2026-10-05 20:00:00'),"
                    + " (2, 2, 1, 'elective',  TIMESTAMP '2026-10-10 10:00:00', TIMESTAMP '2026-10-11 10:00:00'),"
                    + " (3, 3, 3, 'emergency', TIMESTAMP '2026-11-01 09:30:00', NULL),"
                    + " (4, 4, 2, 'emergency', TIMESTAMP '2026-09-15 23:00:00', TIMESTAMP '2026-09-20 11:00:00'),"
                    + " (5, 5, 3, 'elective',  TIMESTAMP '2026-11-20 07:00:00', TIMESTAMP '2026-11-22 07:00:00'),"
                    + " (6, 6, 3, 'emergency', TIMESTAMP '2026-10-30 12:00:00', TIMESTAMP '2026-11-02 12:00:00')");
            s.execute("INSERT INTO deliveries VALUES"
                    + " (1, 1, 1, 'caesarean', 'live_birth', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', 'live_birth', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 7, 2, 'caesarean', 'live_birth', TIMESTAMP '2026-10-21 01:00:00'),"
                    + " (4, 8, 1, 'assisted', 'stillbirth', TIMESTAMP '2026-09-09 09:00:00'),"
                    + " (5, 10, 2, 'caesarean', 'live_birth', TIMESTAMP '2026-11-03 13:00:00'),"
                    + " (6, 11, 1, 'spontaneous', 'live_birth', TIMESTAMP '2026-10-28 22:00:00')");
            s.execute("INSERT INTO allergies VALUES (1, 1, 'Latex', 'severe'), (2, 1, 'Egg', 'mild'),"
                    + " (3, 4, 'Penicillin', 'moderate'), (4, 9, 'Latex', 'mild')");
            s.execute("INSERT INTO beds VALUES (1, 1, 'M-1', 'Y'), (2, 1, 'M-2', 'N'), (3, 2, 'L-1', 'Y'),"
                    + " (4, 3, 'S-1', 'Y'), (5, 3, 'S-2', 'N'), (6, 3, 'S-3', 'Y')");
            s.execute("INSERT INTO medications VALUES (1, 'Metformin'), (2, 'Aspirin')");
            s.execute("INSERT INTO prescriptions VALUES (1, 1, 1, TIMESTAMP '2026-10-01 09:00:00'),"
                    + " (2, 1, 2, TIMESTAMP '2026-10-02 09:00:00'), (3, 4, 2, TIMESTAMP '2026-10-03 09:00:00'),"
                    + " (4, 9, 1, TIMESTAMP '2026-10-04 09:00:00'), (5, 9, 1, TIMESTAMP '2026-10-05 09:00:00')");
        }
        binding = TestBindings.bind(db, "spec-binder-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static ColumnRef col(String concept, ColumnRole role) {
        return ColumnRef.of(concept, role);
    }

    private static ColumnRef col(String concept, ColumnRole role, String hint) {
        return ColumnRef.of(concept, role, hint);
    }

    private static final ColumnRef DELIVERED = col("Delivery", ColumnRole.EVENT_TIME);
    private static final ColumnRef MODE = col("Delivery", ColumnRole.CATEGORY, "delivery mode");

    private static Filter october(ColumnRef time) {
        return Filter.between(time, Literal.of(LocalDate.of(2026, 10, 1)), Literal.of(LocalDate.of(2026, 10, 31)));
    }

    private static List<Filter> octoberHalfOpen(ColumnRef time) {
        return List.of(Filter.ge(time, Literal.of(LocalDate.of(2026, 10, 1))),
                Filter.lt(time, Literal.of(LocalDate.of(2026, 11, 1))));
    }

    private static BindResult.Bound bound(QuerySpec spec) {
        return Binds.bound(binding, spec);
    }

    private static BindFailure failure(QuerySpec spec) {
        return Binds.failure(binding, spec);
    }

    private static List<List<Object>> run(SqlQuery q) throws SQLException {
        return QueryRows.run(db, q);
    }

    private static List<List<Object>> hand(String sql) throws SQLException {
        return QueryRows.hand(db, sql);
    }


    @Test
    void theSchemaBindsAsTheTestsAssume() {
        assertThat(binding.tableOf("Delivery")).isPresent();
        assertThat(binding.tableOf("Ward").orElseThrow().displayColumn()).isEqualToIgnoringCase("name");
        assertThat(binding.columns("Delivery", ColumnRole.CATEGORY)).hasSize(2);
        assertThat(binding.columns("Delivery", ColumnRole.WARD_REF)).hasSize(1);
        assertThat(binding.columns("Bed", ColumnRole.FLAG)).hasSize(1);
    }

    @Test
    void scalarCountsTheSubjectsRows() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Admission", Shape.SCALAR).measure(Measure.count()).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT COUNT(*) FROM admissions"));
        assertThat(b.query().select().get(0).alias()).isEqualTo("admissions");
    }

    @Test
    void filterOnANamedColumnAndATimeRange() throws SQLException {
        QuerySpec.Builder spec = QuerySpec.builder("Delivery", Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(MODE, Literal.of("caesarean")));
        octoberHalfOpen(DELIVERED).forEach(spec::filter);
        BindResult.Bound b = bound(spec.build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'"
                + " AND delivered_at >= DATE '2026-10-01' AND delivered_at < DATE '2026-11-01'"));
        assertThat(b.explanation()).isEqualTo("Counted deliveries with delivery mode caesarean between 2026-10-01 and"
                + " 2026-10-31 (delivered at).");
    }

    @Test
    void groupedByAReferenceShowsTheDisplayColumnNotIds() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Delivery", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(col("Delivery", ColumnRole.WARD_REF))).build());
        assertThat(run(b.query())).containsExactlyInAnyOrderElementsOf(hand("SELECT w.name, COUNT(*) FROM deliveries d"
                + " JOIN wards w ON w.id = d.ward_id GROUP BY w.name"));
        assertThat(b.query().select().get(0).alias()).isEqualTo("ward");
    }

    @Test
    void groupedByARelatedConceptsName() throws SQLException {
        QuerySpec.Builder spec = QuerySpec.builder("Delivery", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(col("Ward", ColumnRole.NAME)))
                .filter(Filter.eq(MODE, Literal.of("caesarean")));
        octoberHalfOpen(DELIVERED).forEach(spec::filter);
        BindResult.Bound b = bound(spec.build());
        assertThat(run(b.query())).containsExactlyInAnyOrderElementsOf(hand("SELECT w.name, COUNT(*) FROM deliveries d"
                + " JOIN wards w ON w.id = d.ward_id WHERE d.delivery_mode = 'caesarean'"
                + " AND d.delivered_at >= DATE '2026-10-01' AND d.delivered_at < DATE '2026-11-01' GROUP BY w.name"));
        assertThat(b.explanation()).endsWith("grouped by ward.");
    }

    @Test
    void trendBucketsByMonthInOrder() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Admission", Shape.TREND).measure(Measure.count())
                .dimension(Dimension.bucket(col("Admission", ColumnRole.START_TIME), Bucket.MONTH)).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT CAST(DATE_TRUNC('MONTH', admitted_at) AS DATE) m, COUNT(*)"
                + " FROM admissions GROUP BY m ORDER BY m"));
    }

    @Test
    void topNOrdersByTheMeasureWithATieBreaker() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Admission", Shape.TOP_N).measure(Measure.count())
                .dimension(Dimension.of(col("Ward", ColumnRole.NAME)))
                .order(OrderKey.byMeasure(0, Direction.DESC)).limit(1).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT w.name, COUNT(*) c FROM admissions a JOIN wards w"
                + " ON w.id = a.ward_id GROUP BY w.name ORDER BY c DESC, w.name FETCH FIRST 1 ROWS ONLY"));
    }

    @Test
    void rateIsAPercentage() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Delivery", Shape.RATE)
                .measure(Measure.rate(Filter.eq(MODE, Literal.of("caesarean")))).build());
        List<List<Object>> got = run(b.query());
        assertThat(got).isEqualTo(hand("SELECT 100.0 * (SELECT COUNT(*) FROM deliveries WHERE delivery_mode ="
                + " 'caesarean') / (SELECT COUNT(*) FROM deliveries)"));
        assertThat((BigDecimal) got.get(0).get(0)).isEqualByComparingTo("50");
    }

    @Test
    void existsFindsOneWitnessOrNone() throws SQLException {
        BindResult.Bound yes = bound(QuerySpec.builder("Delivery", Shape.EXISTS)
                .filter(Filter.eq(col("Delivery", ColumnRole.CATEGORY, "outcome"), Literal.of("stillbirth"))).build());
        assertThat(yes.probe()).isTrue();
        // any one row, no order: the database may stop at the first match (docs/benchmarks.md, "Against the gold SQL")
        assertThat(yes.query().orderBy()).isEmpty();
        assertThat(yes.query().limit()).map(RowLimit::count).contains(1L);
        assertThat(run(yes.query())).hasSize(hand("SELECT 1 FROM deliveries WHERE outcome = 'stillbirth'"
                + " FETCH FIRST 1 ROWS ONLY").size()).hasSize(1);
        BindResult.Bound none = bound(QuerySpec.builder("Delivery", Shape.EXISTS)
                .filter(Filter.eq(col("Delivery", ColumnRole.CATEGORY, "outcome"), Literal.of("stillbirth")))
                .filter(october(DELIVERED)).build());
        assertThat(run(none.query())).isEmpty();
        assertThat(hand("SELECT 1 FROM deliveries WHERE outcome = 'stillbirth' AND delivered_at BETWEEN"
                + " DATE '2026-10-01' AND DATE '2026-10-31'")).isEmpty();
    }

    @Test
    void notExistsCountsSubjectsWithoutARelatedRow() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count())
                .related(RelatedScope.notExists("Allergy")).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT COUNT(*) FROM patients p WHERE p.id NOT IN"
                + " (SELECT patient_id FROM allergies)"));
    }

    @Test
    void aCountedScopeKeepsSubjectsByHowManyRelatedRowsMatch() throws SQLException {
        BindResult.Bound twoOrMore = bound(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count())
                .related(RelatedScope.atLeast(2, "Prescription", List.of())).build());
        assertThat(run(twoOrMore.query())).isEqualTo(hand("SELECT COUNT(*) FROM (SELECT patient_id FROM prescriptions"
                + " GROUP BY patient_id HAVING COUNT(*) >= 2) x"));
        // patients 1 and 9 have two prescriptions each, patient 4 one: 2, not 3
        assertThat(run(twoOrMore.query())).isEqualTo(List.of(List.of(new BigDecimal("2.000000"))));
        ColumnRef drug = col("Medication", ColumnRole.NAME);
        BindResult.Bound fewMetformin = bound(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count())
                .related(RelatedScope.atMost(1, "Prescription", List.of(Filter.eq(drug, Literal.of("Metformin")))))
                .build());
        // "fewer than 2 metformin prescriptions" keeps the patients with none: all but patient 9
        assertThat(run(fewMetformin.query())).isEqualTo(hand("SELECT COUNT(*) FROM patients p WHERE p.id NOT IN"
                + " (SELECT r.patient_id FROM prescriptions r JOIN medications m ON m.id = r.medication_id"
                + " WHERE m.name = 'Metformin' GROUP BY r.patient_id HAVING COUNT(*) >= 2)"));
        assertThat(run(fewMetformin.query())).isEqualTo(List.of(List.of(new BigDecimal("11.000000"))));
    }

    @Test
    void existsScopeCarriesItsOwnFilters() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count())
                .related(RelatedScope.exists("Allergy", Filter.eq(col("Allergy", ColumnRole.SEVERITY),
                        Literal.of("mild")))).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT COUNT(DISTINCT patient_id) FROM allergies"
                + " WHERE severity = 'mild'"));
    }

    @Test
    void aRelatedScopeReadsConceptsItsRecordsReferTo() throws SQLException {
        ColumnRef drug = col("Medication", ColumnRole.NAME);
        BindResult.Bound never = bound(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count())
                .related(RelatedScope.exists("Allergy"))
                .related(RelatedScope.notExists("Prescription", Filter.eq(drug, Literal.of("Metformin")))).build());
        assertThat(run(never.query())).isEqualTo(hand("SELECT COUNT(*) FROM patients p"
                + " WHERE EXISTS (SELECT 1 FROM allergies a WHERE a.patient_id = p.id)"
                + " AND NOT EXISTS (SELECT 1 FROM prescriptions r JOIN medications m ON m.id = r.medication_id"
                + " WHERE r.patient_id = p.id AND m.name = 'Metformin')"));
        // patients 1 and 9 have allergies and were prescribed metformin, patient 4 (aspirin only) counts: not 0, not 3
        assertThat(run(never.query())).isEqualTo(List.of(List.of(new BigDecimal("1.000000"))));
    }

    @Test
    void aRatesCountedConditionMayBeARelatedScope() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Patient", Shape.RATE)
                .measure(new Measure.Rate(List.of(), List.of(RelatedScope.exists("Prescription",
                        Filter.eq(col("Medication", ColumnRole.NAME), Literal.of("Metformin"))))))
                .related(RelatedScope.exists("Allergy")).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT 100.0 * SUM(CASE WHEN EXISTS (SELECT 1 FROM prescriptions r"
                + " JOIN medications m ON m.id = r.medication_id WHERE r.patient_id = p.id AND m.name = 'Metformin')"
                + " THEN 1 ELSE 0 END) / COUNT(*) FROM patients p"
                + " WHERE EXISTS (SELECT 1 FROM allergies a WHERE a.patient_id = p.id)"));
        BindFailure decided = failure(QuerySpec.builder("Patient", Shape.RATE)
                .measure(new Measure.Rate(List.of(), List.of(RelatedScope.exists("Allergy"))))
                .related(RelatedScope.exists("Allergy")).build());
        assertThat(decided).isInstanceOf(BindFailure.UnsatisfiableFilter.class);
    }

    @Test
    void durationAveragesElapsedDaysOfCompletedStays() throws SQLException {
        DurationRef los = DurationRef.of(col("Admission", ColumnRole.START_TIME), col("Admission", ColumnRole.END_TIME),
                DurationUnit.DAYS, DurationMode.COMPLETED_ONLY);
        BindResult.Bound b = bound(QuerySpec.builder("Admission", Shape.SCALAR)
                .measure(Measure.of(org.tally.core.spec.Aggregation.AVG, los)).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT AVG(DATEDIFF('SECOND', admitted_at, discharged_at)"
                + " / 86400.0) FROM admissions WHERE discharged_at IS NOT NULL"));
    }

    @Test
    void yesNoFlagsUseTheColumnsOwnSpelling() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Bed", Shape.SCALAR).measure(Measure.count())
                .filter(new Filter.IsTrue(col("Bed", ColumnRole.FLAG))).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT COUNT(*) FROM beds WHERE is_active = 'Y'"));
        BindResult.Bound off = bound(QuerySpec.builder("Bed", Shape.SCALAR).measure(Measure.count())
                .filter(new Filter.IsFalse(col("Bed", ColumnRole.FLAG))).build());
        assertThat(run(off.query())).isEqualTo(hand("SELECT COUNT(*) FROM beds WHERE is_active = 'N'"));
    }

    @Test
    void listsHaveATotalOrderOnThePrimaryKey() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Delivery", Shape.LIST).project(MODE)
                .project(col("Ward", ColumnRole.NAME)).filter(october(DELIVERED)).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT d.delivery_mode, w.name FROM deliveries d JOIN wards w"
                + " ON w.id = d.ward_id WHERE d.delivered_at BETWEEN DATE '2026-10-01' AND DATE '2026-10-31'"
                + " ORDER BY d.id"));
    }

    @Test
    void aListOverAStretchOfTimeReadsInTimeOrderNotInTheOrderOfItsKeys() throws SQLException {
        // delivery 4 has a later key than 1-3 but came first; the keys break ties only
        Filter autumn = Filter.between(DELIVERED, Literal.of(LocalDate.of(2026, 9, 1)),
                Literal.of(LocalDate.of(2026, 10, 31)));
        BindResult.Bound b = bound(QuerySpec.builder("Delivery", Shape.LIST).project(MODE).project(DELIVERED)
                .filter(autumn).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT d.delivery_mode, d.delivered_at FROM deliveries d"
                + " WHERE d.delivered_at BETWEEN DATE '2026-09-01' AND DATE '2026-10-31' ORDER BY d.delivered_at, d.id"))
                .first().isEqualTo(hand("SELECT delivery_mode, delivered_at FROM deliveries WHERE id = 4").get(0));
        BindResult.Bound undated = bound(QuerySpec.builder("Delivery", Shape.LIST).project(MODE)
                .filter(Filter.eq(MODE, Literal.of("caesarean"))).build());
        assertThat(run(undated.query())).isEqualTo(hand("SELECT delivery_mode FROM deliveries"
                + " WHERE delivery_mode = 'caesarean' ORDER BY id"));
    }

    @Test
    void aListWithColumnsAlsoShowsWhatNamesEachRowFirst() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Bed", Shape.LIST).project(col("Ward", ColumnRole.NAME))
                .filter(new Filter.IsFalse(col("Bed", ColumnRole.FLAG))).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT b.label, w.name FROM beds b JOIN wards w ON w.id = b.ward_id"
                + " WHERE b.is_active = 'N' ORDER BY b.id"));
        BindResult.Bound asked = bound(QuerySpec.builder("Ward", Shape.LIST).project(col("Ward", ColumnRole.NAME))
                .build());
        assertThat(run(asked.query())).isEqualTo(hand("SELECT name FROM wards ORDER BY id"));
    }

    @Test
    void aListOfRowsWhoseNamesArePersonalIsRefusedNotShownNameless() {
        BindFailure f = failure(QuerySpec.builder("Patient", Shape.LIST).project(col("Patient", ColumnRole.GENDER))
                .build());
        assertThat(f).isInstanceOf(BindFailure.OutOfScope.class);
        assertThat(f.reason()).contains("personal data");
    }

    @Test
    void aListWithoutColumnsShowsTheSubjectsOneNameColumn() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Ward", Shape.LIST).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT name FROM wards ORDER BY id"));
    }

    @Test
    void aListWithoutColumnsOfASubjectWithNoNameColumnIsRefused() {
        BindFailure f = failure(QuerySpec.builder("Admission", Shape.LIST).build());
        assertThat(f).isInstanceOf(BindFailure.OutOfScope.class);
        assertThat(f.reason()).contains("a list needs the columns to show");
    }

    @Test
    void aRoleSharedByTwoColumnsWithoutAHintIsAmbiguous() {
        BindFailure f = failure(QuerySpec.builder("Delivery", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(col("Delivery", ColumnRole.CATEGORY))).build());
        assertThat(f).isInstanceOf(BindFailure.Ambiguous.class);
        assertThat(((BindFailure.Ambiguous) f).candidates()).hasSize(2);
    }

    @Test
    void aMissingRoleIsNoRoleAndAnUnmetHintTooNeverAnotherColumn() {
        assertThat(failure(QuerySpec.builder("Ward", Shape.SCALAR)
                .measure(Measure.of(org.tally.core.spec.Aggregation.SUM, col("Ward", ColumnRole.AMOUNT))).build()))
                .isInstanceOf(BindFailure.NoRole.class);
        assertThat(failure(QuerySpec.builder("Delivery", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(col("Delivery", ColumnRole.CATEGORY, "method of payment"))).build()))
                .isInstanceOf(BindFailure.NoRole.class);
    }

    @Test
    void anUnobservedValueIsUnsatisfiable() {
        assertThat(failure(QuerySpec.builder("Delivery", Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(MODE, Literal.of("breech"))).build()))
                .isInstanceOf(BindFailure.UnsatisfiableFilter.class);
    }

    @Test
    void anUnboundSubjectIsNoSubject() {
        assertThat(failure(QuerySpec.builder("Surgery", Shape.SCALAR).measure(Measure.count()).build()))
                .isInstanceOf(BindFailure.NoSubject.class);
    }

    @Test
    void aRateDecidedByItsOwnFilterIsRefused() {
        assertThat(failure(QuerySpec.builder("Delivery", Shape.RATE)
                .measure(Measure.rate(Filter.eq(MODE, Literal.of("caesarean"))))
                .filter(Filter.eq(MODE, Literal.of("assisted"))).build()))
                .isInstanceOf(BindFailure.UnsatisfiableFilter.class);
    }
}
