package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * Times that say when a row was written or changed (created, updated, modified, loaded …) are never the time of the
 * event, not even when they are a table's only time: dating a concept by one executes and is wrong, so the concept
 * is left without that time. Bookkeeping times of the business (a booking, a registration) still date a table that
 * has nothing else.
 */
class RecordKeepingTimesTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE patient (patient_id INT PRIMARY KEY, birth_date DATE, gender VARCHAR(1),"
                        + " registered_at TIMESTAMP)",
                "INSERT INTO patient SELECT X, DATE '1970-01-01', 'F', TIMESTAMP '2020-01-01 00:00:00'"
                        + " FROM SYSTEM_RANGE(1, 20)",
                // the only time of the appointment row is when it was booked into the system
                "CREATE TABLE appointment (appointment_id INT PRIMARY KEY, patient_id INT REFERENCES"
                        + " patient(patient_id), status VARCHAR(10), date_created TIMESTAMP)",
                "INSERT INTO appointment SELECT X, MOD(X, 20) + 1, 'SCHEDULED', TIMESTAMP '2026-01-01 00:00:00'"
                        + " FROM SYSTEM_RANGE(1, 30)",
                // a real event time beside two audit times
                "CREATE TABLE lab_result (lab_result_id INT PRIMARY KEY, patient_id INT REFERENCES"
                        + " patient(patient_id), result_value DECIMAL(8,2), resulted_at TIMESTAMP, created_at TIMESTAMP,"
                        + " last_updated TIMESTAMP)",
                "INSERT INTO lab_result SELECT X, MOD(X, 20) + 1, 1.5, TIMESTAMP '2026-01-01 00:00:00',"
                        + " TIMESTAMP '2026-01-01 00:00:00', TIMESTAMP '2026-01-01 00:00:00' FROM SYSTEM_RANGE(1, 30)",
                // only audit times, one of them with a start word
                "CREATE TABLE diagnosis (diagnosis_id INT PRIMARY KEY, patient_id INT REFERENCES"
                        + " patient(patient_id), diagnosis_code VARCHAR(8), modified_on TIMESTAMP,"
                        + " start_date_created TIMESTAMP)",
                "INSERT INTO diagnosis SELECT X, MOD(X, 20) + 1, 'I10', TIMESTAMP '2026-01-01 00:00:00',"
                        + " TIMESTAMP '2026-01-01 00:00:00' FROM SYSTEM_RANGE(1, 30)");
    }

    private static ColumnBinding column(Binding b, String table, String column) {
        return b.table(table).orElseThrow().column(column).orElseThrow();
    }

    @Test
    void anAuditColumnThatIsTheOnlyTimeIsNoEventTime() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(b.table("appointment").orElseThrow().concept()).isEqualTo("Appointment");
        ColumnBinding created = column(b, "appointment", "date_created");
        assertThat(created.role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(created.reasons()).anyMatch(r -> r.contains("record-keeping"));
        assertThat(b.columns("Appointment", ColumnRole.EVENT_TIME)).isEmpty();
    }

    @Test
    void auditColumnsBesideAnEventTimeNeverCompeteWithIt() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "lab_result", "resulted_at").role()).isEqualTo(ColumnRole.EVENT_TIME);
        assertThat(column(b, "lab_result", "created_at").role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(column(b, "lab_result", "last_updated").role()).isEqualTo(ColumnRole.UNKNOWN);
    }

    @Test
    void noAuditColumnBecomesAStartOrAnyTimeRole() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        for (String col : new String[] {"modified_on", "start_date_created"}) {
            ColumnBinding c = column(b, "diagnosis", col);
            assertThat(c.role()).as(col).isEqualTo(ColumnRole.UNKNOWN);
            assertThat(c.role().isTemporal()).as(col).isFalse();
        }
    }

    @Test
    void aBusinessBookkeepingTimeStillDatesATableWithNothingElse() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "patient", "registered_at").role()).isEqualTo(ColumnRole.EVENT_TIME);
    }
}
