package org.tally.core.binding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.Cardinality;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRole;

/**
 * Role evidence for one column that needs no concept: key metadata, name tokens with the type class, then the
 * profile. Returns every role with a score, best first; the binder adds concept evidence and table-wide rules
 * (one EventTime, start/end pairs) on top. The word lists are ordinary English and clinical vocabulary (after the
 * pack's abbreviations are expanded), never names of a particular schema.
 */
final class ColumnRoles {

    static final Set<String> ID_WORDS = Set.of("id", "no", "number", "key", "fk", "ref", "identifier", "uid");
    private static final Set<String> AMOUNT = Set.of("amount", "price", "cost", "charge", "total", "balance", "paid",
            "fee", "tariff", "payment", "outstanding", "due", "tax", "discount", "billed");
    private static final Set<String> DURATION = Set.of("duration", "day", "minute", "hour", "week", "month",
            "length", "los", "min", "hr");
    private static final Set<String> QUANTITY = Set.of("quantity", "count", "capacity", "dose", "unit", "bed",
            "item", "stock", "refill");
    private static final Set<String> MEASURE = Set.of("value", "result", "score", "rate", "pulse", "temperature",
            "pressure", "systolic", "diastolic", "saturation", "oxygen", "weight", "height", "bmi", "apgar",
            "glucose", "reading", "measurement", "gram", "kg", "loss", "spo", "low", "high");
    private static final Set<String> PRIORITY = Set.of("priority", "urgency", "acuity", "esi");
    private static final Set<String> CATEGORY_WORDS = Set.of("category", "group", "grade", "chapter", "level");
    private static final Set<String> LOCATION = Set.of("address", "street", "district", "city", "town",
            "postcode", "zip", "county", "region", "country", "location", "room", "theatre", "theater", "bay", "site",
            "floor", "building", "suburb", "village");
    private static final Set<String> STATUS = Set.of("status", "state");
    private static final Set<String> SEVERITY = Set.of("severity", "harm");
    private static final Set<String> TYPE = Set.of("type", "kind", "class");
    private static final Set<String> CATEGORY_TEXT = Set.of("method", "mode", "route", "outcome", "disposition",
            "destination", "source", "form", "specimen", "sample", "frequency", "payer", "role", "designation",
            "title", "specialty", "speciality", "profession", "unit", "reaction", "complaint", "reason", "result",
            "interpretation", "strength", "freq");
    private static final Set<String> CONTACT = Set.of("phone", "telephone", "mobile", "email", "mail", "fax",
            "contact", "cell", "pager");
    private static final Set<String> GIVEN = Set.of("given", "first", "forename", "forenames", "christian");
    private static final Set<String> FAMILY = Set.of("family", "last", "surname");
    /** Words that make a "name" column a person's name. */
    static final Set<String> PERSON = Set.of("patient", "person", "staff", "employee", "doctor", "nurse",
            "provider", "member", "client", "baby", "mother", "father", "kin", "guardian", "spouse", "full",
            "surgeon", "physician", "clinician", "consultant", "practitioner", "midwife");
    /** Words for the start or end of a stay: "discharge location" is where the patient went, not a ward. */
    private static final Set<String> ENCOUNTER_ENDS = Set.of("admission", "discharge", "referral", "arrival",
            "departure", "destination", "source", "origin");
    private static final Set<String> FLAG_VALUES = Set.of("y", "n", "yes", "no", "true", "false", "t", "f", "0", "1");

    private ColumnRoles() {
    }

    /** The reference role a link's target suggests from its concept (or, before concepts exist, its name words). */
    static ColumnRole referenceRole(String targetConcept) {
        if (targetConcept == null) {
            return ColumnRole.FOREIGN_REF;
        }
        return switch (targetConcept) {
            case "Patient" -> ColumnRole.PATIENT_REF;
            case "Encounter", "Admission", "EmergencyVisit" -> ColumnRole.ENCOUNTER_REF;
            case "Provider" -> ColumnRole.PROVIDER_REF;
            case "Department" -> ColumnRole.DEPARTMENT_REF;
            case "Ward" -> ColumnRole.WARD_REF;
            default -> ColumnRole.FOREIGN_REF;
        };
    }

