package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;

/** Verbs naming a time column, "which N X had the most Y", and a class phrase that is also a recorded value. */
class GrammarTimeVerbsTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());
    private static final Grammar MADE_UP = Fixtures.grammar(Fixtures.madeUp());

    @Test
    void aVerbPicksTheTimeColumnItNames() {
        for (Grammar g : List.of(DEV, ALT, MADE_UP)) {
            QuerySpec discharged = parsed(g, "how many admissions were discharged last month");
            assertThat(discharged.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.END_TIME));
            assertThat(discharged.filters()).isEmpty();
            QuerySpec admitted = parsed(g, "how many admissions were admitted last month");
            assertThat(admitted.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.START_TIME));
        }
        assertThat(parsed(MADE_UP, "how many bills were issued this year").timeScope().column())
                .isEqualTo(ColumnRef.of("Bill", ColumnRole.EVENT_TIME));
    }

    @Test
    void aVerbWithoutARangeOnlyConfirmsTheSubject() {
        QuerySpec s = parsed(DEV, "how many bills were issued");
        assertThat(s.timeScope()).isNull();
        assertThat(s.filters()).isEmpty();
    }

    @Test
    void aVerbOfAnotherConceptIsNotReadAsTheSubjectsTime() {
        // "patients admitted last month" is about admissions, not about the patient table: the patients counted are
        // those with an admission that started last month, never patients registered last month
        QuerySpec admitted = parsed(DEV, "how many patients were admitted last month");
        assertThat(admitted.subject()).isEqualTo("Patient");
        assertThat(admitted.timeScope()).isNull();
        assertThat(admitted.related()).containsExactly(RelatedScope.exists("Admission",
                Filter.ge(ColumnRef.of("Admission", ColumnRole.START_TIME), Literal.of(LocalDate.of(2026, 10, 1))),
                Filter.lt(ColumnRef.of("Admission", ColumnRole.START_TIME), Literal.of(LocalDate.of(2026, 11, 1)))));
        assertThat(miss(DEV, "how many bills were discharged last month")).contains("discharged");
    }

    @Test
    void ofTwoTimesTheOneNextToTheTimePhraseTakesItAndAnEndVerbSaysTheEndHappened() {
        QuerySpec s = parsed(DEV, "how many admissions admitted last month discharged");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.START_TIME));
        assertThat(s.filters()).containsExactly(new Filter.IsNotNull(ColumnRef.of("Admission", ColumnRole.END_TIME)));
        QuerySpec d = parsed(DEV, "how many admissions admitted to the maternity ward and discharged this year");
        assertThat(d.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.END_TIME));
        assertThat(miss(DEV, "how many admissions last month admitted discharged")).contains("two different times");
    }

    @Test
    void startedAndEndedNameTheSubjectsOwnStartAndEnd() {
        assertThat(parsed(DEV, "how many admissions started last month").timeScope().column())
                .isEqualTo(ColumnRef.of("Admission", ColumnRole.START_TIME));
        assertThat(parsed(DEV, "how many admissions ended last month").timeScope().column())
                .isEqualTo(ColumnRef.of("Admission", ColumnRole.END_TIME));
        // an end verb without a period says the end happened
        assertThat(parsed(DEV, "how many admissions have ended").filters())
                .containsExactly(new Filter.IsNotNull(ColumnRef.of("Admission", ColumnRole.END_TIME)));
        // a record with no end time of its own: the verb is not read
        assertThat(miss(DEV, "how many diagnoses ended last month")).contains("ended");
    }

    @Test
    void scheduledNamesATimeNotAStatus() {
        // the made-up schema has a single appointment time: "scheduled" picks it and filters nothing
        QuerySpec s = parsed(MADE_UP, "how many appointments were scheduled last month");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Appointment", ColumnRole.START_TIME));
        assertThat(s.filters()).isEmpty();
        // two appointment times on DEV: the verb does not say which, so the grammar asks; never a status filter
        ParseOutcome o = DEV.parse("how many appointments were scheduled last month");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        assertThat(((ParseOutcome.NeedsClarification) o).slot()).startsWith("timeColumn");
    }

    @Test
    void whichNWithTheMost() {
        QuerySpec s = parsed(DEV, "which 3 wards had the most admissions this year");
        assertThat(s.shape()).isEqualTo(Shape.TOP_N);
        assertThat(s.limit()).isEqualTo(3);
        assertThat(parsed(DEV, "which ward had the most admissions this year").limit()).isEqualTo(1);
        assertThat(miss(DEV, "which 0 wards had the most admissions")).contains("out of range");
    }

    @Test
    void aVerbBeforeTheMostMustNameTheCountedSubjectsTime() {
        QuerySpec s = parsed(DEV, "which 2 wards have discharged the most admissions last month");
        assertThat(s.limit()).isEqualTo(2);
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.END_TIME));
        assertThat(miss(DEV, "which wards have issued the most admissions")).contains("issued");
    }

    @Test
    void aClassPhraseSpelledLikeOneRecordedValueAsks() {
        // 'unpaid' is both the recorded value and a class that also takes in 'partially_paid'
        ParseOutcome o = DEV.parse("how many unpaid bills");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        QuerySpec literal = ((ParseOutcome.Parsed) DEV.parse("how many unpaid bills",
                Map.of("unpaid", "'unpaid' as written"))).spec();
        assertThat(literal.filters()).containsExactly(Filter.eq(ColumnRef.of("Bill", ColumnRole.STATUS),
                Literal.of("unpaid")));
        assertThat(ALT.parse("how many unpaid bills")).isInstanceOf(ParseOutcome.NeedsClarification.class);
        // no recorded value is spelled 'outstanding': the class reading stands
        assertThat(parsed(DEV, "how many outstanding bills").filters()).hasSize(1);
    }

    @Test
    void aTimeVerbAfterARelatedConceptRestrictsThatConcept() {
        QuerySpec s = parsed(DEV, "how many lab orders with no lab results reported last month");
        assertThat(s.timeScope()).isNull();
        RelatedScope r = s.related().get(0);
        assertThat(r.quantifier()).isEqualTo(Quantifier.NOT_EXISTS);
        ColumnRef resulted = ColumnRef.of("LabResult", ColumnRole.EVENT_TIME);
        assertThat(r.filters()).containsExactly(Filter.ge(resulted, Literal.of(LocalDate.of(2026, 10, 1))),
                Filter.lt(resulted, Literal.of(LocalDate.of(2026, 11, 1))));
        // a verb that is no time of the related concept stays with the subject, where it means nothing
        assertThat(miss(DEV, "how many lab orders with no lab results discharged last month"))
                .contains("discharged");
    }

    @Test
    void notOrNeverWithAVerbOfALinkedConceptIsNotExists() {
        QuerySpec s = parsed(DEV, "how many patients were never admitted last month");
        assertThat(s.timeScope()).isNull();
        RelatedScope r = s.related().get(0);
        assertThat(r.quantifier()).isEqualTo(Quantifier.NOT_EXISTS);
        assertThat(r.concept()).isEqualTo("Admission");
        assertThat(r.filters()).hasSize(2);
        assertThat(parsed(DEV, "which patients were not admitted at all").related().get(0).filters()).isEmpty();
        // the subject's own verb, or a verb of a concept not linked to it: no reading
        assertThat(miss(DEV, "how many admissions were not admitted")).contains("not");
        assertThat(miss(DEV, "how many wards were never billed")).contains("never");
    }

    @Test
    void theHospitalHasIsTheWholeSource() {
        QuerySpec s = parsed(DEV, "how many wards does the hospital have");
        assertThat(s.subject()).isEqualTo("Ward");
        assertThat(s.filters()).isEmpty();
        assertThat(miss(DEV, "how many wards does the hospital own")).contains("hospital");
    }

    @Test
    void theNMostVerbedRankTheVerbsConceptByTheNamedOne() {
        QuerySpec s = parsed(DEV, "what were the 3 most admitted wards this year by number of admissions");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.shape()).isEqualTo(Shape.TOP_N);
        assertThat(s.limit()).isEqualTo(3);
        assertThat(s.provenance().rule()).isEqualTo("top.most-verbed");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Admission", ColumnRole.START_TIME));
        QuerySpec often = parsed(DEV, "what were the 3 most frequently admitted wards this year");
        assertThat(often.subject()).isEqualTo("Admission");
        assertThat(often.provenance().rule()).isEqualTo("top.most-verbed");
        // wards are counted by the records that name them, and several do: the grammar asks which
        ParseOutcome common = DEV.parse("what are the 5 most common wards");
        assertThat(common).isInstanceOf(ParseOutcome.NeedsClarification.class);
        assertThat(((ParseOutcome.NeedsClarification) common).options()).extracting(ParseOutcome.Option::label)
                .contains("Admission", "Delivery");
        // bills do not reference wards here: nothing to rank
        assertThat(miss(DEV, "what are the 3 most billed wards")).contains("billed");
    }
}
