package org.tally.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A conservative, name-based PII guess made before any binding exists: person names, contact details, birth
 * dates and national or medical record identifiers, recognised from the column's name tokens (snake_case,
 * CamelCase and UPPER_CASE are split) and, for a bare {@code name} column, from its table's name. It errs
 * towards withholding: a wrongly withheld vocabulary costs a refusal later, a wrongly stored one leaks data.
 */
final class NamePiiPolicy implements PiiPolicy {

    /** Tokens (or two adjacent tokens joined) that mark a column as personal on their own. */
    private static final Set<String> PERSONAL = Set.of(
            "phone", "telephone", "tel", "mobile", "cellphone", "fax", "email", "mail", "address", "addr",
            "street", "postcode", "postal", "zip", "zipcode",
            "ssn", "nin", "nino", "mrn", "nhs", "passport", "medicare", "medicaid", "nationalid", "socialsecurity",
            "dob", "birthdate", "dateofbirth", "birthday",
            "firstname", "lastname", "givenname", "familyname", "fullname", "surname", "forename", "forenames",
            "middlename", "maidenname", "fname", "lname", "mname", "patientname", "ptname", "personname");

    /** Words that make a neighbouring {@code name} token a person's name. */
    private static final Set<String> PERSON_QUALIFIERS = Set.of(
            "first", "last", "given", "family", "full", "middle", "maiden", "patient", "pt", "person", "mother",
            "father", "kin", "guardian", "spouse", "emergency", "contact", "nok", "baby", "newborn");

    /** Table name tokens for which a bare {@code name} column is a person's name. */
    private static final Set<String> PERSON_TABLES = Set.of(
            "patient", "patients", "pt", "pts", "person", "persons", "people", "contact", "contacts", "kin",
            "guardian", "guardians", "mother", "mothers", "newborn", "newborns", "baby", "babies", "member",
            "members", "client", "clients", "demographics", "demographic");

    @Override
    public boolean isPii(CatalogTable table, CatalogColumn column) {
        List<String> tokens = tokens(column.name());
        for (int i = 0; i < tokens.size(); i++) {
            if (PERSONAL.contains(tokens.get(i))) {
                return true;
            }
            if (i + 1 < tokens.size() && PERSONAL.contains(tokens.get(i) + tokens.get(i + 1))) {
                return true;
            }
            if (i + 2 < tokens.size() && PERSONAL.contains(tokens.get(i) + tokens.get(i + 1) + tokens.get(i + 2))) {
                return true;
            }
        }
        if (tokens.contains("name") || tokens.contains("names")) {
            if (tokens.stream().anyMatch(PERSON_QUALIFIERS::contains)) {
                return true;
            }
            if (tokens.size() <= 2 && tokens(table.name()).stream().anyMatch(PERSON_TABLES::contains)) {
                return true; // name, full_name, display_name in a patients table
            }
        }
        return false;
    }

    /** Splits {@code snake_case}, {@code CamelCase}, {@code UPPER_CASE} and digits into lowercase tokens. */
    static List<String> tokens(String identifier) {
        List<String> out = new ArrayList<>();
        for (String part : identifier.split("[^\\p{Alnum}]+")) {
            int start = 0;
            for (int i = 1; i <= part.length(); i++) {
                boolean boundary = i == part.length();
                if (!boundary) {
                    char prev = part.charAt(i - 1);
                    char cur = part.charAt(i);
                    char next = i + 1 < part.length() ? part.charAt(i + 1) : 0;
                    boundary = Character.isLowerCase(prev) && Character.isUpperCase(cur)
                            || Character.isUpperCase(prev) && Character.isUpperCase(cur) && Character.isLowerCase(next)
                            || Character.isDigit(prev) != Character.isDigit(cur);
                }
                if (boundary) {
                    if (i > start) {
                        out.add(part.substring(start, i).toLowerCase(Locale.ROOT));
                    }
                    start = i;
                }
            }
        }
        return out;
    }
}
