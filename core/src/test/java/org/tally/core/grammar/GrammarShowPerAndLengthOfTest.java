package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/** "Show X per month" asks for monthly counts; "the length of an X" reads past the article. */
class GrammarShowPerAndLengthOfTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());

    @Test
    void showPerMonthIsATrendOfCounts() {
        QuerySpec s = GrammarTest.parsed(DEV, "Show admissions per month this year");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.shape()).isEqualTo(Shape.TREND);
        assertThat(s.measures()).containsExactly(Measure.count());
        assertThat(s.timeScope().bucket()).isEqualTo(Bucket.MONTH);
        assertThat(s.provenance().rule()).isEqualTo("count.show-per");
        // a plain show is still a list
        assertThat(GrammarTest.parsed(DEV, "Show admissions this year").shape()).isEqualTo(Shape.LIST);
    }

    @Test
    void theLengthOfAnXIsItsDuration() {
        QuerySpec s = GrammarTest.parsed(DEV, "What was the average length of an admission last month, in hours?");
        assertThat(s.subject()).isEqualTo("Admission");
        Measure.Aggregate m = (Measure.Aggregate) s.measures().get(0);
        assertThat(m.function()).isEqualTo(Aggregation.AVG);
        assertThat(((DurationRef) m.of()).unit()).isEqualTo(DurationUnit.HOURS);
        assertThat(GrammarTest.parsed(DEV, "What was the average length of a stay last month?").measures())
                .isEqualTo(s.measures().stream().map(x -> Measure.of(Aggregation.AVG, DurationRef.of(
                        ((DurationRef) m.of()).start(), ((DurationRef) m.of()).end(), DurationUnit.DAYS,
                        ((DurationRef) m.of()).mode()))).toList());
    }
}
