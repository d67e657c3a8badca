package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.RelatedScope;

/** Places after in / on / at / during: a parent record, a service line that owns the subject, any recorded place. */
final class PlaceRules extends RuleFamily {

    PlaceRules(QuestionParser parse) {
        super(parse);
    }

    /**
     * "diagnoses in outpatient visits": values, then a concept the subject's rows belong to (a direct reference);
     * the subject's own row must belong to such a parent, an EXISTS over it. Taken only when it reads further than
     * a value phrase would and every word before the concept is the parent's own value; a time after it stays with
     * the subject (the diagnoses of this year, not those of this year's visits). Returns the tokens read, or 0.
     */
    int parentScope(int k, int to) {
        for (int j = k; j < Math.min(to, k + 4); j++) {
            ConceptTerm term = parse.conceptTerms.term(j);
            if (term == null) {
                continue;
            }
            List<String> parents = new ArrayList<>();
            for (String id : term.concepts()) {
                if (vocab.concepts().contains(id) && !id.equals(state.subject) && parse.relatedScopeRules.refersTo(state.subject, id)) {
                    parents.add(id);
                }
            }
            int end = j + term.length();
            if (parents.size() != 1 || end > to || end <= k + valueLength(k, to)) {
                return 0;
            }
            QuestionParser inner = new QuestionParser(context);
            inner.state.subject = parents.get(0);
            inner.state.lead = Lead.LIST;
            int at = k;
            try {
                int v;
                while (at < j && (v = inner.valueRules.valuePhrase(at, j, inner.state.subject, false)) > 0) {
                    at += v;
                }
            } catch (GrammarMiss e) {
                return 0;
            }
            if (at != j || inner.state.filters.isEmpty() || !inner.state.related.isEmpty() || inner.state.range != null
                    || end < tokens.size() && tokens.get(end).number() != null) {
                return 0; // "in visits" says nothing; "on ward 3" names one ward, not a kind of them
            }
            state.addRelated(new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, parents.get(0), inner.state.filters));
            return end - k;
        }
        return 0;
    }

    /** How many tokens a value phrase at {@code k} would read, without reading it ("theatre 2" is longer than "theatre"). */
    int valueLength(int k, int to) {
        QuestionParser scratch = new QuestionParser(context);
        scratch.state.subject = state.subject;
        scratch.state.lead = state.lead;
        try {
            return Math.max(0, scratch.valueRules.valuePhrase(k, to, state.subject, true));
        } catch (GrammarMiss | GrammarAsk e) {
            return 0;
        }
    }

    /** How many tokens a place phrase ("in theatre") would read at {@code k}, without reading it. */
    int placeLength(int k, int to) {
        QuestionParser scratch = new QuestionParser(context);
        scratch.state.subject = state.subject;
        scratch.state.lead = state.lead;
        try {
            return scratch.placeRules.anyPlace(k, to);
        } catch (GrammarMiss | GrammarAsk e) {
            return 0;
        }
    }

    /** A service line phrase at {@code k} whose concepts include the subject: the tokens read, or 0. */
    int owningServiceLine(int k, int to) {
        for (int n = Math.min(4, to - k); n >= 1; n--) {
            String phrase = ValueText.key(tokens.words(k, k + n));
            for (org.tally.core.pack.ServiceLine line : pack.serviceLines()) {
                boolean named = line.phrases().stream().anyMatch(p -> ValueText.key(p).equals(phrase));
                if (named && pack.concept(state.subject).map(c -> c.serviceLines().contains(line.id())).orElse(false)) {
                    return n;
                }
            }
        }
        return 0;
    }

    /**
     * "operations performed in theatre": after in/on/at, a role phrase naming the subject's one Location column and no
     * value means any recorded place: the place is not empty. Returns the tokens read, 0 when it is no such phrase.
     */
    int anyPlace(int k, int to) {
        for (int n = Math.min(3, to - k); n >= 1; n--) {
            String phrase = tokens.words(k, k + n);
            List<ColumnRef> places = new ArrayList<>();
            for (RoleHint h : lexicon.roleHints(state.subject, phrase)) {
                if (!h.roles().contains(ColumnRole.LOCATION.jsonName())) {
                    continue;
                }
                for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
                    if (c.role() == ColumnRole.LOCATION && hintsMatch(h.nameHints(), c)
                            && !places.contains(ref(state.subject, c))) {
                        places.add(ref(state.subject, c));
                    }
                }
            }
            if (!places.isEmpty()) {
                ColumnRef place = places.size() == 1 ? places.get(0) : clarify.pickRef("column", phrase, places);
                state.filters.add(new Filter.IsNotNull(place));
                return n;
            }
        }
        return 0;
    }}
