package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.TextShape;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/** One patient's attribute from the chart: their own record, or one named visit of theirs. */
class PatientChartRulesTest {

    private static final Grammar G = grammar();
    private static final Filter PATIENT = Filter.eq(ColumnRef.of("Patient", BUSINESS_ID), Literal.of("10004235"));

    private static Grammar grammar() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.shaped("Patient", PRIMARY_KEY, "row id", null, new TextShape(1, 3, 0, 940))
                .shaped("Patient", BUSINESS_ID, "subject id", null, new TextShape(8, 8, 0, 940))
                .col("Patient", GENDER, "gender", null, "m", "f").col("Patient", BIRTH_DATE, "dob", null);
        v.col("Admission", PRIMARY_KEY, "adm id", null).col("Admission", PATIENT_REF, "subject id", null)
                .ref("Admission", "Patient").col("Admission", START_TIME, "admit time", null)
                .col("Admission", END_TIME, "disch time", null)
                .col("Admission", CATEGORY, "insurance", "insurance", "medicare", "other")
                .col("Admission", MEASURE, "age", "age");
        return Fixtures.grammar(v);
    }

    @Test
    void anAttributeOfThePatientsOwnRecord() {
        for (String q : List.of("what is the sex of patient 10004235", "could you tell me the gender of patient 10004235",
                "what is patient 10004235's gender", "what is the recorded sex of patient 10004235")) {
            QuerySpec s = parsed(G, q);
            assertThat(s.shape()).as(q).isEqualTo(Shape.LOOKUP);
            assertThat(s.subject()).as(q).isEqualTo("Patient");
            assertThat(s.projection()).as(q).containsExactly(ColumnRef.of("Patient", GENDER));
            assertThat(s.filters()).as(q).containsExactly(PATIENT);
        }
    }

    @Test
    void anAttributeOfOneNamedVisitTheFirstOrLastThatEnded() {
        QuerySpec last = parsed(G, "what was the insurance of patient 10004235 on their last hospital visit");
        assertThat(last.subject()).isEqualTo("Admission");
        assertThat(last.projection()).containsExactly(ColumnRef.of("Admission", CATEGORY, "insurance"));
        assertThat(last.filters()).containsExactlyInAnyOrder(PATIENT,
                new Filter.IsNotNull(ColumnRef.of("Admission", END_TIME)));
        assertThat(last.order()).containsExactly(new OrderKey.ByValue(ColumnRef.of("Admission", START_TIME),
                Direction.DESC));
        assertThat(last.limit()).isEqualTo(1);

        QuerySpec first = parsed(G, "during their first hospital encounter, what was patient 10004235's insurance");
        assertThat(first.order()).containsExactly(new OrderKey.ByValue(ColumnRef.of("Admission", START_TIME),
                Direction.ASC));
        QuerySpec entry = parsed(G, "what was the insurance for patient 10004235's last admission to the hospital");
        assertThat(entry.order()).containsExactly(new OrderKey.ByValue(ColumnRef.of("Admission", START_TIME),
                Direction.DESC));
    }

    @Test
    void howOldAPatientWasIsTheirAgeOnTheNamedVisit() {
        for (String q : List.of("how old was patient 10004235 during their first hospital encounter",
                "in the first hospital visit, what age was patient 10004235",
                "can you tell me how old patient 10004235 was on the first hospital visit")) {
            QuerySpec s = parsed(G, q);
            assertThat(s.subject()).as(q).isEqualTo("Admission");
            assertThat(s.projection()).as(q).containsExactly(ColumnRef.of("Admission", MEASURE, "age"));
            assertThat(s.filters()).as(q).contains(PATIENT);
            assertThat(s.limit()).as(q).isEqualTo(1);
        }
        assertThat(miss(G, "how old was patient 10004235")).contains("which one");
    }

    @Test
    void aVisitsAttributeWithoutTheVisitOrAnUnknownAttributeIsNotAnswered() {
        assertThat(miss(G, "what was the insurance of patient 10004235")).contains("which one");
        assertThat(miss(G, "what is the blood group of patient 10004235")).isNotBlank();
    }
}
