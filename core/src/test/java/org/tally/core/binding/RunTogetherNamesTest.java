package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * Column names written without separators (admittime, dischtime, startdate) bind as their separated forms would:
 * the tokenizer splits a name made only of known words, so the start/end pair and the death time are found.
 */
class RunTogetherNamesTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE patients (subject_id INT PRIMARY KEY, gender VARCHAR(1), dob TIMESTAMP, dod TIMESTAMP)",
                "INSERT INTO patients SELECT X, 'F', TIMESTAMP '1970-01-01 00:00:00', NULL FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE admissions (hadm_id INT PRIMARY KEY, subject_id INT REFERENCES patients(subject_id),"
                        + " admittime TIMESTAMP, dischtime TIMESTAMP, deathtime TIMESTAMP, admission_type VARCHAR(10))",
                "INSERT INTO admissions SELECT X, MOD(X, 20) + 1, TIMESTAMP '2026-01-01 00:00:00',"
                        + " TIMESTAMP '2026-01-03 00:00:00', NULL, 'EMERGENCY' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE prescriptions (row_id INT PRIMARY KEY, subject_id INT REFERENCES patients(subject_id),"
                        + " startdate TIMESTAMP, enddate TIMESTAMP, drug VARCHAR(40))",
                "INSERT INTO prescriptions SELECT X, MOD(X, 20) + 1, TIMESTAMP '2026-01-01 00:00:00',"
                        + " TIMESTAMP '2026-01-03 00:00:00', 'Heparin' FROM SYSTEM_RANGE(1, 30)");
    }

    private static ColumnRole role(Binding b, String table, String column) {
        return b.table(table).orElseThrow().column(column).orElseThrow().role();
    }

    @Test
    void runTogetherTimesBindAsTheirSeparatedForms() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(b.table("admissions").orElseThrow().concept()).isEqualTo("Admission");
        assertThat(role(b, "admissions", "admittime")).isEqualTo(ColumnRole.START_TIME);
        assertThat(role(b, "admissions", "dischtime")).isEqualTo(ColumnRole.END_TIME);
        assertThat(role(b, "admissions", "deathtime")).isEqualTo(ColumnRole.DEATH_DATE);
        assertThat(role(b, "prescriptions", "startdate")).isEqualTo(ColumnRole.START_TIME);
        assertThat(role(b, "prescriptions", "enddate")).isEqualTo(ColumnRole.END_TIME);
        assertThat(role(b, "patients", "dob")).isEqualTo(ColumnRole.BIRTH_DATE);
        assertThat(role(b, "patients", "dod")).isEqualTo(ColumnRole.DEATH_DATE);
    }
}
