package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a column means, independent of its physical name (docs/architecture.md, "The QuerySpec"). A closed set, because compiler and binder
 * rules hang on it: extend with care, and with tests. In JSON and in the domain pack a role is written with its
 * {@link #jsonName()} ({@code "PrimaryKey"}); {@link #fromJson} also accepts {@code primary_key}, {@code PRIMARY KEY}.
 */
public enum ColumnRole {
    /** The row's own key. */
    PRIMARY_KEY("PrimaryKey"),
    /** A reference to a patient. */
    PATIENT_REF("PatientRef"),
    /** A reference to an encounter or visit. */
    ENCOUNTER_REF("EncounterRef"),
    /** A reference to a provider (doctor, nurse, staff member). */
    PROVIDER_REF("ProviderRef"),
    /** A reference to a department or clinic. */
    DEPARTMENT_REF("DepartmentRef"),
    /** A reference to a ward or unit. */
    WARD_REF("WardRef"),
    /** A reference to a row of some other concept. */
    FOREIGN_REF("ForeignRef"),
    /** A human-facing business key (order number, invoice number), unique but not the primary key. */
    BUSINESS_ID("BusinessId"),
    /** A person's given (first) name. */
    GIVEN_NAME("GivenName"),
    /** A person's family (last) name. */
    FAMILY_NAME("FamilyName"),
    /** A person's full name in one column. */
    FULL_NAME("FullName"),
    /** The moment a point-in-time event happened (delivery time, result time). */
    EVENT_TIME("EventTime"),
    /** The start of an interval (admission start, appointment start). */
    START_TIME("StartTime"),
    /** The end of an interval (discharge, appointment end); null while still open. */
    END_TIME("EndTime"),
    /** A date of birth. */
    BIRTH_DATE("BirthDate"),
    /** A date of death. */
    DEATH_DATE("DeathDate"),
    /** A lifecycle state (open, active, discharged, cancelled). */
    STATUS("Status"),
    /** A classification into a small set of kinds (delivery method, admission source). */
    CATEGORY("Category"),
    /** A type code of the row (test type, appointment type). */
    TYPE("Type"),
    /** How severe something is (mild, moderate, severe). */
    SEVERITY("Severity"),
    /** How urgent something is (routine, urgent, stat). */
    PRIORITY("Priority"),
    /** A person's gender or sex. */
    GENDER("Gender"),
    /** A money amount. */
    AMOUNT("Amount"),
    /** A count of units (doses, items). */
    QUANTITY("Quantity"),
    /** A measured numeric value (lab value, weight, blood pressure). */
    MEASURE("Measure"),
    /** A stored length of time (minutes of surgery, length of stay). */
    DURATION("Duration"),
    /** A yes/no fact (is deceased, is emergency). */
    FLAG("Flag"),
    /** A coded value from a code system (ICD, LOINC, ATC). */
    CODE("Code"),
    /** A display label of the row (ward name, medication name). */
    NAME("Name"),
    /** A short descriptive text of the row. */
    DESCRIPTION("Description"),
    /** Free clinical or administrative text (notes, comments). */
    FREE_TEXT("FreeText"),
    /** A place (address part, district, room, bed). */
    LOCATION("Location"),
    /** A way to reach a person (phone, e-mail). */
    CONTACT("Contact"),
    /** A personal identifier (medical record number, national id). */
    IDENTIFIER("Identifier"),
    /** No role could be assigned; a QuerySpec never references it. */
    UNKNOWN("Unknown");

    private final String jsonName;

    ColumnRole(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The stable name used in JSON, the domain pack and the documentation, e.g. {@code "PrimaryKey"}. */
    @JsonValue
    public String jsonName() {
        return jsonName;
    }

    /** Parses a role name ignoring case, spaces, hyphens and underscores; an unknown name lists the accepted ones. */
    @JsonCreator
    public static ColumnRole fromJson(String text) {
        return JsonNames.parse(ColumnRole.class, text, ColumnRole::jsonName, "role");
    }

    /** Dates and timestamps: the roles a time range, a time bucket or a derived duration can use. */
    public boolean isTemporal() {
        return this == EVENT_TIME || this == START_TIME || this == END_TIME || this == BIRTH_DATE
                || this == DEATH_DATE;
    }

    /** Numbers that can be summed or averaged. */
    public boolean isNumeric() {
        return this == AMOUNT || this == QUANTITY || this == MEASURE || this == DURATION;
    }

    /** References to a row of another concept (foreign keys). */
    public boolean isReference() {
        return this == PATIENT_REF || this == ENCOUNTER_REF || this == PROVIDER_REF || this == DEPARTMENT_REF
                || this == WARD_REF || this == FOREIGN_REF;
    }
}
