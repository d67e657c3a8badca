package org.tally.core.rung;

import org.tally.core.binder.SpecBinder;
import org.tally.core.binder.BindFailure;
import org.tally.core.binder.BindingVocabulary;
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
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.grammar.Grammar;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.testing.TestBindings;

/** The grammar rung's pipeline and its decisions: answer, miss on an empty existence probe, miss on no parse. */
class GrammarRungTest {

    private static Connection db;
    private static GrammarRung rung;
    private static Binding binding;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:grammar_rung_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'F', DATE '1991-02-02')");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id),"
                    + " delivery_mode VARCHAR(30), outcome VARCHAR(20), delivered_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', 'live_birth', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', 'live_birth', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 2, 'caesarean', 'live_birth', TIMESTAMP '2026-10-21 01:00:00'),"
                    + " (4, 2, 1, 'assisted', 'stillbirth', TIMESTAMP '2025-09-09 09:00:00')");
        }
        DomainPack pack = PackLoader.hospital();
        binding = TestBindings.bind(db, "grammar-rung-test", pack);
        Clock today = TestBindings.REFERENCE_DAY;
        Grammar grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), today);
        rung = new GrammarRung(grammar, new SpecBinder(binding, pack, today), new GrammarRung.Source(db, Dialect.H2,
                AllowedRelations.of("PUBLIC", binding.bound().stream().map(TableBinding::table).toList())),
                new SqlSafetyPolicy(), new ReadOnlyExecutor(ExecutorSettings.DEFAULTS, PreflightMemory.of(ExecutorSettings.DEFAULTS)), System::nanoTime);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static String sha256(String text) throws Exception {
        byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(
                java.nio.charset.StandardCharsets.UTF_8));
        StringBuilder hex = new StringBuilder();
        for (byte b : d) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }

    private static List<String> names(List<PathStep> steps) {
        return steps.stream().map(PathStep::rung).toList();
    }

    @Test
    void aCountIsAnsweredWithEveryStepRecorded() throws Exception {
        Rung.Attempt a = rung.attempt("How many caesarean deliveries were there last month, by ward?");
        assertThat(a).as(a.toString()).isInstanceOf(Rung.Attempt.Done.class);
        Answer answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(answer.columns()).containsExactly("ward", "deliveries");
        assertThat(answer.rows()).containsExactlyInAnyOrder(List.of("Maternity", 1L), List.of("Labour Suite", 1L));
        assertThat(names(a.steps())).containsExactly("bind", "compile", "validate", "preflight", "execute");
        assertThat(a.steps().get(0).outcome()).isEqualTo(Outcome.OK);
        assertThat(answer.sql()).contains("'caesarean'").doesNotContain("?");
        assertThat(answer.explanation()).isEqualTo("Counted deliveries with delivery mode caesarean between"
                + " 2026-10-01 and 2026-10-31 (delivered at), grouped by ward.");
        assertThat(answer.specHash()).startsWith("tally-c1:");
        // the spec JSON the workstation shows is exactly the text the hash was taken of
        assertThat(answer.specJson()).contains("\"subject\":\"delivery\"", "\"value\":\"caesarean\"");
        assertThat(answer.specHash()).isEqualTo(org.tally.core.spec.SpecHash.COMPILER_VERSION + ":" + sha256(
                answer.specJson()));
        assertThat(org.tally.core.answer.AnswerJson.line(answer)).doesNotContain("specJson")
                .doesNotContain("nextPage");
    }

    @Test
    void everyStepIsToldAsItEndsAndTheAnswerPathHoldsTheSameSteps() {
        List<PathStep> heard = new java.util.ArrayList<>();
        Rung.Attempt a = rung.attempt("How many caesarean deliveries were there last month, by ward?", heard::add);
        assertThat(heard).isEqualTo(a.steps());
        assertThat(names(heard)).containsExactly("bind", "compile", "validate", "preflight", "execute");
        assertThat(rung.attempt("How purple were the caesareans?", heard::add).steps()).isEmpty();
        assertThat(heard).hasSize(5);
    }

    @Test
    void theStandardRungAnswersARepeatedQuestionAlikeOnTheConnectionItTakesOver() throws SQLException {
        try (Connection own = DriverManager.getConnection("jdbc:h2:mem:grammar_rung_test")) {
            GrammarRung standard = GrammarRung.standard(own, Dialect.H2, binding, PackLoader.hospital(),
                    LocalDate.of(2026, 11, 29), ExecutorSettings.DEFAULTS);
            String question = "How many caesarean deliveries were there last month, by ward?";

            Answer first = ((Rung.Attempt.Done) standard.attempt(question)).answer();
            Answer second = ((Rung.Attempt.Done) standard.attempt(question)).answer();

            assertThat(first.status()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(second.sql()).isEqualTo(first.sql());
            assertThat(second.columns()).isEqualTo(first.columns());
            assertThat(second.rows()).isEqualTo(first.rows()).hasSize(2);
            assertThat(second.specHash()).isEqualTo(first.specHash());
            assertThat(preflightNote(first)).startsWith("ok(").doesNotContain("reused");
            assertThat(preflightNote(second)).startsWith("ok(").endsWith(", estimate reused)");
            // (H2's isReadOnly reports the database's access mode, so it says nothing here)
            assertThat(own.getAutoCommit()).as("kept outside autocommit between questions").isFalse();
        }
    }

    private static String preflightNote(Answer a) {
        return a.path().stream().filter(s -> s.rung().equals("preflight")).findFirst().orElseThrow().reason();
    }

    @Test
    void anExistenceQuestionWithAMatchAnswersTrueAndWithoutOneMisses() {
        Rung.Attempt yes = rung.attempt("Is there any stillbirth delivery?");
        assertThat(yes).as(yes.toString()).isInstanceOf(Rung.Attempt.Done.class);
        Answer answer = ((Rung.Attempt.Done) yes).answer();
        assertThat(answer.columns()).containsExactly("exists");
        assertThat(answer.rows()).containsExactly(List.of(true));

        Rung.Attempt no = rung.attempt("Is there any stillbirth delivery this year?");
        assertThat(no).as(no.toString()).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(names(no.steps())).endsWith("execute");
    }

    @Test
    void anEmptyGroupingIsAnAnswer() {
        Rung.Attempt a = rung.attempt("How many assisted deliveries were there last month, by ward?");
        assertThat(a).as(a.toString()).isInstanceOf(Rung.Attempt.Done.class);
        assertThat(((Rung.Attempt.Done) a).answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(((Rung.Attempt.Done) a).answer().rows()).isEmpty();
    }

    @Test
    void aQuestionTheGrammarCannotReadIsAMissWithItsReason() {
        Rung.Attempt a = rung.attempt("How purple were the caesareans under Tuesday's moon?");
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) a).reason()).isNotBlank();
        assertThat(a.steps()).isEmpty();
    }

    @Test
    void aBindAmbiguityAsksOnceWithTheCandidatesAndAnyOtherBindFailureMisses() {
        List<PathStep> steps = new java.util.ArrayList<>();
        Rung.Attempt asked = GrammarRung.bindFailed("admissions by time", "h", new BindFailure.Ambiguous(
                "Admission has several EventTime columns", List.of("admitted_at", "registered_at")), steps, 1);
        assertThat(asked).isInstanceOf(Rung.Attempt.Done.class);
        Answer a = ((Rung.Attempt.Done) asked).answer();
        assertThat(a.status()).isEqualTo(AnswerStatus.CLARIFY);
        assertThat(a.clarify().options()).containsExactly("admitted_at", "registered_at");
        assertThat(a.rows()).isEmpty();
        assertThat(steps).singleElement().satisfies(s -> assertThat(s.outcome()).isEqualTo(Outcome.CLARIFY));

        Rung.Attempt missed = GrammarRung.bindFailed("x", "h", new BindFailure.NoRole("Patient has no Status"),
                new java.util.ArrayList<>(), 1);
        assertThat(missed).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) missed).reason()).contains("Patient has no Status");
    }
}
