package org.tally.acceptance.ehrsql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;

/**
 * EHRSQL-2024 valid (1,163 questions by real analysts, on a schema nobody here wrote) through {@code tally eval} on
 * the MIMIC-IV demo in the embedded PostgreSQL, one engine for every question, "now" at the task's 2100-12-31. The
 * bar is the product's rule: no wrong answer and no answer to an unanswerable question; the count of right answers
 * has a floor that only rises. Every verdict is kept in {@code target/ehrsql/valid.jsonl} for reading.
 */
class EhrsqlValidTest {

    private static final Path REPORT = Path.of("target", "ehrsql");

    @Test
    void noWrongAnswerAndNoUnanswerableQuestionAnsweredOnValid() throws Exception {
        DataFolder data = new DataFolder(Files.createTempDirectory("tally-ehrsql-valid"));
        String source = MimicDemo.postgres();
        TallyRun.Result run = TallyRun.run(data, "", "eval", "--suite", MimicDemo.EHRSQL.resolve("valid").toString(),
                "--source", source, "--today", "2100-12-31", "--json");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<JsonNode> lines = run.answers();
        JsonNode totals = lines.get(lines.size() - 1).path("totals");
        List<JsonNode> verdicts = new ArrayList<>(lines.subList(0, lines.size() - 1));
        Files.createDirectories(REPORT);
        Files.writeString(REPORT.resolve("valid.jsonl"), run.stdout(), StandardCharsets.UTF_8);
        String summary = String.format("EHRSQL-2024 valid on the MIMIC-IV demo (PostgreSQL): %s%n", totals);
        Files.writeString(REPORT.resolve("valid.txt"), summary, StandardCharsets.UTF_8);
        System.err.print(summary);

        assertThat(verdicts).as("one verdict per question").hasSize(totals.path("questions").asInt()
                + totals.path("gold_failed").asInt());
        assertThat(totals.path("questions").asInt()).isEqualTo(1163);
        assertThat(totals.path("gold_failed").asInt()).as("the answers are written in the suite").isZero();
        assertThat(verdicts.stream().filter(v -> v.path("verdict").asText().equals("wrong")).map(JsonNode::toString))
                .as("wrong answers").isEmpty();
        assertThat(verdicts.stream().filter(v -> v.path("verdict").asText().equals("answered-unanswerable"))
                .map(JsonNode::toString)).as("unanswerable questions answered").isEmpty();
        assertThat(totals.path("correct").asInt()).as("right answers (floor in ehrsql/floor.properties)")
                .isGreaterThanOrEqualTo(floor("valid-correct"));
    }

    private static int floor(String key) throws IOException {
        Properties p = new Properties();
        try (InputStream in = EhrsqlValidTest.class.getResourceAsStream("/ehrsql/floor.properties")) {
            p.load(in);
        }
        return Integer.parseInt(p.getProperty(key).strip());
    }
}
