package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

/** {@code eval} through {@link Main#run}: verdicts per question, totals, the suite formats and bad input. */
class EvalCommandTest {

    private static final String SOURCE = "jdbc:h2:mem:evalcmd;DB_CLOSE_DELAY=-1";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Connection keepAlive;

    @TempDir
    Path home;

    @BeforeAll
    static void createSource() throws Exception {
        keepAlive = DriverManager.getConnection(SOURCE);
        try (Statement s = keepAlive.createStatement()) {
            s.execute("CREATE TABLE patients (patient_id INT PRIMARY KEY, full_name VARCHAR(100), gender VARCHAR(1),"
                    + " date_of_birth DATE)");
            s.execute("INSERT INTO patients VALUES (1, 'Ann Lee', 'F', DATE '1970-01-02'),"
                    + " (2, 'Bo Chan', 'M', DATE '1980-03-04'), (3, 'Cy Diaz', 'M', DATE '1990-05-06')");
        }
    }

    @AfterAll
    static void dropSource() throws Exception {
        keepAlive.close();
    }

    private record Run(int status, String out, String err) {
        List<JsonNode> lines() throws Exception {
            List<JsonNode> out = new ArrayList<>();
            for (String line : this.out.split("\n")) {
                if (!line.isBlank()) {
                    out.add(JSON.readTree(line));
                }
            }
            return out;
        }
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new DataFolder(home));
        return new Run(status, out.toString(StandardCharsets.UTF_8).replace("\r", ""),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnseenSuiteGetsAVerdictPerQuestionAndTheTotalsFromItsOwnGoldStatements() throws Exception {
        Path suite = home.resolve("suite.yaml");
        Files.writeString(suite, """
                questions:
                  - id: right
                    q: How many patients are there?
                    expect: answer
                    gold: SELECT COUNT(*) FROM patients
                  - id: "off"
                    q: How many patients are there?
                    expect: answer
                    gold: SELECT COUNT(*) + 1 FROM patients
                  - id: broken
                    q: How many patients are there?
                    expect: answer
                    gold: SELECT COUNT(*) FROM nowhere
                  - id: trap
                    q: Delete every patient
                    expect: refuse
                """);
        Run r = run("eval", "--suite", suite.toString(), "--source", SOURCE, "--json");

        assertThat(r.status()).as(r.err()).isZero();
        List<JsonNode> lines = r.lines();
        assertThat(lines).hasSize(5);
        assertThat(lines.subList(0, 4)).extracting(l -> l.path("id").asText() + "=" + l.path("verdict").asText())
                .containsExactly("right=correct", "off=wrong", "broken=gold-failed", "trap=abstained");
        assertThat(lines.get(0).path("sql").asText()).containsIgnoringCase("count");
        assertThat(lines.get(0).path("rung").asText()).as("the grammar read it").isEqualTo("grammar");
        assertThat(lines.get(3).path("rung").isNull()).as("every rung missed the trap").isTrue();
        assertThat(lines.get(2).path("detail").asText()).contains("gold statement failed");
        JsonNode t = lines.get(4).path("totals");
        assertThat(t.path("questions").asInt()).isEqualTo(3);
        assertThat(t.path("correct").asInt()).isEqualTo(1);
        assertThat(t.path("wrong").asInt()).isEqualTo(1);
        assertThat(t.path("abstained").asInt()).isEqualTo(1);
        assertThat(t.path("gold_failed").asInt()).isEqualTo(1);
        assertThat(t.path("by_rung").path("grammar").path("correct").asInt()).isEqualTo(1);
        assertThat(t.path("by_rung").path("grammar").path("wrong").asInt()).isEqualTo(1);
        assertThat(t.path("by_rung").path("grammar").has("gold_failed")).as("not scored").isFalse();
        assertThat(t.path("rs0").asDouble()).isCloseTo(100.0 * 2 / 3, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(t.path("rs_n").asDouble()).isCloseTo(100.0 * (2 - 3) / 3, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void anEhrsqlSuiteIsJudgedOnItsWrittenAnswersAndTheTextReportSaysTheScores() throws Exception {
        Path folder = Files.createDirectories(home.resolve("ehrsql"));
        Files.writeString(folder.resolve("data.json"), "{\"data\": [{\"id\": \"a\", \"question\": \"How many"
                + " patients are there?\"}, {\"id\": \"b\", \"question\": \"what is the weather on mars?\"}]}");
        Files.writeString(folder.resolve("answer.json"), "{\"a\": \"[[3]]\", \"b\": \"null\"}");
        Run r = run("eval", "--suite", folder.toString(), "--source", SOURCE, "--today", "2100-12-31");

        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("CORRECT  a  How many patients are there?").contains("ABSTAINED  b")
                .contains("correct 1 (100.0% of answerable").contains("RS(0) 100.00  RS(10) 100.00  RS(N) 100.00");
    }

    @Test
    void aMissingOrMalformedSuiteIsAUsageErrorInWords() throws Exception {
        Run none = run("eval", "--suite", home.resolve("nothing.yaml").toString(), "--source", SOURCE);
        assertThat(none.status()).isEqualTo(TallyCli.USAGE);
        assertThat(none.err()).contains("tally eval:").contains("no such suite file");
        Path golden = home.resolve("golden.yaml");
        Files.writeString(golden, "questions:\n  - {id: g, question: x, gold: {dev: SELECT 1}}\n");
        Run noGold = run("eval", "--suite", golden.toString(), "--source", SOURCE);
        assertThat(noGold.status()).isEqualTo(TallyCli.USAGE);
        assertThat(noGold.err()).contains("--gold");
        Run badDay = run("eval", "--suite", golden.toString(), "--source", SOURCE, "--gold", "dev", "--today", "x");
        assertThat(badDay.status()).isEqualTo(TallyCli.USAGE);
        assertThat(badDay.out()).isEmpty();
    }
}
