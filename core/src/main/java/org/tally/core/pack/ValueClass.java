package org.tally.core.pack;

import java.util.List;
import java.util.Locale;

/**
 * A set of equivalent spellings real systems use for one value (no_show: DNA, Did not attend, No-show, …).
 * Only true equivalents belong in one class; a narrower class is linked with {@code includes} (caesarean includes
 * emergency_caesarean), so "abnormal" can cover "critical" without "critical" covering "high".
 *
 * @param group     a label grouping related classes (gender, yes_no, delivery_method), for display and drift
 * @param roles     column roles whose values this class can describe; never matched on other roles
 * @param concepts  concepts whose columns may hold it; empty means any concept
 * @param phrases   question words that ask for this class ("no-show", "did not attend", "missed")
 * @param spellings values a column may hold; compared case-, space-, hyphen-, underscore- and slash-insensitively
 * @param includes  narrower classes whose spellings also count as this class
 * @param codes     code prefixes of a coding system ("E11" for type 2 diabetes in ICD-10): on a Code column an
 *                  observed code counts when it is the prefix or starts with it followed by a dot or a digit
 *                  ("E11", "E11.9", "E119"), compared case- and dot-insensitively; never a substring elsewhere
 * @param initial   the state a record is made in (booked, ordered): "were booked last month" dates the making of the
 *                  record, not the record's own time, so the phrase followed by a time is not this status
 */
public record ValueClass(
        String id,
        String group,
        List<String> roles,
        List<String> concepts,
        List<String> phrases,
        List<String> spellings,
        List<String> includes,
        List<String> codes,
        String note,
        boolean initial) {

    public ValueClass {
        id = Lists.text(id);
        group = Lists.text(group);
        roles = Lists.copy(roles, "roles");
        concepts = Lists.copy(concepts, "concepts");
        phrases = Lists.copy(phrases, "phrases");
        spellings = Lists.copy(spellings, "spellings");
        includes = Lists.copy(includes, "includes");
        codes = Lists.copy(codes, "codes");
        note = Lists.text(note);
    }

    /** Whether an observed value of a Code column is one of this class's codes. */
    public boolean coversCode(String value) {
        String v = codeKey(value);
        for (String prefix : codes) {
            String p = codeKey(prefix);
            if (v.equals(p) || v.startsWith(p) && v.length() > p.length()
                    && Character.isDigit(v.charAt(p.length()))) {
                return true;
            }
        }
        return false;
    }

    /** A code without case, dots or spaces: "e11.9" and "E119" compare equal. */
    static String codeKey(String code) {
        return code.toUpperCase(Locale.ROOT).replace(".", "").replace(" ", "");
    }

    /** True when a column of this role, in a table of this concept (null when unknown), may hold the class. */
    public boolean appliesTo(String role, String conceptId) {
        return roles.contains(role) && (concepts.isEmpty() || conceptId == null || concepts.contains(conceptId));
    }
}
