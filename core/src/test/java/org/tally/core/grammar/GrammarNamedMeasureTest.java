package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;

/**
 * An aggregate over a measure the pack has no phrase for reads the column the question spells ("the average wait
 * to be seen", its name without the unit it ends in); one word is too loose to name a column. "Time in the
 * department" of an emergency visit is its length, arrival to departure.
 */
class GrammarNamedMeasureTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("EmergencyVisit", PRIMARY_KEY, "attendance id", null)
                .col("EmergencyVisit", START_TIME, "arrival date time", null)
                .col("EmergencyVisit", END_TIME, "departure date time", null)
                .col("EmergencyVisit", QUANTITY, "wait to be seen minute", "wait")
                .col("EmergencyVisit", QUANTITY, "score", "score")
                .ref("EmergencyVisit", "Patient");
        return v;
    }

    @Test
    void aPhraseSpellingANumericColumnIsThatMeasure() {
        Grammar g = Fixtures.grammar(vocabulary());
        QuerySpec s = parsed(g, "what was the average wait to be seen last month, in minutes");
        assertThat(s.subject()).isEqualTo("EmergencyVisit");
        ColumnRef wait = new ColumnRef("EmergencyVisit", QUANTITY, "wait", null);
        assertThat(s.measures()).containsExactly(Measure.of(Aggregation.AVG, wait));
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("EmergencyVisit", START_TIME));
        // with the unit it ends in, and "for" the concept it belongs to
        assertThat(parsed(g, "what is the average wait to be seen minutes for emergency visits").measures())
                .containsExactly(Measure.of(Aggregation.AVG, wait));
    }

    @Test
    void oneWordDoesNotNameAColumn() {
        Grammar g = Fixtures.grammar(vocabulary());
        assertThat(miss(g, "what is the average score")).contains("needs a number");
    }

    @Test
    void timeInTheDepartmentIsArrivalToDeparture() {
        Grammar g = Fixtures.grammar(vocabulary());
        QuerySpec s = parsed(g, "what was the average time in the emergency department this year, in minutes");
        assertThat(s.subject()).isEqualTo("EmergencyVisit");
        DurationRef d = (DurationRef) ((Measure.Aggregate) s.measures().get(0)).of();
        assertThat(d.start()).isEqualTo(ColumnRef.of("EmergencyVisit", START_TIME));
        assertThat(d.end()).isEqualTo(ColumnRef.of("EmergencyVisit", END_TIME));
        assertThat(d.unit()).isEqualTo(DurationUnit.MINUTES);
    }
}
