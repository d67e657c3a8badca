package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * An arrival and a departure bound an attendance as an admission and a discharge bound a stay: with one of each
 * among several times they are the row's start/end pair, and the other times (assessment, seen by a clinician) stay
 * unread rather than competing for the EventTime; an arrival time alone is the event's moment. An onset and a
 * resolution bound a condition the same way.
 */
class StartEndPairsTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE patient (patient_id INT PRIMARY KEY, birth_date DATE, gender VARCHAR(1))",
                "INSERT INTO patient SELECT X, DATE '1970-01-01', 'F' FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE emergency_attendance (attendance_id INT PRIMARY KEY, patient_id INT REFERENCES"
                        + " patient(patient_id), arrival_date_time TIMESTAMP, initial_assessment_date_time TIMESTAMP,"
                        + " seen_by_clinician_date_time TIMESTAMP, departure_date_time TIMESTAMP)",
                "INSERT INTO emergency_attendance SELECT X, MOD(X, 20) + 1, TIMESTAMP '2026-01-01 10:00:00',"
                        + " TIMESTAMP '2026-01-01 10:20:00', TIMESTAMP '2026-01-01 11:00:00',"
                        + " TIMESTAMP '2026-01-01 13:00:00' FROM SYSTEM_RANGE(1, 30)",
                // an arrival time alone is the moment of the event, not a start
                "CREATE TABLE triage (triage_id INT PRIMARY KEY, patient_id INT REFERENCES patient(patient_id),"
                        + " acuity_level INT, arrived_at TIMESTAMP)",
                "INSERT INTO triage SELECT X, MOD(X, 20) + 1, MOD(X, 5) + 1, TIMESTAMP '2026-01-01 10:00:00'"
                        + " FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE problem (problem_id INT PRIMARY KEY, patient_id INT REFERENCES patient(patient_id),"
                        + " problem_name VARCHAR(40), onset_date DATE, resolved_date DATE, recorded_date DATE)",
                "INSERT INTO problem SELECT X, MOD(X, 20) + 1, 'Asthma', DATE '2025-01-01', DATE '2025-03-01',"
                        + " DATE '2025-01-02' FROM SYSTEM_RANGE(1, 30)");
    }

    private static ColumnBinding column(Binding b, String table, String column) {
        return b.table(table).orElseThrow().column(column).orElseThrow();
    }

    @Test
    void arrivalAndDepartureAreTheStartAndEndOfAnAttendance() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "emergency_attendance", "arrival_date_time").role()).isEqualTo(ColumnRole.START_TIME);
        assertThat(column(b, "emergency_attendance", "departure_date_time").role()).isEqualTo(ColumnRole.END_TIME);
        assertThat(column(b, "emergency_attendance", "arrival_date_time").reasons())
                .anyMatch(r -> r.contains("pair"));
        // the times in between are neither the start, the end nor a second EventTime
        assertThat(column(b, "emergency_attendance", "initial_assessment_date_time").role().isTemporal()).isFalse();
        assertThat(column(b, "emergency_attendance", "seen_by_clinician_date_time").role().isTemporal()).isFalse();
    }

    @Test
    void anArrivalAloneIsTheEventTime() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "triage", "arrived_at").role()).isEqualTo(ColumnRole.EVENT_TIME);
    }

    @Test
    void onsetAndResolutionAreTheStartAndEndOfACondition() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "problem", "onset_date").role()).isEqualTo(ColumnRole.START_TIME);
        assertThat(column(b, "problem", "resolved_date").role()).isEqualTo(ColumnRole.END_TIME);
    }
}
