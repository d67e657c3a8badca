package org.tally.ui.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.ModelStamp;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;

/** An answer a local model read is visibly the model's: its chip names the model and the time, and a note says so. */
class PlannerCardTest {

    private static Answer answer(ModelStamp model) {
        List<PathStep> path = List.of(new PathStep("grammar", Outcome.MISS, "no rule matches", 3),
                new PathStep("generate", Outcome.OK, "attempt 1", 2700),
                new PathStep("planner", Outcome.OK, null, 2800, 1));
        Answer a = new Answer("c-sections in october?", AnswerStatus.ANSWERED, List.of("deliveries"),
                List.of(List.of(2L)), "SELECT 2", "Counted deliveries", path, "tally-c1:ab", null, null)
                .withReadAs("How many caesarean deliveries were there in October 2026?");
        return model == null ? a : a.withModel(model);
    }

    @Test
    void aModelReadingNamesTheModelOnItsChipAndCarriesTheNote() {
        AnswerCardModel card = AnswerCardModel.of(answer(new ModelStamp("Qwen2.5-1.5B", "ab".repeat(32))), List.of());
        assertThat(card.chips()).extracting(ChipModel::label).containsExactly("Grammar ✗", "Generate ✓",
                "Planner ✓ · Qwen2.5-1.5B · 2.8 s");
        assertThat(card.modelNote()).isEqualTo("model-read — check the reading");
        assertThat(card.readAs()).isEqualTo("Read as: How many caesarean deliveries were there in October 2026?");
    }

    @Test
    void theGrammarsAnswerHasNoModelNote() {
        AnswerCardModel card = AnswerCardModel.of(answer(null), List.of());
        assertThat(card.modelNote()).isNull();
        assertThat(card.chips()).extracting(ChipModel::label).contains("Planner ✓");
    }
}
