package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.TextShape;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/** Attribute look-ups: one named row and the columns asked about; each with a case that must miss. */
class GrammarLookupTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Ward", PRIMARY_KEY, "ward id", null).col("Ward", NAME, "ward name", null, "Cardiac ICU", "Oncology Ward")
                .col("Ward", QUANTITY, "bed capacity", null).col("Ward", LOCATION, "floor no", null, "1", "6");
        v.col("Bed", PRIMARY_KEY, "bed id", null).col("Bed", BUSINESS_ID, "bed no", null)
                .col("Bed", WARD_REF, "ward id", null).ref("Bed", "Ward");
        v.col("LabTest", PRIMARY_KEY, "test id", null).col("LabTest", NAME, "test name", null, "Potassium", "Sodium")
                .col("LabTest", MEASURE, "normal low", "normal low").col("LabTest", MEASURE, "normal high", "normal high")
                .col("LabTest", MEASURE, "crit low", "crit low").col("LabTest", MEASURE, "crit high", "crit high");
        v.col("DiagnosisCode", CODE, "icd code", null, "N18.9", "E11.9")
                .col("DiagnosisCode", DESCRIPTION, "icd description", null, "Chronic kidney disease, unspecified");
        v.col("Bill", PRIMARY_KEY, "invoice no", null).col("Bill", AMOUNT, "invoice amt", null);
        v.col("Patient", PRIMARY_KEY, "patient id", null)
                .shaped("Patient", IDENTIFIER, "hospital no", "hospital no", new TextShape(10, 10, 2000, 2000))
                .shaped("Patient", IDENTIFIER, "national id no", "national id no", new TextShape(9, 9, 0, 2000));
        v.col("Admission", PRIMARY_KEY, "adm id", null).col("Admission", START_TIME, "adm dt", null)
                .col("Admission", PATIENT_REF, "patient id", null).ref("Admission", "Patient");
        v.col("Department", PRIMARY_KEY, "dept id", null)
                .col("Department", NAME, "dept name", null, "Obstetrics and Gynaecology")
                .col("Department", CODE, "dept code", null, "OBGY");
        return v;
    }

    @Test
    void theAttributeOfANamedRow() {
        QuerySpec s = parsed(G, "What is the bed capacity of the Cardiac ICU?");
        assertThat(s.shape()).isEqualTo(Shape.LOOKUP);
        assertThat(s.subject()).isEqualTo("Ward");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Ward", NAME), Literal.of("Cardiac ICU")));
        assertThat(s.projection()).containsExactly(ColumnRef.of("Ward", QUANTITY));
        assertThat(parsed(G, "what is the department code of obstetrics and gynaecology").projection())
                .containsExactly(ColumnRef.of("Department", CODE));
        assertThat(miss(G, "what is the bed capacity of the car park")).isNotBlank();
        assertThat(miss(G, "what is the colour of the cardiac icu")).isNotBlank();
    }

    @Test
    void whichAttributeIsARowOnOrIn() {
        QuerySpec floor = parsed(G, "Which floor is the Oncology Ward on?");
        assertThat(floor.projection()).containsExactly(ColumnRef.of("Ward", LOCATION));
        QuerySpec ward = parsed(G, "Which ward is bed LS-004 in?");
        assertThat(ward.subject()).isEqualTo("Bed");
        assertThat(ward.filters()).containsExactly(Filter.eq(ColumnRef.of("Bed", BUSINESS_ID), Literal.of("LS-004")));
        assertThat(ward.projection()).containsExactly(ColumnRef.of("Ward", NAME));
        assertThat(parsed(G, "what is the floor of bed LS-004").projection())
                .containsExactly(ColumnRef.of("Ward", LOCATION));
        // a bed number may be its label or its key: with an unprofiled label column the number is not read as the key
        assertThat(miss(G, "which ward is bed 12 in")).isNotBlank();
    }

    @Test
    void aRangeShowsItsLowAndHighColumns() {
        assertThat(parsed(G, "what is the normal range of the potassium test").projection())
                .containsExactly(ColumnRef.of("LabTest", MEASURE, "normal low"),
                        ColumnRef.of("LabTest", MEASURE, "normal high"));
        assertThat(miss(G, "what is the age range of the potassium test")).isNotBlank();
    }

    @Test
    void whatACodeStandsFor() {
        QuerySpec s = parsed(G, "What does diagnosis code N18.9 stand for?");
        assertThat(s.subject()).isEqualTo("DiagnosisCode");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("DiagnosisCode", CODE), Literal.of("N18.9")));
        assertThat(s.projection()).containsExactly(ColumnRef.of("DiagnosisCode", DESCRIPTION));
        assertThat(miss(G, "what does diagnosis code Z99.9 stand for")).isNotBlank();
    }

    @Test
    void aNumberAfterAConceptIsItsKey() {
        QuerySpec s = parsed(G, "what is the invoice amount of bill 4213");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Bill", PRIMARY_KEY),
                Literal.of(BigDecimal.valueOf(4213))));
    }

    @Test
    void aTypedIdentifierFindsTheOneColumnWhoseValuesCouldSpellIt() {
        QuerySpec s = parsed(G, "how many admissions has patient MRN0001643 had");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Patient", IDENTIFIER, "hospital no"),
                Literal.of("MRN0001643")));
        // nine digits fit the national id only, but a number may also be the patient's key: not read
        assertThat(miss(G, "how many admissions has patient 123456789 had")).isNotBlank();
        // eleven characters fit neither column
        assertThat(miss(G, "how many admissions has patient MRN00016430 had")).isNotBlank();
    }
}
