package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.QuerySpec;

/**
 * An appointment is an outpatient clinic's booked slot: "outpatient appointments" are the appointments, while
 * "outpatient visits" are still the encounters of outpatient type.
 */
class GrammarOutpatientAppointmentsTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Patient", PRIMARY_KEY, "patient id", null);
        v.col("Appointment", PRIMARY_KEY, "appointment id", null)
                .col("Appointment", EVENT_TIME, "appointment date", null)
                .col("Appointment", STATUS, "attendance status", null, "attended", "did not attend")
                .ref("Appointment", "Patient");
        v.col("Encounter", PRIMARY_KEY, "encounter id", null).col("Encounter", EVENT_TIME, "encounter date", null)
                .col("Encounter", TYPE, "encounter type", null, "outpatient", "inpatient")
                .ref("Encounter", "Patient");
        return v;
    }

    @Test
    void outpatientAppointmentsAreTheAppointments() {
        Grammar g = Fixtures.grammar(vocabulary());
        QuerySpec s = parsed(g, "how many outpatient appointments were there last month");
        assertThat(s.subject()).isEqualTo("Appointment");
        assertThat(s.filters()).isEmpty();
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Appointment", EVENT_TIME));
        QuerySpec visits = parsed(g, "how many outpatient visits were there last month");
        assertThat(visits.subject()).isEqualTo("Encounter");
        assertThat(visits.filters()).isNotEmpty();
    }
}
