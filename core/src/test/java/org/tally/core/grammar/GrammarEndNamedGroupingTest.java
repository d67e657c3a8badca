package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;

/**
 * "admissions by discharge destination in 2025": a grouping named after the subject's end may mean the year's
 * discharges rather than its admissions. Without a verb saying which time the period dates, the question misses.
 */
class GrammarEndNamedGroupingTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("Admission", PRIMARY_KEY, "spell id", null)
                .col("Admission", START_TIME, "admission date time", null)
                .col("Admission", END_TIME, "discharge date time", null)
                .col("Admission", CODE, "discharge destination code", "destination", "19", "54")
                .col("Admission", CODE, "admission method code", "method", "21", "11")
                .ref("Admission", "Patient");
        return v;
    }

    @Test
    void aGroupingNamedAfterTheEndNeedsTheVerb() {
        Grammar g = Fixtures.grammar(vocabulary());
        assertThat(miss(g, "how many admissions were there by discharge destination in 2025"))
                .contains("discharge destination");
        assertThat(parsed(g, "how many admissions were discharged in 2025 by discharge destination").timeScope()
                .column()).isEqualTo(ColumnRef.of("Admission", END_TIME));
        // a grouping named after the start keeps the default dating
        assertThat(parsed(g, "how many admissions were there by admission method in 2025").timeScope().column())
                .isEqualTo(ColumnRef.of("Admission", START_TIME));
    }

    @Test
    void aWordTheStartAndTheEndShareNamesTheRecordNotItsEnd() {
        // visit_start_date / visit_end_date: "visit" names the record, so a grouping by visit type is no end
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "person id", null);
        v.col("Encounter", PRIMARY_KEY, "visit occurrence id", null)
                .col("Encounter", PATIENT_REF, "person id", null)
                .col("Encounter", START_TIME, "visit start date", null)
                .col("Encounter", END_TIME, "visit end date", null)
                .col("Encounter", TYPE, "visit type", null, "9201", "9202")
                .ref("Encounter", "Patient");
        Grammar g = Fixtures.grammar(v);
        assertThat(parsed(g, "how many visits were there by visit type in 2025").timeScope().column())
                .isEqualTo(ColumnRef.of("Encounter", START_TIME));
    }
}
