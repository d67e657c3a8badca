package org.tally.core.pack;

import java.util.List;

/**
 * What a predicate means on one concept. {@code alternatives} are ordered by preference: the binder uses the first
 * alternative that binds <em>completely</em> on the source (every role, hint and class resolves to exactly one
 * column with observed values), and refuses when none does. Alternatives are different ways schemas record the
 * same fact (a balance column, or a payment status), never different meanings.
 */
public record PredicateDefinition(String concept, List<Condition> alternatives) {
    public PredicateDefinition {
        concept = Lists.text(concept);
        alternatives = Lists.copy(alternatives, "alternatives");
    }
}
