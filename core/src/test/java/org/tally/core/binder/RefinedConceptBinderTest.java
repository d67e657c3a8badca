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
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlQuery;

/**
 * Concepts held as a kind of another, per construct, on a small H2 hospital with no emergency-visit or death table:
 * each bound query is compiled, run, and compared with hand-written SQL over the same rows. The data is built so that
 * forgetting the refinement anywhere (or reading a death on its admission time) gives a different answer.
 */
class RefinedConceptBinderTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final Clock TODAY = TestBindings.REFERENCE_DAY;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:refined_concept_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE departments (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE encounters (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " department_id INT REFERENCES departments(id), encounter_type VARCHAR(12),"
                    + " started_at TIMESTAMP, ended_at TIMESTAMP)");
            s.execute("CREATE TABLE triage_assessments (id INT PRIMARY KEY,"
                    + " encounter_id INT REFERENCES encounters(id), arrived_at TIMESTAMP, acuity_level INT)");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), admission_type VARCHAR(10), admitted_at TIMESTAMP,"
                    + " discharged_at TIMESTAMP, discharge_disposition VARCHAR(20))");
            s.execute("CREATE TABLE icu_stays (id INT PRIMARY KEY, admission_id INT REFERENCES admissions(id),"
                    + " started_at TIMESTAMP, ended_at TIMESTAMP)");
            for (int p = 1; p <= 8; p++) {
                s.execute("INSERT INTO patients VALUES (" + p + ", '" + (p % 2 == 0 ? "M" : "F") + "', DATE '19"
                        + (60 + p) + "-03-0" + p + "')");
            }
            s.execute("INSERT INTO departments VALUES (1, 'Emergency Medicine'), (2, 'Cardiology')");
            s.execute("INSERT INTO wards VALUES (1, 'Medical Ward'), (2, 'Intensive Care Unit')");
            s.execute("INSERT INTO encounters VALUES"
                    + " (1, 1, 1, 'emergency', TIMESTAMP '2026-10-02 08:00:00', TIMESTAMP '2026-10-02 12:00:00'),"
                    + " (2, 2, 2, 'emergency', TIMESTAMP '2026-10-15 22:00:00', TIMESTAMP '2026-10-16 01:00:00'),"
                    + " (3, 3, 1, 'emergency', TIMESTAMP '2026-10-30 10:00:00', NULL),"
                    + " (4, 4, 2, 'outpatient', TIMESTAMP '2026-10-05 09:00:00', TIMESTAMP '2026-10-05 09:30:00'),"
                    + " (5, 5, 2, 'outpatient', TIMESTAMP '2026-10-20 14:00:00', NULL),"
                    + " (6, 1, 2, 'outpatient', TIMESTAMP '2026-10-21 14:00:00', TIMESTAMP '2026-10-21 15:00:00'),"
                    + " (7, 6, 1, 'emergency', TIMESTAMP '2026-09-12 03:00:00', TIMESTAMP '2026-09-12 09:00:00'),"
                    + " (8, 6, 1, 'emergency', TIMESTAMP '2026-11-03 03:00:00', TIMESTAMP '2026-11-03 05:00:00'),"
                    + " (9, 7, 2, 'outpatient', TIMESTAMP '2026-09-01 10:00:00', TIMESTAMP '2026-09-01 10:20:00')");
            // triage 6 hangs on an outpatient encounter: only a hop that keeps the refinement drops it
            s.execute("INSERT INTO triage_assessments VALUES (1, 1, TIMESTAMP '2026-10-02 08:00:00', 2),"
                    + " (2, 2, TIMESTAMP '2026-10-15 22:00:00', 3), (3, 3, TIMESTAMP '2026-10-30 10:00:00', 1),"
                    + " (4, 7, TIMESTAMP '2026-09-12 03:00:00', 2), (5, 8, TIMESTAMP '2026-11-03 03:00:00', 4),"
                    + " (6, 4, TIMESTAMP '2026-10-05 09:00:00', 5)");
            // deaths 1 and 7 were admitted in September and died in October; death 4 was admitted in October
            s.execute("INSERT INTO admissions VALUES"
                    + " (1, 1, 1, 'emergency', TIMESTAMP '2026-09-28 10:00:00', TIMESTAMP '2026-10-03 06:00:00', 'died'),"
                    + " (2, 2, 1, 'elective', TIMESTAMP '2026-10-05 10:00:00', TIMESTAMP '2026-10-09 10:00:00', 'home'),"
                    + " (3, 3, 2, 'emergency', TIMESTAMP '2026-10-10 10:00:00', TIMESTAMP '2026-10-20 10:00:00', 'died'),"
                    + " (4, 4, 2, 'emergency', TIMESTAMP '2026-10-30 10:00:00', TIMESTAMP '2026-11-02 10:00:00', 'died'),"
                    + " (5, 5, 1, 'emergency', TIMESTAMP '2026-10-12 10:00:00', NULL, NULL),"
                    + " (6, 6, 1, 'elective', TIMESTAMP '2026-10-14 10:00:00', TIMESTAMP '2026-10-18 10:00:00',"
                    + " 'transferred_out'),"
                    + " (7, 8, 1, 'emergency', TIMESTAMP '2026-09-20 10:00:00', TIMESTAMP '2026-10-25 10:00:00', 'died')");
            s.execute("INSERT INTO icu_stays VALUES (1, 3, TIMESTAMP '2026-10-11 10:00:00', TIMESTAMP '2026-10-15 10:00:00'),"
                    + " (2, 5, TIMESTAMP '2026-10-13 10:00:00', NULL), (3, 2, TIMESTAMP '2026-10-06 10:00:00',"
                    + " TIMESTAMP '2026-10-07 10:00:00')");
        }
        binding = TestBindings.bind(db, "refined-concept-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static final String OCTOBER = " >= DATE '2026-10-01' AND %s < DATE '2026-11-01'";

    private static String october(String column) {
        return column + String.format(OCTOBER, column);
    }

    private static final ColumnRef ED_START = ColumnRef.of("EmergencyVisit", ColumnRole.START_TIME);
    private static final ColumnRef DEATH_TIME = ColumnRef.of("Mortality", ColumnRole.EVENT_TIME);

    private static TimeScope inOctober(ColumnRef time) {
        return new TimeScope(time, Literal.of(LocalDate.of(2026, 10, 1)), Literal.of(LocalDate.of(2026, 11, 1)), null);
    }

    private static BindResult.Bound bound(QuerySpec spec) {
        return Binds.bound(binding, spec);
    }

    private static BindFailure failure(QuerySpec spec) {
        return Binds.failure(binding, spec);
    }

    private static Rendered render(SqlQuery q) {
        return QueryRows.render(q, Dialect.H2);
    }

    private static List<List<Object>> run(SqlQuery q) throws SQLException {
        return QueryRows.run(db, q);
    }

    private static List<List<Object>> hand(String sql) throws SQLException {
        return QueryRows.hand(db, sql);
    }


    private static QuerySpec.Builder count(String concept) {
        return QuerySpec.builder(concept, Shape.SCALAR).measure(Measure.count());
    }

    // ---------------------------------------------------------------- the subject

    @Test
    void aRefinedSubjectIsItsBaseTableWithTheConditionFirst() throws SQLException {
        BindResult.Bound b = bound(count("EmergencyVisit").timeScope(inOctober(ED_START)).build());
        assertThat(render(b.query()).inlined()).isEqualTo("SELECT COUNT(*) AS \"emergency visits\""
                + " FROM \"ENCOUNTERS\" AS \"s\" WHERE \"s\".\"ENCOUNTER_TYPE\" = 'emergency'"
                + " AND \"s\".\"STARTED_AT\" >= DATE '2026-10-01' AND \"s\".\"STARTED_AT\" < DATE '2026-11-01'");
        List<List<Object>> got = run(b.query());
        assertThat(got).isEqualTo(hand("SELECT COUNT(*) FROM encounters WHERE encounter_type = 'emergency'"
                + " AND " + october("started_at")));
        assertThat(got).isNotEqualTo(hand("SELECT COUNT(*) FROM encounters WHERE " + october("started_at")));
        assertThat(b.tables()).containsExactly("ENCOUNTERS");
        assertThat(b.explanation()).isEqualTo("Counted emergency visits (encounters with encounter type emergency)"
                + " between 2026-10-01 and 2026-10-31 (started at).");
    }

    @Test
    void aTrendOfRefinedRowsBucketsTheirOwnTime() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("EmergencyVisit", Shape.TREND).measure(Measure.count())
                .timeScope(new TimeScope(ED_START, Literal.of(LocalDate.of(2026, 1, 1)),
                        Literal.of(LocalDate.of(2027, 1, 1)), Bucket.MONTH)).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT CAST(DATE_TRUNC('MONTH', started_at) AS DATE) m, COUNT(*)"
                + " FROM encounters WHERE encounter_type = 'emergency' AND started_at >= DATE '2026-01-01'"
                + " AND started_at < DATE '2027-01-01' GROUP BY m ORDER BY m"));
    }

    @Test
    void aDurationOfRefinedRowsUsesTheirStartAndEnd() throws SQLException {
        DurationRef length = DurationRef.of(ED_START, ColumnRef.of("EmergencyVisit", ColumnRole.END_TIME),
                DurationUnit.HOURS, DurationMode.COMPLETED_ONLY);
        BindResult.Bound b = bound(QuerySpec.builder("EmergencyVisit", Shape.SCALAR)
                .measure(Measure.of(Aggregation.AVG, length)).timeScope(inOctober(ED_START)).build());
        List<List<Object>> got = run(b.query());
        assertThat(got).isEqualTo(hand("SELECT AVG(DATEDIFF('SECOND', started_at, ended_at) / 3600.0)"
                + " FROM encounters WHERE encounter_type = 'emergency' AND ended_at IS NOT NULL AND "
                + october("started_at")));
        assertThat((BigDecimal) got.get(0).get(0)).isEqualByComparingTo("3.5");
    }

    @Test
    void aDeathIsCountedOnTheStaysEndNeverOnItsStart() throws SQLException {
        BindResult.Bound b = bound(count("Mortality").timeScope(inOctober(DEATH_TIME)).build());
        List<List<Object>> got = run(b.query());
        assertThat(got).isEqualTo(hand("SELECT COUNT(*) FROM admissions WHERE discharge_disposition = 'died'"
                + " AND " + october("discharged_at")));
        assertThat(got).isEqualTo(List.of(List.of(new BigDecimal("3.000000"))))
                .isNotEqualTo(hand("SELECT COUNT(*) FROM admissions WHERE discharge_disposition = 'died'"
                        + " AND " + october("admitted_at")));
        assertThat(b.explanation()).isEqualTo("Counted deaths (admissions with discharge disposition died)"
                + " between 2026-10-01 and 2026-10-31 (discharged at).");
        // the admission time is no time of a death: asking for it is a typed failure, never the stay's start
        assertThat(failure(count("Mortality").timeScope(inOctober(ColumnRef.of("Mortality", ColumnRole.START_TIME)))
                .build())).isInstanceOf(BindFailure.NoRole.class);
    }

    @Test
    void listsAndExistenceKeepTheCondition() throws SQLException {
        BindResult.Bound list = bound(QuerySpec.builder("Mortality", Shape.LIST).project(DEATH_TIME)
                .timeScope(inOctober(DEATH_TIME)).build());
        assertThat(run(list.query())).isEqualTo(hand("SELECT discharged_at FROM admissions"
                + " WHERE discharge_disposition = 'died' AND " + october("discharged_at") + " ORDER BY id"));
        BindResult.Bound any = bound(QuerySpec.builder("EmergencyVisit", Shape.EXISTS)
                .filter(Filter.ge(ED_START, Literal.of(LocalDate.of(2026, 10, 20))))
                .filter(Filter.lt(ED_START, Literal.of(LocalDate.of(2026, 10, 22)))).build());
        assertThat(run(any.query())).isEmpty(); // only outpatient visits on those days
        assertThat(hand("SELECT id FROM encounters WHERE started_at >= DATE '2026-10-20'"
                + " AND started_at < DATE '2026-10-22'")).hasSize(2);
    }

    // ---------------------------------------------------------------- related scopes

    @Test
    void aRefinedRelatedScopeCarriesTheConditionInsideExists() throws SQLException {
        BindResult.Bound with = bound(count("Patient").related(RelatedScope.exists("EmergencyVisit",
                Filter.ge(ED_START, Literal.of(LocalDate.of(2026, 10, 1))),
                Filter.lt(ED_START, Literal.of(LocalDate.of(2026, 11, 1))))).build());
        List<List<Object>> got = run(with.query());
        assertThat(got).isEqualTo(hand("SELECT COUNT(*) FROM patients p WHERE EXISTS (SELECT 1 FROM encounters e"
                + " WHERE e.patient_id = p.id AND e.encounter_type = 'emergency' AND " + october("e.started_at") + ")"));
        assertThat(got).isNotEqualTo(hand("SELECT COUNT(*) FROM patients p WHERE EXISTS (SELECT 1 FROM encounters e"
                + " WHERE e.patient_id = p.id AND " + october("e.started_at") + ")"));
        assertThat(with.explanation()).contains("Counted patients that have emergency visits (encounters with encounter"
                + " type emergency) with started at at least 2026-10-01");

        BindResult.Bound without = bound(count("Patient").related(RelatedScope.notExists("EmergencyVisit")).build());
        assertThat(run(without.query())).isEqualTo(hand("SELECT COUNT(*) FROM patients p WHERE NOT EXISTS"
                + " (SELECT 1 FROM encounters e WHERE e.patient_id = p.id AND e.encounter_type = 'emergency')"));
    }

    @Test
    void aRefinedSubjectWithARelatedScopeOfAnotherTable() throws SQLException {
        BindResult.Bound b = bound(count("Mortality").timeScope(inOctober(DEATH_TIME))
                .related(RelatedScope.notExists("IcuStay")).build());
        assertThat(run(b.query())).isEqualTo(hand("SELECT COUNT(*) FROM admissions a"
                + " WHERE a.discharge_disposition = 'died' AND " + october("a.discharged_at")
                + " AND NOT EXISTS (SELECT 1 FROM icu_stays i WHERE i.admission_id = a.id)"))
                .isEqualTo(List.of(List.of(new BigDecimal("2.000000"))));
    }

    @Test
    void aRefinedConceptIsNoRelatedScopeOfItsOwnBase() {
        BindFailure inBase = failure(count("Encounter").related(RelatedScope.exists("EmergencyVisit")).build());
        assertThat(inBase).isInstanceOf(BindFailure.OutOfScope.class);
        assertThat(inBase.reason()).isEqualTo("EmergencyVisit rows are Encounter rows (encounters with encounter type"
                + " emergency), so EmergencyVisit cannot be a related scope of Encounter; ask about emergency visits"
                + " directly");
        BindFailure baseInKind = failure(count("EmergencyVisit").related(RelatedScope.notExists("Encounter")).build());
        assertThat(baseInKind).isInstanceOf(BindFailure.OutOfScope.class);
        assertThat(baseInKind.reason()).startsWith("EmergencyVisit rows are Encounter rows");
        assertThat(failure(count("Admission").related(RelatedScope.exists("Mortality")).build()))
                .isInstanceOf(BindFailure.OutOfScope.class);
    }

    // ---------------------------------------------------------------- forward hops

    @Test
    void aForwardHopIntoARefinedConceptJoinsOnlyRowsOfThatKind() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Triage", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("EmergencyVisit", ColumnRole.DEPARTMENT_REF))).build());
        List<List<Object>> got = run(b.query());
        assertThat(got).containsExactlyInAnyOrderElementsOf(hand("SELECT d.name, COUNT(*) FROM triage_assessments t"
                + " JOIN encounters e ON e.id = t.encounter_id AND e.encounter_type = 'emergency'"
                + " JOIN departments d ON d.id = e.department_id GROUP BY d.name"));
        BindResult.Bound plain = bound(QuerySpec.builder("Triage", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Encounter", ColumnRole.DEPARTMENT_REF))).build());
        assertThat(run(plain.query())).containsExactlyInAnyOrderElementsOf(hand("SELECT d.name, COUNT(*)"
                + " FROM triage_assessments t JOIN encounters e ON e.id = t.encounter_id"
                + " JOIN departments d ON d.id = e.department_id GROUP BY d.name")).isNotEqualTo(got);
    }

    @Test
    void aHopToTheBaseAndAHopToItsKindAreTwoJoinsNeverOne() throws SQLException {
        // the kind's restriction must neither leak into the plain encounter nor be lost by reusing its join
        BindResult.Bound b = bound(QuerySpec.builder("Triage", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Encounter", ColumnRole.DEPARTMENT_REF)))
                .filter(Filter.ge(ColumnRef.of("EmergencyVisit", ColumnRole.START_TIME),
                        Literal.of(LocalDate.of(2026, 10, 1)))).build());
        assertThat(b.query().joins()).hasSize(3);
        assertThat(run(b.query())).containsExactlyInAnyOrderElementsOf(hand("SELECT d.name, COUNT(*)"
                + " FROM triage_assessments t JOIN encounters e ON e.id = t.encounter_id"
                + " JOIN encounters ed ON ed.id = t.encounter_id AND ed.encounter_type = 'emergency'"
                + " JOIN departments d ON d.id = e.department_id WHERE ed.started_at >= DATE '2026-10-01'"
                + " GROUP BY d.name"));
    }

    @Test
    void aRefinedSubjectFollowsItsBasesForwardLinks() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("Mortality", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Ward", ColumnRole.NAME))).timeScope(inOctober(DEATH_TIME))
                .build());
        assertThat(run(b.query())).containsExactlyInAnyOrderElementsOf(hand("SELECT w.name, COUNT(*) FROM admissions a"
                + " JOIN wards w ON w.id = a.ward_id WHERE a.discharge_disposition = 'died' AND "
                + october("a.discharged_at") + " GROUP BY w.name"));
    }

    // ---------------------------------------------------------------- rates and conditions on the kind's column

    @Test
    void aRatesDenominatorIsTheRefinedRows() throws SQLException {
        BindResult.Bound b = bound(QuerySpec.builder("EmergencyVisit", Shape.RATE)
                .measure(Measure.rate(new Filter.IsNotNull(ColumnRef.of("EmergencyVisit", ColumnRole.END_TIME))))
                .build());
        List<List<Object>> got = run(b.query());
        assertThat(got).isEqualTo(hand("SELECT 100.0 * SUM(CASE WHEN ended_at IS NOT NULL THEN 1 ELSE 0 END)"
                + " / COUNT(*) FROM encounters WHERE encounter_type = 'emergency'"));
        assertThat((BigDecimal) got.get(0).get(0)).isEqualByComparingTo("80");
        assertThat(b.explanation()).startsWith("Computed the percentage of emergency visits (encounters with"
                + " encounter type emergency) with ended at recorded among emergency visits.");
    }

    @Test
    void aRateWhoseNumeratorTestsTheKindsOwnColumnIsDecidedAndRefused() {
        ColumnRef type = ColumnRef.of("EmergencyVisit", ColumnRole.TYPE);
        BindFailure f = failure(QuerySpec.builder("EmergencyVisit", Shape.RATE)
                .measure(Measure.rate(Filter.eq(type, Literal.of("outpatient")))).build());
        assertThat(f).isInstanceOf(BindFailure.UnsatisfiableFilter.class);
        assertThat(f.reason()).contains("is decided by what emergency visits are: encounters with encounter type"
                + " emergency");
        assertThat(failure(QuerySpec.builder("EmergencyVisit", Shape.RATE)
                .measure(Measure.rate(Filter.eq(type, Literal.of("emergency")))).build()))
                .isInstanceOf(BindFailure.UnsatisfiableFilter.class);
    }

    @Test
    void aConditionContradictingTheKindIsUnsatisfiableAndOneAgreeingIsKept() throws SQLException {
        ColumnRef type = ColumnRef.of("EmergencyVisit", ColumnRole.TYPE);
        BindFailure f = failure(count("EmergencyVisit").filter(Filter.eq(type, Literal.of("outpatient"))).build());
        assertThat(f).isInstanceOf(BindFailure.UnsatisfiableFilter.class);
        assertThat(f.reason()).startsWith("no emergency visit has ")
                .endsWith(": emergency visits are encounters with encounter type emergency");
        assertThat(failure(count("EmergencyVisit").filter(new Filter.IsNull(type)).build()))
                .isInstanceOf(BindFailure.UnsatisfiableFilter.class);
        assertThat(failure(count("Patient").related(RelatedScope.exists("EmergencyVisit",
                Filter.eq(type, Literal.of("outpatient")))).build()))
                .isInstanceOf(BindFailure.UnsatisfiableFilter.class);

        BindResult.Bound agreeing = bound(count("EmergencyVisit").filter(Filter.eq(type, Literal.of("emergency")))
                .build());
        assertThat(run(agreeing.query())).isEqualTo(hand("SELECT COUNT(*) FROM encounters"
                + " WHERE encounter_type = 'emergency'"));
    }

    // ---------------------------------------------------------------- the grammar's view

    @Test
    void theVocabularySeesRefinedConceptsWithTheirOwnTimes() {
        BindingVocabulary v = new BindingVocabulary(binding, PACK.nameTokens());
        assertThat(v.concepts()).contains("EmergencyVisit", "Mortality", "Encounter", "Admission");
        assertThat(v.columns("Mortality")).extracting(GrammarVocabulary.Column::role)
                .contains(ColumnRole.EVENT_TIME, ColumnRole.PATIENT_REF, ColumnRole.WARD_REF)
                .doesNotContain(ColumnRole.START_TIME, ColumnRole.END_TIME);
        assertThat(v.columns("EmergencyVisit")).extracting(GrammarVocabulary.Column::role)
                .contains(ColumnRole.START_TIME, ColumnRole.END_TIME);
        assertThat(v.tableWords("EmergencyVisit")).isEmpty();
        assertThat(v.tableWords("Encounter")).isNotEmpty();
        assertThat(v.linked("Patient", "EmergencyVisit")).isTrue();
        assertThat(v.linked("Mortality", "IcuStay")).isTrue();
        assertThat(v.linked("Encounter", "EmergencyVisit")).isFalse();
        assertThat(v.linked("Admission", "Mortality")).isFalse();
        assertThat(v.forward("Mortality")).contains(new GrammarVocabulary.Path("Ward", null),
                new GrammarVocabulary.Path("Patient", null));
        // a hop from triage reaches the encounter's own concept: "by department" never silently narrows to a kind
        assertThat(v.forward("Triage")).extracting(GrammarVocabulary.Path::concept).doesNotContain("EmergencyVisit");
    }

    private static List<List<Object>> ask(String question) throws SQLException {
        Grammar grammar = new Grammar(PACK, new BindingVocabulary(binding, PACK.nameTokens()), TODAY);
        ParseOutcome parsed = grammar.parse(question);
        assertThat(parsed).as(parsed.toString()).isInstanceOf(ParseOutcome.Parsed.class);
        return run(bound(((ParseOutcome.Parsed) parsed).spec()).query());
    }

    @Test
    void questionsAboutRefinedConceptsAnswerExactly() throws SQLException {
        assertThat(ask("How many emergency visits were there last month?")).isEqualTo(hand("SELECT COUNT(*)"
                + " FROM encounters WHERE encounter_type = 'emergency' AND " + october("started_at")));
        assertThat(ask("How many deaths were there last month?")).isEqualTo(hand("SELECT COUNT(*) FROM admissions"
                + " WHERE discharge_disposition = 'died' AND " + october("discharged_at")));
        assertThat(ask("How many deaths last month had no ICU stay?")).isEqualTo(hand("SELECT COUNT(*)"
                + " FROM admissions a WHERE a.discharge_disposition = 'died' AND " + october("a.discharged_at")
                + " AND NOT EXISTS (SELECT 1 FROM icu_stays i WHERE i.admission_id = a.id)"));
        // a kind reads with its base's words: an emergency visit's visit type is its encounter's
        assertThat(ask("How many emergency visits were there by visit type last month?")).isEqualTo(hand(
                "SELECT encounter_type, COUNT(*) FROM encounters WHERE encounter_type = 'emergency' AND "
                        + october("started_at") + " GROUP BY encounter_type"));
        assertThat(ask("How many patients with an emergency visit are there?")).isEqualTo(hand("SELECT COUNT(*)"
                + " FROM patients p WHERE EXISTS (SELECT 1 FROM encounters e WHERE e.patient_id = p.id"
                + " AND e.encounter_type = 'emergency')"));
    }
}
