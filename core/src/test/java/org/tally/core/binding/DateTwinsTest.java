package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * A moment kept twice, as a date and as a date-time: one role, held by the twin with more values (the standard's
 * often-empty date-time stands aside), or by the date-time when both are filled.
 */
class DateTwinsTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE person (person_id INT PRIMARY KEY, gender_cd VARCHAR(1), birth_dt DATE)",
                "INSERT INTO person SELECT X, 'F', DATE '1970-01-01' FROM SYSTEM_RANGE(1, 40)",
                "CREATE TABLE death (person_id INT PRIMARY KEY REFERENCES person(person_id), death_date DATE,"
                        + " death_datetime TIMESTAMP, cause_cd VARCHAR(8))",
                "INSERT INTO death SELECT X, DATE '2025-03-01', CASE WHEN X < 3 THEN TIMESTAMP '2025-03-01 04:00:00'"
                        + " END, 'C' || MOD(X, 4) FROM SYSTEM_RANGE(1, 12)",
                "CREATE TABLE clinic_visit (visit_id INT PRIMARY KEY, person_id INT REFERENCES person(person_id),"
                        + " visit_start_date DATE, visit_start_datetime TIMESTAMP, visit_end_date DATE,"
                        + " visit_end_datetime TIMESTAMP)",
                "INSERT INTO clinic_visit SELECT X, MOD(X, 40) + 1, DATE '2025-01-01', TIMESTAMP '2025-01-01 09:00:00',"
                        + " DATE '2025-01-02', TIMESTAMP '2025-01-02 10:00:00' FROM SYSTEM_RANGE(1, 90)");
    }

    private static ColumnRole role(Binding b, String table, String column) {
        return b.table(table).orElseThrow().columns().stream().filter(c -> c.column().equalsIgnoreCase(column))
                .findFirst().orElseThrow().role();
    }

    @Test
    void theTwinWithMoreValuesKeepsTheRoleAndTheDateTimeWhenBothAreFilled() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(role(b, "death", "death_date")).isEqualTo(ColumnRole.DEATH_DATE);
        assertThat(role(b, "death", "death_datetime")).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(role(b, "clinic_visit", "visit_start_datetime")).isEqualTo(ColumnRole.START_TIME);
        assertThat(role(b, "clinic_visit", "visit_end_datetime")).isEqualTo(ColumnRole.END_TIME);
        assertThat(role(b, "clinic_visit", "visit_start_date")).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(role(b, "clinic_visit", "visit_end_date")).isEqualTo(ColumnRole.UNKNOWN);
    }
}
