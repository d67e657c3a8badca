package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.ValueRef;

/** Conditions on related records: with / without / who never had (EXISTS, NOT EXISTS) and "with VALUE". */
final class RelatedScopeRules extends RuleFamily {

    private static final Set<String> CLAUSE_WORDS = Set.of("that", "which", "caused", "had",
            "was", "were", "is", "are", "resulted", "in", "involved", "with");

    RelatedScopeRules(Rules rules) {
        super(rules);
    }

    /**
     * "medications not prescribed at all last week", "patients never prescribed metformin": not|never + a time verb
     * of a concept linked to the subject (not of the subject itself) → NOT EXISTS over that concept, with the time
     * phrase and value words that follow as its own conditions. Returns the tokens read.
     */
    Result<Read> negatedVerbScope(int i, int to, Reading r) {
        String subject = r.subject();
        if (subject == null || !(tokens.word(i, "not") || tokens.word(i, "never"))) {
            return Read.noneOk(r);
        }
        int k = i + 1;
        if (tokens.word(k, "been")) {
            k++;
        }
        if (k >= to || !lexicon.timeHints(subject, tokens.get(k).text()).isEmpty()) {
            return Read.noneOk(r);
        }
        String verb = tokens.get(k).text();
        List<String> owners = rules.verbScopeRules.linkedVerbOwners(verb, false, subject);
        if (owners.isEmpty()) {
            return Read.noneOk(r);
        }
        Result<String> otherRead = clarify.one("related", verb, "'" + verb + "' in which records?", owners);
        if (otherRead.stopped()) {
            return otherRead.stop();
        }
        String other = otherRead.value();
        Result<TimeRules.LinkedVerbTime> col = rules.timeRules.linkedVerbTime(other, verb);
        if (col.stopped()) {
            return col.stop();
        }
        Reading inner = Reading.of(other, Lead.LIST);
        List<Filter> conditions = new ArrayList<>();
        k++;
        k += tokens.word(k, "with") || tokens.word(k, "for") ? 1 : 0; // "never diagnosed with sepsis": the values are the record's
        while (k < to) {
            if (tokens.match(k, "at", "all") > 0) {
                k += 2;
                continue;
            }
            Result<TimePhrases.Match> m = time.at(k);
            if (m.stopped()) {
                return m.stop();
            }
            if (m.value() != null && k + m.value().length() <= to) {
                Result<ColumnRef> dated = col.value().column();
                if (dated.stopped()) {
                    return dated.stop();
                }
                TimeRules.rangeFilters(dated.value(), m.value(), conditions);
                k += m.value().length();
                continue;
            }
            Result<Read> v = rules.valueRules.valuePhrase(k, to, inner, other, false);
            if (v.stopped()) {
                return v;
            }
            if (!v.value().matched()) {
                break;
            }
            k += v.value().n();
            inner = v.value().reading();
        }
        if (!inner.related().isEmpty()) {
            return Result.miss("'" + tokens.words(i, k) + "' is too complex");
        }
        conditions.addAll(inner.filters());
        return Read.ok(k - i, r.with(new Fragment.Related(new RelatedScope(Quantifier.NOT_EXISTS, other, conditions))));
    }

