package org.tally.core.scope;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.ServiceLine;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;

/**
 * The identity hook of a scope (docs/architecture.md, "Service lines"): patient-level records are read only in a
 * scope that reads them (the patient chart's line, or every table at once). An analyst's scope never looks up one
 * patient's record, never searches or quotes free text the binder marks personal, and never answers a question
 * about one named patient: it gets a redirect to the line that may.
 */
public final class PatientLevel {

    /** Roles that pick out one person. */
    private static final Set<ColumnRole> IDENTIFYING = EnumSet.of(ColumnRole.IDENTIFIER, ColumnRole.GIVEN_NAME,
            ColumnRole.FAMILY_NAME, ColumnRole.FULL_NAME, ColumnRole.CONTACT);
    /**
     * A record number as typed: a short prefix and four or more digits ("MRN0001643", "P-10432"), or six digits and
     * more; "COVID-19" or a year is none.
     */
    private static final Pattern RECORD_NUMBER = Pattern.compile("\\b(?:\\p{L}{1,6}[-/]?\\d{4,}|\\d{6,})\\b");
    /** A person addressed by title and surname ("Mrs Okafor"); staff titles are not patients'. */
    private static final Pattern TITLED = Pattern.compile("\\b(?:[Mm]rs?|[Mm]s|[Mm]iss|[Mm]x)\\.? \\p{Lu}\\p{L}+");

    private PatientLevel() {
    }

    /** Why {@code scope} may not run {@code spec}, a patient-level lookup, or empty when it may. */
    public static Optional<String> refusal(QuerySpec spec, Scope scope, DomainPack pack) {
        if (scope.readsPatientLevel()) {
            return Optional.empty();
        }
        List<ColumnRef> refs = new ArrayList<>(spec.referencedColumns());
        for (RelatedScope r : spec.related()) {
            r.filters().forEach(f -> refs.addAll(f.target().columns()));
        }
        boolean identifies = refs.stream()
                .anyMatch(c -> IDENTIFYING.contains(c.role()) && !namesShown(c.concept(), pack));
        boolean oneRecord = spec.shape() == Shape.LOOKUP && aboutPatients(spec.subject(), pack);
        if (!identifies && !oneRecord) {
            return Optional.empty();
        }
        Set<String> concepts = new LinkedHashSet<>();
        concepts.add(spec.subject());
        refs.forEach(c -> concepts.add(c.concept()));
        spec.related().forEach(r -> concepts.add(r.concept()));
        return Optional.of(redirect(scope, pack, concepts));
    }

    /** True when {@code scope} may search and quote this free-text column. */
    public static boolean searchable(ColumnBinding column, Scope scope) {
        return scope.readsPatientLevel() || !column.pii();
    }

    /** True when a text names one patient: a record number or a person addressed by title. */
    public static boolean namesOnePatient(String text) {
        return RECORD_NUMBER.matcher(text).find() || TITLED.matcher(text).find();
    }

    /**
     * True when a question about records' text is about one patient: it types a record number, addresses a person
     * by title, or names one record of a concept about patients by its number ("patient 1043", "admission 55").
     */
    public static boolean aboutOnePatient(String question, DomainPack pack) {
        if (namesOnePatient(question)) {
            return true;
        }
        String[] words = question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").trim().split(" ");
        for (int i = 0; i + 1 < words.length; i++) {
            boolean numbered = !words[i + 1].isEmpty() && words[i + 1].chars().allMatch(Character::isDigit);
            if (numbered && pack.conceptsNamedBy(words[i]).stream().anyMatch(c -> aboutPatients(c, pack))) {
                return true;
            }
        }
        return false;
    }

    /**
     * "One patient's records are not read in the Maternity scope; ask it in the Patient Chart scope": the scopes
     * named are those that read patient-level records and every one of {@code concepts}.
     */
    public static String redirect(Scope scope, DomainPack pack, Collection<String> concepts) {
        return "One patient's records are not read in the " + scope.label() + " scope; ask it " + where(pack, concepts);
    }

    /** "in the Patient Chart scope", or "under All service lines" when no patient-level line reads them all. */
    public static String where(DomainPack pack, Collection<String> concepts) {
        return pack.serviceLines().stream().filter(ServiceLine::patientLevel).map(l -> Scope.of(pack, l))
                .filter(s -> concepts.stream().allMatch(s::allows)).map(s -> "in the " + s.label() + " scope")
                .findFirst().orElse("under " + Scope.ALL.label());
    }

    /**
     * A concept is about patients when the pack requires a patient reference or a birth date of it (the pack's own
     * test for "about patients"); people whose names may be shown (staff) are not patients.
     */
    private static boolean aboutPatients(String concept, DomainPack pack) {
        Optional<Concept> c = pack.concept(concept);
        if (c.isEmpty() || c.get().namesShown()) {
            return false;
        }
        return c.get().requiredRoles().stream().flatMap(r -> r.anyOf().stream())
                .anyMatch(r -> r.equals(ColumnRole.PATIENT_REF.jsonName()) || r.equals(ColumnRole.BIRTH_DATE.jsonName()));
    }

    private static boolean namesShown(String concept, DomainPack pack) {
        return pack.concept(concept).map(Concept::namesShown).orElse(false);
    }
}
