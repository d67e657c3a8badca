package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SoftDelete;
import org.tally.core.binding.TableBinding;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * Soft-deleted rows (a 0/1 voided flag, a boolean is_deleted, a deleted_at time) are left out of every use of their
 * table, and retired rows out of every count of their own concept, on a small H2 hospital whose voided rows are placed
 * so that forgetting the condition anywhere gives another answer. Expected answers are hand-written SQL.
 */
class SoftDeleteBinderTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final Clock TODAY = TestBindings.REFERENCE_DAY;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:soft_delete_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patient (patient_id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE,"
                    + " voided SMALLINT DEFAULT 0 NOT NULL)");
            s.execute("CREATE TABLE ward (ward_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL,"
                    + " retired SMALLINT DEFAULT 0 NOT NULL)");
            s.execute("CREATE TABLE visit (visit_id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES"
                    + " patient(patient_id), ward_id INT REFERENCES ward(ward_id), date_started TIMESTAMP,"
                    + " date_stopped TIMESTAMP, voided SMALLINT DEFAULT 0 NOT NULL, date_voided TIMESTAMP)");
            // a boolean mark that may be NULL (NULL: never deleted)
            s.execute("CREATE TABLE prescription (prescription_id INT PRIMARY KEY, patient_id INT REFERENCES"
                    + " patient(patient_id), prescribed_at TIMESTAMP, is_deleted BOOLEAN)");
            // a deletion time
            s.execute("CREATE TABLE allergy (allergy_id INT PRIMARY KEY, patient_id INT REFERENCES"
                    + " patient(patient_id), allergen_name VARCHAR(40), deleted_at TIMESTAMP)");
            // named like a mark, but its values say something else: never guessed at
            s.execute("CREATE TABLE referral (referral_id INT PRIMARY KEY, patient_id INT REFERENCES"
                    + " patient(patient_id), referred_at TIMESTAMP, deleted SMALLINT)");
            for (int p = 1; p <= 10; p++) {
                // patients 9 and 10 are voided duplicates
                s.execute("INSERT INTO patient VALUES (" + p + ", '" + (p % 2 == 0 ? "M" : "F") + "', DATE '1970-01-0"
                        + (p % 9 + 1) + "', " + (p >= 9 ? 1 : 0) + ")");
            }
            s.execute("INSERT INTO ward VALUES (1, 'North', 0), (2, 'South', 0), (3, 'Old East', 1)");
            s.execute("INSERT INTO visit VALUES"
                    + " (1, 1, 1, TIMESTAMP '2026-10-02 08:00:00', NULL, 0, NULL),"
                    + " (2, 2, 1, TIMESTAMP '2026-10-03 08:00:00', NULL, 0, NULL),"
                    // patient 3's only visit is voided: 'without a visit' must count them
                    + " (3, 3, 2, TIMESTAMP '2026-10-04 08:00:00', NULL, 1, TIMESTAMP '2026-10-05 08:00:00'),"
                    + " (4, 4, 2, TIMESTAMP '2026-10-05 08:00:00', NULL, 0, NULL),"
                    + " (5, 4, 2, TIMESTAMP '2026-10-06 08:00:00', NULL, 1, TIMESTAMP '2026-10-06 09:00:00'),"
                    // a live visit at a retired ward: still a visit at that ward
                    + " (6, 5, 3, TIMESTAMP '2026-10-07 08:00:00', NULL, 0, NULL),"
                    // a live visit of a voided patient: the patient is not there to reach
                    + " (7, 9, 1, TIMESTAMP '2026-10-08 08:00:00', NULL, 0, NULL),"
                    + " (8, 6, 1, TIMESTAMP '2026-09-08 08:00:00', NULL, 0, NULL)");
            s.execute("INSERT INTO prescription VALUES (1, 1, TIMESTAMP '2026-10-02 09:00:00', FALSE),"
                    + " (2, 2, TIMESTAMP '2026-10-03 09:00:00', NULL), (3, 3, TIMESTAMP '2026-10-04 09:00:00', TRUE),"
                    + " (4, 4, TIMESTAMP '2026-10-05 09:00:00', FALSE)");
            s.execute("INSERT INTO allergy VALUES (1, 1, 'Penicillin', NULL), (2, 2, 'Latex', TIMESTAMP"
                    + " '2026-01-01 00:00:00'), (3, 3, 'Peanut', NULL)");
            s.execute("INSERT INTO referral VALUES (1, 1, TIMESTAMP '2026-10-02 09:00:00', 0),"
                    + " (2, 2, TIMESTAMP '2026-10-03 09:00:00', 1), (3, 3, TIMESTAMP '2026-10-04 09:00:00', 2)");
        }
        binding = TestBindings.bind(db, "soft-delete-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static BindResult.Bound bound(QuerySpec spec) {
        return Binds.bound(binding, spec);
    }

    private static BindFailure failure(QuerySpec spec) {
        return Binds.failure(binding, spec);
    }

    private static List<List<Object>> run(QuerySpec spec) throws SQLException {
        return QueryRows.run(db, bound(spec).query());
    }

    private static List<List<Object>> hand(String sql) throws SQLException {
        return QueryRows.hand(db, sql);
    }

    private static QuerySpec.Builder count(String concept) {
        return QuerySpec.builder(concept, Shape.SCALAR).measure(Measure.count());
    }

    private static final ColumnRef VISIT_START = ColumnRef.of("Encounter", ColumnRole.START_TIME);

    private static TimeScope october() {
        return new TimeScope(VISIT_START, Literal.of(LocalDate.of(2026, 10, 1)), Literal.of(LocalDate.of(2026, 11, 1)),
                null);
    }

    private static final String OCTOBER = " >= DATE '2026-10-01' AND %s < DATE '2026-11-01'";

    private static String october(String column) {
        return column + String.format(OCTOBER, column);
    }

    private static TableBinding table(String name) {
        return binding.table(name).orElseThrow();
    }

    @Test
    void theBindingFindsTheMarksAndTheirReach() {
        assertThat(table("visit").concept()).isEqualTo("Encounter");
        assertThat(table("patient").softDeletes()).singleElement().satisfies(d -> {
            assertThat(d.column().column()).isEqualToIgnoringCase("voided");
            assertThat(d.reach()).isEqualTo(SoftDelete.Reach.DELETED);
            assertThat(d.liveValue()).isEqualTo("0");
            assertThat(d.column().role()).isEqualTo(ColumnRole.FLAG);
        });
        // the flag says it; the voiding time beside it only dates it
        assertThat(table("visit").softDeletes()).extracting(d -> d.column().column().toLowerCase())
                .containsExactly("voided");
        assertThat(table("ward").softDeletes()).singleElement()
                .satisfies(d -> assertThat(d.reach()).isEqualTo(SoftDelete.Reach.RETIRED));
        assertThat(table("allergy").softDeletes()).singleElement()
                .satisfies(d -> assertThat(d.liveValue()).isNull());
        assertThat(table("prescription").softDeletes()).singleElement()
                .satisfies(d -> assertThat(d.nullIsLive()).isTrue());
    }

    @Test
    void aFlagWhoseValuesAreNotYesNoIsNotGuessedAt() throws SQLException {
        TableBinding referral = table("referral");
        assertThat(referral.softDeletes()).isEmpty();
        assertThat(referral.reasons()).anyMatch(r -> r.contains("DELETED") && r.contains("not left out"));
        assertThat(run(count("Referral").build())).isEqualTo(hand("SELECT COUNT(*) FROM referral"));
    }

    @Test
    void countsLeaveDeletedRowsOut() throws SQLException {
        List<List<Object>> patients = run(count("Patient").build());
        assertThat(patients).isEqualTo(hand("SELECT COUNT(*) FROM patient WHERE voided = 0"))
                .isNotEqualTo(hand("SELECT COUNT(*) FROM patient"));
        List<List<Object>> visits = run(count("Encounter").timeScope(october()).build());
        assertThat(visits).isEqualTo(hand("SELECT COUNT(*) FROM visit WHERE voided = 0 AND "
                + october("date_started"))).isNotEqualTo(hand("SELECT COUNT(*) FROM visit WHERE "
                + october("date_started")));
        assertThat(bound(count("Patient").build()).explanation()).contains("Left out patients marked voided");
    }

    @Test
    void aBooleanMarkKeepsRowsWithNoValueAndADeletionTimeKeepsRowsWithout() throws SQLException {
        assertThat(run(count("Prescription").build())).isEqualTo(hand("SELECT COUNT(*) FROM prescription"
                + " WHERE is_deleted = FALSE OR is_deleted IS NULL")).isEqualTo(hand("SELECT 3"));
        assertThat(run(count("Allergy").build())).isEqualTo(hand("SELECT COUNT(*) FROM allergy"
                + " WHERE deleted_at IS NULL")).isEqualTo(hand("SELECT 2"));
    }

    @Test
    void thePlannerWritesTheQuestionAndTheRowScopePassKeepsEachTablesRowsToTheLiveOnes() {
        QuerySpec spec = QuerySpec.builder("Encounter", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Patient", ColumnRole.GENDER))).build();
        Words words = new Words(binding, PACK);
        BoundSpec bound = new SpecResolver(binding, PACK, TODAY, words).resolve(
                org.tally.core.spec.SpecCanonicalizer.canonicalize(spec)).value();
        org.tally.core.sql.SqlQuery planned = QueryPlanner.plan(bound);
        assertThat(planned.toString()).doesNotContainIgnoringCase("voided");
        RowScopes.Scoped scoped = RowScopes.apply(planned, bound, words);
        // the visit's own rows in WHERE, the joined patient in its ON
        assertThat(org.tally.core.sql.Exprs.conjuncts(scoped.query().where()).get(0).toString()).containsIgnoringCase("voided");
        assertThat(scoped.query().joins().get(0).on().toString()).containsIgnoringCase("voided");
        assertThat(scoped.leftOut()).isNotEmpty();
        assertThat(scoped.query()).isEqualTo(bound(spec).query());
    }

    @Test
    void existsAndNotExistsLookOnlyAtLiveRows() throws SQLException {
        List<List<Object>> with = run(count("Patient").related(RelatedScope.exists("Encounter",
                Filter.ge(VISIT_START, Literal.of(LocalDate.of(2026, 10, 1))),
                Filter.lt(VISIT_START, Literal.of(LocalDate.of(2026, 11, 1))))).build());
        assertThat(with).isEqualTo(hand("SELECT COUNT(*) FROM patient p WHERE p.voided = 0 AND EXISTS (SELECT 1"
                + " FROM visit v WHERE v.patient_id = p.patient_id AND v.voided = 0 AND " + october("v.date_started")
                + ")")).isNotEqualTo(hand("SELECT COUNT(*) FROM patient p WHERE EXISTS (SELECT 1 FROM visit v"
                + " WHERE v.patient_id = p.patient_id AND " + october("v.date_started") + ")"));
        List<List<Object>> without = run(count("Patient").related(RelatedScope.notExists("Encounter")).build());
        // patient 3's only visit is voided: they have no visit
        assertThat(without).isEqualTo(hand("SELECT COUNT(*) FROM patient p WHERE p.voided = 0 AND NOT EXISTS"
                + " (SELECT 1 FROM visit v WHERE v.patient_id = p.patient_id AND v.voided = 0)"))
                .isNotEqualTo(hand("SELECT COUNT(*) FROM patient p WHERE p.voided = 0 AND NOT EXISTS"
                        + " (SELECT 1 FROM visit v WHERE v.patient_id = p.patient_id)"));
    }

    @Test
    void aJoinNeverReachesADeletedRowButKeepsARetiredOne() throws SQLException {
        // by the patient's gender: the visit of voided patient 9 has no patient to reach
        List<List<Object>> byGender = run(QuerySpec.builder("Encounter", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Patient", ColumnRole.GENDER))).timeScope(october()).build());
        assertThat(byGender).containsExactlyInAnyOrderElementsOf(hand("SELECT p.gender, COUNT(*) FROM visit v"
                + " JOIN patient p ON p.patient_id = v.patient_id AND p.voided = 0 WHERE v.voided = 0 AND "
                + october("v.date_started") + " GROUP BY p.gender"));
        // by ward: the retired ward still had its visit
        List<List<Object>> byWard = run(QuerySpec.builder("Encounter", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Encounter", ColumnRole.WARD_REF))).timeScope(october()).build());
        assertThat(byWard).containsExactlyInAnyOrderElementsOf(hand("SELECT w.name, COUNT(*) FROM visit v"
                + " JOIN ward w ON w.ward_id = v.ward_id WHERE v.voided = 0 AND " + october("v.date_started")
                + " GROUP BY w.name, w.ward_id")).anyMatch(row -> "Old East".equals(row.get(0)));
        // but a retired ward is no ward to count
        assertThat(run(count("Ward").build())).isEqualTo(hand("SELECT COUNT(*) FROM ward WHERE retired = 0"))
                .isEqualTo(hand("SELECT 2"));
    }

    @Test
    void listsLeaveDeletedRowsOut() throws SQLException {
        List<List<Object>> list = run(QuerySpec.builder("Encounter", Shape.LIST).project(VISIT_START)
                .timeScope(october()).build());
        assertThat(list).isEqualTo(hand("SELECT date_started FROM visit WHERE voided = 0 AND "
                + october("date_started") + " ORDER BY visit_id"));
    }

    @Test
    void aConditionOrGroupingOnTheMarkIsRefused() {
        ColumnRef voided = ColumnRef.of("Patient", ColumnRole.FLAG);
        assertThat(failure(count("Patient").filter(new Filter.IsTrue(voided)).build()))
                .isInstanceOf(BindFailure.OutOfScope.class)
                .satisfies(f -> assertThat(f.reason()).contains("marks deleted or retired rows"));
        assertThat(failure(QuerySpec.builder("Patient", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(voided)).build())).isInstanceOf(BindFailure.OutOfScope.class);
    }

    @Test
    void questionsAnswerWithoutTheDeletedRows() throws SQLException {
        Grammar grammar = new Grammar(PACK, new BindingVocabulary(binding, PACK.nameTokens()), TODAY);
        ParseOutcome parsed = grammar.parse("How many patients are there?");
        assertThat(parsed).as(parsed.toString()).isInstanceOf(ParseOutcome.Parsed.class);
        assertThat(QueryRows.run(db, bound(((ParseOutcome.Parsed) parsed).spec()).query()))
                .isEqualTo(hand("SELECT COUNT(*) FROM patient WHERE voided = 0"));
    }
}
