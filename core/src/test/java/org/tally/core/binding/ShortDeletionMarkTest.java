package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;

/**
 * "del" is a deletion mark beside a flag word (del_flag, del_ind) with plain yes/no values; alone, or on a date, it is
 * as often a delivery (del_dt), so it is never read as one there. A test-patient flag leaves its rows out the same way.
 */
class ShortDeletionMarkTest {

    private static Catalog schema() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE hms_ward (wrd_id INT PRIMARY KEY, wrd_nm VARCHAR(40), del_flag CHAR(1) NOT NULL)",
                "INSERT INTO hms_ward SELECT X, 'Ward ' || X, CASE WHEN X = 8 THEN 'Y' ELSE 'N' END"
                        + " FROM SYSTEM_RANGE(1, 8)",
                "CREATE TABLE hms_patient (pat_id INT PRIMARY KEY, sex CHAR(1), birth_date DATE,"
                        + " is_test_patient SMALLINT NOT NULL)",
                "INSERT INTO hms_patient SELECT X, 'F', DATE '1990-01-01', CASE WHEN X > 27 THEN 1 ELSE 0 END"
                        + " FROM SYSTEM_RANGE(1, 30)",
                "CREATE TABLE hms_delivery (del_id INT PRIMARY KEY, pat_id INT REFERENCES hms_patient(pat_id),"
                        + " del_dt TIMESTAMP, del_mode VARCHAR(20))",
                "INSERT INTO hms_delivery SELECT X, X, TIMESTAMP '2026-10-01 00:00:00', 'normal'"
                        + " FROM SYSTEM_RANGE(1, 30)");
    }

    @Test
    void aShortMarkBesideAFlagWordLeavesDeletedRowsOut() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(b.table("hms_ward").orElseThrow().softDeletes()).singleElement().satisfies(d -> {
            assertThat(d.column().column()).isEqualToIgnoringCase("del_flag");
            assertThat(d.liveValue()).isEqualTo("N");
        });
    }

    @Test
    void testPatientsAreLeftOutLikeDeletedRows() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        assertThat(b.table("hms_patient").orElseThrow().softDeletes()).singleElement().satisfies(d -> {
            assertThat(d.column().column()).isEqualToIgnoringCase("is_test_patient");
            assertThat(d.liveValue()).isEqualTo("0");
            assertThat(d.reason()).contains("marks test rows");
        });
    }

    @Test
    void aDeliveryDateIsNoDeletionTime() throws Exception {
        Binding b = BindingFixtures.bind(schema());
        // the delivery date marks nothing; the only rows left out are a test patient's, through the patient key
        assertThat(b.table("hms_delivery").orElseThrow().softDeletes()).singleElement().satisfies(d -> {
            assertThat(d.column().column()).isEqualToIgnoringCase("is_test_patient");
            assertThat(d.through()).isNotNull();
        });
    }
}
