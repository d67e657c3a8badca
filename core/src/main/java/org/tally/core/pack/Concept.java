package org.tally.core.pack;

import java.util.ArrayList;
import java.util.List;

/**
 * A kind of thing a hospital records (Delivery, LabResult, …). Questions and the binder speak of concepts; the
 * binding maps each to a table of a source.
 *
 * @param synonyms      question words for the concept besides singular and plural, including the abbreviations real
 *                      schemas use ({@code adt}, {@code ipd}); written in singular form
 * @param nameTokens    normalised tokens that, in a table name, point to this concept
 * @param namePatterns  token combinations that, all present in a table name, point to this concept more specifically
 *                      than any single token ({@code [diagnosis, code]} for DiagnosisCode, not Diagnosis)
 * @param columnTokens  normalised tokens typical of this concept's columns
 * @param requiredRoles roles a table must carry to bind as this concept (each entry may list alternatives)
 * @param serviceLines  the service lines owning this concept
 * @param shared        readable from every service line (Patient, Encounter, Provider, Department)
 * @param roleHints     which question phrases name which of this concept's columns
 * @param kindOf        how the concept is held where no table binds to it: as rows of another concept's table that
 *                      satisfy a condition; null when it is only ever a table of its own
 * @param namesShown    its rows are people whose own names answers may show and group by, such as staff (a
 *                      workforce or theatre report is about them); false for patients and anything about a patient,
 *                      whose names stay personal data. Contact details, identifiers and birth dates stay personal either way, and no
 *                      name value is ever stored in a profile.
 * @param measuresKinds its rows measure different things (lab results of many tests, observations of many signs): a
 *                      single value column mixes units, so an aggregate of it needs the kind fixed or grouped by
 * @param datedBy       temporal roles besides EventTime and StartTime that date each of its rows, so a time range or
 *                      a time bucket of the concept may take them: a death record is dated by its DeathDate. Empty for
 *                      most concepts (a patient's birth date does not date the patient's record)
 */
public record Concept(
        String id,
        String singular,
        String plural,
        List<String> synonyms,
        List<String> nameTokens,
        List<NameHint> namePatterns,
        List<String> columnTokens,
        List<RequiredRole> requiredRoles,
        String description,
        List<String> serviceLines,
        boolean shared,
        List<RoleHint> roleHints,
        KindOf kindOf,
        boolean namesShown,
        boolean measuresKinds,
        List<String> datedBy) {

    public Concept {
        id = Lists.text(id);
        singular = Lists.text(singular);
        plural = Lists.text(plural);
        synonyms = Lists.copy(synonyms, "synonyms");
        nameTokens = Lists.copy(nameTokens, "nameTokens");
        namePatterns = Lists.copy(namePatterns, "namePatterns");
        columnTokens = Lists.copy(columnTokens, "columnTokens");
        requiredRoles = Lists.copy(requiredRoles, "requiredRoles");
        description = Lists.text(description);
        serviceLines = Lists.copy(serviceLines, "serviceLines");
        roleHints = Lists.copy(roleHints, "roleHints");
        datedBy = Lists.copy(datedBy, "datedBy");
    }

    /** Singular, plural and synonyms: every word or phrase that names this concept in a question. */
    public List<String> terms() {
        List<String> all = new ArrayList<>();
        all.add(singular);
        all.add(plural);
        all.addAll(synonyms);
        return List.copyOf(all);
    }
}