    /** Role candidates of one column, best first (never empty: Unknown closes the list). */
    static List<Scored> candidates(CatalogColumn c, List<String> tokens, boolean primaryKey, Link link,
                                   String linkConcept) {
        List<Scored> out = new ArrayList<>();
        TypeClass type = c.typeClass();
        boolean code = tokens.contains("code");
        if (primaryKey) {
            if (type == TypeClass.TEXT && code) {
                out.add(new Scored(ColumnRole.CODE.jsonName(), 0.95, List.of("primary key holding a code")));
            } else {
                out.add(new Scored(ColumnRole.PRIMARY_KEY.jsonName(), 1.0, List.of("declared primary key")));
            }
        }
        if (link != null) {
            String how = link.inferred() ? "inferred foreign key to " : "declared foreign key to ";
            double score = link.inferred() ? 0.85 : 0.95;
            if (type == TypeClass.TEXT && code) {
                out.add(new Scored(ColumnRole.CODE.jsonName(), score, List.of(how + link.toTable()
                        + "; its values are codes")));
            } else {
                out.add(new Scored(referenceRole(linkConcept).jsonName(), score, List.of(how + link.toTable()
                        + (linkConcept == null ? "" : " (" + linkConcept + ")"))));
            }
        }
        if (tokens.contains("uuid") || tokens.contains("guid")) {
            out.add(new Scored(ColumnRole.UNKNOWN.jsonName(), 0.9, List.of("a globally unique row identifier:"
                    + " neither a label nor a category")));
        }
        if (tokens.contains("row") && tokens.stream().allMatch(t -> t.equals("row") || ID_WORDS.contains(t))
                && tokens.size() > 1) {
            out.add(new Scored(ColumnRole.UNKNOWN.jsonName(), 0.7, List.of("a surrogate row number: neither a label"
                    + " nor a business key")));
        }
        if (type == TypeClass.BOOLEAN) {
            out.add(new Scored(ColumnRole.FLAG.jsonName(), 0.95, List.of("boolean type")));
        } else if (type == TypeClass.TEMPORAL) {
            temporal(tokens, out);
        } else if (type == TypeClass.NUMERIC) {
            numeric(c, tokens, out);
        } else if (type == TypeClass.TEXT) {
            text(c, tokens, out);
        }
        out.add(new Scored(ColumnRole.UNKNOWN.jsonName(), 0.05, List.of("no evidence for any role")));
        out.sort(Comparator.comparingDouble(Scored::score).reversed());
        return dedupe(out);
    }

    private static void temporal(List<String> tokens, List<Scored> out) {
        if (tokens.contains("birth") || tokens.contains("born")) {
            out.add(new Scored(ColumnRole.BIRTH_DATE.jsonName(), 0.9, List.of("a date named for birth")));
        } else if (tokens.contains("death") || tokens.contains("died") || tokens.contains("deceased")) {
            out.add(new Scored(ColumnRole.DEATH_DATE.jsonName(), 0.9, List.of("a date named for death")));
        } else {
            // placed by the table-wide rule (start/end pairs, one EventTime)
            out.add(new Scored(ColumnRole.EVENT_TIME.jsonName(), 0.5, List.of("a point in time")));
        }
    }

