package org.tally.core.pack;

import java.util.List;
import java.util.Optional;

/**
 * A domain predicate ("currently admitted", "stillbirth", "outstanding"): question phrases and, per concept, what
 * they mean in roles, name hints and value classes.
 */
public record Predicate(String id, List<String> phrases, String description, List<PredicateDefinition> definitions) {
    public Predicate {
        id = Lists.text(id);
        phrases = Lists.copy(phrases, "phrases");
        description = Lists.text(description);
        definitions = Lists.copy(definitions, "definitions");
    }

    /** The definition for one concept, if the predicate applies to it. */
    public Optional<PredicateDefinition> on(String conceptId) {
        return definitions.stream().filter(d -> d.concept().equals(conceptId)).findFirst();
    }
}
