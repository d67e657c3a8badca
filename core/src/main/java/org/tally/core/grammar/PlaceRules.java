package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ServiceLine;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;

/** Places after in / on / at / during: a parent record, a service line that owns the subject, any recorded place. */
final class PlaceRules extends RuleFamily {

    PlaceRules(Rules rules) {
        super(rules);
    }

    /**
     * "diagnoses in outpatient visits": values, then a concept the subject's rows belong to (a direct reference);
     * the subject's own row must belong to such a parent, an EXISTS over it. Taken only when it reads further than
     * a value phrase would and every word before the concept is the parent's own value; a time after it stays with
     * the subject (the diagnoses of this year, not those of this year's visits). Returns the tokens read, or 0.
     */
    Result<Read> parentScope(int k, int to, Reading r) {
        for (int j = k; j < Math.min(to, k + 4); j++) {
            Result<ConceptTerm> termRead = rules.conceptTerms.term(j);
            if (termRead.stopped()) {
                return termRead.stop();
            }
            ConceptTerm term = termRead.value();
            if (term == null) {
                continue;
            }
            List<String> parents = new ArrayList<>();
            for (String id : term.concepts()) {
                if (vocab.concepts().contains(id) && !id.equals(r.subject())
                        && rules.relatedScopeRules.refersTo(r.subject(), id)) {
                    parents.add(id);
                }
            }
            int end = j + term.length();
            if (parents.size() != 1 || end > to || end <= k + valueLength(k, to, r)) {
                return Read.noneOk(r);
            }
            String parent = parents.get(0);
            Reading inner = Reading.of(parent, Lead.LIST);
            int at = k;
            while (at < j) {
                Result<Read> v = rules.valueRules.valuePhrase(at, j, inner, parent, false);
                if (v.missed()) {
                    return Read.noneOk(r);
                }
                if (v.stopped()) {
                    return v;
                }
                if (!v.value().matched()) {
                    break;
                }
                at += v.value().n();
                inner = v.value().reading();
            }
            if (at != j || inner.filters().isEmpty() || !inner.related().isEmpty() || inner.range() != null
                    || end < tokens.size() && tokens.get(end).number() != null) {
                return Read.noneOk(r); // "in visits" says nothing; "on ward 3" names one ward, not a kind of them
            }
            return Read.ok(end - k, r.with(new Fragment.Related(new RelatedScope(
                    Quantifier.EXISTS, parent, inner.filters()))));
        }
        return Read.noneOk(r);
    }

    /** How many tokens a value phrase at {@code k} would read, without reading it ("theatre 2" is longer than "theatre"). */
    int valueLength(int k, int to, Reading r) {
        Result<Read> v = rules.valueRules.valuePhrase(k, to, Reading.of(r.subject(), r.lead()), r.subject(), true);
        return v.stopped() ? 0 : Math.max(0, v.value().n());
    }

    /** How many tokens a place phrase ("in theatre") would read at {@code k}, without reading it. */
    int placeLength(int k, int to, Reading r) {
        Result<Read> v = anyPlace(k, to, Reading.of(r.subject(), r.lead()));
        return v.stopped() ? 0 : v.value().n();
    }

    /** A service line phrase at {@code k} whose concepts include the subject: the tokens read, or 0. */
    int owningServiceLine(int k, int to, String subject) {
        for (int n = Math.min(4, to - k); n >= 1; n--) {
            String phrase = ValueText.key(tokens.words(k, k + n));
            for (ServiceLine line : pack.serviceLines()) {
                boolean named = line.phrases().stream().anyMatch(p -> ValueText.key(p).equals(phrase));
                if (named && pack.concept(subject).map(c -> c.serviceLines().contains(line.id())).orElse(false)) {
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
    Result<Read> anyPlace(int k, int to, Reading r) {
        String subject = r.subject();
        for (int n = Math.min(3, to - k); n >= 1; n--) {
            String phrase = tokens.words(k, k + n);
            List<ColumnRef> places = new ArrayList<>();
            for (RoleHint h : lexicon.roleHints(subject, phrase)) {
                if (!h.roles().contains(ColumnRole.LOCATION.jsonName())) {
                    continue;
                }
                for (GrammarVocabulary.Column c : vocab.columns(subject)) {
                    if (c.role() == ColumnRole.LOCATION && hintsMatch(h.nameHints(), c)
                            && !places.contains(ref(subject, c))) {
                        places.add(ref(subject, c));
                    }
                }
            }
            if (!places.isEmpty()) {
                int read = n;
                return clarify.oneRef("column", phrase, places)
                        .map(place -> new Read(read, r.with(new Fragment.SubjectFilter(new Filter.IsNotNull(place)))));
            }
        }
        return Read.noneOk(r);
    }
}
