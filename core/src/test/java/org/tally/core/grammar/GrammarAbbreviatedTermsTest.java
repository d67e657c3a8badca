package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.QuerySpec;

/**
 * A concept term of several words may use an abbreviation of the pack ("ED attendances"): spelled out it is a term
 * ("emergency attendances"), as the abbreviations in table names are spelled out. A single word is left alone.
 */
class GrammarAbbreviatedTermsTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("EmergencyVisit", PRIMARY_KEY, "attendance id", null)
                .col("EmergencyVisit", START_TIME, "arrival date time", null)
                .col("EmergencyVisit", END_TIME, "departure date time", null)
                .ref("EmergencyVisit", "Patient");
        return v;
    }

    @Test
    void anAbbreviationInsideATermIsSpelledOut() {
        Grammar g = Fixtures.grammar(vocabulary());
        QuerySpec ed = parsed(g, "how many ED attendances were there last month");
        assertThat(ed.subject()).isEqualTo("EmergencyVisit");
        assertThat(ed.timeScope().column()).isEqualTo(ColumnRef.of("EmergencyVisit", START_TIME));
        // the spelling the pack already knows reads the same
        assertThat(parsed(g, "how many emergency attendances were there last month")).isEqualTo(ed);
    }
}