    /** "with no appointment", "without a delivery", "who never had an admission", "with an allergy": tokens read. */
    Result<Read> relatedScope(int i, Reading r) {
        String subject = r.subject();
        if (subject == null) {
            return Read.noneOk(r);
        }
        int k = i;
        boolean negated;
        int n;
        int[] bound = rules.countedScopeRules.countedScope(k);
        if (bound != null) {
            return rules.countedScopeRules.boundedScope(i, k + bound[0], bound[1] < 0 ? null : bound[1],
                    bound[2] < 0 ? null : bound[2], r);
        }
        if ((n = haveValue(k, subject)) > 0) {
            // "patients who have type 2 diabetes": a value recorded about them, read as after "with"
            Reading counted = r.lead() == Lead.RATE && r.rateWords() == null && !r.numeratorMode()
                    ? r.with(new Fragment.CountedCondition()) : r; // "what percentage of patients have …"
            Result<Read> v = withValue(k + n, false, false, counted);
            if (v.stopped()) {
                return v;
            }
            if (v.value().matched()) {
                return Read.ok(n + v.value().n(), v.value().reading());
            }
            return Read.noneOk(r);
        }
        if ((n = tokens.match(k, "with", "no")) > 0 || (n = tokens.match(k, "who", "have", "no")) > 0
                || (n = tokens.match(k, "that", "have", "no")) > 0 || (n = tokens.match(k, "have", "no")) > 0
                || (n = tokens.match(k, "has", "no")) > 0 || (n = tokens.match(k, "had", "no")) > 0
                || (n = tokens.match(k, "who", "had", "no")) > 0 || (n = tokens.match(k, "without", "any")) > 0
                || (n = tokens.match(k, "without")) > 0 || (n = tokens.match(k, "who", "never", "had")) > 0
                || (n = tokens.match(k, "that", "never", "had")) > 0 || (n = tokens.match(k, "never", "had")) > 0
                || (n = tokens.match(k, "with", "zero")) > 0 || (n = neverUsedFor(k)) > 0) {
            negated = true;
        } else if ((n = tokens.match(k, "with", "at", "least", "one")) > 0 || (n = tokens.match(k, "who", "had")) > 0
                || (n = tokens.match(k, "that", "had")) > 0 || (n = tokens.match(k, "with")) > 0
                || haveArticle(k) && (n = 1) > 0) {
            negated = false;
        } else {
            return Read.noneOk(r);
        }
        boolean verbLed = tokens.word(k, "have") || tokens.word(k, "has") || tokens.word(k, "had") || tokens.word(k + 1, "had");
        k += n;
        if (tokens.word(k, "a") || tokens.word(k, "an") || tokens.word(k, "any")) {
            k++;
        }
        for (int j = k; j < Math.min(tokens.size(), k + 4); j++) {
            Result<ConceptTerm> termRead = rules.conceptTerms.term(j);
            if (termRead.stopped()) {
                return termRead.stop();
            }
            ConceptTerm term = termRead.value();
            if (term == null) {
                continue;
            }
            Result<String> otherRead = rules.conceptTerms.boundOne(term, "related");
            if (otherRead.stopped()) {
                return otherRead.stop();
            }
            String other = otherRead.value();
            if (other.equals(subject)) {
                return Result.miss("'" + tokens.words(i, j + term.length()) + "' compares " + subject + " with itself");
            }
            if (SubjectRules.PATIENT.equals(other) && !vocab.linked(subject, other) && j == k) {
                Result<Read> byEvent = patientsByEvent(i, j + term.length(), negated, r);
                if (byEvent.stopped() || byEvent.value().matched()) {
                    return byEvent;
                }
            }
            if (!vocab.linked(subject, other)) {
                return Result.miss("no link between " + subject + " and " + other + " on this source");
            }
            List<Filter> conditions = new ArrayList<>();
            Result<Integer> end = relatedConditions(i, k, j, term, other, conditions);
            if (end.stopped()) {
                return end.stop();
            }
            Reading read = r;
            if (verbLed && r.lead() == Lead.RATE && r.rateWords() == null && !r.numeratorMode()) {
                read = read.with(new Fragment.CountedCondition()); // "what percentage of patients have an allergy"
            }
            return Read.ok(end.value() - i, read.with(new Fragment.Related(new RelatedScope(negated
                    ? Quantifier.NOT_EXISTS : Quantifier.EXISTS, other, conditions))));
        }
        if (tokens.word(i, "with") || tokens.word(i, "without")) {
            Result<Read> byValue = withValue(k, negated, true, r);
            if (byValue.stopped()) {
                return byValue;
            }
            if (byValue.value().matched()) {
                return Read.ok(k - i + byValue.value().n(), byValue.value().reading());
            }
        }
        if (!negated) {
            return Read.noneOk(r);
        }
        return Result.miss("'" + tokens.words(i, Math.min(tokens.size(), k + 2)) + "' names nothing this source links to "
                + subject);
    }

