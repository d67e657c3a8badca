package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * The columns a list shows ("with their ward", "the dates of …"), kind words standing in for each other, and compound
 * terms ("cardiology clinic appointments"); each with a case that must miss.
 */
class GrammarProjectionTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Ward", PRIMARY_KEY, "ward id", null).col("Ward", NAME, "ward name", null, "Oncology Ward");
        v.col("Department", PRIMARY_KEY, "dept id", null).col("Department", NAME, "dept name", null, "Cardiology");
        v.col("Provider", PRIMARY_KEY, "staff id", null)
                .col("Provider", CATEGORY, "speciality", null, "Cardiology", "Neurology")
                .col("Provider", CATEGORY, "designation", "designation", "DR", "RN")
                .col("Provider", EVENT_TIME, "date of joining", null)
                .col("Provider", DEPARTMENT_REF, "dept id", null).ref("Provider", "Department");
        v.col("Bed", PRIMARY_KEY, "bed id", null).col("Bed", FLAG, "active yn", null, "Y", "N")
                .col("Bed", WARD_REF, "ward id", null).ref("Bed", "Ward");
        v.col("Incident", PRIMARY_KEY, "incident id", null).col("Incident", EVENT_TIME, "reported dt", null)
                .col("Incident", TYPE, "incident type", null, "FALL", "MED_ERROR")
                .col("Incident", SEVERITY, "harm level", null, "LOW", "SEVERE")
                .col("Incident", WARD_REF, "ward id", null).ref("Incident", "Ward");
        v.col("Delivery", PRIMARY_KEY, "delivery id", null).col("Delivery", EVENT_TIME, "delivery dt", null)
                .col("Delivery", DURATION, "gestation age week", null)
                .col("Delivery", CATEGORY, "mode of delivery", null, "NVD", "C-Section");
        v.col("Appointment", PRIMARY_KEY, "appt id", null).col("Appointment", EVENT_TIME, "appointment date", null)
                .col("Appointment", STATUS, "appt status", null, "BOOKED", "DNA")
                .col("Appointment", DEPARTMENT_REF, "clinic id", null).col("Appointment", PROVIDER_REF, "doctor id", null)
                .ref("Appointment", "Department").ref("Appointment", "Provider")
                .twoHop("Appointment", "Provider", "Department");
        return v;
    }

    @Test
    void withTheirNamesTheColumnsAListShows() {
        QuerySpec s = parsed(G, "list the beds that are out of service, with their ward");
        assertThat(s.shape()).isEqualTo(Shape.LIST);
        assertThat(s.projection()).containsExactly(ColumnRef.of("Ward", NAME));
        QuerySpec staff = parsed(G, "list the staff hired in 2025 with their role, department and hire date");
        assertThat(staff.projection()).containsExactly(ColumnRef.of("Provider", CATEGORY, "designation"),
                ColumnRef.of("Department", NAME), ColumnRef.of("Provider", EVENT_TIME));
        assertThat(miss(G, "list the beds that are out of service, with their parking space")).contains("parking");
    }

    @Test
    void timeWordsNameTheSubjectsTimeAndAVerbPicksWhichTime() {
        QuerySpec s = parsed(G, "list the incidents with ward, category, harm level and date reported");
        assertThat(s.projection()).containsExactly(ColumnRef.of("Ward", NAME), ColumnRef.of("Incident", TYPE),
                ColumnRef.of("Incident", SEVERITY), ColumnRef.of("Incident", EVENT_TIME));
        assertThat(parsed(G, "list this year's deliveries with their delivery time").projection())
                .containsExactly(ColumnRef.of("Delivery", EVENT_TIME));
        assertThat(parsed(G, "list the dates of this year's deliveries").projection())
                .containsExactly(ColumnRef.of("Delivery", EVENT_TIME));
        assertThat(miss(G, "list the colours of this year's deliveries")).contains("colours");
    }

    @Test
    void aUnitMustBeTheOneTheColumnsNameCarries() {
        assertThat(parsed(G, "list the deliveries with their gestation in weeks and mode of delivery").projection())
                .containsExactly(ColumnRef.of("Delivery", DURATION), ColumnRef.of("Delivery", CATEGORY));
        assertThat(miss(G, "list the deliveries with their gestation in days")).contains("days");
    }

    @Test
    void withoutTheirAWithThatNamesNoColumnIsLeftToOtherRules() {
        assertThat(miss(G, "list the beds with a parking space")).doesNotContain("to show");
    }

    @Test
    void categoryAndTypeStandInForEachOtherWhenOnlyOneExists() {
        assertThat(parsed(G, "how many incidents are there by category").dimensions())
                .containsExactly(Dimension.of(ColumnRef.of("Incident", TYPE)));
        assertThat(parsed(G, "how many deliveries are there by type").dimensions())
                .containsExactly(Dimension.of(ColumnRef.of("Delivery", CATEGORY)));
        assertThat(miss(G, "how many beds are there by type")).isNotBlank();
        assertThat(miss(G, "how many staff are there by type")).isNotBlank(); // two Category columns: no stand-in
    }

    @Test
    void aConceptTermBeforeTheSubjectTermNamesWhatItRefersTo() {
        QuerySpec s = parsed(G, "list tomorrow's booked cardiology clinic appointments with their time");
        assertThat(s.subject()).isEqualTo("Appointment");
        assertThat(s.filters()).contains(Filter.eq(ColumnRef.of("Department", NAME), Literal.of("Cardiology")),
                Filter.eq(ColumnRef.of("Appointment", STATUS), Literal.of("BOOKED")));
        assertThat(G.parse("list tomorrow's booked cardiology appointments"))
                .isInstanceOf(ParseOutcome.NeedsClarification.class);
    }
}
