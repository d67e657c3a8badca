package org.tally.acceptance.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tally.core.source.DemoSchema;

/**
 * Every suggestion chip of every golden answer, on both demo schemas, asked as the next turn of the conversation it
 * was offered in: it must be answered, with the spec the chip carried (its {@code specHash}). The golden questions
 * are asked once alone to collect their chips; then one conversation asks each answered question again followed by
 * one of its chips, for every chip.
 */
class GoldenChipsTest {

    private static GoldenSuite suite;

    @BeforeAll
    static void load() {
        suite = GoldenSuite.loadAll(GoldenSuiteTest.SUITE_FILES);
    }

    private record Chip(String question, String label, String asked, String specHash) {
    }

    @ParameterizedTest
    @EnumSource(DemoSchema.class)
    void everyChipOfEveryGoldenAnswerAnswersWithTheSpecItCarries(DemoSchema schema) {
        List<String> questions = new ArrayList<>();
        suite.questions().forEach(q -> questions.add(q.question()));
        String[] ask = {"ask", "--source", schema.sourceName(), "--today", suite.today(), "--jsonl"};
        TallyRun.Result alone = TallyRun.askJsonl(questions, ask);
        assertThat(alone.exitCode()).as(alone.stderr()).isZero();

        List<Chip> chips = new ArrayList<>();
        List<String> turns = new ArrayList<>();
        for (JsonNode answer : alone.answers()) {
            assertThat(answer.has("suggestions")).as(answer.path("question").asText()).isTrue();
            assertThat(answer.path("suggestions").size()).isLessThanOrEqualTo(4);
            if (!answer.path("status").asText().equals("answered")) {
                assertThat(answer.path("suggestions").size()).as("a refusal offers questions of their own")
                        .isLessThanOrEqualTo(4);
                continue;
            }
            for (JsonNode chip : answer.path("suggestions")) {
                chips.add(new Chip(answer.path("question").asText(), chip.path("label").asText(),
                        chip.path("question").asText(), chip.path("specHash").asText()));
                turns.add(answer.path("question").asText());
                turns.add(chip.path("question").asText());
            }
        }
        assertThat(chips).as("chips offered on " + schema.sourceName()).hasSizeGreaterThan(questions.size());

        String[] converse = {"ask", "--source", schema.sourceName(), "--today", suite.today(), "--jsonl",
            "--conversation"};
        TallyRun.Result walked = TallyRun.askJsonl(turns, converse);
        assertThat(walked.exitCode()).as(walked.stderr()).isZero();
        assertThat(walked.answers()).hasSize(turns.size());
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < chips.size(); i++) {
            Chip chip = chips.get(i);
            JsonNode again = walked.answers().get(2 * i);
            JsonNode followed = walked.answers().get(2 * i + 1);
            if (!again.path("status").asText().equals("answered")) {
                failed.add(chip.question() + ": asked again, " + again.path("status").asText());
            } else if (!followed.path("status").asText().equals("answered")) {
                failed.add(chip.question() + " → \"" + chip.asked() + "\": " + followed.path("status").asText() + " "
                        + followed.path("message").asText());
            } else if (!followed.path("specHash").asText().equals(chip.specHash())) {
                failed.add(chip.question() + " → \"" + chip.asked() + "\": answered another spec than the chip's");
            } else if (followed.path("focus").isNull()) {
                failed.add(chip.question() + " → \"" + chip.asked() + "\": not read as a follow-up");
            }
        }
        assertThat(failed).as("chips that do not answer with their spec on " + schema.sourceName()).isEmpty();
    }
}
