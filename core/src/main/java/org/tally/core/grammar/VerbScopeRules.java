package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.tally.core.pack.Concept;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;

/** A verb of a related record ("patients diagnosed with X", "admitted more than once"): EXISTS or a counted scope. */
final class VerbScopeRules extends RuleFamily {

    /** Words that may lead a participle clause: "(who) have also been diagnosed". */
    private static final Set<String> VERB_LEAD = Set.of("who", "that", "have", "has", "had",
            "were", "was", "are", "is", "also", "been", "ever", "already");

    VerbScopeRules(Rules rules) {
        super(rules);
    }

    /**
     * The concepts other than {@code subject} that {@code verb} is a time verb of and that one foreign key links to
     * it; with {@code referring}, only those whose rows refer to the subject's.
     */
    List<String> linkedVerbOwners(String verb, boolean referring, String subject) {
        List<String> owners = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(subject) && !lexicon.timeHints(c, verb).isEmpty() && vocab.linked(subject, c)
                    && (!referring || rules.relatedScopeRules.refersTo(c, subject))) {
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
    Result<Read> verbScope(int i, int to, Reading r) {
        String subject = r.subject();
        if (subject == null) {
            return Read.noneOk(r);
        }
        int k = i;
        while (k < to && VERB_LEAD.contains(tokens.get(k).text())) {
            k++;
        }
        if (k >= to || !lexicon.timeHints(subject, tokens.get(k).text()).isEmpty()) {
            return Read.noneOk(r);
        }
        String verb = tokens.get(k).text();
        List<String> owners = linkedVerbOwners(verb, true, subject);
        if (owners.isEmpty()) {
            return Read.noneOk(r);
        }
        boolean counted = r.lead() == Lead.RATE && r.rateWords() == null && !r.numeratorMode() && k > i;
        Result<String> otherRead = clarify.one("related", verb, "'" + verb + "' in which records?", owners);
        if (otherRead.stopped()) {
            return otherRead.stop();
        }
        String other = otherRead.value();
        Result<Boolean> own = ownCondition(verb, subject);
        if (own.stopped()) {
            return own.stop();
        }
        if (own.value()) {
            // "bills paid last month": bills with a paid status, or bills with a payment last month?
            String one = singularWord(subject);
            String ownReading = "the " + one + " is " + verb;
            String event = "the " + one + " has a " + singularWord(other) + " " + verb + " then";
            Result<String> pick = clarify.choose("reading", verb, "'" + verb + "': which do you mean?",
                    List.of(ownReading, event));
            if (pick.stopped()) {
                return pick.stop();
            }
            if (pick.value().equals(ownReading)) {
                return Read.noneOk(r);
            }
        }
        Result<TimeRules.LinkedVerbTime> col = rules.timeRules.linkedVerbTime(other, verb);
        if (col.stopped()) {
            return col.stop();
        }
        k++;
        k += tokens.word(k, "with") || tokens.word(k, "for") || tokens.word(k, "by") ? 1 : 0;
        boolean both = tokens.word(k, "both");
        k += both ? 1 : 0;
        List<List<Filter>> scopes = new ArrayList<>();
        List<Filter> shared = new ArrayList<>();
        Reading inner = Reading.of(other, Lead.LIST);
        while (k < to) {
            Result<TimePhrases.Match> m = time.at(k);
            if (m.stopped()) {
                return m.stop();
            }
            if (m.value() != null && k + m.value().length() <= to) {
                Result<ColumnRef> dated = col.value().column();
                if (dated.stopped()) {
                    return dated.stop();
                }
                TimeRules.rangeFilters(dated.value(), m.value(), shared);
                k += m.value().length();
                continue;
            }
            int before = inner.filters().size();
            Result<Read> v = rules.valueRules.valuePhrase(k, to, inner, other, false);
            if (v.stopped()) {
                return v;
            }
            if (!v.value().matched()) {
                if (both && tokens.word(k, "and") && !scopes.isEmpty()) {
                    k++;
                    continue;
                }
                break;
            }
            inner = v.value().reading();
            List<Filter> read = new ArrayList<>(inner.filters().subList(before, inner.filters().size()));
            if (both || scopes.isEmpty()) {
                scopes.add(read);
            } else {
                scopes.get(0).addAll(read);
            }
            k += v.value().n();
        }
        int[] often = both ? null : rules.countedScopeRules.frequency(k);
        if (often != null) {
            k += often[0];
            Result<TimePhrases.Match> m = time.at(k);
            if (m.stopped()) {
                return m.stop();
            }
            if (m.value() != null && k + m.value().length() <= to) { // "admitted more than once last year"
                Result<ColumnRef> dated = col.value().column();
                if (dated.stopped()) {
                    return dated.stop();
                }
                TimeRules.rangeFilters(dated.value(), m.value(), shared);
                k += m.value().length();
            }
        }
        if (!inner.related().isEmpty()) {
            return Result.miss("'" + tokens.words(i, k) + "' is too complex");
        }
        boolean ownVerbWaiting = r.range() == null && r.verbTimes().stream().anyMatch(c -> c.concept().equals(subject));
        if (!shared.isEmpty() && ownVerbWaiting) {
            // "patients registered and admitted this year": does the year date the registration, the stay, or both?
            return Result.miss("'" + tokens.words(i, k) + "' may date the " + singularWord(subject) + " too; say which time"
                    + " the period is for");
        }
        if (both && scopes.size() < 2) {
            return Result.miss("'both' needs two things joined by 'and' ('" + tokens.words(i, k) + "')");
        }
        Reading out = counted ? r.with(new Fragment.CountedCondition()) : r; // "… have also been diagnosed with X"
        if (scopes.isEmpty()) {
            scopes.add(new ArrayList<>());
        }
        for (List<Filter> conditions : scopes) {
            conditions.addAll(shared);
            out = out.with(new Fragment.Related(often == null ? new RelatedScope(Quantifier.EXISTS, other, conditions)
                    : new RelatedScope(Quantifier.COUNTED, other, conditions,
                            often[1] < 0 ? null : often[1], often[2] < 0 ? null : often[2])));
        }
        return Read.ok(k - i, out);
    }

    String singularWord(String concept) {
        return pack.concept(concept).map(Concept::singular).orElse(concept)
                .toLowerCase(Locale.ROOT);
    }

    /** Whether a word is also a condition of the subject itself: a predicate defined on it or one of its values. */
    private Result<Boolean> ownCondition(String word, String subject) {
        Optional<Predicate> p = pack.predicateForPhrase(word);
        if (p.isPresent() && p.get().on(subject).isPresent()) {
            return Result.ok(true);
        }
        return rules.valueRules.candidates(subject, null, word).map(own -> !own.isEmpty());
    }
}