    /**
     * The conditions of a related concept named at {@code j} ("patients who had an emergency admission last month"):
     * its values before it (from {@code k}), its time and a relative clause after it, into {@code out}. Returns the
     * index after what was read.
     */
    Result<Integer> relatedConditions(int i, int k, int j, ConceptTerm term, String other, List<Filter> out) {
        Result<Reading> innerRead = rules.modifierRules.modifiers(k, j, Reading.of(other, Lead.LIST));
        if (innerRead.stopped()) {
            return innerRead.stop();
        }
        Reading inner = innerRead.value();
        if (!inner.related().isEmpty() || inner.range() != null || !inner.dimensions().isEmpty()) {
            return Result.miss("'" + tokens.words(k, j) + "' is too complex inside '" + tokens.words(i, j + term.length()) + "'");
        }
        out.addAll(inner.filters());
        Result<Integer> end = rules.timeRules.relatedTime(other, j + term.length(), tokens.size(), out);
        if (end.stopped()) {
            return end;
        }
        int at = end.value();
        if (at == j + term.length()) {
            // "patients who had an admission last month", "3 or more in 2025"
            Result<Integer> ranged = rules.timeRules.relatedRange(other, at, out);
            if (ranged.stopped()) {
                return ranged;
            }
            at = ranged.value();
        }
        return relativeClause(other, at, out);
    }

    /** "(have|has) never been used for", "never used in", "not used by": the tokens read, 0 when it is not that. */
    private int neverUsedFor(int k) {
        int at = k;
        while (tokens.word(at, "have") || tokens.word(at, "has") || tokens.word(at, "had") || tokens.word(at, "that") || tokens.word(at, "which")) {
            at++;
        }
        if (!(tokens.word(at, "never") || tokens.word(at, "not"))) {
            return 0;
        }
        at++;
        at += tokens.word(at, "been") ? 1 : 0;
        if (!(tokens.word(at, "used") || tokens.word(at, "assigned") || tokens.word(at, "allocated"))) {
            return 0;
        }
        at++;
        if (!(tokens.word(at, "for") || tokens.word(at, "in") || tokens.word(at, "by") || tokens.word(at, "to"))) {
            return 0;
        }
        return at + 1 - k;
    }

    /**
     * "who have", "that has", "have" before a value (not a number, an article or "no"): the tokens, or 0. Not before
     * a predicate of the subject itself: "patients who have died" is the patients' own death, never a value some
     * related record spells "died".
     */
    private int haveValue(int k, String subject) {
        int n;
        if ((n = tokens.match(k, "who", "have")) > 0 || (n = tokens.match(k, "who", "has")) > 0 || (n = tokens.match(k, "that", "have")) > 0
                || (n = tokens.match(k, "that", "has")) > 0 || (n = tokens.match(k, "have")) > 0 || (n = tokens.match(k, "has")) > 0) {
            return k + n < tokens.size() && tokens.number(k + n) == null && !tokens.word(k + n, "no") && !tokens.word(k + n, "a")
                    && !tokens.word(k + n, "an") && !tokens.word(k + n, "any") && !tokens.word(k + n, "been")
                    && !subjectPredicateAt(k + n, subject) ? n : 0;
        }
        return 0;
    }

