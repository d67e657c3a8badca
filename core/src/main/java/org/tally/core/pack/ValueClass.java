package org.tally.core.pack;

import java.util.List;

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
 */
public record ValueClass(
        String id,
        String group,
        List<String> roles,
        List<String> concepts,
        List<String> phrases,
        List<String> spellings,
        List<String> includes,
        String note) {

    public ValueClass {
        id = Lists.text(id);
        group = Lists.text(group);
        roles = Lists.copy(roles, "roles");
        concepts = Lists.copy(concepts, "concepts");
        phrases = Lists.copy(phrases, "phrases");
        spellings = Lists.copy(spellings, "spellings");
        includes = Lists.copy(includes, "includes");
        note = Lists.text(note);
    }

    /** True when a column of this role, in a table of this concept (null when unknown), may hold the class. */
    public boolean appliesTo(String role, String conceptId) {
        return roles.contains(role) && (concepts.isEmpty() || conceptId == null || concepts.contains(conceptId));
    }
}
