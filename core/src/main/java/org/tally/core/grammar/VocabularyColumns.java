package org.tally.core.grammar;

import java.util.List;
import org.tally.core.pack.NameHint;
import org.tally.core.spec.ColumnRef;

/** Small shared readings of a vocabulary column. */
final class VocabularyColumns {

    private VocabularyColumns() {
    }

    static ColumnRef ref(String concept, GrammarVocabulary.Column c) {
        return new ColumnRef(concept, c.role(), c.hint(), null);
    }

    static boolean hintsMatch(List<NameHint> hints, GrammarVocabulary.Column c) {
        return hints.isEmpty() || hints.stream().anyMatch(h -> h.matches(c.nameTokens()));
    }
}
