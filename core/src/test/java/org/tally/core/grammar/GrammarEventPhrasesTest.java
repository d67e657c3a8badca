package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;

/**
 * Phrases about events around the subject: a child's time that is its parent's ("babies born this year"), measured
 * values with their units ("weighed under 2500 grams"), patients standing for their stays ("wards with no patients
 * currently admitted"), "never used for", a patient in a place now, numbered series ("theatre 2"), the subject's
 * service line as a place, "new … registered" and predicates over related rows ("occupied"). Each with a miss.
 */
class GrammarEventPhrasesTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null).col("Patient", EVENT_TIME, "reg date", null)
                .col("Patient", DEATH_DATE, "date of death", null);
        v.col("Ward", PRIMARY_KEY, "ward id", null).col("Ward", NAME, "ward name", null, "Ward A");
        v.col("Bed", PRIMARY_KEY, "bed id", null).col("Bed", BUSINESS_ID, "bed no", null)
                .col("Bed", FLAG, "active yn", null, "Y", "N").ref("Bed", "Ward");
        v.col("Admission", PRIMARY_KEY, "adm id", null).col("Admission", START_TIME, "adm dt", null)
                .col("Admission", END_TIME, "disch dt", null).col("Admission", PATIENT_REF, "patient id", null)
                .ref("Admission", "Patient").ref("Admission", "Ward").ref("Admission", "Bed");
        v.col("IcuStay", PRIMARY_KEY, "icu id", null).col("IcuStay", START_TIME, "icu in", null)
                .col("IcuStay", END_TIME, "icu out", null).ref("IcuStay", "Admission")
                .twoHop("IcuStay", "Admission", "Patient");
        v.col("Delivery", PRIMARY_KEY, "delivery id", null).col("Delivery", EVENT_TIME, "delivery dt", null);
        v.col("Newborn", PRIMARY_KEY, "baby id", null).col("Newborn", MEASURE, "birth weight gram", null)
                .ref("Newborn", "Delivery");
        v.col("Triage", PRIMARY_KEY, "triage id", null).col("Triage", EVENT_TIME, "arrival dt", null)
                .col("Triage", CATEGORY, "presenting complaint", null, "Fever", "Fall");
        v.col("Surgery", PRIMARY_KEY, "ot id", null).col("Surgery", START_TIME, "knife start", null)
                .col("Surgery", LOCATION, "theatre no", null, "OT-1", "OT-2", "OT-3");
        return v;
    }

    private static final LocalDate JAN_1 = LocalDate.of(2026, 1, 1);

    @Test
    void aChildWithNoTimeOfItsOwnIsDatedByTheRecordItBelongsTo() {
        QuerySpec s = parsed(G, "how many babies born this year weighed under 2500 grams");
        assertThat(s.subject()).isEqualTo("Newborn");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Delivery", EVENT_TIME));
        assertThat(s.timeScope().from()).isEqualTo(Literal.of(JAN_1));
        assertThat(s.filters()).containsExactly(new Filter.Compare(ColumnRef.of("Newborn", MEASURE), CompareOp.LT,
                Literal.of(2500)));
        assertThat(miss(G, "how many babies born this year weighed under 3 kg")).contains("kg");
    }

    @Test
    void anAggregatedMeasureMayNameTheUnitItsColumnIsRecordedIn() {
        QuerySpec s = parsed(G, "what was the average birth weight, in grams, of babies born this year");
        assertThat(s.measures()).containsExactly(Measure.of(org.tally.core.spec.Aggregation.AVG,
                ColumnRef.of("Newborn", MEASURE)));
        assertThat(miss(G, "what was the average birth weight, in kilograms, of babies")).contains("kilograms");
    }

    @Test
    void patientsWithAStayPredicateStandForTheirStays() {
        QuerySpec s = parsed(G, "which wards have no patients currently admitted");
        assertThat(s.related()).containsExactly(RelatedScope.notExists("Admission",
                new Filter.IsNull(ColumnRef.of("Admission", END_TIME))));
        assertThat(miss(G, "which wards have no patients registered")).isNotBlank();
    }

    @Test
    void neverUsedForIsAnAbsentRelatedRecord() {
        QuerySpec s = parsed(G, "which beds in service have never been used for an admission");
        assertThat(s.related()).containsExactly(RelatedScope.notExists("Admission"));
        assertThat(miss(G, "which beds have never been used for a party")).isNotBlank();
    }

    @Test
    void aPatientInAPlaceNowExistsWhenAStayThereHasNotEnded() {
        QuerySpec s = parsed(G, "is there any patient in icu right now");
        assertThat(s.shape()).isEqualTo(Shape.EXISTS);
        assertThat(s.subject()).isEqualTo("IcuStay");
        assertThat(s.filters()).containsExactly(new Filter.IsNull(ColumnRef.of("IcuStay", END_TIME)));
        assertThat(miss(G, "how many patients are in icu right now")).isNotBlank(); // no patient reference to count
    }

    @Test
    void aNumberNamesOneValueOfANumberedSeries() {
        QuerySpec s = parsed(G, "how many operations were done in theatre 2 this year");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Surgery", LOCATION), Literal.of("OT-2")));
        assertThat(miss(G, "how many operations were done in theatre 9 this year")).isNotBlank();
    }

    @Test
    void theSubjectsOwnServiceLineAsAPlaceAddsNothing() {
        QuerySpec s = parsed(G, "what were the 3 most common presenting complaints in the emergency department");
        assertThat(s.subject()).isEqualTo("Triage");
        assertThat(s.filters()).isEmpty();
        assertThat(miss(G, "how many wards are in the emergency department")).isNotBlank();
    }

    @Test
    void newBeforeASubjectWithItsCreationVerbAddsNothing() {
        QuerySpec s = parsed(G, "how many new patients were registered per month this year");
        assertThat(s.shape()).isEqualTo(Shape.TREND);
        assertThat(s.filters()).isEmpty();
        assertThat(miss(G, "how many new patients are there")).contains("new");
    }

    @Test
    void aPredicateOverRelatedRowsIsTheCountedConditionOfAPercentage() {
        QuerySpec s = parsed(G, "what percentage of beds in service are occupied right now");
        assertThat(s.filters()).containsExactly(new Filter.IsTrue(ColumnRef.of("Bed", FLAG)));
        Measure.Rate rate = (Measure.Rate) s.measures().get(0);
        assertThat(rate.related()).containsExactly(RelatedScope.exists("Admission",
                new Filter.IsNull(ColumnRef.of("Admission", END_TIME))));
        assertThat(s.related()).isEmpty();
    }

    @Test
    void aPredicateThatATimeIsRecordedNamesTheTimeThatFollowsIt() {
        QuerySpec s = parsed(G, "how many patients died last year");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Patient", DEATH_DATE));
        assertThat(s.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2025, 1, 1)));
        assertThat(parsed(G, "how many patients died").timeScope()).isNull();
        assertThat(parsed(G, "how many patients registered last year died").timeScope().column())
                .isEqualTo(ColumnRef.of("Patient", EVENT_TIME));
    }
}
