package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * Rankings by a role phrase ("which 3 surgeons", "which payment method brought in the most money", "which doctors
 * were the attending doctor for the most admissions"), and subjects named by values or terms around them ("ICU beds",
 * "active doctors", "the duration of a hemicolectomy", "a prescription for a controlled drug"). Each with a miss.
 */
class GrammarRankingTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Provider", PRIMARY_KEY, "staff id", null).col("Provider", FULL_NAME, "staff name", null)
                .col("Provider", CATEGORY, "designation", null, "DR", "RN", "PHARM")
                .col("Provider", FLAG, "active yn", null, "Y", "N");
        v.col("Surgery", PRIMARY_KEY, "ot id", null).col("Surgery", START_TIME, "knife start", null)
                .col("Surgery", END_TIME, "knife end", null)
                .col("Surgery", NAME, "procedure name", null, "Hemicolectomy", "Lobectomy")
                .col("Surgery", PROVIDER_REF, "surgeon id", null).ref("Surgery", "Provider");
        v.col("Admission", PRIMARY_KEY, "adm id", null).col("Admission", START_TIME, "adm date time", null)
                .col("Admission", END_TIME, "disch date time", null)
                .col("Admission", PROVIDER_REF, "attending dr id", null).ref("Admission", "Provider");
        v.col("Payment", PRIMARY_KEY, "receipt no", null).col("Payment", EVENT_TIME, "receipt dt", null)
                .col("Payment", AMOUNT, "amount paid", null)
                .col("Payment", CATEGORY, "pay method", null, "CASH", "CARD");
        v.col("Bed", PRIMARY_KEY, "bed id", null).col("Bed", TYPE, "bed type", null, "STD", "ICU")
                .col("Bed", FLAG, "active yn", null, "Y", "N");
        v.col("IcuStay", PRIMARY_KEY, "icu stay id", null).col("IcuStay", START_TIME, "icu in", null);
        v.col("Medication", PRIMARY_KEY, "drug id", null).col("Medication", FLAG, "controlled yn", null, "Y", "N");
        v.col("Prescription", PRIMARY_KEY, "rx id", null).col("Prescription", EVENT_TIME, "rx dt", null)
                .col("Prescription", STATUS, "rx status", null, "ACTIVE", "DONE").ref("Prescription", "Medication");
        return v;
    }

    @Test
    void aRankingByARolePhraseGroupsByThatReference() {
        QuerySpec s = parsed(G, "which 3 surgeons have performed the most operations");
        assertThat(s.shape()).isEqualTo(Shape.TOP_N);
        assertThat(s.subject()).isEqualTo("Surgery");
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Surgery", PROVIDER_REF)));
        assertThat(s.limit()).isEqualTo(3);
        assertThat(miss(G, "which 3 anaesthetists have performed the most operations")).isNotBlank();
    }

    @Test
    void theMostMoneyRanksBySumOfTheAmount() {
        QuerySpec s = parsed(G, "which payment method brought in the most money this year");
        assertThat(s.subject()).isEqualTo("Payment");
        assertThat(s.measures()).containsExactly(Measure.of(Aggregation.SUM, ColumnRef.of("Payment", AMOUNT)));
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Payment", CATEGORY)));
        assertThat(miss(G, "which payment method brought in the most happiness")).isNotBlank();
    }

    @Test
    void whichKindWasTheRoleForTheMostFiltersTheReferencedRowsToThatKind() {
        QuerySpec s = parsed(G, "which 3 doctors were the attending doctor for the most admissions this year");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Admission", PROVIDER_REF)));
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Provider", CATEGORY), Literal.of("DR")));
        QuerySpec nurses = parsed(G, "which 3 nurses were the attending doctor for the most admissions");
        assertThat(nurses.filters()).containsExactly(Filter.eq(ColumnRef.of("Provider", CATEGORY), Literal.of("RN")));
        assertThat(miss(G, "which 3 beds were the attending doctor for the most admissions")).contains("beds");
    }

    @Test
    void aTermThatIsARecordedValueOfTheNextTermsConceptIsAValue() {
        QuerySpec s = parsed(G, "are there any icu beds out of service");
        assertThat(s.subject()).isEqualTo("Bed");
        assertThat(s.filters()).contains(Filter.eq(ColumnRef.of("Bed", TYPE), Literal.of("ICU")));
        assertThat(parsed(G, "how many icu stays are there").subject()).isEqualTo("IcuStay");
    }

    @Test
    void valueWordsAgreeOnTheOneConceptTheyAllDescribe() {
        QuerySpec s = parsed(G, "which active doctors are there");
        assertThat(s.subject()).isEqualTo("Provider");
        assertThat(s.filters()).containsExactlyInAnyOrder(Filter.eq(ColumnRef.of("Provider", CATEGORY),
                Literal.of("DR")), new Filter.IsTrue(ColumnRef.of("Provider", FLAG)));
        assertThat(parsed(G, "which active prescriptions are there").subject()).isEqualTo("Prescription");
    }

    @Test
    void theDurationOfARecordedValueIsEndMinusStartOfItsConcept() {
        QuerySpec s = parsed(G, "what is the average duration of a hemicolectomy, in minutes");
        assertThat(s.subject()).isEqualTo("Surgery");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Surgery", NAME), Literal.of("Hemicolectomy")));
        assertThat(((DurationRef) ((Measure.Aggregate) s.measures().get(0)).of()).unit())
                .isEqualTo(org.tally.core.spec.DurationUnit.MINUTES);
        assertThat(miss(G, "what is the average duration of a heart transplant")).isNotBlank();
    }

    @Test
    void aPredicateAfterAPrepositionMayDescribeAConceptTheSubjectRefersTo() {
        QuerySpec s = parsed(G, "is there any active prescription for a controlled drug");
        assertThat(s.filters()).contains(new Filter.IsTrue(ColumnRef.of("Medication", FLAG)));
        assertThat(miss(G, "is there any controlled prescription")).contains("controlled");
    }
}
