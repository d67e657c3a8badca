package org.tally.core.scope;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.testing.TestBindings;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Link;
import org.tally.core.binding.TableBinding;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.dialect.Dialect;

/** Service lines are scopes: a scoped engine reads only its tables, and redirects questions that need others. */
class ScopedRungTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static Connection db;
    private static Binding binding;
    private static DomainPack pack;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:scoped_rung_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'F', DATE '1991-02-02')");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id),"
                    + " delivery_mode VARCHAR(30), outcome VARCHAR(20), delivered_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), admitted_at TIMESTAMP, discharged_at TIMESTAMP,"
                    + " discharge_disposition VARCHAR(20))");
            s.execute("INSERT INTO admissions VALUES (1, 1, 1, TIMESTAMP '2026-09-28 10:00:00',"
                    + " TIMESTAMP '2026-10-02 10:00:00', 'died'), (2, 2, 2, TIMESTAMP '2026-10-05 10:00:00',"
                    + " TIMESTAMP '2026-10-09 10:00:00', 'home'), (3, 1, 2, TIMESTAMP '2026-10-20 10:00:00',"
                    + " TIMESTAMP '2026-11-02 10:00:00', 'died')");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', 'live_birth', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', 'live_birth', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 2, 'caesarean', 'live_birth', TIMESTAMP '2026-10-21 01:00:00')");
        }
        pack = PackLoader.hospital();
        binding = TestBindings.bind(db, "scoped-rung-test", pack);
        assertThat(binding.bound()).extracting(TableBinding::concept).contains("Ward", "Patient", "Delivery");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static AnswerLadder ladder(String serviceLine) {
        return new AnswerLadder(List.of(ScopedRung.standard(db, Dialect.H2, binding, pack, TODAY,
                ExecutorSettings.DEFAULTS, 0, Scope.named(pack, serviceLine))), System::nanoTime, null);
    }

    @Test
    void aScopeReadsItsOwnConceptsAndTheSharedOnes() {
        Scope maternity = Scope.named(pack, "Maternity");
        assertThat(maternity.allows("Delivery")).isTrue();
        assertThat(maternity.allows("newborn")).isTrue();
        assertThat(maternity.allows("Patient")).as("shared").isTrue();
        assertThat(maternity.allows("Department")).as("shared").isTrue();
        assertThat(maternity.allows("Ward")).isFalse();
        assertThat(maternity.allows("Prescription")).isFalse();
        assertThat(Scope.ALL.allows("Ward")).isTrue();
        assertThat(Scope.choices(pack)).first().isEqualTo(Scope.ALL);
        assertThat(Scope.choices(pack)).hasSize(pack.serviceLines().size() + 1);
    }

    @Test
    void theNarrowedBindingKeepsOnlyTheScopesTablesAndTheLinksBetweenThem() {
        Binding narrowed = ScopedBinding.narrow(binding, Scope.named(pack, "Maternity"));
        assertThat(narrowed.bound()).extracting(TableBinding::concept).containsExactlyInAnyOrder("Patient", "Delivery");
        assertThat(narrowed.links()).isNotEmpty().allSatisfy(l -> assertThat(List.of(l.fromTable(), l.toTable()))
                .noneMatch(t -> t.equalsIgnoreCase("wards")));
        assertThat(binding.links()).extracting(Link::toTable).anyMatch(t -> t.equalsIgnoreCase("wards"));
        assertThat(ScopedBinding.narrow(binding, Scope.ALL)).isSameAs(binding);

        // the allow-list built from it refuses the other scopes' tables even in hand-written SQL
        AllowedRelations allowed = AllowedRelations.of("PUBLIC", narrowed.bound().stream().map(TableBinding::table)
                .toList());
        SqlSafetyPolicy policy = new SqlSafetyPolicy();
        assertThat(policy.check("SELECT COUNT(*) FROM deliveries", Dialect.H2, allowed, 100).allowed()).isTrue();
        assertThat(policy.check("SELECT COUNT(*) FROM deliveries d JOIN wards w ON w.id = d.ward_id", Dialect.H2,
                allowed, 100).allowed()).isFalse();
    }

    @Test
    void aQuestionInsideTheScopeIsAnsweredAsAcrossAllServiceLines() {
        List<PathStep> heard = new ArrayList<>();
        try (AnswerLadder maternity = ladder("Maternity")) {
            Answer a = maternity.ask("How many caesarean deliveries were there last month?", heard::add);
            assertThat(a.status()).as(a.toString()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(a.rows()).containsExactly(List.of(2L));
            assertThat(a.path()).first().satisfies(s -> {
                assertThat(s.rung()).isEqualTo("scope");
                assertThat(s.outcome()).isEqualTo(Outcome.OK);
                assertThat(s.reason()).isEqualTo("inside the Maternity scope");
            });
            assertThat(heard).isEqualTo(a.path());
            try (AnswerLadder all = new AnswerLadder(List.of(org.tally.core.rung.GrammarRung.standard(db, Dialect.H2,
                    binding, pack, TODAY, ExecutorSettings.DEFAULTS)), System::nanoTime, null)) {
                Answer across = all.ask("How many caesarean deliveries were there last month?");
                assertThat(a.specHash()).isEqualTo(across.specHash());
                assertThat(a.sql()).isEqualTo(across.sql());
            }
        }
    }

    @Test
    void aConceptHeldAsAKindOfAnotherIsReadInItsScopeWithoutOpeningTheBaseConcept() {
        try (AnswerLadder quality = ladder("QualitySafety")) {
            Answer deaths = quality.ask("How many in-hospital deaths were there last month?");
            assertThat(deaths.status()).as(deaths.toString()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(deaths.rows()).containsExactly(List.of(1L)); // discharged dead in October: stay 1 only
            Answer stays = quality.ask("How many admissions were there last month?");
            assertThat(stays.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(stays.sql()).isNull();
        }
    }

    @Test
    void aQuestionNamingAnotherScopesConceptIsRedirectedNeverJoined() {
        try (AnswerLadder wardBoard = ladder("WardBoard")) {
            Answer a = wardBoard.ask("How many deliveries were there last month?");
            assertThat(a.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(a.message()).startsWith("That is answered in the Maternity scope: deliveries are outside Ward"
                    + " Board");
            assertThat(a.sql()).isNull();
            assertThat(a.path()).extracting(PathStep::rung).containsExactly("scope", "grammar");
        }
        try (AnswerLadder maternity = ladder("Maternity")) {
            Answer byWard = maternity.ask("How many deliveries were there last month, by ward?");
            assertThat(byWard.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(byWard.message()).contains("deliveries and wards", "no single service line covers",
                    "All service lines");
            assertThat(byWard.rows()).isEmpty();
        }
    }

    @Test
    void aQuestionTheGrammarCannotReadStillGetsTheRedirectWhenItNamesAnotherScopesConcept() {
        try (AnswerLadder pharmacy = ladder("Pharmacy")) {
            Answer a = pharmacy.ask("deliveries purple moon");
            assertThat(a.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(a.message()).startsWith("That is answered in the Maternity scope");
            Answer nonsense = pharmacy.ask("purple moon");
            assertThat(nonsense.status()).isEqualTo(AnswerStatus.REFUSED);
            assertThat(nonsense.message()).doesNotContain("scope");
        }
    }
}
