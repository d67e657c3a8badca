package org.tally.core.pack;

import java.util.List;

/**
 * Which words in a question name which column of a concept: "mode of delivery" names the Category or Type column of
 * Delivery whose name carries {@code method}, {@code mode} or {@code delivery type}. A column satisfies the hint when
 * its role is one of {@code roles} and (if any name hints are given) at least one hint matches its name tokens.
 * {@code valueClasses} are the classes such a column typically holds — extra evidence, never a substitute.
 * {@code verb} says the phrases are verbs of the event a birth or death date records ("born"): such a hint names that
 * date as the time a phrase after it is about, as "admitted" names a start. Other hints naming only a birth or death
 * date ("birthday", "date of birth") name the column, never a time range.
 */
public record RoleHint(List<String> phrases, List<String> roles, List<NameHint> nameHints, List<String> valueClasses,
                       boolean verb) {
    public RoleHint {
        phrases = Lists.copy(phrases, "phrases");
        roles = Lists.copy(roles, "roles");
        nameHints = Lists.copy(nameHints, "nameHints");
        valueClasses = Lists.copy(valueClasses, "valueClasses");
    }
}
