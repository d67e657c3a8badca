package org.tally.core.scope;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Citation;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.dialect.Dialect;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.retrieval.RetrievalRung;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.snapshot.SnapshotTaker;
import org.tally.core.spec.ColumnRole;
import org.tally.core.testing.TestBindings;
import org.tally.core.testing.WordVectors;

/**
 * The identity hook: patient-level records are read only in the patient chart's scope (or across every table). An
 * analyst's scope that reads the same tables never looks up one patient, never searches a column the binder marks
 * personal and never quotes a passage that names one patient; it is redirected instead.
 */
class PatientLevelTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final DomainPack PACK = PackLoader.hospital();

    @TempDir
    static Path home;
    private static Connection db;
    private static Binding binding;
    private static SnapshotStore store;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:patient_level_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, mrn VARCHAR(12) NOT NULL, gender VARCHAR(1),"
                    + " birth_date DATE)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("INSERT INTO patients VALUES (1, 'MRN0001643', 'F', DATE '1990-01-01'),"
                    + " (2, 'MRN0000987', 'F', DATE '1991-02-02')");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 2, 'caesarean', TIMESTAMP '2026-10-21 01:00:00')");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), admitted_at TIMESTAMP, discharged_at TIMESTAMP)");
            s.execute("INSERT INTO admissions VALUES (1, 1, 1, TIMESTAMP '2026-09-28 10:00:00',"
                    + " TIMESTAMP '2026-10-02 10:00:00'), (2, 2, 2, TIMESTAMP '2026-10-05 10:00:00',"
                    + " TIMESTAMP '2026-10-09 10:00:00'), (3, 1, 2, TIMESTAMP '2026-10-20 10:00:00', NULL)");
            // no patient reference: the narratives are not personal as a whole (ward_id only)
            s.execute("CREATE TABLE incidents (id INT PRIMARY KEY, ward_id INT REFERENCES wards(id),"
                    + " reported_at TIMESTAMP, category VARCHAR(20), narrative VARCHAR(1000),"
                    + " address_notes VARCHAR(1000))");
            String[] narratives = {
                "A visitor had a fall on the stairs near the main entrance and was helped up",
                "Mrs Okafor had a fall on the stairs of the east wing",
                "A fall on the stairs was reported for MRN0001643 at the rear exit",
                "The infusion pump alarmed and stopped during the night round",
                "A dose of insulin was omitted on the morning round",
                "A pressure ulcer was found on the heel during a skin check",
                "Oxygen supply failed at the bed space for ten minutes",
                "The bed rail broke during repositioning of a patient",
                "A wound infection was found on day four after surgery",
                "A visitor shouted at staff near the nurses desk",
                "The wrong dose of heparin was drawn up and caught before giving",
                "A syringe driver battery ran flat during a transfer",
                "Theatre list was delayed by a missing instrument tray",
                "A patient left the ward without telling staff and returned later"};
            for (int i = 0; i < narratives.length; i++) {
                s.execute("INSERT INTO incidents VALUES (" + (i + 1) + ", " + (1 + i % 2) + ", TIMESTAMP"
                        + " '2026-10-" + (10 + i) + " 09:00:00', 'category" + (i % 3) + "', '" + narratives[i]
                        + "', " + (i == 4 ? "'After a fall on the stairs she went home to the flat above the"
                        + " corner shop on the high street'" : "NULL") + ")");
            }
        }
        Catalog catalog = TestBindings.refresh(db, "patient-level-test", Dialect.H2);
        binding = TestBindings.bind(db, "patient-level-test", PACK);
        store = SnapshotStore.of(new DataFolder(home), catalog.source());
        new SnapshotTaker(store, Clock.systemUTC(), new WordVectors()).take(db, Dialect.H2, catalog, binding,
                List.of("INCIDENTS"), Progress.NONE);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static AnswerLadder live(String serviceLine) {
        return new AnswerLadder(List.of(ScopedRung.standard(db, Dialect.H2, binding, PACK, TODAY,
                ExecutorSettings.DEFAULTS, 0, Scope.named(PACK, serviceLine))), System::nanoTime, null);
    }

    private static RetrievalRung retrieval(Scope scope) {
        return new RetrievalRung(store, ScopedBinding.narrow(binding, scope), binding, PACK, scope,
                EmbeddingModel.of(new WordVectors()), System::nanoTime);
    }

    private static long count(String sql) throws SQLException {
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void anAnalystsScopeNeverLooksUpOnePatientOnTheLiveSource() throws SQLException {
        Answer chart = live("PatientChart").ask("How many admissions has patient MRN0001643 had?");
        assertThat(chart.status()).as(chart.message() + " " + chart.path()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(((Number) chart.rows().get(0).get(0)).longValue()).isEqualTo(count("SELECT COUNT(*) FROM"
                + " admissions a JOIN patients p ON p.id = a.patient_id WHERE p.mrn = 'MRN0001643'"));

        // Maternity reads patients (a shared concept) and deliveries, but not one patient's record
        Answer maternity = live("Maternity").ask("How many deliveries has patient MRN0001643 had?");
        assertThat(maternity.status()).isEqualTo(AnswerStatus.REFUSED);
        // Patient Chart does not read deliveries, so only the view of every table may
        assertThat(maternity.message()).isEqualTo("One patient's records are not read in the Maternity scope; ask it"
                + " under All service lines.");
        assertThat(maternity.sql()).isNull();

        // the same scope still answers about its records as a whole
        Answer all = live("Maternity").ask("How many caesarean deliveries were there?");
        assertThat(all.status()).as(all.message()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(((Number) all.rows().get(0).get(0)).longValue())
                .isEqualTo(count("SELECT COUNT(*) FROM deliveries WHERE delivery_mode = 'caesarean'"));
    }

    @Test
    void anAnalystsScopeNeverSearchesPersonalTextNorQuotesAPassageNamingOnePatient() {
        ColumnBinding personal = binding.table("INCIDENTS").orElseThrow().column("ADDRESS_NOTES").orElseThrow();
        assertThat(personal.pii()).as("the binder marks the column personal").isTrue();
        assertThat(personal.role()).isEqualTo(ColumnRole.FREE_TEXT);
        String question = "What did the incident reports say about falls on the stairs?";

        Answer everything = answerOf(retrieval(Scope.ALL).attempt(question));
        assertThat(everything.status()).as(everything.path().toString()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(everything.citations()).extracting(Citation::key).as("reachable across every table")
                .contains("2", "3");

        Answer quality = answerOf(retrieval(Scope.named(PACK, "QualitySafety")).attempt(question));
        assertThat(quality.status()).as(quality.path().toString()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(quality.citations()).extracting(Citation::key).contains("1").doesNotContain("2", "3");
        assertThat(quality.citations()).extracting(Citation::column).containsOnly("NARRATIVE");
        assertThat(quality.citations()).extracting(c -> c.text().toLowerCase(Locale.ROOT))
                .noneMatch(t -> t.contains("okafor") || t.contains("mrn0001643") || t.contains("high street"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"What did the incident reports say about patient 1043?",
        "What did the incident reports say about MRN0001643?",
        "What did the incident reports say about Mrs Okafor?"})
    void aQuestionAboutOnePatientsTextIsRedirectedFromAnAnalystsScope(String question) {
        Answer a = answerOf(retrieval(Scope.named(PACK, "QualitySafety")).attempt(question));
        assertThat(a.status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(a.message()).isEqualTo("One patient's records are not read in the Quality & Safety scope; ask it"
                + " under All service lines.");
        assertThat(a.citations()).isEmpty();
    }

    @Test
    void aScopeThatReadsPatientLevelRecordsIsNamedInTheRedirectWhenItReadsWhatIsAsked() {
        Scope wardBoard = Scope.named(PACK, "WardBoard");
        assertThat(PatientLevel.redirect(wardBoard, PACK, List.of("Admission", "Patient")))
                .isEqualTo("One patient's records are not read in the Ward Board scope; ask it in the Patient Chart"
                        + " scope");
        assertThat(Scope.named(PACK, "PatientChart").readsPatientLevel()).isTrue();
        assertThat(Scope.ALL.readsPatientLevel()).isTrue();
        assertThat(wardBoard.readsPatientLevel()).isFalse();
    }

    @Test
    void onlyRecordNumbersTitlesAndNumberedPatientRecordsMarkAQuestionAsAboutOnePatient() {
        for (String about : List.of("notes about patient 12", "the discharge of admission 55", "MRN0001643",
                "what happened to Mr Adeyemi", "P-104322", "record 12345678")) {
            assertThat(PatientLevel.aboutOnePatient(about, PACK)).as(about).isTrue();
        }
        for (String not : List.of("falls on the stairs in 2024", "reports about COVID-19", "ward 5 incidents",
                "what Dr Shah reported", "incidents on bed 12", "the ms clinic", "shift 212 reports")) {
            assertThat(PatientLevel.aboutOnePatient(not, PACK)).as(not).isFalse();
        }
    }

    private static Answer answerOf(Rung.Attempt a) {
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        return ((Rung.Attempt.Done) a).answer();
    }
}
