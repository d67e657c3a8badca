package org.tally.core.pack;

import java.util.List;

/**
 * Which words in a question name which column of a concept: "mode of delivery" names the Category or Type column of
 * Delivery whose name carries {@code method}, {@code mode} or {@code delivery type}. A column satisfies the hint when
 * its role is one of {@code roles} and (if any name hints are given) at least one hint matches its name tokens.
 * {@code valueClasses} are the classes such a column typically holds — extra evidence, never a substitute.
 */
public record RoleHint(List<String> phrases, List<String> roles, List<NameHint> nameHints, List<String> valueClasses) {
    public RoleHint {
        phrases = Lists.copy(phrases, "phrases");
        roles = Lists.copy(roles, "roles");
        nameHints = Lists.copy(nameHints, "nameHints");
        valueClasses = Lists.copy(valueClasses, "valueClasses");
    }
}
