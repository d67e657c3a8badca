package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/** Sums named by a time verb, "show the number of", "in each X", "tomorrow" and "still". */
class GrammarCountPhrasesTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());
    private static final Grammar MADE_UP = Fixtures.grammar(Fixtures.madeUp());

    private static Measure.Aggregate aggregate(QuerySpec s) {
        return (Measure.Aggregate) s.measures().get(0);
    }

    @Test
    void totalAmountOfAVerbIsTheSumOfItsConceptsAmount() {
        for (Grammar g : List.of(DEV, ALT, MADE_UP)) {
            QuerySpec s = parsed(g, "what was the total amount billed last month");
            assertThat(s.subject()).isEqualTo("Bill");
            assertThat(aggregate(s).function()).isEqualTo(Aggregation.SUM);
            assertThat(aggregate(s).of()).isEqualTo(ColumnRef.of("Bill", ColumnRole.AMOUNT));
            assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Bill", ColumnRole.EVENT_TIME));
            assertThat(s.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2026, 10, 1)));
        }
        // admissions have a time verb but no amount: nothing to sum
        assertThat(miss(DEV, "what was the total amount admitted last month")).contains("amount");
    }

    @Test
    void howMuchWasVerbedInNounSumsTheNounsAmount() {
        QuerySpec s = parsed(DEV, "how much was billed in bills per month this year");
        assertThat(s.shape()).isEqualTo(Shape.TREND);
        assertThat(aggregate(s).of()).isEqualTo(ColumnRef.of("Bill", ColumnRole.AMOUNT));
        assertThat(s.timeScope().bucket()).isEqualTo(Bucket.MONTH);
        assertThat(miss(DEV, "how much was billed")).contains("billed");
        // the verb must name the time of the concept that follows it
        assertThat(miss(DEV, "how much was admitted in bills")).contains("admitted");
        // a plain 'how much' with no verb is no rule at all
        assertThat(DEV.parse("how much is the parking")).isInstanceOf(ParseOutcome.NoParse.class);
    }

    @Test
    void showTheNumberOfCounts() {
        QuerySpec s = parsed(DEV, "show the number of admissions per month last quarter");
        assertThat(s.measures()).containsExactly(Measure.count());
        assertThat(s.shape()).isEqualTo(Shape.TREND);
        assertThat(miss(DEV, "show the number of parking spaces")).isNotBlank();
    }

    @Test
    void inEachAndEachGroup() {
        Dimension byWard = parsed(DEV, "how many admissions by ward").dimensions().get(0);
        assertThat(parsed(DEV, "how many admissions were there in each ward").dimensions()).containsExactly(byWard);
        assertThat(parsed(DEV, "how many admissions does each ward have").dimensions()).containsExactly(byWard);
        assertThat(miss(DEV, "how many admissions in each colour")).contains("colour");
        assertThat(miss(DEV, "how many admissions does each colour have")).contains("colour");
    }

    @Test
    void tomorrowAndStill() {
        QuerySpec s = parsed(MADE_UP, "how many appointments tomorrow");
        assertThat(s.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2026, 11, 30)));
        assertThat(s.timeScope().to()).isEqualTo(Literal.of(LocalDate.of(2026, 12, 1)));
        assertThat(parsed(DEV, "how many lab orders are still pending").filters())
                .isEqualTo(parsed(DEV, "how many lab orders are pending").filters()).hasSize(1);
        assertThat(miss(DEV, "how many lab orders are still purple")).contains("purple");
    }

    @Test
    void aTermNamingTheSubjectAgainAddsNothing() {
        QuerySpec rate = parsed(DEV, "what percentage of admissions this year were emergency admissions");
        assertThat(rate.shape()).isEqualTo(Shape.RATE);
        assertThat(((Measure.Rate) rate.measures().get(0)).numerator()).hasSize(1);
        QuerySpec stays = parsed(DEV, "what was the average length of stay in days of stays discharged last month");
        assertThat(stays.subject()).isEqualTo("Admission");
        assertThat(stays.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.END_TIME));
        // a term naming another concept is not a restatement
        assertThat(miss(DEV, "how many admissions were emergency bills")).contains("bills");
    }

    @Test
    void inServiceIsAConditionNotAPlace() {
        FixtureVocabulary v = Fixtures.dev();
        v.col("Bed", ColumnRole.FLAG, "is active", null, "true", "false");
        Grammar withFlag = Fixtures.grammar(v);
        assertThat(parsed(withFlag, "how many beds are out of service").filters()).hasSize(1);
        QuerySpec byWard = parsed(withFlag, "how many beds in service does each ward have");
        assertThat(byWard.filters()).hasSize(1);
        assertThat(byWard.dimensions()).hasSize(1);
        assertThat(parsed(withFlag, "how many beds are out of service").filters())
                .isNotEqualTo(byWard.filters());
        // no flag that says so: the condition cannot be checked, and it is never read as a ward called 'service'
        assertThat(miss(DEV, "how many beds are in service")).contains("cannot be checked");
    }

    @Test
    void wereThereAnyAsksWhetherAnyExist() {
        QuerySpec s = parsed(DEV, "were there any critical lab results this month");
        assertThat(s.shape()).isEqualTo(Shape.EXISTS);
        assertThat(s.filters()).hasSize(1);
        assertThat(parsed(DEV, "was there any admission yesterday").shape()).isEqualTo(Shape.EXISTS);
        assertThat(miss(DEV, "were there any purple lab results")).contains("purple");
    }

    @Test
    void acrossTheSubjectRestatesIt() {
        QuerySpec s = parsed(DEV, "what was the average length of stay across all admissions last month");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.filters()).isEmpty();
        assertThat(miss(DEV, "what was the average length of stay across all bills")).contains("across");
    }

    @Test
    void payerNamesTheBillsPayerColumnWhateverItsName() {
        FixtureVocabulary v = Fixtures.alt();
        v.col("Bill", ColumnRole.TYPE, "payer type", null, "SELF", "INS", "GOVT");
        QuerySpec s = parsed(Fixtures.grammar(v), "what was the total amount billed this year by payer");
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Bill", ColumnRole.TYPE)));
        assertThat(miss(ALT, "what was the total amount billed this year by payer")).contains("payer");
    }
}
