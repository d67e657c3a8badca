package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;

/**
 * A table named after a thing followed by a record word is a record: a ward stay is not a ward, a patient visit not
 * a patient, a consultant episode not a consultant. The ward table itself then holds the Ward concept.
 */
class RecordNamedAfterAThingTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE \"Ward\" (\"WardCode\" VARCHAR(8) PRIMARY KEY, \"WardName\" VARCHAR(40), \"Beds\" INT)",
                "INSERT INTO \"Ward\" SELECT 'W' || X, 'Ward ' || X, 20 FROM SYSTEM_RANGE(1, 12)",
                "CREATE TABLE \"Patient\" (\"PatientID\" INT PRIMARY KEY, \"Sex\" VARCHAR(1), \"DateOfBirth\" DATE)",
                "INSERT INTO \"Patient\" SELECT X, 'F', DATE '1970-01-01' FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE \"WardStay\" (\"WardStayID\" INT PRIMARY KEY, \"PatientID\" INT REFERENCES"
                        + " \"Patient\"(\"PatientID\"), \"WardCode\" VARCHAR(8) REFERENCES \"Ward\"(\"WardCode\"),"
                        + " \"StartDateTime\" TIMESTAMP, \"EndDateTime\" TIMESTAMP)",
                "INSERT INTO \"WardStay\" SELECT X, MOD(X, 30) + 1, 'W' || (MOD(X, 12) + 1),"
                        + " TIMESTAMP '2026-01-01 00:00:00', TIMESTAMP '2026-01-03 00:00:00' FROM SYSTEM_RANGE(1, 60)");
    }

    @Test
    void aWardStayIsNotAWard() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        TableBinding stay = b.table("WardStay").orElseThrow();
        assertThat(stay.concept()).isNotEqualTo("Ward");
        assertThat(b.table("Ward").orElseThrow().concept()).isEqualTo("Ward");
        assertThat(b.tableOf("Ward").orElseThrow().table()).isEqualTo("Ward");
    }
}
