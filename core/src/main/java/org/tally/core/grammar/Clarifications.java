package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.tally.core.spec.ColumnRef;

/** Where a phrase has several readings: the user's earlier choice for its key, or a clarifying question. */
final class Clarifications {

    private final Map<String, String> choices;

    Clarifications(Map<String, String> choices) {
        this.choices = Map.copyOf(choices);
    }

    Result<ColumnRef> pickRef(String slot, String key, List<ColumnRef> refs) {
        List<String> labels = new ArrayList<>();
        refs.forEach(r -> labels.add(r.describe()));
        return choose(slot, key, "Which one do you mean for '" + key + "'?", labels)
                .map(pick -> refs.get(labels.indexOf(pick)));
    }

    /** {@code refs}' one column, or the user's choice among several. */
    Result<ColumnRef> oneRef(String slot, String key, List<ColumnRef> refs) {
        return refs.size() == 1 ? Result.ok(refs.get(0)) : pickRef(slot, key, refs);
    }

    /** The one owner of a phrase, or the user's earlier choice among several, or a clarification. */
    Result<String> one(String slot, String key, String question, Collection<String> owners) {
        return owners.size() == 1 ? Result.ok(owners.iterator().next())
                : choose(slot, key, question, new ArrayList<>(owners));
    }

    /** A chosen label from an earlier answer, or a clarification. */
    Result<String> choose(String slot, String key, String question, List<String> labels) {
        String chosen = choices.get(key);
        if (chosen != null && labels.contains(chosen)) {
            return Result.ok(chosen);
        }
        return Result.ask(slot, key, question, labels);
    }
}
