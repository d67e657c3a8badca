package org.tally.core.spec;

import java.util.List;

/**
 * A condition over another concept one hop from the subject, compiled as EXISTS or NOT EXISTS: "patients with no
 * appointment", "admissions that had a surgery". The filters test columns reached from the related concept (it is
 * their subject) and are AND-ed; with no filters any related row counts.
 */
public record RelatedScope(Quantifier quantifier, String concept, List<Filter> filters) {

    public RelatedScope {
        if (quantifier == null) {
            throw new InvalidSpecException("quantifier", "is missing", "use exists or notExists");
        }
        Identifiers.checkConcept(concept, "concept");
        filters = filters == null ? List.of() : filters;
        for (int i = 0; i < filters.size(); i++) {
            if (filters.get(i) == null) {
                throw new InvalidSpecException("filters[" + i + "]", "is null", "remove it");
            }
        }
        filters = List.copyOf(filters);
    }

    public static RelatedScope exists(String concept, Filter... filters) {
        return new RelatedScope(Quantifier.EXISTS, concept, List.of(filters));
    }

    public static RelatedScope notExists(String concept, Filter... filters) {
        return new RelatedScope(Quantifier.NOT_EXISTS, concept, List.of(filters));
    }

    public String describe() {
        StringBuilder text = new StringBuilder(quantifier == Quantifier.EXISTS ? "with " : "without ")
                .append(concept.trim());
        for (int i = 0; i < filters.size(); i++) {
            text.append(i == 0 ? " where " : " and ").append(filters.get(i).describe());
        }
        return text.toString();
    }
}
