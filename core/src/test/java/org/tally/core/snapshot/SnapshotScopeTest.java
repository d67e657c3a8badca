package org.tally.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;
import org.tally.core.binding.Binding;
import org.tally.core.catalog.Catalog;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.testing.TestBindings;

/**
 * Scope at the snapshot hook: the snapshot holds every table, but a scope's snapshot rung reads only the tables of
 * its scope, and an analyst's scope never looks up one patient on the copy either. Expected figures come from
 * hand-written SQL over the live tables.
 */
class SnapshotScopeTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final DomainPack PACK = PackLoader.hospital();

    @TempDir
    static Path home;
    private static Connection live;
    private static Binding binding;
    private static SnapshotStore store;

    @BeforeAll
    static void take() throws SQLException {
        live = DriverManager.getConnection("jdbc:h2:mem:snapshot_scope_test;DB_CLOSE_DELAY=-1");
        try (Statement s = live.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, mrn VARCHAR(12) NOT NULL, gender VARCHAR(1),"
                    + " birth_date DATE)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("CREATE TABLE incidents (id INT PRIMARY KEY, ward_id INT REFERENCES wards(id),"
                    + " reported_at TIMESTAMP, category VARCHAR(20), severity VARCHAR(10))");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("INSERT INTO patients VALUES (1, 'MRN0001643', 'F', DATE '1990-01-01'),"
                    + " (2, 'MRN0000987', 'F', DATE '1991-02-02')");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 2, 'caesarean', TIMESTAMP '2026-10-21 01:00:00')");
            s.execute("INSERT INTO incidents VALUES (1, 1, TIMESTAMP '2026-10-04 09:00:00', 'fall', 'low'),"
                    + " (2, 2, TIMESTAMP '2026-10-12 11:00:00', 'medication', 'moderate')");
        }
        Catalog catalog = TestBindings.refresh(live, "snapshot-scope-test", Dialect.H2);
        binding = TestBindings.bind(live, "snapshot-scope-test", PACK);
        store = SnapshotStore.of(new DataFolder(home), catalog.source());
        new SnapshotTaker(store, Clock.systemUTC(), null).take(live, Dialect.H2, catalog, binding,
                List.of("WARDS", "PATIENTS", "DELIVERIES", "INCIDENTS"), Progress.NONE);
    }

    @AfterAll
    static void close() throws SQLException {
        live.close();
    }

    /** The snapshot rung of a scope, as the product builds it, asked after the live source failed. */
    private static Rung.Attempt fromSnapshot(Scope scope, String question) {
        SnapshotRung rung = new SnapshotRung(store, ScopedBinding.narrow(binding, scope), PACK, TODAY,
                ExecutorSettings.DEFAULTS, ZoneOffset.UTC, scope);
        Answer failed = Answer.error(question, List.of(), "the source cannot be reached");
        return rung.takeOver(question, failed, StepListener.NONE).orElseThrow();
    }

    private static long count(String sql) throws SQLException {
        try (Statement s = live.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long answered(Rung.Attempt a) {
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        Answer answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).as(answer.message()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(answer.snapshot()).isNotNull();
        return ((Number) answer.rows().get(0).get(0)).longValue();
    }

    @Test
    void aTableOutsideTheScopeCannotBeReachedThroughTheSnapshot() throws SQLException {
        String question = "How many incidents were there?";
        assertThat(answered(fromSnapshot(Scope.ALL, question))).isEqualTo(count("SELECT COUNT(*) FROM incidents"));
        assertThat(answered(fromSnapshot(Scope.named(PACK, "QualitySafety"), question)))
                .isEqualTo(count("SELECT COUNT(*) FROM incidents"));

        Rung.Attempt maternity = fromSnapshot(Scope.named(PACK, "Maternity"), question);
        assertThat(maternity).as("the copy of incidents is there, but not for Maternity")
                .isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(maternity.steps()).noneMatch(s -> s.rung().equals("execute"));
        // its own tables are answered from the same snapshot
        assertThat(answered(fromSnapshot(Scope.named(PACK, "Maternity"), "How many caesarean deliveries were there?")))
                .isEqualTo(count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'"));
    }

    @Test
    void anAnalystsScopeNeverLooksUpOnePatientOnTheSnapshot() throws SQLException {
        String question = "How many deliveries has patient MRN0001643 had?";
        assertThat(answered(fromSnapshot(Scope.ALL, question))).isEqualTo(count("SELECT COUNT(*) FROM deliveries d"
                + " JOIN patients p ON p.id = d.patient_id WHERE p.mrn = 'MRN0001643'"));

        Rung.Attempt maternity = fromSnapshot(Scope.named(PACK, "Maternity"), question);
        assertThat(maternity).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) maternity).reason()).startsWith("One patient's records are not read in the"
                + " Maternity scope");
        assertThat(maternity.steps()).noneMatch(s -> s.rung().equals("execute"));
    }
}
