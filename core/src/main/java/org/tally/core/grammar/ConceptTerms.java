package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;

/** Concept terms: the longest phrase naming a pack concept, and the bound concept it stands for here. */
final class ConceptTerms extends RuleFamily {

    ConceptTerms(Rules rules) {
        super(rules);
    }

    /** The longest concept term starting at {@code i} (up to four words), or null. */
    Result<ConceptTerm> term(int i) {
        for (int n = Math.min(4, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            if (tokens.get(i).number() != null) {
                return Result.ok(null);
            }
            Result<List<String>> ids = lexicon.conceptsNamedBy(phrase);
            if (ids.stopped()) {
                return ids.stop();
            }
            if (!ids.value().isEmpty()) {
                return Result.ok(new ConceptTerm(n, ids.value(), phrase));
            }
        }
        return Result.ok(null);
    }

    Result<String> boundOne(ConceptTerm term, String slot) {
        List<String> bound = new ArrayList<>();
        for (String id : term.concepts()) {
            if (vocab.concepts().contains(id)) {
                bound.add(id);
            }
        }
        if (bound.isEmpty()) {
            return Result.miss("'" + term.phrase() + "' names " + String.join(" or ", term.concepts())
                    + ", which this source does not hold");
        }
        if (bound.size() > 1) {
            return clarify.choose(slot, term.phrase(), "Which do you mean by '" + term.phrase() + "'?", bound);
        }
        return Result.ok(bound.get(0));
    }

    /** The concept term spelled exactly by {@code phrase}, or null. */
    Result<ConceptTerm> termOf(String phrase) {
        return lexicon.conceptsNamedBy(phrase)
                .map(ids -> ids.isEmpty() ? null : new ConceptTerm(phrase.split(" ").length, ids, phrase));
    }
}
