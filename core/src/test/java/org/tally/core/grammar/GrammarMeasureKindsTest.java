package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * Lab results of many tests in one value column: averaging the column over every test adds different units, so the
 * question must name the test or group by it; a concept with one value column per sign is not affected.
 */
class GrammarMeasureKindsTest {

    private static FixtureVocabulary longForm() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("LabTest", PRIMARY_KEY, "test id", null).col("LabTest", NAME, "test name", null, "Haemoglobin",
                "Potassium");
        v.col("LabResult", PRIMARY_KEY, "result id", null).col("LabResult", EVENT_TIME, "resulted at", null)
                .col("LabResult", MEASURE, "value numeric", null)
                .col("LabResult", FLAG, "is abnormal", null, "true", "false").ref("LabResult", "LabTest");
        return v;
    }

    private static final Grammar LONG = Fixtures.grammar(longForm());

    @Test
    void anAverageOverEveryKindOfMeasurementMisses() {
        assertThat(miss(LONG, "what is the average value")).contains("mixes different kinds");
        assertThat(miss(LONG, "what is the average value of abnormal lab results")).contains("mixes");
        assertThat(miss(LONG, "what was the average value of lab results last month")).contains("mixes");
    }

    @Test
    void oneKindNamedOrAGroupingByKindAnswers() {
        QuerySpec one = parsed(LONG, "what is the average value of haemoglobin lab results");
        assertThat(one.filters()).hasSize(1);
        QuerySpec byTest = parsed(LONG, "what is the average value of lab results by lab test");
        assertThat(byTest.shape()).isEqualTo(Shape.GROUPED);
    }

    @Test
    void oneValueColumnPerSignIsItsOwnKind() {
        FixtureVocabulary wide = new FixtureVocabulary();
        wide.col("VitalSign", PRIMARY_KEY, "obs id", null).col("VitalSign", EVENT_TIME, "taken at", null)
                .col("VitalSign", MEASURE, "pulse", "pulse").col("VitalSign", MEASURE, "systolic", "systolic");
        QuerySpec s = parsed(Fixtures.grammar(wide), "what was the average pulse last month");
        assertThat(s.subject()).isEqualTo("VitalSign");
    }
}
