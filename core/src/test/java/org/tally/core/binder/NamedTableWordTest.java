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
import org.tally.core.binding.TableBinding;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.testing.TestBindings;

/**
 * A patient administration system whose tables are named by the last word of their names: consultant episodes,
 * outpatient attendances, ED attendances. A question word that is such a last word is about those tables only: a
 * pack synonym must not carry "episodes" to the outpatient table, and "attendances" names two tables, so it is not
 * read as one of them.
 */
class NamedTableWordTest {

    private static Connection db;
    private static Binding binding;
    private static Grammar grammar;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:named_table_word;DB_CLOSE_DELAY=-1;DATABASE_TO_UPPER=FALSE");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE \"Patient\" (\"PatientID\" INT PRIMARY KEY, \"Sex\" VARCHAR(1),"
                    + " \"DateOfBirth\" DATE)");
            s.execute("CREATE TABLE \"OutpatientAttendance\" (\"AttendanceID\" INT PRIMARY KEY, \"PatientID\" INT"
                    + " REFERENCES \"Patient\"(\"PatientID\"), \"AppointmentDateTime\" TIMESTAMP,"
                    + " \"AttendanceStatus\" VARCHAR(10))");
            s.execute("CREATE TABLE \"EDAttendance\" (\"EDAttendanceID\" INT PRIMARY KEY, \"PatientID\" INT"
                    + " REFERENCES \"Patient\"(\"PatientID\"), \"ArrivalDateTime\" TIMESTAMP,"
                    + " \"DepartureDateTime\" TIMESTAMP)");
            s.execute("CREATE TABLE \"ConsultantEpisode\" (\"EpisodeID\" INT PRIMARY KEY, \"SpellID\" INT,"
                    + " \"ConsultantCode\" VARCHAR(8), \"EpisodeOrder\" INT)");
            s.execute("INSERT INTO \"Patient\" VALUES (1, 'F', DATE '1980-01-01'), (2, 'M', DATE '1975-05-05')");
            s.execute("INSERT INTO \"OutpatientAttendance\" VALUES (1, 1, TIMESTAMP '2026-10-02 09:00:00', 'ATT'),"
                    + " (2, 2, TIMESTAMP '2026-10-05 09:00:00', 'DNA'), (3, 2, TIMESTAMP '2026-10-09 09:00:00', 'ATT')");
            s.execute("INSERT INTO \"EDAttendance\" VALUES (1, 1, TIMESTAMP '2026-10-03 02:00:00',"
                    + " TIMESTAMP '2026-10-03 05:00:00')");
            s.execute("INSERT INTO \"ConsultantEpisode\" VALUES (1, 1, 'C100', 1), (2, 1, 'C200', 2)");
        }
        DomainPack pack = PackLoader.hospital();
        binding = TestBindings.bind(db, "named-table-word", pack);
        grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), TestBindings.REFERENCE_DAY);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static TableBinding table(String name) {
        return binding.tables().stream().filter(t -> t.table().equals(name)).findFirst().orElseThrow();
    }

    private static String missed(String question) {
        ParseOutcome p = grammar.parse(question);
        assertThat(p).as(p.toString()).isInstanceOf(ParseOutcome.NoParse.class);
        return ((ParseOutcome.NoParse) p).reason();
    }

    @Test
    void theBindingThisTestIsAbout() {
        assertThat(table("ConsultantEpisode").status()).isEqualTo(TableBinding.Status.UNBOUND);
        assertThat(table("OutpatientAttendance").bound()).isTrue();
        assertThat(table("EDAttendance").concept()).isNotEqualTo(table("OutpatientAttendance").concept());
    }

    @Test
    void theLastWordOfAnUnboundTableDoesNotReachAnotherTable() {
        assertThat(missed("How many episodes are there?")).contains("ConsultantEpisode").contains("holds no concept");
    }

    @Test
    void aWordNamingSeveralTablesIsNotReadAsOneOfThem() {
        assertThat(missed("How many attendances were there last month?")).contains("EDAttendance")
                .contains("OutpatientAttendance");
    }

    @Test
    void aTableNamedInFullIsStillRead() {
        ParseOutcome p = grammar.parse("How many outpatient attendances were there last month?");
        assertThat(p).as(p.toString()).isInstanceOf(ParseOutcome.Parsed.class);
        assertThat(((ParseOutcome.Parsed) p).spec().subject()).isEqualTo(table("OutpatientAttendance").concept());
    }
}
