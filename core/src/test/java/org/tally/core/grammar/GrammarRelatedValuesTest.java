package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;

/**
 * Conditions on records that refer to the subject: "patients diagnosed with X", "patients with X", "who have never
 * been prescribed Y", "both X and Y", percentages whose counted condition is such a record, and relative clauses of
 * a related concept. Each with a case that must miss.
 */
class GrammarRelatedValuesTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null).col("Patient", GENDER, "sex", null, "Male", "Female");
        v.col("Diagnosis", PRIMARY_KEY, "diag id", null).col("Diagnosis", EVENT_TIME, "diag dt", null)
                .col("Diagnosis", CODE, "icd code", null, "E11.9", "I10", "I50.9", "N18.9", "J44.1")
                .col("Diagnosis", PATIENT_REF, "patient id", null).ref("Diagnosis", "Patient");
        v.col("Medication", PRIMARY_KEY, "drug id", null).col("Medication", NAME, "drug name", null, "Metformin");
        v.col("Prescription", PRIMARY_KEY, "rx id", null).col("Prescription", EVENT_TIME, "rx dt", null)
                .col("Prescription", PATIENT_REF, "patient id", null).ref("Prescription", "Patient")
                .ref("Prescription", "Medication");
        v.col("Allergy", PRIMARY_KEY, "allergy id", null).col("Allergy", NAME, "allergen", null, "Latex", "Penicillin")
                .col("Allergy", CATEGORY, "reaction", null, "Rash", "Anaphylaxis")
                .col("Allergy", SEVERITY, "severity", null, "MILD", "SEV")
                .col("Allergy", PATIENT_REF, "patient id", null).ref("Allergy", "Patient");
        return v;
    }

    private static final ColumnRef CODE_REF = ColumnRef.of("Diagnosis", CODE);

    private static RelatedScope diagnosed(String code) {
        return RelatedScope.exists("Diagnosis", Filter.eq(CODE_REF, Literal.of(code)));
    }

    @Test
    void patientsWithAConditionHaveADiagnosisCodedForIt() {
        QuerySpec s = parsed(G, "how many patients with chronic kidney disease are there by gender");
        assertThat(s.shape()).isEqualTo(Shape.GROUPED);
        assertThat(s.related()).containsExactly(diagnosed("N18.9"));
        assertThat(miss(G, "how many patients with purple disease are there")).isNotBlank();
    }

    @Test
    void patientsWhoHaveAConditionAreReadAsPatientsWithIt() {
        assertThat(parsed(G, "how many patients have chronic kidney disease").related())
                .containsExactly(diagnosed("N18.9"));
        assertThat(parsed(G, "how many patients who have chronic kidney disease are male").related())
                .containsExactly(diagnosed("N18.9"));
        QuerySpec rate = parsed(G, "what percentage of patients have chronic kidney disease");
        assertThat(rate.shape()).isEqualTo(Shape.RATE);
        assertThat(rate.related()).isEmpty(); // the condition is what is counted, not a scope of all patients
        assertThat(miss(G, "how many patients have purple disease")).isNotBlank();
    }

    @Test
    void visitedIsTheVerbOfAnEncounter() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("Encounter", PRIMARY_KEY, "visit id", null).col("Encounter", START_TIME, "check in", null)
                .col("Encounter", PATIENT_REF, "patient id", null).ref("Encounter", "Patient");
        Grammar g = Fixtures.grammar(v);
        QuerySpec s = parsed(g, "how many patients visited more than 3 times this year");
        assertThat(s.related()).hasSize(1);
        assertThat(s.related().get(0).concept()).isEqualTo("Encounter");
        assertThat(s.related().get(0).atLeast()).isEqualTo(4);
        assertThat(s.related().get(0).filters()).hasSize(2);
    }

    @Test
    void twoConditionsJoinedByAndAreEachTheirOwnRecord() {
        for (String q : List.of("how many patients with both chronic kidney disease and hypertension are there",
                "how many patients have chronic kidney disease and hypertension",
                "how many patients who have both chronic kidney disease and hypertension are female")) {
            assertThat(parsed(G, q).related()).as(q).containsExactlyInAnyOrder(diagnosed("N18.9"), diagnosed("I10"));
        }
        assertThat(miss(G, "how many patients with both chronic kidney disease")).contains("both");
        // "or": one diagnosis with either code
        assertThat(parsed(G, "how many patients have chronic kidney disease or hypertension").related())
                .containsExactly(RelatedScope.exists("Diagnosis", new Filter.In(CODE_REF,
                        List.of(Literal.of("N18.9"), Literal.of("I10")))));
        assertThat(miss(G, "how many patients with chronic kidney disease or hypertension and copd")).contains("mixes");
        assertThat(miss(G, "how many patients with chronic kidney disease or latex")).contains("different places");
        // without X and Y: neither, or not both? the asker's to say
        assertThat(miss(G, "how many patients without chronic kidney disease and hypertension")).isNotBlank();
    }

    @Test
    void aVerbOfARecordAboutTheSubjectIsAnExistsOverThatRecord() {
        QuerySpec s = parsed(G, "is there any patient diagnosed with both heart failure and chronic kidney disease");
        assertThat(s.shape()).isEqualTo(Shape.EXISTS);
        assertThat(s.related()).containsExactlyInAnyOrder(diagnosed("I50.9"), diagnosed("N18.9"));
        assertThat(miss(G, "is there any patient diagnosed with both heart failure")).contains("both");
    }

    @Test
    void aVerbOfRecordsWithoutATimeStillReadsWhenNoTimeIsAskedFor() {
        // diagnoses dated only by their stay: "diagnosed" is the verb of having one, with no time of its own
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("Diagnosis", PRIMARY_KEY, "row id", null).col("Diagnosis", CODE, "icd9 code", null, "A41.9", "I10")
                .col("Diagnosis", PATIENT_REF, "subject id", null).ref("Diagnosis", "Patient");
        Grammar untimed = Fixtures.grammar(v);
        QuerySpec s = parsed(untimed, "how many patients were diagnosed with sepsis");
        assertThat(s.subject()).isEqualTo("Diagnosis"); // the distinct patients of the sepsis diagnoses
        assertThat(s.filters()).containsExactly(Filter.eq(CODE_REF, Literal.of("A41.9")));
        assertThat(s.timeScope()).isNull();
        QuerySpec never = parsed(untimed, "how many patients have never been diagnosed with sepsis");
        assertThat(never.related()).containsExactly(RelatedScope.notExists("Diagnosis",
                Filter.eq(CODE_REF, Literal.of("A41.9"))));
        QuerySpec timed = parsed(G, "how many patients have never been diagnosed with chronic kidney disease last year");
        assertThat(timed.related()).containsExactly(RelatedScope.notExists("Diagnosis",
                Filter.ge(ColumnRef.of("Diagnosis", EVENT_TIME), Literal.of(java.time.LocalDate.of(2025, 1, 1))),
                Filter.lt(ColumnRef.of("Diagnosis", EVENT_TIME), Literal.of(java.time.LocalDate.of(2026, 1, 1))),
                Filter.eq(CODE_REF, Literal.of("N18.9"))));
        assertThat(miss(untimed, "how many patients were diagnosed with sepsis last year"))
                .contains("does not record");
    }

    @Test
    void howOftenARecordOccursIsACountedScopeOnEachPatient() {
        Filter metformin = Filter.eq(ColumnRef.of("Medication", NAME), Literal.of("Metformin"));
        QuerySpec s = parsed(G, "how many patients were prescribed metformin more than once");
        assertThat(s.subject()).isEqualTo("Patient");
        assertThat(s.measures()).containsExactly(Measure.count());
        assertThat(s.related()).containsExactly(new RelatedScope(org.tally.core.spec.Quantifier.COUNTED,
                "Prescription", List.of(metformin), 2, null));
        assertThat(parsed(G, "how many patients were diagnosed with chronic kidney disease at least 3 times")
                .related()).containsExactly(new RelatedScope(org.tally.core.spec.Quantifier.COUNTED, "Diagnosis",
                List.of(Filter.eq(CODE_REF, Literal.of("N18.9"))), 3, null));
        assertThat(parsed(G, "how many patients were prescribed metformin exactly once").related())
                .containsExactly(new RelatedScope(org.tally.core.spec.Quantifier.COUNTED, "Prescription",
                        List.of(metformin), 1, 1));
        QuerySpec dated = parsed(G, "how many patients were prescribed metformin twice or more last year");
        assertThat(dated.related().get(0).atLeast()).isEqualTo(2);
        assertThat(dated.related().get(0).filters()).hasSize(3);
        // a bare "once" and an upper bound alone are the asker's to make precise
        assertThat(miss(G, "how many patients were prescribed metformin once")).isNotBlank();
        assertThat(miss(G, "how many patients were prescribed metformin at most twice")).isNotBlank();
    }

    @Test
    void neverPrescribedReadsTheMedicationThroughThePrescription() {
        QuerySpec s = parsed(G, "how many patients diagnosed with type 2 diabetes have never been prescribed metformin");
        assertThat(s.related()).containsExactlyInAnyOrder(diagnosed("E11.9"), RelatedScope.notExists("Prescription",
                Filter.eq(ColumnRef.of("Medication", NAME), Literal.of("Metformin"))));
        assertThat(miss(G, "how many patients have never been prescribed unobtainium")).isNotBlank();
    }

    @Test
    void theCountedConditionOfAPercentageMayBeARelatedRecord() {
        QuerySpec s = parsed(G, "what percentage of patients diagnosed with hypertension have also been diagnosed with"
                + " type 2 diabetes");
        assertThat(s.related()).containsExactly(diagnosed("I10"));
        Measure.Rate rate = (Measure.Rate) s.measures().get(0);
        assertThat(rate.numerator()).isEmpty();
        assertThat(rate.related()).containsExactly(diagnosed("E11.9"));
        QuerySpec allergy = parsed(G, "what percentage of patients have an allergy");
        assertThat(((Measure.Rate) allergy.measures().get(0)).related()).containsExactly(RelatedScope.exists("Allergy"));
        assertThat(miss(G, "what percentage of patients diagnosed with hypertension")).contains("condition");
    }

    @Test
    void aRelativeClauseAfterARelatedConceptIsItsOwnCondition() {
        QuerySpec s = parsed(G, "do we have any patients with a latex allergy that caused anaphylaxis");
        assertThat(s.related()).extracting(RelatedScope::concept).containsExactly("Allergy");
        assertThat(s.related().get(0).filters()).containsExactlyInAnyOrder(
                Filter.eq(ColumnRef.of("Allergy", CATEGORY), Literal.of("Anaphylaxis")),
                Filter.eq(ColumnRef.of("Allergy", NAME), Literal.of("Latex")));
        QuerySpec severe = parsed(G, "how many patients have a severe penicillin allergy");
        assertThat(severe.related()).extracting(RelatedScope::concept).containsExactly("Allergy");
        assertThat(severe.related().get(0).filters()).containsExactlyInAnyOrder(
                Filter.eq(ColumnRef.of("Allergy", SEVERITY), Literal.of("SEV")),
                Filter.eq(ColumnRef.of("Allergy", NAME), Literal.of("Penicillin")));
        assertThat(miss(G, "do we have any patients with a latex allergy that caused fireworks")).isNotBlank();
    }

    @Test
    void aConditionNamedWhereTwoRecordsHoldItAsks() {
        FixtureVocabulary v = vocabulary();
        v.col("Referral", PRIMARY_KEY, "ref id", null).col("Referral", CODE, "reason code", null, "N18.9")
                .col("Referral", PATIENT_REF, "patient id", null).ref("Referral", "Patient");
        Grammar g = Fixtures.grammar(v);
        assertThat(g.parse("how many patients with ckd are there")).isInstanceOf(ParseOutcome.NeedsClarification.class);
        assertThat(List.of(((ParseOutcome.NeedsClarification) g.parse("how many patients with ckd are there"))
                .options().size())).containsExactly(2);
    }

    @Test
    void aVerbThatIsAlsoTheSubjectsOwnConditionAsksWhichIsMeant() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Bill", PRIMARY_KEY, "bill id", null).col("Bill", EVENT_TIME, "billed at", null)
                .col("Bill", STATUS, "status", null, "PAID", "UNPAID");
        v.col("Payment", PRIMARY_KEY, "payment id", null).col("Payment", EVENT_TIME, "paid at", null)
                .ref("Payment", "Bill");
        Grammar g = Fixtures.grammar(v);
        ParseOutcome o = g.parse("how many bills were paid last month");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        ParseOutcome.NeedsClarification ask = (ParseOutcome.NeedsClarification) o;
        assertThat(ask.options()).hasSize(2).allSatisfy(opt -> assertThat(opt.spec()).isNotNull());
        QuerySpec own = ask.options().get(0).spec();
        assertThat(own.related()).isEmpty();
        assertThat(own.timeScope().column()).isEqualTo(ColumnRef.of("Bill", EVENT_TIME));
        QuerySpec event = ask.options().get(1).spec();
        assertThat(event.related()).extracting(RelatedScope::concept).containsExactly("Payment");
        assertThat(event.timeScope()).isNull();
    }

    @Test
    void aRecordedValueReadsFurtherThanATermInsideIt() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Ward", PRIMARY_KEY, "ward id", null).col("Ward", NAME, "ward name", null, "Labour Suite");
        v.col("Delivery", PRIMARY_KEY, "delivery id", null).col("Delivery", EVENT_TIME, "delivered at", null)
                .ref("Delivery", "Ward");
        QuerySpec s = parsed(Fixtures.grammar(v), "how many deliveries were there in the labour suite last month");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Ward", NAME), Literal.of("Labour Suite")));
    }

    @Test
    void aTimeRightAfterARelatedRecordDatesThatRecordNotTheSubject() {
        QuerySpec s = parsed(G, "how many patients had a prescription last month");
        assertThat(s.timeScope()).isNull();
        assertThat(s.related()).containsExactly(RelatedScope.exists("Prescription",
                Filter.ge(ColumnRef.of("Prescription", EVENT_TIME), Literal.of(java.time.LocalDate.of(2026, 10, 1))),
                Filter.lt(ColumnRef.of("Prescription", EVENT_TIME), Literal.of(java.time.LocalDate.of(2026, 11, 1)))));
        QuerySpec dx = parsed(G, "how many patients with copd last month are there");
        assertThat(dx.timeScope()).isNull();
        assertThat(dx.related()).singleElement().satisfies(r -> assertThat(r.filters()).hasSize(3));
        assertThat(miss(G, "how many patients had an allergy last month")).contains("no date");
    }

    @Test
    void aTimeAfterTwoJoinedVerbsIsNotGivenToOneOfThemOnly() {
        FixtureVocabulary v = vocabulary();
        v.col("Patient", EVENT_TIME, "registered at", null);
        Grammar g = Fixtures.grammar(v);
        assertThat(miss(g, "how many patients were registered and prescribed this year")).contains("say which time");
        QuerySpec s = parsed(g, "how many patients registered last year were prescribed this year");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Patient", EVENT_TIME));
        assertThat(s.related()).extracting(RelatedScope::concept).containsExactly("Prescription");
    }

    @Test
    void aNumberOfRelatedRecordsIsACountedScopeWithInclusiveBounds() {
        QuerySpec s = parsed(G, "how many patients had 3 or more prescriptions last month");
        assertThat(s.timeScope()).isNull();
        assertThat(s.related()).containsExactly(RelatedScope.atLeast(3, "Prescription", List.of(
                Filter.ge(ColumnRef.of("Prescription", EVENT_TIME), Literal.of(java.time.LocalDate.of(2026, 10, 1))),
                Filter.lt(ColumnRef.of("Prescription", EVENT_TIME), Literal.of(java.time.LocalDate.of(2026, 11, 1))))));
        assertThat(parsed(G, "how many patients with more than 2 diagnoses").related())
                .containsExactly(RelatedScope.atLeast(3, "Diagnosis", List.of()));
        assertThat(parsed(G, "how many patients have fewer than 2 allergies").related())
                .containsExactly(RelatedScope.atMost(1, "Allergy", List.of()));
        assertThat(parsed(G, "how many patients with exactly 2 severe allergies").related())
                .containsExactly(new RelatedScope(org.tally.core.spec.Quantifier.COUNTED, "Allergy",
                        List.of(Filter.eq(ColumnRef.of("Allergy", SEVERITY), Literal.of("SEV"))), 2, 2));
        // a bare number could mean exactly or at least: not read
        assertThat(miss(G, "how many patients with 2 diagnoses")).isNotBlank();
        assertThat(miss(G, "how many patients with at least 2 purple diagnoses")).isNotBlank();
    }

    @Test
    void aConceptTheSubjectBelongsToIsAnExistsOverThatParent() {
        FixtureVocabulary v = vocabulary();
        v.col("Encounter", PRIMARY_KEY, "visit id", null)
                .col("Encounter", TYPE, "visit class", null, "outpatient", "inpatient")
                .col("Encounter", EVENT_TIME, "check in dt", null).ref("Diagnosis", "Encounter");
        Grammar g = Fixtures.grammar(v);
        QuerySpec s = parsed(g, "how many diagnoses in outpatient visits this year");
        assertThat(s.related()).containsExactly(RelatedScope.exists("Encounter",
                Filter.eq(ColumnRef.of("Encounter", TYPE), Literal.of("outpatient"))));
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Diagnosis", EVENT_TIME));
        assertThat(parsed(g, "how many diagnoses during outpatient visits").related()).hasSize(1);
        assertThat(miss(g, "how many diagnoses in purple visits")).isNotBlank();
    }
}
