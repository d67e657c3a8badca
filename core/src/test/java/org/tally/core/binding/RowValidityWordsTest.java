package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tally.core.pack.PackLoader;

/**
 * The pack's row-validity words are data beside it: every concept's voiding status values, the concept-only ones
 * (a cancelled admission), and the concepts on which an inactive mark says the record is none.
 */
class RowValidityWordsTest {

    private final RowValidityWords words = RowValidityWords.of(PackLoader.hospital());

    @Test
    void statusValuesVoidPerConceptAsTheDataSays() {
        assertThat(words.voids(null, "Entered-in-Error")).isTrue();
        assertThat(words.voids("Bill", "VOID")).isTrue();
        assertThat(words.voids("Admission", "Cancelled")).isTrue();
        assertThat(words.voids("Appointment", "cancelled")).isFalse();
        assertThat(words.voids("Prescription", "cancelled")).isFalse();
        assertThat(words.voids("Admission", "discharged")).isFalse();
    }

    @Test
    void anInactiveMarkIsNoRecordOnlyWhereTheDataSays() {
        assertThat(words.inactiveIsNoRecord("Patient")).isTrue();
        assertThat(words.inactiveIsNoRecord("Ward")).isFalse();
        assertThat(words.inactiveIsNoRecord("Provider")).isFalse();
        assertThat(words.inactiveIsNoRecord(null)).isFalse();
        assertThat(words.inactive()).contains("active");
        assertThat(words.test()).contains("test", "dummy");
    }
}