    private static void numeric(CatalogColumn c, List<String> tokens, List<Scored> out) {
        add(out, tokens, MEASURE, ColumnRole.MEASURE, 0.8, "a number named as a measurement");
        add(out, tokens, AMOUNT, ColumnRole.AMOUNT, 0.85, "a number named as money");
        add(out, tokens, DURATION, ColumnRole.DURATION, 0.75, "a number named as a length of time");
        add(out, tokens, QUANTITY, ColumnRole.QUANTITY, 0.7, "a number named as a count");
        add(out, tokens, PRIORITY, ColumnRole.PRIORITY, 0.8, "a number named as urgency");
        add(out, tokens, SEVERITY, ColumnRole.SEVERITY, 0.75, "a number named as severity");
        add(out, tokens, CATEGORY_WORDS, ColumnRole.CATEGORY, 0.7, "a number named as a class or level");
        add(out, tokens, LOCATION, ColumnRole.LOCATION, 0.6, "a number naming a place");
        if (tokens.contains("seq") || tokens.contains("sequence")) {
            out.add(new Scored(ColumnRole.UNKNOWN.jsonName(), 0.6, List.of("a sequence number: the order of rows"
                    + " within their parent, not a key or a label")));
        } else if (tokens.stream().anyMatch(ID_WORDS::contains)) {
            out.add(new Scored(ColumnRole.BUSINESS_ID.jsonName(), 0.45, List.of("named like a key, but no table has"
                    + " a matching key")));
        }
        ColumnProfile p = c.profile();
        boolean flagName = tokens.contains("flag") || !tokens.isEmpty() && Set.of("is", "has", "was")
                .contains(tokens.get(0));
        if (flagName && p != null && p.enumerated() && !p.values().isEmpty() && TypeClass.isIntegral(c.jdbcType())
                && p.values().stream().allMatch(v -> v.value().trim().equals("0") || v.value().trim().equals("1"))) {
            out.add(new Scored(ColumnRole.FLAG.jsonName(), 0.9, List.of("named as a flag and holds only 0 and 1")));
        }
        if (p != null && p.cardinality() == Cardinality.EXACT && p.distinctCount() != null && p.distinctCount() <= 10
                && TypeClass.isIntegral(c.jdbcType())) {
            out.add(new Scored(ColumnRole.CATEGORY.jsonName(), 0.4, List.of("profile: only " + p.distinctCount()
                    + " distinct whole numbers")));
        }
        out.add(new Scored(ColumnRole.MEASURE.jsonName(), 0.3, List.of("a number with no telling name")));
    }

