package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.testing.TestBindings;

/**
 * A source with an encounters table and a visits table, several encounters per visit: only one of them can hold the
 * Encounter concept. A question naming the other one by its own word must miss, never count the bound table's rows
 * under a synonym; a question naming the bound one answers.
 */
class UnboundTableWordTest {

    private static Connection db;
    private static Binding binding;
    private static Grammar grammar;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:unbound_table_word;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patient (patient_id INT PRIMARY KEY, gender VARCHAR(1), birthdate DATE)");
            s.execute("CREATE TABLE visit (visit_id INT PRIMARY KEY, patient_id INT REFERENCES patient(patient_id),"
                    + " date_started TIMESTAMP, date_stopped TIMESTAMP)");
            s.execute("CREATE TABLE encounter (encounter_id INT PRIMARY KEY,"
                    + " patient_id INT REFERENCES patient(patient_id), visit_id INT REFERENCES visit(visit_id),"
                    + " encounter_datetime TIMESTAMP)");
            s.execute("INSERT INTO patient VALUES (1, 'F', DATE '1980-01-01'), (2, 'M', DATE '1975-05-05')");
            s.execute("INSERT INTO visit VALUES (1, 1, TIMESTAMP '2026-10-02 09:00:00', TIMESTAMP '2026-10-02 12:00:00'),"
                    + " (2, 2, TIMESTAMP '2026-10-05 09:00:00', TIMESTAMP '2026-10-06 10:00:00')");
            s.execute("INSERT INTO encounter VALUES (1, 1, 1, TIMESTAMP '2026-10-02 09:10:00'),"
                    + " (2, 1, 1, TIMESTAMP '2026-10-02 10:00:00'), (3, 1, 1, TIMESTAMP '2026-10-02 11:00:00'),"
                    + " (4, 2, 2, TIMESTAMP '2026-10-05 09:30:00'), (5, 2, 2, TIMESTAMP '2026-10-06 08:00:00')");
        }
        DomainPack pack = PackLoader.hospital();
        binding = TestBindings.bind(db, "unbound-table-word", pack);
        Clock today = TestBindings.REFERENCE_DAY;
        grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), today);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void theTableThatLostTheConceptIsNotReachedUnderItsOwnWord() {
        String bound = binding.tableOf("Encounter").map(TableBinding::table).orElseThrow().toLowerCase();
        assertThat(bound).isIn("visit", "encounter");
        String other = bound.equals("visit") ? "encounter" : "visit";
        assertThat(binding.tables()).filteredOn(t -> t.table().equalsIgnoreCase(other)).singleElement()
                .satisfies(t -> assertThat(t.status()).isEqualTo(TableBinding.Status.UNBOUND));

        ParseOutcome missed = grammar.parse("How many " + other + "s were there last month?");
        assertThat(missed).isInstanceOf(ParseOutcome.NoParse.class);
        assertThat(((ParseOutcome.NoParse) missed).reason()).containsIgnoringCase(other).contains("holds no concept");
        ParseOutcome answered = grammar.parse("How many " + bound + "s were there last month?");
        assertThat(answered).isInstanceOf(ParseOutcome.Parsed.class);
        assertThat(((ParseOutcome.Parsed) answered).spec().subject()).isEqualTo("Encounter");
    }
}
