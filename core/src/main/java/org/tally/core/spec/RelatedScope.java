package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A condition over another concept one hop from the subject, compiled as EXISTS or NOT EXISTS: "patients with no
 * appointment", "admissions that had a surgery". The filters test columns reached from the related concept (it is
 * their subject) and are AND-ed; with no filters any related row counts. A {@link Quantifier#COUNTED} scope bounds how
 * many related rows match ("patients with 3 or more outpatient visits": at least 3), inclusive at both ends; the
 * other quantifiers carry no bounds.
 */
public record RelatedScope(Quantifier quantifier, String concept, List<Filter> filters,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Integer atLeast,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Integer atMost) {

    public RelatedScope(Quantifier quantifier, String concept, List<Filter> filters) {
        this(quantifier, concept, filters, null, null);
    }

    @JsonCreator
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
        boolean bounded = atLeast != null || atMost != null;
        if (quantifier == Quantifier.COUNTED && !bounded) {
            throw new InvalidSpecException("atLeast", "is missing", "a counted scope needs atLeast or atMost");
        }
        if (quantifier != Quantifier.COUNTED && bounded) {
            throw new InvalidSpecException("quantifier", "is " + quantifier.jsonName() + " with bounds",
                    "use counted for a number of related rows");
        }
        if (atLeast != null && atLeast < 0 || atMost != null && atMost < 0) {
            throw new InvalidSpecException(atLeast != null && atLeast < 0 ? "atLeast" : "atMost", "is negative",
                    "counts start at 0");
        }
        if (atLeast != null && atMost != null && atLeast > atMost) {
            throw new InvalidSpecException("atMost", "is below atLeast (" + atMost + " < " + atLeast + ")",
                    "no number of rows lies in that range");
        }
    }

    /** A scope that holds when at least {@code n} related rows match. */
    public static RelatedScope atLeast(int n, String concept, List<Filter> filters) {
        return new RelatedScope(Quantifier.COUNTED, concept, filters, n, null);
    }

    /** A scope that holds when at most {@code n} related rows match (none included). */
    public static RelatedScope atMost(int n, String concept, List<Filter> filters) {
        return new RelatedScope(Quantifier.COUNTED, concept, filters, null, n);
    }

    public static RelatedScope exists(String concept, Filter... filters) {
        return new RelatedScope(Quantifier.EXISTS, concept, List.of(filters));
    }

    public static RelatedScope notExists(String concept, Filter... filters) {
        return new RelatedScope(Quantifier.NOT_EXISTS, concept, List.of(filters));
    }

    public String describe() {
        StringBuilder text = new StringBuilder(quantifier == Quantifier.EXISTS ? "with "
                : quantifier == Quantifier.NOT_EXISTS ? "without " : "with " + bounds() + " ").append(concept.trim());
        for (int i = 0; i < filters.size(); i++) {
            text.append(i == 0 ? " where " : " and ").append(filters.get(i).describe());
        }
        return text.toString();
    }

    /** "3 or more", "at most 1", "between 2 and 4", "exactly 2"; empty for the unbounded quantifiers. */
    public String bounds() {
        if (atLeast == null && atMost == null) {
            return "";
        }
        if (atMost == null) {
            return atLeast + " or more";
        }
        if (atLeast == null || atLeast == 0) {
            return "at most " + atMost;
        }
        return atLeast.equals(atMost) ? "exactly " + atLeast : "between " + atLeast + " and " + atMost;
    }
}