    /** Whether a pack predicate defined for the subject starts at {@code k} ("died", "passed away"). */
    private boolean subjectPredicateAt(int k, String subject) {
        for (int n = Math.min(3, tokens.size() - k); n >= 1; n--) {
            if (pack.predicateForPhrase(tokens.words(k, k + n)).flatMap(p -> p.on(subject)).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /** "have a", "has an", "had any": a related concept follows ("patients have a severe penicillin allergy"). */
    private boolean haveArticle(int k) {
        return (tokens.word(k, "have") || tokens.word(k, "has") || tokens.word(k, "had"))
                && (tokens.word(k + 1, "a") || tokens.word(k + 1, "an") || tokens.word(k + 1, "any"));
    }

    /**
     * "wards with no patients currently admitted": patients are not linked to wards, but the words after them are a
     * predicate of exactly one concept that is linked to the subject and refers to patients (admissions); the scope
     * is over that concept with the predicate as its condition. Returns the tokens read from {@code i}, or 0.
     */
    private Result<Read> patientsByEvent(int i, int after, boolean negated, Reading r) {
        int j = after;
        while (j < tokens.size() && SubjectRules.COPULAS.contains(tokens.get(j).text())) {
            j++;
        }
        for (int n = Math.min(5, tokens.size() - j); n >= 1; n--) {
            Optional<Predicate> p = pack.predicateForPhrase(tokens.words(j, j + n));
            if (p.isEmpty()) {
                continue;
            }
            List<String> owners = new ArrayList<>();
            for (String c : vocab.concepts()) {
                if (p.get().on(c).isPresent() && vocab.linked(r.subject(), c) && refersTo(c, SubjectRules.PATIENT)) {
                    owners.add(c);
                }
            }
            if (owners.size() != 1) {
                return Read.noneOk(r);
            }
            String event = owners.get(0);
            Result<PredicateBinding.Bound> conditions = rules.predicateBinding.bindPredicate(p.get(),
                    p.get().on(event).get(), event, null);
            if (conditions.stopped()) {
                return conditions.stop();
            }
            if (!conditions.value().related().isEmpty()) {
                return Read.noneOk(r);
            }
            return Read.ok(j + n - i, r.with(new Fragment.Related(new RelatedScope(negated ? Quantifier.NOT_EXISTS
                    : Quantifier.EXISTS, event, conditions.value().filters()))));
        }
        return Read.noneOk(r);
    }

    /**
     * "an allergy that caused anaphylaxis", "a prescription which was cancelled": after a related concept, a relative
     * clause of its own recorded values adds to its conditions. Returns the index after it (unchanged when none).
     */
    private Result<Integer> relativeClause(String other, int k, List<Filter> conditions) {
        int at = k;
        boolean relative = false;
        while (at < tokens.size() && CLAUSE_WORDS.contains(tokens.get(at).text())) {
            relative |= tokens.word(at, "that") || tokens.word(at, "which");
            at++;
        }
        if (!relative) {
            return Result.ok(k);
        }
        Reading inner = Reading.of(other, Lead.LIST);
        int end = at;
        while (end < tokens.size()) {
            Result<Read> v = rules.valueRules.valuePhrase(end, tokens.size(), inner, other, false);
            if (v.stopped()) {
                return v.stop();
            }
            if (!v.value().matched()) {
                break;
            }
            end += v.value().n();
            inner = v.value().reading();
        }
        if (end == at || !inner.related().isEmpty()) {
            return Result.ok(k);
        }
        conditions.addAll(inner.filters());
        return Result.ok(end);
    }

    /**
     * "with type 2 diabetes", "without chronic kidney disease": a recorded value of the subject itself is a filter;
     * otherwise a value recorded by exactly one concept linked to the subject is a related scope over it (patients
     * with CKD: those with a diagnosis coded CKD). Returns the tokens read, 0 when no value follows.
     */
    private Result<Read> withValue(int k, boolean negated, boolean ownValues, Reading r) {
        String subject = r.subject();
        if (!negated && ownValues) {
            List<ValueCandidate> mine = new ArrayList<>();
            for (int n = Math.min(5, tokens.size() - k); n >= 1 && mine.isEmpty(); n--) {
                Result<List<ValueCandidate>> found = rules.valueRules.candidates(subject, null, tokens.words(k, k + n));
                if (found.stopped()) {
                    return found.stop();
                }
                mine.addAll(found.value());
            }
            if (!mine.isEmpty()) {
                return rules.valueRules.valuePhrase(k, tokens.size(), r, subject, false);
            }
        }
        boolean both = !negated && tokens.word(k, "both");
        int at = both ? k + 1 : k;
        List<RecordedValue> values = new ArrayList<>();
        Result<RecordedValue> first = recordedValue(at, subject);
        if (first.stopped()) {
            return first.stop();
        }
        if (first.value() == null) {
            return Read.noneOk(r);
        }
        values.add(first.value());
        at += first.value().length();
        // "with both CKD and hypertension", "who have diabetes and hypertension": each value its own record;
        // "with CKD or hypertension": one record with either value
        String joiner = !negated && tokens.word(at, "and") ? "and" : !both && tokens.word(at, "or") ? "or" : null;
        while (joiner != null && tokens.word(at, joiner)) {
            Result<RecordedValue> next = recordedValue(at + 1, subject);
            if (next.stopped()) {
                return next.stop();
            }
            if (next.value() == null) {
                break;
            }
            values.add(next.value());
            at += 1 + next.value().length();
        }
        if (joiner != null && (tokens.word(at, "and") || tokens.word(at, "or"))) {
            return Result.miss("'" + tokens.words(k, at + 1) + "' mixes 'and' with 'or'; ask one at a time");
        }
        if (both && values.size() < 2) {
            return Result.miss("'both' needs two things joined by 'and' ('" + tokens.words(k, at) + "')");
        }
        if ("or".equals(joiner) && values.size() > 1) {
            Result<RecordedValue> either = eitherValue(values, tokens.words(k, at));
            if (either.stopped()) {
                return either.stop();
            }
            values = List.of(either.value());
        }
        List<Filter> period = new ArrayList<>();
        String dated = values.get(values.size() - 1).concept();
        Result<Integer> endRead = rules.timeRules.relatedRange(dated, at, period); // "patients with pneumonia last winter": diagnosed then
        if (endRead.stopped()) {
            return endRead.stop();
        }
        int end = endRead.value();
        if (!period.isEmpty() && values.stream().anyMatch(v -> !v.concept().equals(dated))) {
            return Result.miss("'" + tokens.words(k, end) + "' dates records of different kinds; ask about each");
        }
        Reading read = r;
        for (RecordedValue v : values) {
            List<Filter> conditions = new ArrayList<>(List.of(v.filter()));
            conditions.addAll(period);
            read = read.with(new Fragment.Related(new RelatedScope(negated ? Quantifier.NOT_EXISTS
                    : Quantifier.EXISTS, v.concept(), conditions)));
        }
        return Read.ok(end - k, read);
    }

    private record RecordedValue(String concept, Filter filter, int length) {
    }

    /** "CKD or hypertension": values of one column of one concept as one in-list; anything else misses. */
    private static Result<RecordedValue> eitherValue(List<RecordedValue> values, String phrase) {
        String concept = values.get(0).concept();
        ValueRef target = null;
        LinkedHashSet<Literal> either = new LinkedHashSet<>();
        for (RecordedValue v : values) {
            ValueRef on;
            if (v.filter() instanceof Filter.Compare compare && compare.op()
                    == CompareOp.EQ) {
                on = compare.target();
                either.add(compare.value());
            } else if (v.filter() instanceof Filter.In in) {
                on = in.target();
                either.addAll(in.values());
            } else {
                return Result.miss("'" + phrase + "' joins conditions that are not values of one column");
            }
            if (!v.concept().equals(concept) || target != null && !target.equals(on)) {
                return Result.miss("'" + phrase + "' joins values recorded in different places; ask about each");
            }
            target = on;
        }
        return Result.ok(new RecordedValue(concept, new Filter.In(target, List.copyOf(either)), 0));
    }

    /**
     * The longest phrase at {@code k} that is a recorded value of exactly one concept referring to the subject (several
     * ask where), or null.
     */
    private Result<RecordedValue> recordedValue(int k, String subject) {
        for (int n = Math.min(5, tokens.size() - k); n >= 1; n--) {
            String phrase = tokens.words(k, k + n);
            Map<String, List<ValueCandidate>> owners = new LinkedHashMap<>();
            for (String c : vocab.concepts()) {
                if (c.equals(subject) || !vocab.linked(subject, c) || !refersTo(c, subject)) {
                    continue;
                }
                Result<List<ValueCandidate>> found = rules.valueRules.candidates(c, null, phrase);
                if (found.stopped()) {
                    return found.stop();
                }
                if (!found.value().isEmpty()) {
                    owners.put(c, found.value());
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            Result<String> other = clarify.one("related", phrase, "'" + phrase + "' recorded where?", owners.keySet());
            if (other.stopped()) {
                return other.stop();
            }
            int length = n;
            return rules.valueRules.oneFilter(owners.get(other.value()), phrase)
                    .map(f -> new RecordedValue(other.value(), f, length));
        }
        return Result.ok(null);
    }

    /** Whether {@code concept} points at {@code target} by a direct reference (its rows belong to the target's). */
    boolean refersTo(String concept, String target) {
        return vocab.forward(concept).contains(new GrammarVocabulary.Path(target, null));
    }
}
