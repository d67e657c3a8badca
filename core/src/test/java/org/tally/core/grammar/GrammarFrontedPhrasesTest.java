package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.parsed;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;

/** A phrase put first is read where it usually stands, only when every place it could stand reads the same. */
class GrammarFrontedPhrasesTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());

    private static QuerySpec meaning(Grammar g, String q) {
        return parsed(g, q).withProvenance(Provenance.NONE);
    }

    @Test
    void aFrontedTimeOrGroupingPhraseReadsAsAfterTheQuestion() {
        for (Grammar g : List.of(DEV, ALT)) {
            assertThat(meaning(g, "Last month, how many admissions were there?"))
                    .isEqualTo(meaning(g, "how many admissions were there last month"));
            assertThat(meaning(g, "By ward, how many admissions were there last month?"))
                    .isEqualTo(meaning(g, "how many admissions were there last month by ward"));
            assertThat(meaning(g, "This year: which 3 wards had the most admissions?"))
                    .isEqualTo(meaning(g, "which 3 wards had the most admissions this year"));
        }
    }

    @Test
    void ofTheNpReadsAfterTheLead() {
        assertThat(FrontedPhrases.reordered("Of the appointments booked last month, what percentage were no-shows?"))
                .contains("what percentage of the appointments booked last month were no-shows");
        assertThat(FrontedPhrases.reordered("Of all the wards, which 3 have the most admissions?"))
                .contains("which 3 wards have the most admissions");
        assertThat(FrontedPhrases.reordered("In which ward is bed LS-004?")).contains("which ward is bed LS-004 In");
        assertThat(FrontedPhrases.reordered("The Cardiac ICU: what is its bed capacity?"))
                .contains("what is the bed capacity of The Cardiac ICU");
    }

    @Test
    void everyPlaceTheFrontedPhraseCouldStandIsTried() {
        assertThat(FrontedPhrases.placements("Last month, how many admissions were there?")).containsExactly(
                "how many admissions were there Last month", "how many admissions were Last month there",
                "how many admissions Last month were there", "how many Last month admissions were there",
                "how Last month many admissions were there");
        // nothing put first, or a phrase that is no time, place or grouping: nothing to move
        assertThat(FrontedPhrases.placements("How many admissions were there last month?")).isEmpty();
        assertThat(FrontedPhrases.placements("Paracetamol's unit price: set it to zero")).isEmpty();
    }

    @Test
    void whatStillCannotBeReadMisses() {
        assertThat(DEV.parse("Last week, how many were there?")).isInstanceOf(ParseOutcome.NoParse.class);
        assertThat(DEV.parse("On Tuesdays, how purple are the admissions?")).isInstanceOf(ParseOutcome.NoParse.class);
    }
}
