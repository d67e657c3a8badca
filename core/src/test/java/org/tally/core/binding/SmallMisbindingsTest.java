package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * General rules for columns that bound as something they are not: surrogate row numbers and UUIDs are no labels, a
 * sequence number is no key, short and long titles are a label and a description, a 0/1 column named as a flag is a
 * flag, and a date of death is personal data like a date of birth.
 */
class SmallMisbindingsTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE patients (row_id INT, subject_id INT PRIMARY KEY, gender VARCHAR(1), dob TIMESTAMP,"
                        + " dod TIMESTAMP, uuid CHAR(36))",
                "INSERT INTO patients SELECT X, X, 'F', TIMESTAMP '1970-01-01 00:00:00', NULL,"
                        + " RANDOM_UUID() FROM SYSTEM_RANGE(1, 20)",
                "CREATE TABLE admissions (row_id INT, hadm_id INT PRIMARY KEY, subject_id INT REFERENCES"
                        + " patients(subject_id), admittime TIMESTAMP, dischtime TIMESTAMP,"
                        + " hospital_expire_flag SMALLINT, admission_location VARCHAR(40),"
                        + " discharge_location VARCHAR(40))",
                "INSERT INTO admissions SELECT X, X, MOD(X, 20) + 1, TIMESTAMP '2026-01-01 00:00:00',"
                        + " TIMESTAMP '2026-01-03 00:00:00', CASE WHEN MOD(X, 9) = 0 THEN 1 ELSE 0 END,"
                        + " 'EMERGENCY ROOM', 'HOME' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE diagnosis_codes (icd_code VARCHAR(8) PRIMARY KEY, short_title VARCHAR(40),"
                        + " long_title VARCHAR(200))",
                "INSERT INTO diagnosis_codes SELECT 'C' || X, 'Short ' || X, 'A much longer title ' || X"
                        + " FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE diagnoses (row_id INT PRIMARY KEY, hadm_id INT REFERENCES admissions(hadm_id),"
                        + " seq_num INT, icd_code VARCHAR(8) REFERENCES diagnosis_codes(icd_code))",
                "INSERT INTO diagnoses SELECT X, MOD(X, 30) + 1, MOD(X, 4) + 1, 'C' || (MOD(X, 30) + 1)"
                        + " FROM SYSTEM_RANGE(1, 60)");
    }

    private static ColumnBinding column(Binding b, String table, String column) {
        return b.table(table).orElseThrow().column(column).orElseThrow();
    }

    @Test
    void surrogateRowNumbersAndUuidsAreNoLabels() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "patients", "row_id").role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(column(b, "admissions", "row_id").role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(column(b, "patients", "uuid").role()).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(b.table("patients").orElseThrow().displayColumn()).isNull();
        assertThat(b.table("admissions").orElseThrow().displayColumn()).isNull();
    }

    @Test
    void aSequenceNumberIsNoKey() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        ColumnBinding seq = column(b, "diagnoses", "seq_num");
        assertThat(seq.role()).isNotEqualTo(ColumnRole.BUSINESS_ID).isEqualTo(ColumnRole.UNKNOWN);
    }

    @Test
    void shortAndLongTitlesAreTheLabelAndTheDescription() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "diagnosis_codes", "short_title").role()).isEqualTo(ColumnRole.NAME);
        assertThat(column(b, "diagnosis_codes", "long_title").role()).isEqualTo(ColumnRole.DESCRIPTION);
    }

    @Test
    void aZeroOneColumnNamedAsAFlagIsAFlag() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "admissions", "hospital_expire_flag").role()).isEqualTo(ColumnRole.FLAG);
    }

    @Test
    void aDateOfDeathIsPersonalLikeADateOfBirth() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "patients", "dob").pii()).isTrue();
        ColumnBinding dod = column(b, "patients", "dod");
        assertThat(dod.role()).isEqualTo(ColumnRole.DEATH_DATE);
        assertThat(dod.pii()).isTrue();
    }

    @Test
    void whereAStayCameFromOrWentToIsNoPlace() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(column(b, "admissions", "admission_location").role()).isEqualTo(ColumnRole.CATEGORY);
        assertThat(column(b, "admissions", "discharge_location").role()).isEqualTo(ColumnRole.CATEGORY);
    }
}
