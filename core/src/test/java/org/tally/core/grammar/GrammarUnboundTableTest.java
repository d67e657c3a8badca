package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;

/**
 * A source where visits and encounters are separate tables and only the encounters table holds the Encounter
 * concept: "visits" is an Encounter word of the pack, but counting encounters for it would count another table's
 * rows (several encounters per visit), so the question misses and names the table.
 */
class GrammarUnboundTableTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("Encounter", PRIMARY_KEY, "encounter id", null).col("Encounter", EVENT_TIME, "encounter datetime", null)
                .ref("Encounter", "Patient");
        return v;
    }

    @Test
    void aWordSpellingAnUnboundTableDoesNotReachAnotherTableThroughASynonym() {
        Grammar split = Fixtures.grammar(vocabulary().unbound("visit", "VISIT"));
        assertThat(miss(split, "how many visits were there last month")).contains("VISIT").contains("Encounter");
        assertThat(miss(split, "how many patients had a visit this year")).contains("VISIT");
        // the concept's own word still reads it
        assertThat(parsed(split, "how many encounters were there last month").subject()).isEqualTo("Encounter");
    }

    @Test
    void withoutSuchATableTheSynonymReadsTheConcept() {
        Grammar whole = Fixtures.grammar(vocabulary().unbound("visit type", "VISIT_TYPE"));
        assertThat(parsed(whole, "how many visits were there last month").subject()).isEqualTo("Encounter");
    }
}
