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
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.models.llama.GgufWriter;

/**
 * {@code ask --planner-model FILE}: the planner rung on a self-written tiny GGUF. A question the grammar reads never
 * reaches the planner; one it cannot read shows the planner in its path with the outcome, the attempt count and the
 * time; a file the manifest does not vouch for is refused with the reason.
 */
class AskPlannerTest {

    @TempDir
    static Path dir;
    static Path model;
    static String source;

    @BeforeAll
    static void tinyModelAndClinic() throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        model = GgufWriter.write(models.resolve("tiny-planner.gguf"), GgufWriter.Shape.tiny(), 11);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(model)));
        Files.writeString(models.resolve("SHA256SUMS"), sha + "  tiny-planner.gguf\n");
        source = "jdbc:h2:file:" + dir.resolve("clinic").toAbsolutePath();
        try (Connection c = DriverManager.getConnection(source); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'F', DATE '1991-02-02'),"
                    + " (3, 'M', DATE '1950-03-03')");
            s.execute("INSERT INTO deliveries VALUES (1, 1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', TIMESTAMP '2026-10-10 16:00:00')");
        }
    }

    private record Run(int code, List<JsonNode> answers, String err) {
    }

    private static Run ask(String stdin, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new DataFolder(dir.resolve("home")));
        List<JsonNode> answers = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                answers.add(new ObjectMapper().readTree(line)); // standard output holds JSON only
            }
        }
        return new Run(code, answers, err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> rungs(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.path("path").forEach(p -> out.add(p.path("rung").asText()));
        return out;
    }

    @Test
    void thePlannerTakesOnlyWhatTheGrammarMissesAndShowsItsAttemptsAndTime() throws Exception {
        Run r = ask("How many patients are there?\nwhat's the split of our patients, roughly?\n", "ask",
                "--source", source, "--jsonl", "--planner-model", model.toString(), "--planner-deadline-ms", "15000");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.answers()).hasSize(2);

        JsonNode grammar = r.answers().get(0);
        assertThat(grammar.path("status").asText()).as(grammar.toString()).isEqualTo("answered");
        assertThat(rungs(grammar)).contains("grammar").doesNotContain("planner");
        assertThat(grammar.has("model")).isFalse();

        JsonNode planned = r.answers().get(1);
        List<String> rungs = rungs(planned);
        assertThat(rungs).contains("grammar", "generate", "planner");
        JsonNode planner = planned.path("path").get(rungs.lastIndexOf("planner"));
        assertThat(planner.path("outcome").asText()).isIn("ok", "miss", "clarify", "error");
        assertThat(planner.path("attempts").asInt()).isBetween(1, 2);
        assertThat(planner.has("ms")).isTrue();
        if (planned.path("status").asText().equals("answered")) {
            assertThat(planned.path("model").path("name").asText()).isEqualTo("tiny-planner");
            assertThat(planned.path("model").path("sha256").asText()).hasSize(64);
        }
    }

    @Test
    void aModelFileNobodyVouchedForIsRefusedWithTheReason() throws Exception {
        Path stray = Files.copy(model, dir.resolve("stray.gguf"));
        Run r = ask("", "ask", "--source", source, "--planner-model", stray.toString(), "How many patients?");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.answers()).isEmpty();
        assertThat(r.err()).contains("not listed in the SHA256SUMS");
        Run zero = ask("", "ask", "--source", source, "--planner-deadline-ms", "0", "How many patients?");
        assertThat(zero.code()).isEqualTo(2);
        assertThat(zero.answers()).isEmpty();
        assertThat(zero.err()).contains("tally ask: --planner-deadline-ms must be a positive number");
    }

    @Test
    void withoutAModelTheLadderIsTheGrammarsAsBefore() throws Exception {
        Run r = ask("what's the split of our patients, roughly?\n", "ask", "--source", source, "--jsonl");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(rungs(r.answers().get(0))).doesNotContain("planner", "generate");
        assertThat(r.answers().get(0).path("status").asText()).isEqualTo("refused");
    }

    @Test
    void evalWithThePlannerSaysWhichRungDecidedEachQuestionAndCountsEachRungsVerdicts() throws Exception {
        Path suite = Files.createDirectories(dir.resolve("ehrsql-suite"));
        Files.writeString(suite.resolve("data.json"), "{\"data\": [{\"id\": \"g\", \"question\": \"How many"
                + " patients are there?\"}, {\"id\": \"p\", \"question\": \"what's the split of our patients,"
                + " roughly?\"}]}");
        Files.writeString(suite.resolve("answer.json"), "{\"g\": \"[[3]]\", \"p\": \"null\"}");
        Run r = ask("", "eval", "--suite", suite.toString(), "--source", source, "--json", "--planner-model",
                model.toString(), "--planner-deadline-ms", "15000");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.answers()).hasSize(3);
        JsonNode grammar = r.answers().get(0);
        assertThat(grammar.path("verdict").asText()).isEqualTo("correct");
        assertThat(grammar.path("rung").asText()).isEqualTo("grammar");
        JsonNode planned = r.answers().get(1);
        // the tiny model writes noise: the planner may miss (no rung decided) or decide; the line says which
        boolean refused = planned.path("status").asText().equals("refused");
        assertThat(planned.path("rung").isNull()).as(planned.toString()).isEqualTo(refused);
        if (!refused) {
            assertThat(planned.path("rung").asText()).isEqualTo("planner");
        }
        JsonNode byRung = r.answers().get(2).path("totals").path("by_rung");
        assertThat(byRung.path("grammar").path("correct").asInt()).isEqualTo(1);
        assertThat(byRung.has("planner")).isEqualTo(!refused);
    }

    @Test
    void evalRefusesAModelFileNobodyVouchedForBeforeAskingAnything() throws Exception {
        Path stray = dir.resolve("stray-eval.gguf");
        Files.copy(model, stray);
        Path suite = Files.createDirectories(dir.resolve("ehrsql-stray"));
        Files.writeString(suite.resolve("data.json"), "{\"data\": [{\"id\": \"g\", \"question\": \"How many"
                + " patients are there?\"}]}");
        Files.writeString(suite.resolve("answer.json"), "{\"g\": \"[[3]]\"}");
        Run r = ask("", "eval", "--suite", suite.toString(), "--source", source, "--planner-model", stray.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("not listed in the SHA256SUMS");
        Run zero = ask("", "eval", "--suite", suite.toString(), "--source", source, "--planner-deadline-ms", "0");
        assertThat(zero.code()).isEqualTo(2);
        assertThat(zero.err()).contains("--planner-deadline-ms");
    }
}
