package org.tally.core.rung;

import org.tally.core.binder.SpecBinder;
import org.tally.core.binder.BindingVocabulary;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
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

/**
 * A question asked again reuses the rung's reading of its text (parse, canonical spec, binding) but never a result:
 * the statement runs again and sees the data as it is now.
 */
class RememberedReadingTest {

    private static final String QUESTION = "How many caesarean deliveries were there last month?";

    private Connection db;
    private GrammarRung rung;

    @BeforeEach
    void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:remembered_reading_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'F', DATE '1991-02-02')");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 'spontaneous', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 'caesarean', TIMESTAMP '2025-10-21 01:00:00')");
        }
        DomainPack pack = PackLoader.hospital();
        Binding binding = TestBindings.bind(db, "remembered-reading-test", pack);
        Clock today = TestBindings.REFERENCE_DAY;
        rung = new GrammarRung(new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), today),
                new SpecBinder(binding, pack, today), new GrammarRung.Source(db, Dialect.H2,
                AllowedRelations.of("PUBLIC", binding.bound().stream().map(TableBinding::table).toList())),
                new SqlSafetyPolicy(), new ReadOnlyExecutor(ExecutorSettings.DEFAULTS, PreflightMemory.of(ExecutorSettings.DEFAULTS)), System::nanoTime);
    }

    @AfterEach
    void close() throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("DROP ALL OBJECTS");
        }
        db.close();
    }

    private Answer ask(String question) {
        Rung.Attempt a = rung.attempt(question);
        assertThat(a).as(a.toString()).isInstanceOf(Rung.Attempt.Done.class);
        return ((Rung.Attempt.Done) a).answer();
    }

    private static PathStep bindStep(Answer a) {
        return a.path().stream().filter(s -> s.rung().equals("bind")).findFirst().orElseThrow();
    }

    @Test
    void theSecondAskReusesTheReadingAndSaysSo() {
        Answer first = ask(QUESTION);
        Answer second = ask(QUESTION);

        assertThat(first.status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(bindStep(first).reason()).isNull();
        assertThat(bindStep(second).reason()).isEqualTo(GrammarRung.READ_BEFORE);
        assertThat(second.sql()).isEqualTo(first.sql());
        assertThat(second.specHash()).isEqualTo(first.specHash());
        assertThat(second.specJson()).isEqualTo(first.specJson());
        assertThat(second.explanation()).isEqualTo(first.explanation());
        assertThat(second.rows()).isEqualTo(first.rows()).containsExactly(List.of(1L));
    }

    @Test
    void aRememberedReadingRunsItsStatementAgainOnTodaysData() throws SQLException {
        assertThat(ask(QUESTION).rows()).containsExactly(List.of(1L));
        try (Statement s = db.createStatement()) {
            s.execute("INSERT INTO deliveries VALUES (4, 2, 'caesarean', TIMESTAMP '2026-10-30 23:00:00')");
        }

        Answer again = ask(QUESTION);

        assertThat(bindStep(again).reason()).isEqualTo(GrammarRung.READ_BEFORE);
        assertThat(again.rows()).containsExactly(List.of(2L));
    }

    @Test
    void aQuestionThatCannotBeReadMissesAlikeEveryTime() {
        String nonsense = "How purple were the caesareans under Tuesday's moon?";
        Rung.Attempt first = rung.attempt(nonsense);
        Rung.Attempt second = rung.attempt(nonsense);

        assertThat(first).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(second).isEqualTo(first);
    }

    @Test
    void theTextAsAskedIsTheKeySoAnotherWordingIsReadAfresh() {
        ask(QUESTION);
        Answer reworded = ask("How many caesarean deliveries were there in October 2026?");

        assertThat(bindStep(reworded).reason()).isNull();
        assertThat(reworded.rows()).containsExactly(List.of(1L));
    }
}
