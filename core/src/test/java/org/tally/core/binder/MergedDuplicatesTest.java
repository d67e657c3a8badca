package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * A patient index that merged duplicates: rows 4 and 5 point at the patients they were merged into, and an admission
 * was recorded under duplicate 5. Counting patients reads only the rows with no pointer; a question about related
 * records refuses, because "patients with an admission" through the patient key would miss patient 2's admission
 * recorded under its duplicate (and "without" would count patient 2).
 */
class MergedDuplicatesTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:merged_duplicates_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patient (pat_id INT PRIMARY KEY, sex CHAR(1), birth_date DATE, merged_into INT)");
            s.execute("INSERT INTO patient VALUES (1, 'F', DATE '1970-01-01', NULL), (2, 'M', DATE '1971-01-01', NULL),"
                    + " (3, 'F', DATE '1972-01-01', NULL), (4, 'F', DATE '1970-01-01', 1), (5, 'M', DATE '1971-01-01', 2)");
            s.execute("CREATE TABLE admission (adm_id INT PRIMARY KEY, pat_id INT REFERENCES patient(pat_id),"
                    + " admitted_at TIMESTAMP, discharged_at TIMESTAMP)");
            s.execute("INSERT INTO admission VALUES (1, 1, TIMESTAMP '2026-10-01 08:00:00', NULL),"
                    + " (2, 5, TIMESTAMP '2026-10-02 08:00:00', NULL)");
        }
        binding = TestBindings.bind(db, "merged-duplicates-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static BindResult bind(QuerySpec spec) {
        return Binds.bind(binding, spec);
    }

    @Test
    void theMergePointerIsRecognised() {
        assertThat(binding.table("patient").orElseThrow().reasons()).anyMatch(r -> r.contains("merged duplicates"));
    }

    @Test
    void patientsAreTheRowsNotMergedIntoAnother() throws SQLException {
        BindResult r = bind(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count()).build());
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
        assertThat(QueryRows.run(db, ((BindResult.Bound) r).query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM patient WHERE merged_into IS NULL")).isEqualTo(QueryRows.hand(db, "SELECT 3"));
    }

    @Test
    void relatedRecordsRefuseRatherThanMissADuplicatesRecords() {
        for (RelatedScope scope : new RelatedScope[] {RelatedScope.exists("Admission"),
                RelatedScope.notExists("Admission")}) {
            BindResult r = bind(QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count()).related(scope)
                    .build());
            assertThat(r).as(r.toString()).isInstanceOf(BindResult.Failed.class);
        }
    }
}
