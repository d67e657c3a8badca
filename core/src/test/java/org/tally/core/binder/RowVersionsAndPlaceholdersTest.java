package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.OverrideException;
import org.tally.core.binding.OverrideFile;
import org.tally.core.binding.Overrides;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * A small star schema: a patient dimension that keeps versions of its rows (two patients moved, so facts point at an
 * old version), an 'Unknown' member under key -1 in every dimension that facts point at when nothing was recorded, a
 * real ward under a negative key, and a consultant dimension with versions but no entity key. Counting versions or the
 * Unknown member, or testing related records per version, gives another answer than the hand-written SQL.
 */
class RowVersionsAndPlaceholdersTest {

    private static Connection db;
    private static Catalog catalog;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final Clock TODAY = TestBindings.REFERENCE_DAY;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:row_versions_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE dim_patient (patient_key INT PRIMARY KEY, patient_id VARCHAR(12) NOT NULL,"
                    + " patient_name VARCHAR(40), date_of_birth DATE, gender VARCHAR(10) NOT NULL, valid_from DATE NOT NULL, valid_to DATE NOT NULL,"
                    + " is_current CHAR(1) NOT NULL)");
            s.execute("CREATE TABLE dim_ward (ward_key INT PRIMARY KEY, ward_name VARCHAR(40) NOT NULL,"
                    + " bed_count INT)");
            s.execute("CREATE TABLE dim_consultant (consultant_key INT PRIMARY KEY, consultant_name VARCHAR(40)"
                    + " NOT NULL, gmc_number VARCHAR(8) NOT NULL, valid_from DATE NOT NULL, valid_to DATE NOT NULL)");
            s.execute("CREATE TABLE fact_lab_result (lab_result_key INT PRIMARY KEY, patient_key INT NOT NULL"
                    + " REFERENCES dim_patient(patient_key), ward_key INT NOT NULL REFERENCES dim_ward(ward_key),"
                    + " consultant_key INT NOT NULL REFERENCES dim_consultant(consultant_key),"
                    + " collected_at TIMESTAMP NOT NULL, result_value DECIMAL(8,2))");
            s.execute("INSERT INTO dim_patient VALUES"
                    + " (-1, 'UNKNOWN', NULL, NULL, 'Unknown', DATE '1900-01-01', DATE '9999-12-31', 'Y'),"
                    // P1 moved: an old and a current version
                    + " (1, 'P1', 'Name P1', DATE '1970-01-01', 'Female', DATE '2015-01-01', DATE '2025-05-31', 'N'),"
                    + " (2, 'P1', 'Name P1', DATE '1970-01-02', 'Female', DATE '2025-06-01', DATE '9999-12-31', 'Y'),"
                    + " (3, 'P2', 'Name P2', DATE '1970-01-03', 'Male', DATE '2015-01-01', DATE '9999-12-31', 'Y'),"
                    + " (4, 'P3', 'Name P3', DATE '1970-01-04', 'Female', DATE '2015-01-01', DATE '9999-12-31', 'Y'),"
                    // P4 moved; its only result is on the old version
                    + " (5, 'P4', 'Name P4', DATE '1970-01-05', 'Male', DATE '2015-01-01', DATE '2026-01-31', 'N'),"
                    + " (6, 'P4', 'Name P4', DATE '1970-01-06', 'Male', DATE '2026-02-01', DATE '9999-12-31', 'Y')");
            s.execute("INSERT INTO dim_ward VALUES (-1, 'Unknown', NULL), (1, 'North', 20), (2, 'South', 10),"
                    // a real ward under a negative key: its name says what it is
                    + " (-5, 'Cardiology Annex', 4)");
            s.execute("INSERT INTO dim_consultant VALUES (-1, 'Unknown', 'UNK', DATE '1900-01-01',"
                    + " DATE '9999-12-31'), (1, 'Dr A', 'G1', DATE '2015-01-01', DATE '2025-12-31'),"
                    + " (2, 'Dr A', 'G1', DATE '2026-01-01', DATE '9999-12-31'), (3, 'Dr B', 'G2', DATE '2015-01-01', DATE '9999-12-31')");
            s.execute("INSERT INTO fact_lab_result VALUES"
                    + " (1, 1, 1, 1, TIMESTAMP '2025-03-01 08:00:00', 4.1),"
                    + " (2, 2, -1, 2, TIMESTAMP '2026-03-01 08:00:00', 4.2),"
                    + " (3, 3, -1, 3, TIMESTAMP '2026-03-02 08:00:00', 4.3),"
                    + " (4, 3, -1, 3, TIMESTAMP '2026-03-03 08:00:00', 4.4),"
                    + " (5, 5, 2, 1, TIMESTAMP '2025-04-01 08:00:00', 4.5),"
                    + " (6, 3, 1, 3, TIMESTAMP '2026-04-01 08:00:00', 4.6),"
                    + " (7, -1, -1, -1, TIMESTAMP '2026-04-02 08:00:00', 4.7)");
        }
        catalog = TestBindings.refresh(db, "row-versions-test", Dialect.H2);
        binding = new Binder(PACK).bind(catalog, Overrides.NONE, List.of());
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static BindResult.Bound bound(Binding b, QuerySpec spec) {
        return Binds.bound(b, spec);
    }

    private static BindFailure failure(QuerySpec spec) {
        return Binds.failure(binding, spec);
    }

    private static List<List<Object>> run(QuerySpec spec) throws SQLException {
        return run(binding, spec);
    }

    private static List<List<Object>> run(Binding b, QuerySpec spec) throws SQLException {
        return QueryRows.run(db, bound(b, spec).query());
    }

    private static List<List<Object>> hand(String sql) throws SQLException {
        return QueryRows.hand(db, sql);
    }

    private static QuerySpec.Builder count(String concept) {
        return QuerySpec.builder(concept, Shape.SCALAR).measure(Measure.count());
    }

    private static TableBinding table(Binding b, String name) {
        return b.table(name).orElseThrow();
    }

    private static Binding withOverrides(String json) {
        return new Binder(PACK).bind(catalog, OverrideFile.parse(json, "test.json", catalog, PACK), List.of());
    }

    @Test
    void theBindingSaysWhatItRecognised() {
        TableBinding patient = table(binding, "DIM_PATIENT");
        assertThat(patient.concept()).isEqualTo("Patient");
        assertThat(patient.versions()).isNotNull();
        assertThat(patient.versions().describe()).isEqualTo("IS_CURRENT = 'Y'");
        assertThat(patient.versions().entityKey().column()).isEqualTo("PATIENT_ID");
        assertThat(patient.reasons()).anyMatch(r -> r.contains("row versions (VALID_FROM / VALID_TO): current rows"
                + " only (IS_CURRENT = 'Y')"));
        // the validity pair is not the patient's own start and end
        assertThat(patient.column("VALID_FROM").orElseThrow().role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(patient.column("VALID_TO").orElseThrow().role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(patient.placeholders()).singleElement().satisfies(p -> assertThat(p.value()).isEqualTo("-1"));

        TableBinding ward = table(binding, "DIM_WARD");
        assertThat(ward.placeholders()).singleElement().satisfies(p -> {
            assertThat(p.value()).isEqualTo("-1");
            assertThat(p.label()).isEqualTo("Unknown");
        });
        assertThat(ward.reasons()).anyMatch(r -> r.startsWith("placeholder member -1 'Unknown' left out"))
                .anyMatch(r -> r.contains("key -5 ('Cardiology Annex') names something"));

        TableBinding consultant = table(binding, "DIM_CONSULTANT");
        assertThat(consultant.versions()).isNotNull();
        assertThat(consultant.versions().describe()).isEqualTo("VALID_TO = 9999-12-31");
        assertThat(consultant.versions().entityKey()).isNull();
    }

    @Test
    void countsAndGroupingsOfTheEntityReadCurrentRowsWithoutThePlaceholder() throws SQLException {
        assertThat(run(count("Patient").build()))
                .isEqualTo(hand("SELECT COUNT(*) FROM dim_patient WHERE is_current = 'Y' AND patient_key <> -1"))
                .isEqualTo(hand("SELECT 4"));
        assertThat(run(QuerySpec.builder("Patient", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Patient", ColumnRole.GENDER))).build()))
                .containsExactlyInAnyOrderElementsOf(hand("SELECT gender, COUNT(*) FROM dim_patient"
                        + " WHERE is_current = 'Y' AND patient_key <> -1 GROUP BY gender"));
        BindResult.Bound patients = bound(binding, count("Patient").build());
        assertThat(patients.explanation()).contains("Read only the current version of each patient"
                + " (IS_CURRENT = 'Y')").contains("placeholder member -1 'UNKNOWN'");
        // the real ward under a negative key stays; the Unknown member does not
        assertThat(run(count("Ward").build())).isEqualTo(hand("SELECT COUNT(*) FROM dim_ward WHERE ward_key <> -1"))
                .isEqualTo(hand("SELECT 3"));
        assertThat(bound(binding, count("Ward").build()).explanation())
                .contains("Left out the placeholder member -1 'Unknown' of wards");
        // versions by their open end
        assertThat(run(count("Provider").build())).isEqualTo(hand("SELECT COUNT(*) FROM dim_consultant"
                + " WHERE valid_to = DATE '9999-12-31' AND consultant_key <> -1")).isEqualTo(hand("SELECT 2"));
    }

    @Test
    void relatedRecordsAreMatchedThroughTheEntityKeyNotPerVersion() throws SQLException {
        List<List<Object>> with = run(count("Patient").related(RelatedScope.exists("LabResult")).build());
        assertThat(with).isEqualTo(hand("SELECT COUNT(DISTINCT p.patient_id) FROM fact_lab_result r JOIN dim_patient p"
                + " ON p.patient_key = r.patient_key WHERE p.patient_key <> -1")).isEqualTo(hand("SELECT 3"))
                .isNotEqualTo(hand("SELECT COUNT(*) FROM dim_patient p WHERE EXISTS (SELECT 1 FROM fact_lab_result r"
                        + " WHERE r.patient_key = p.patient_key)"));
        List<List<Object>> without = run(count("Patient").related(RelatedScope.notExists("LabResult")).build());
        assertThat(without).isEqualTo(hand("SELECT COUNT(*) FROM dim_patient p WHERE p.is_current = 'Y' AND"
                + " p.patient_key <> -1 AND NOT EXISTS (SELECT 1 FROM fact_lab_result f JOIN dim_patient v"
                + " ON v.patient_key = f.patient_key WHERE v.patient_id = p.patient_id)")).isEqualTo(hand("SELECT 1"))
                // current rows no result points at: P4's result is on its old version
                .isNotEqualTo(hand("SELECT COUNT(*) FROM dim_patient p WHERE p.is_current = 'Y' AND p.patient_key"
                        + " <> -1 AND NOT EXISTS (SELECT 1 FROM fact_lab_result f WHERE f.patient_key = p.patient_key)"));
        assertThat(bound(binding, count("Patient").related(RelatedScope.notExists("LabResult")).build())
                .explanation()).contains("matched to patients by PATIENT_ID");
        // more than once, across versions: P1 (two results on two versions) and P2
        assertThat(run(count("Patient").related(RelatedScope.atLeast(2, "LabResult", List.of())).build()))
                .isEqualTo(hand("SELECT 2"));
    }

    @Test
    void aCountOfDistinctPatientsCountsEntitiesNotVersionsOrTheUnknownMember() throws SQLException {
        List<List<Object>> distinct = run(QuerySpec.builder("LabResult", Shape.SCALAR).measure(Measure.of(
                Aggregation.COUNT_DISTINCT, ColumnRef.of("LabResult", ColumnRole.PATIENT_REF))).build());
        assertThat(distinct).isEqualTo(hand("SELECT COUNT(DISTINCT p.patient_id) FROM fact_lab_result r"
                + " JOIN dim_patient p ON p.patient_key = r.patient_key WHERE p.patient_key <> -1"))
                .isNotEqualTo(hand("SELECT COUNT(DISTINCT patient_key) FROM fact_lab_result"));
    }

    @Test
    void aRankingLeavesThePlaceholderOutAndAGroupingShowsIt() throws SQLException {
        QuerySpec top = QuerySpec.builder("LabResult", Shape.TOP_N).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("LabResult", ColumnRole.WARD_REF)))
                .order(OrderKey.byMeasure(0, Direction.DESC)).limit(1).build();
        List<List<Object>> first = run(top);
        assertThat(first).isEqualTo(hand("SELECT w.ward_name, COUNT(*) FROM fact_lab_result r JOIN dim_ward w"
                + " ON w.ward_key = r.ward_key WHERE w.ward_key <> -1 GROUP BY w.ward_name ORDER BY 2 DESC LIMIT 1"));
        assertThat(first.get(0).get(0)).isEqualTo("North");
        // a grouping of the facts keeps the records that had no ward, under the member's own label
        List<List<Object>> byWard = run(QuerySpec.builder("LabResult", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("LabResult", ColumnRole.WARD_REF))).build());
        assertThat(byWard).containsExactlyInAnyOrderElementsOf(hand("SELECT w.ward_name, COUNT(*) FROM"
                + " fact_lab_result r JOIN dim_ward w ON w.ward_key = r.ward_key GROUP BY w.ward_name"));
    }

    @Test
    void withoutAnEntityKeyRelatedQuestionsAndGroupingsRefuse() {
        BindFailure f = failure(count("Provider").related(RelatedScope.exists("LabResult")).build());
        assertThat(f).isInstanceOf(BindFailure.OutOfScope.class);
        assertThat(f.reason()).contains("versions of their rows").contains("entityKey");
        assertThat(failure(QuerySpec.builder("LabResult", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("LabResult", ColumnRole.PROVIDER_REF))).build()).reason())
                .contains("no column names a");
    }

    @Test
    void overridesSayOrUnsayIt() throws SQLException {
        Binding off = withOverrides("{\"columns\": {\"DIM_PATIENT.IS_CURRENT\": {\"current\": false},"
                + " \"DIM_WARD.WARD_KEY\": {\"placeholders\": []}}}");
        assertThat(table(off, "DIM_PATIENT").versions()).isNull();
        assertThat(table(off, "DIM_WARD").placeholders()).isEmpty();
        assertThat(run(off, count("Ward").build())).isEqualTo(hand("SELECT COUNT(*) FROM dim_ward"));

        Binding named = withOverrides("{\"columns\": {\"DIM_CONSULTANT.VALID_TO\": {\"current\": \"9999-12-31\"},"
                + " \"DIM_CONSULTANT.CONSULTANT_NAME\": {\"entityKey\": true},"
                + " \"DIM_WARD.WARD_KEY\": {\"placeholders\": [-1, -5]}}}");
        assertThat(table(named, "DIM_CONSULTANT").versions().entityKey().column()).isEqualTo("CONSULTANT_NAME");
        assertThat(table(named, "DIM_CONSULTANT").reasons()).anyMatch(r -> r.contains("(override)"));
        assertThat(run(named, count("Ward").build())).isEqualTo(hand("SELECT 2"));
        assertThat(run(named, count("Provider").related(RelatedScope.exists("LabResult")).build()))
                .isEqualTo(hand("SELECT COUNT(*) FROM dim_consultant c WHERE c.valid_to = DATE '9999-12-31' AND"
                        + " c.consultant_key <> -1 AND EXISTS (SELECT 1 FROM fact_lab_result f JOIN dim_consultant v"
                        + " ON v.consultant_key = f.consultant_key WHERE v.consultant_name = c.consultant_name)"));
    }

    @Test
    void malformedOverridesAreClearErrors() {
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"DIM_WARD.WARD_KEY\": {\"placeholders\": \"-1\"}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("list of key values");
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"DIM_WARD.WARD_NAME\": {\"placeholders\": [-1]}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("named on the table's key");
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"DIM_PATIENT.IS_CURRENT\": {\"current\": \"Q\"}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("'Q' is not a value IS_CURRENT holds");
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"DIM_PATIENT.VALID_TO\": {\"current\": true}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("or false when the table keeps no");
    }
}
