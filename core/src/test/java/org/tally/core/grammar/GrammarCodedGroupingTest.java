package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;

/**
 * "by acuity", "by gender" on a source that keeps the thing as a code: the one column named by the phrase and the
 * word "code" is the grouping, when no column or concept is named by the phrase itself.
 */
class GrammarCodedGroupingTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null).col("Patient", CODE, "gender code", null, "1", "2");
        v.col("EmergencyVisit", PRIMARY_KEY, "attendance id", null)
                .col("EmergencyVisit", START_TIME, "arrival date time", null)
                .col("EmergencyVisit", PRIORITY, "acuity code", null, "1", "2", "3")
                .ref("EmergencyVisit", "Patient");
        return v;
    }

    @Test
    void aPhraseAndTheWordCodeNameTheGroupingColumn() {
        Grammar g = Fixtures.grammar(vocabulary());
        assertThat(parsed(g, "how many emergency visits were there by acuity last month").dimensions())
                .containsExactly(Dimension.of(ColumnRef.of("EmergencyVisit", PRIORITY)));
        assertThat(parsed(g, "how many patients are there by gender").dimensions())
                .containsExactly(Dimension.of(ColumnRef.of("Patient", CODE)));
    }
}
