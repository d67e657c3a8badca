package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ColumnRoleTest {

    /** The closed list of roles the design fixes, in its order and spelling. */
    private static final List<String> DESIGN_ROLES = List.of("PrimaryKey", "PatientRef", "EncounterRef",
            "ProviderRef", "DepartmentRef", "WardRef", "ForeignRef", "BusinessId", "GivenName", "FamilyName",
            "FullName", "EventTime", "StartTime", "EndTime", "BirthDate", "DeathDate", "Status", "Category", "Type",
            "Severity", "Priority", "Gender", "Amount", "Quantity", "Measure", "Duration", "Flag", "Code", "Name",
            "Description", "FreeText", "Location", "Contact", "Identifier", "Unknown");

    @Test
    void theEnumIsExactlyTheDesignList() {
        assertThat(Arrays.stream(ColumnRole.values()).map(ColumnRole::jsonName).collect(Collectors.toList()))
                .isEqualTo(DESIGN_ROLES);
    }

    @Test
    void parsesItsJsonNameAndCommonSpellings() {
        for (ColumnRole role : ColumnRole.values()) {
            assertThat(ColumnRole.fromJson(role.jsonName())).isEqualTo(role);
            assertThat(ColumnRole.fromJson(role.name())).isEqualTo(role);
        }
        assertThat(ColumnRole.fromJson("primary key")).isEqualTo(ColumnRole.PRIMARY_KEY);
        assertThat(ColumnRole.fromJson(" event-time ")).isEqualTo(ColumnRole.EVENT_TIME);
    }

    @Test
    void anUnknownNameListsTheRoles() {
        assertThatThrownBy(() -> ColumnRole.fromJson("column_name"))
                .isInstanceOf(InvalidSpecException.class)
                .hasMessageContaining("role: 'column_name' is not a known value")
                .hasMessageContaining("PrimaryKey, PatientRef");
        assertThatThrownBy(() -> ColumnRole.fromJson(" "))
                .isInstanceOf(InvalidSpecException.class).hasMessageContaining("role: is missing");
    }

    @Test
    void roleClassesAreTheDocumentedOnes() {
        assertThat(EnumSet.allOf(ColumnRole.class).stream().filter(ColumnRole::isTemporal))
                .containsExactly(ColumnRole.EVENT_TIME, ColumnRole.START_TIME, ColumnRole.END_TIME,
                        ColumnRole.BIRTH_DATE, ColumnRole.DEATH_DATE);
        assertThat(EnumSet.allOf(ColumnRole.class).stream().filter(ColumnRole::isNumeric))
                .containsExactly(ColumnRole.AMOUNT, ColumnRole.QUANTITY, ColumnRole.MEASURE, ColumnRole.DURATION);
        assertThat(EnumSet.allOf(ColumnRole.class).stream().filter(ColumnRole::isReference))
                .containsExactly(ColumnRole.PATIENT_REF, ColumnRole.ENCOUNTER_REF, ColumnRole.PROVIDER_REF,
                        ColumnRole.DEPARTMENT_REF, ColumnRole.WARD_REF, ColumnRole.FOREIGN_REF);
    }
}
