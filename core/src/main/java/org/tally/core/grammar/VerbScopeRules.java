package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.Filter;
import org.tally.core.spec.RelatedScope;

/** A verb of a related record ("patients diagnosed with X", "admitted more than once"): EXISTS or a counted scope. */
final class VerbScopeRules extends RuleFamily {

    /** Words that may lead a participle clause: "(who) have also been diagnosed". */
    private static final java.util.Set<String> VERB_LEAD = java.util.Set.of("who", "that", "have", "has", "had",
            "were", "was", "are", "is", "also", "been", "ever", "already");

    VerbScopeRules(QuestionParser parse) {
        super(parse);
    }

    /**
     * The concepts other than the subject that {@code verb} is a time verb of and that one foreign key links to the
     * subject; with {@code referring}, only those whose rows refer to the subject's.
     */
    List<String> linkedVerbOwners(String verb, boolean referring) {
        List<String> owners = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(state.subject) && !lexicon.timeHints(c, verb).isEmpty() && vocab.linked(state.subject, c)
                    && (!referring || parse.relatedScopeRules.refersTo(c, state.subject))) {
                owners.add(c);
            }
        }
        return owners;
    }

    /**
     * "patients diagnosed with type 2 diabetes", "who have also been prescribed metformin", "diagnosed with both
     * heart failure and CKD": a time verb of a concept that refers to the subject (not of the subject) → EXISTS over
     * that concept, with the recorded values and time phrase that follow as its conditions; "both X and Y" is one
     * scope per value. Returns the tokens read.
     */
    int verbScope(int i, int to) {
        if (state.subject == null) {
            return 0;
        }
        int k = i;
        while (k < to && VERB_LEAD.contains(tokens.get(k).text())) {
            k++;
        }
        if (k >= to || !lexicon.timeHints(state.subject, tokens.get(k).text()).isEmpty()) {
            return 0;
        }
        String verb = tokens.get(k).text();
        List<String> owners = linkedVerbOwners(verb, true);
        if (owners.isEmpty()) {
            return 0;
        }
        boolean counted = state.lead == Lead.RATE && state.rateWords == null && !state.numeratorMode && k > i;
        String other = clarify.one("related", verb, "'" + verb + "' in which records?", owners);
        if (ownCondition(verb)) {
            // "bills paid last month": bills with a paid status, or bills with a payment last month?
            String one = singularWord(state.subject);
            String own = "the " + one + " is " + verb;
            String event = "the " + one + " has a " + singularWord(other) + " " + verb + " then";
            if (clarify.choose("reading", verb, "'" + verb + "': which do you mean?", List.of(own, event)).equals(own)) {
                return 0;
            }
        }
        TimeRules.LinkedVerbTime col = parse.timeRules.linkedVerbTime(other, verb);
        k++;
        k += tokens.word(k, "with") || tokens.word(k, "for") || tokens.word(k, "by") ? 1 : 0;
        boolean both = tokens.word(k, "both");
        k += both ? 1 : 0;
        List<List<Filter>> scopes = new ArrayList<>();
        List<Filter> shared = new ArrayList<>();
        QuestionParser inner = new QuestionParser(context);
        inner.state.subject = other;
        inner.state.lead = Lead.LIST;
        while (k < to) {
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) {
                TimeRules.rangeFilters(col.column(), m, shared);
                k += m.length();
                continue;
            }
            int before = inner.state.filters.size();
            int v = inner.valueRules.valuePhrase(k, to, other, false);
            if (v <= 0) {
                if (both && tokens.word(k, "and") && !scopes.isEmpty()) {
                    k++;
                    continue;
                }
                break;
            }
            List<Filter> read = new ArrayList<>(inner.state.filters.subList(before, inner.state.filters.size()));
            if (both) {
                scopes.add(read);
            } else if (scopes.isEmpty()) {
                scopes.add(read);
            } else {
                scopes.get(0).addAll(read);
            }
            k += v;
        }
        int[] often = both ? null : parse.countedScopeRules.frequency(k);
        if (often != null) {
            k += often[0];
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) { // "admitted more than once last year"
                TimeRules.rangeFilters(col.column(), m, shared);
                k += m.length();
            }
        }
        if (!inner.state.related.isEmpty()) {
            throw new GrammarMiss("'" + tokens.words(i, k) + "' is too complex");
        }
        boolean ownVerbWaiting = state.range == null && state.verbTimes.stream().anyMatch(c -> c.concept().equals(state.subject));
        if (!shared.isEmpty() && ownVerbWaiting) {
            // "patients registered and admitted this year": does the year date the registration, the stay, or both?
            throw new GrammarMiss("'" + tokens.words(i, k) + "' may date the " + singularWord(state.subject) + " too; say which time"
                    + " the period is for");
        }
        if (both && scopes.size() < 2) {
            throw new GrammarMiss("'both' needs two things joined by 'and' ('" + tokens.words(i, k) + "')");
        }
        if (counted) {
            state.numeratorMode = true; // "… have also been diagnosed with X": the counted condition of a percentage
        }
        if (scopes.isEmpty()) {
            scopes.add(new ArrayList<>());
        }
        for (List<Filter> conditions : scopes) {
            conditions.addAll(shared);
            state.addRelated(often == null ? new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, other, conditions)
                    : new RelatedScope(org.tally.core.spec.Quantifier.COUNTED, other, conditions,
                            often[1] < 0 ? null : often[1], often[2] < 0 ? null : often[2]));
        }
        return k - i;
    }

    String singularWord(String concept) {
        return pack.concept(concept).map(org.tally.core.pack.Concept::singular).orElse(concept)
                .toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether a word is also a condition of the subject itself: a predicate defined on it or one of its values. */
    private boolean ownCondition(String word) {
        Optional<Predicate> p = pack.predicateForPhrase(word);
        if (p.isPresent() && p.get().on(state.subject).isPresent()) {
            return true;
        }
        List<ValueCandidate> own = new ArrayList<>();
        parse.valueRules.candidates(state.subject, null, word, own);
        return !own.isEmpty();
    }}
