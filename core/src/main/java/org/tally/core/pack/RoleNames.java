package org.tally.core.pack;

import java.util.List;
import java.util.Set;

/**
 * The column role names a pack may use. This list mirrors {@code org.tally.core.spec.ColumnRole} one to one and is
 * to be replaced by that enum's constants once both live on one branch; until then a test pins the same names.
 */
final class RoleNames {
    private RoleNames() {
    }

    static final List<String> ORDERED = List.of(
            "PrimaryKey", "PatientRef", "EncounterRef", "ProviderRef", "DepartmentRef", "WardRef", "ForeignRef",
            "BusinessId", "GivenName", "FamilyName", "FullName", "EventTime", "StartTime", "EndTime", "BirthDate",
            "DeathDate", "Status", "Category", "Type", "Severity", "Priority", "Gender", "Amount", "Quantity",
            "Measure", "Duration", "Flag", "Code", "Name", "Description", "FreeText", "Location", "Contact",
            "Identifier", "Unknown");

    static final Set<String> KNOWN = Set.copyOf(ORDERED);

    static boolean isKnown(String role) {
        return KNOWN.contains(role);
    }

    static String known() {
        return String.join(", ", ORDERED);
    }
}
