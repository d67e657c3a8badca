package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * A text column of patients that nothing names as an identifier, but with more distinct values than any category
 * has (an OMOP person_source_value holding the hospital's MRN), is personal data: no value of it is kept or shown.
 * A low-cardinality text column beside it stays a category.
 */
class PatientIdentifierByCountTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE,"
                        + " source_value VARCHAR(20), race_source_value VARCHAR(20))",
                "INSERT INTO patients SELECT X, CASE WHEN MOD(X, 2) = 0 THEN 'F' ELSE 'M' END, DATE '1970-01-01',"
                        + " 'H' || (100000 + X), CASE MOD(X, 3) WHEN 0 THEN 'White' WHEN 1 THEN 'Asian' ELSE 'Black' END"
                        + " FROM SYSTEM_RANGE(1, 2000)");
    }

    @Test
    void aPatientValueWithTooManyValuesForACategoryIsPersonal() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        TableBinding patients = b.table("patients").orElseThrow();
        assertThat(patients.concept()).isEqualTo("Patient");
        ColumnBinding source = patients.column("source_value").orElseThrow();
        assertThat(source.pii()).as(source.toString()).isTrue();
        assertThat(source.values()).isNull();
        ColumnBinding race = patients.column("race_source_value").orElseThrow();
        assertThat(race.pii()).isFalse();
        assertThat(race.role()).isNotEqualTo(ColumnRole.UNKNOWN);
    }
}
