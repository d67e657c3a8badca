package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;

/**
 * Admissions with a status column that spells 'discharged' beside their discharge time: "discharges in 2025", read
 * as admissions whose status is discharged, could be the year's discharges or the discharged admissions that began in
 * 2025, so without a verb it misses; "admissions discharged in 2025" names the time and reads.
 */
class GrammarEndNamedValueTest {

    private static Grammar grammar() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("Admission", PRIMARY_KEY, "admission id", null).col("Admission", START_TIME, "admitted at", null)
                .col("Admission", END_TIME, "discharged at", null)
                .col("Admission", STATUS, "status", null, "active", "discharged", "cancelled")
                .ref("Admission", "Patient");
        return Fixtures.grammar(v);
    }

    @Test
    void aValueNamingTheEndWithATimeButNoVerbMisses() {
        assertThat(miss(grammar(), "how many discharges were there in 2025")).contains("discharged")
                .contains("say which time");
        // the verb before the subject names the time itself
        assertThat(parsed(grammar(), "how many discharged admissions were there in 2025").timeScope().column().role())
                .isEqualTo(END_TIME);
    }

    @Test
    void theVerbSaysWhichTimeAndOtherValuesReadAsBefore() {
        assertThat(parsed(grammar(), "how many admissions were discharged in 2025").timeScope().column().role())
                .isEqualTo(END_TIME);
        assertThat(parsed(grammar(), "how many cancelled admissions were there in 2025").timeScope().column().role())
                .isEqualTo(START_TIME);
        assertThat(parsed(grammar(), "how many discharged admissions are there").filters()).hasSize(1);
    }
}
