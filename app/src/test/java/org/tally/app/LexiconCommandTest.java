package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

/** {@code lexicon}: what a word means on a source, and why. */
class LexiconCommandTest {

    @TempDir
    Path home;

    private String source;

    private record Run(int code, String out, String err) {
    }

    @BeforeEach
    void source() throws Exception {
        source = "jdbc:h2:file:" + home.resolve("hospital").toAbsolutePath() + ";USER=sa";
        try (Connection c = DriverManager.getConnection(source); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, birth_date DATE, gender VARCHAR(1))");
            s.execute("INSERT INTO patients SELECT X, DATE '1980-01-01', CASE WHEN MOD(X, 2) = 0 THEN 'M'"
                    + " ELSE 'F' END FROM SYSTEM_RANGE(1, 40)");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " admitted_at TIMESTAMP, discharged_at TIMESTAMP, admit_typ VARCHAR(10))");
            s.execute("INSERT INTO admissions SELECT X, MOD(X, 40) + 1, TIMESTAMP '2026-01-01 00:00:00', NULL,"
                    + " CASE WHEN MOD(X, 3) = 0 THEN 'ELEC' ELSE 'EMER' END FROM SYSTEM_RANGE(1, 90)");
        }
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new DataFolder(home.resolve("data")));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWordIsShownWithEachMeaningAndWhy() {
        Run r = run("lexicon", "--source", source, "admissions");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("'admissions' on ").contains("concept: Admission");
    }

    @Test
    void aColumnIsNamedByItsWordsWithAbbreviationsSpelledOut() {
        Run r = run("lexicon", "--source", source, "admission", "type");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("column: the admission type column of Admission")
                .contains("abbreviations spelled out");
    }

    @Test
    void aStoredValueAndTheWordsForItMeanThatValue() {
        Run stored = run("lexicon", "--source", source, "EMER");
        assertThat(stored.out()).contains("value: 'EMER' in the admission type column of Admission")
                .contains("recorded in 60 rows");
        Run phrase = run("lexicon", "--source", source, "emergency");
        assertThat(phrase.out()).contains("value: 'EMER'").contains("value class");
    }

    @Test
    void aWordThatMeansNothingSaysSo() {
        Run r = run("lexicon", "--source", source, "xyzzy");
        assertThat(r.code()).isZero();
        assertThat(r.out().trim()).isEqualTo("'xyzzy' means nothing on " + source + ".");
    }

    @Test
    void jsonListsEveryMeaningWithItsKindAndWhy() throws Exception {
        Run r = run("lexicon", "--source", source, "--json", "gender");
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("phrase").asText()).isEqualTo("gender");
        assertThat(json.path("meanings")).isNotEmpty();
        for (JsonNode m : json.path("meanings")) {
            assertThat(m.path("kind").asText()).isNotBlank();
            assertThat(m.path("means").asText()).isNotBlank();
            assertThat(m.path("why").asText()).isNotBlank();
        }
    }

    @Test
    void aBadSourceIsAUsageError() {
        assertThat(run("lexicon", "--source", "nowhere:at-all", "ward").code()).isEqualTo(TallyCli.USAGE);
    }
}