    private static void text(CatalogColumn c, List<String> tokens, List<Scored> out) {
        boolean name = tokens.contains("name") || tokens.contains("nm");
        add(out, tokens, Set.of("gender", "sex"), ColumnRole.GENDER, 0.95, "named gender or sex");
        add(out, tokens, Set.of("flag"), ColumnRole.FLAG, 0.85, "named as a yes/no flag");
        if (tokens.contains("forename") || tokens.contains("forenames") || name && hasAny(tokens, GIVEN)) {
            add(out, tokens, GIVEN, ColumnRole.GIVEN_NAME, 0.9, "a given name");
        }
        if (tokens.contains("surname") || name && hasAny(tokens, FAMILY)) {
            add(out, tokens, FAMILY, ColumnRole.FAMILY_NAME, 0.9, "a family name");
        }
        if (name && tokens.stream().anyMatch(PERSON::contains)) {
            out.add(new Scored(ColumnRole.FULL_NAME.jsonName(), 0.85, List.of("a person's name")));
        } else if (name || tokens.contains("label") || tokens.contains("title") && tokens.size() == 1) {
            out.add(new Scored(ColumnRole.NAME.jsonName(), 0.8, List.of("named as the row's label")));
        }
        add(out, tokens, CONTACT, ColumnRole.CONTACT, 0.9, "contact details");
        if (tokens.contains("identifier") || tokens.contains("national") || tokens.contains("passport")
                || tokens.contains("ssn") || tokens.contains("nhs") || tokens.contains("hospital")
                && tokens.stream().anyMatch(ID_WORDS::contains)) {
            out.add(new Scored(ColumnRole.IDENTIFIER.jsonName(), 0.85, List.of("a personal identifier")));
        }
        add(out, tokens, LOCATION, ColumnRole.LOCATION, 0.8, "a place");
        if (tokens.contains("location") && hasAny(tokens, ENCOUNTER_ENDS)) {
            // where a stay came from or went to is a referral source or a disposition, not a place in the hospital
            out.add(new Scored(ColumnRole.CATEGORY.jsonName(), 0.82, List.of("a source or disposition ('"
                    + String.join(" ", tokens) + "'), not a place")));
        }
        add(out, tokens, STATUS, ColumnRole.STATUS, 0.9, "named status");
        add(out, tokens, SEVERITY, ColumnRole.SEVERITY, 0.85, "named severity or harm");
        add(out, tokens, PRIORITY, ColumnRole.PRIORITY, 0.85, "named priority or urgency");
        add(out, tokens, TYPE, ColumnRole.TYPE, 0.8, "named type or class");
        add(out, tokens, CATEGORY_WORDS, ColumnRole.CATEGORY, 0.85, "named category or group");
        add(out, tokens, Set.of("description"), ColumnRole.DESCRIPTION, 0.85, "named description");
        if (tokens.contains("title") && tokens.contains("short")) {
            out.add(new Scored(ColumnRole.NAME.jsonName(), 0.85, List.of("a short title: the row's label")));
        }
        if (tokens.contains("long") && (tokens.contains("title") || name)) {
            out.add(new Scored(ColumnRole.DESCRIPTION.jsonName(), 0.86, List.of("a long title: what the row means"
                    + " in full")));
        }
        add(out, tokens, Set.of("note", "comment", "remark", "narrative", "text", "memo"), ColumnRole.FREE_TEXT,
                0.85, "named as free text");
        add(out, tokens, Set.of("code"), ColumnRole.CODE, 0.85, "named code");
        ColumnProfile p = c.profile();
        boolean enumerated = p != null && p.cardinality() == Cardinality.EXACT;
        if (tokens.stream().anyMatch(CATEGORY_TEXT::contains)) {
            out.add(new Scored(ColumnRole.CATEGORY.jsonName(), enumerated ? 0.75 : 0.6,
                    List.of("named as a kind of " + String.join(" ", tokens))));
        }
        if (tokens.stream().anyMatch(ID_WORDS::contains)) {
            out.add(new Scored(ColumnRole.BUSINESS_ID.jsonName(), 0.6, List.of("a number or identifier in text")));
        }
        if (p != null && p.enumerated() && !p.values().isEmpty() && p.values().stream()
                .allMatch(v -> FLAG_VALUES.contains(ValueText.key(v.value())))) {
            out.add(new Scored(ColumnRole.FLAG.jsonName(), 0.9, List.of("profile: only yes/no values "
                    + p.values().stream().map(ValueCount::value).toList())));
        }
        if (enumerated) {
            out.add(new Scored(ColumnRole.CATEGORY.jsonName(), 0.5, List.of("profile: " + p.distinctCount()
                    + " distinct values")));
        } else if (p != null && p.cardinality() == Cardinality.HIGH) {
            out.add(new Scored(ColumnRole.DESCRIPTION.jsonName(), 0.3, List.of("profile: many distinct texts")));
        }
    }

    private static boolean hasAny(List<String> tokens, Set<String> words) {
        return tokens.stream().anyMatch(words::contains);
    }

    private static void add(List<Scored> out, List<String> tokens, Set<String> words, ColumnRole role, double score,
                            String reason) {
        for (String t : tokens) {
            if (words.contains(t)) {
                out.add(new Scored(role.jsonName(), score, List.of(reason + " ('" + t + "')")));
                return;
            }
        }
    }

    /** Keeps the best-scored entry of each role, order preserved. */
    static List<Scored> dedupe(List<Scored> sorted) {
        List<Scored> out = new ArrayList<>();
        for (Scored s : sorted) {
            if (out.stream().noneMatch(o -> o.candidate().equals(s.candidate()))) {
                out.add(s);
            }
        }
        return out;
    }
}
