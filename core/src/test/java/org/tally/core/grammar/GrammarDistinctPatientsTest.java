package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/** "How many patients are currently admitted": the distinct patients of the one concept the words are about. */
class GrammarDistinctPatientsTest {

    private static final ColumnRef ADMITTED_PATIENT = ColumnRef.of("Admission", ColumnRole.PATIENT_REF);

    private static Grammar withPatientRefs(String... concepts) {
        FixtureVocabulary v = Fixtures.dev();
        for (String c : concepts) {
            v.col(c, ColumnRole.PATIENT_REF, "patient id", null);
        }
        return Fixtures.grammar(v);
    }

    @Test
    void patientsOfAnEventConceptAreCountedDistinctByItsPatientReference() {
        Grammar g = withPatientRefs("Admission");
        QuerySpec s = parsed(g, "How many patients are currently admitted?");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.measures()).containsExactly(Measure.of(Aggregation.COUNT_DISTINCT, ADMITTED_PATIENT));
        assertThat(s.filters()).isNotEmpty();
        QuerySpec byWard = parsed(g, "how many patients are currently admitted by ward");
        assertThat(byWard.shape()).isEqualTo(Shape.GROUPED);
        assertThat(byWard.measures()).containsExactly(Measure.of(Aggregation.COUNT_DISTINCT, ADMITTED_PATIENT));
        assertThat(parsed(g, "how many patients were admitted this year").timeScope()).isNotNull();
    }

    @Test
    void withoutOneDirectPatientReferenceOrWithTwoCandidatesItStaysRefused() {
        assertThat(miss(Fixtures.grammar(Fixtures.dev()), "how many patients are currently admitted")).isNotBlank();
        FixtureVocabulary both = Fixtures.dev();
        both.col("Admission", ColumnRole.PATIENT_REF, "patient id", null)
                .col("IcuStay", ColumnRole.PATIENT_REF, "patient id", null).ref("IcuStay", "Patient");
        assertThat(miss(Fixtures.grammar(both), "how many patients are currently admitted")).isNotBlank();
    }
}
