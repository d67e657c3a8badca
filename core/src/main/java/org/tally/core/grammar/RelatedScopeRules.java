package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.ValueRef;

/** Conditions on related records: with / without / who never had (EXISTS, NOT EXISTS) and "with VALUE". */
final class RelatedScopeRules extends RuleFamily {

    private static final java.util.Set<String> CLAUSE_WORDS = java.util.Set.of("that", "which", "caused", "had",
            "was", "were", "is", "are", "resulted", "in", "involved", "with");

    RelatedScopeRules(QuestionParser parse) {
        super(parse);
    }

    /**
     * "medications not prescribed at all last week", "patients never prescribed metformin": not|never + a time verb
     * of a concept linked to the subject (not of the subject itself) → NOT EXISTS over that concept, with the time
     * phrase and value words that follow as its own conditions.
     */
    int negatedVerbScope(int i, int to) {
        if (state.subject == null || !(tokens.word(i, "not") || tokens.word(i, "never"))) {
            return 0;
        }
        int k = i + 1;
        if (tokens.word(k, "been")) {
            k++;
        }
        if (k >= to || !lexicon.timeHints(state.subject, tokens.get(k).text()).isEmpty()) {
            return 0;
        }
        String verb = tokens.get(k).text();
        List<String> owners = parse.verbScopeRules.linkedVerbOwners(verb, false);
        if (owners.isEmpty()) {
            return 0;
        }
        String other = clarify.one("related", verb, "'" + verb + "' in which records?", owners);
        TimeRules.LinkedVerbTime col = parse.timeRules.linkedVerbTime(other, verb);
        QuestionParser inner = new QuestionParser(context);
        inner.state.subject = other;
        inner.state.lead = Lead.LIST;
        List<Filter> conditions = new ArrayList<>();
        k++;
        k += tokens.word(k, "with") || tokens.word(k, "for") ? 1 : 0; // "never diagnosed with sepsis": the values are the record's
        while (k < to) {
            if (tokens.match(k, "at", "all") > 0) {
                k += 2;
                continue;
            }
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) {
                TimeRules.rangeFilters(col.column(), m, conditions);
                k += m.length();
                continue;
            }
            int v = inner.valueRules.valuePhrase(k, to, other, false);
            if (v <= 0) {
                break;
            }
            k += v;
        }
        if (!inner.state.related.isEmpty()) {
            throw new GrammarMiss("'" + tokens.words(i, k) + "' is too complex");
        }
        conditions.addAll(inner.state.filters);
        state.addRelated(new RelatedScope(org.tally.core.spec.Quantifier.NOT_EXISTS, other, conditions));
        return k - i;
    }

    /** "with no appointment", "without a delivery", "who never had an admission", "with an allergy". */
    int relatedScope(int i) {
        if (state.subject == null) {
            return 0;
        }
        int k = i;
        boolean negated;
        int n;
        int[] bound = parse.countedScopeRules.countedScope(k);
        if (bound != null) {
            return parse.countedScopeRules.boundedScope(i, k + bound[0], bound[1] < 0 ? null : bound[1], bound[2] < 0 ? null : bound[2]);
        }
        if ((n = haveValue(k)) > 0) {
            // "patients who have type 2 diabetes": a value recorded about them, read as after "with"
            boolean numerator = state.numeratorMode;
            state.numeratorMode |= state.lead == Lead.RATE && state.rateWords == null; // "what percentage of patients have …"
            int v = withValue(k + n, false, false);
            if (v > 0) {
                return n + v;
            }
            state.numeratorMode = numerator;
            return 0;
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
            return 0;
        }
        boolean verbLed = tokens.word(k, "have") || tokens.word(k, "has") || tokens.word(k, "had") || tokens.word(k + 1, "had");
        k += n;
        if (tokens.word(k, "a") || tokens.word(k, "an") || tokens.word(k, "any")) {
            k++;
        }
        for (int j = k; j < Math.min(tokens.size(), k + 4); j++) {
            ConceptTerm term = parse.conceptTerms.term(j);
            if (term == null) {
                continue;
            }
            String other = parse.conceptTerms.boundOne(term, "related");
            if (other.equals(state.subject)) {
                throw new GrammarMiss("'" + tokens.words(i, j + term.length()) + "' compares " + state.subject + " with itself");
            }
            if (SubjectRules.PATIENT.equals(other) && !vocab.linked(state.subject, other)) {
                int read = j == k ? patientsByEvent(i, j + term.length(), negated) : 0;
                if (read > 0) {
                    return read;
                }
            }
            if (!vocab.linked(state.subject, other)) {
                throw new GrammarMiss("no link between " + state.subject + " and " + other + " on this source");
            }
            List<Filter> conditions = new ArrayList<>();
            int end = relatedConditions(i, k, j, term, other, conditions);
            if (verbLed && state.lead == Lead.RATE && state.rateWords == null && !state.numeratorMode) {
                state.numeratorMode = true; // "what percentage of patients have an allergy": the counted condition
            }
            state.addRelated(new RelatedScope(negated ? org.tally.core.spec.Quantifier.NOT_EXISTS
                    : org.tally.core.spec.Quantifier.EXISTS, other, conditions));
            return end - i;
        }
        int byValue = tokens.word(i, "with") || tokens.word(i, "without") ? withValue(k, negated, true) : 0;
        if (byValue > 0) {
            return k - i + byValue;
        }
        if (!negated) {
            return 0;
        }
        throw new GrammarMiss("'" + tokens.words(i, Math.min(tokens.size(), k + 2)) + "' names nothing this source links to "
                + state.subject);
    }

    /**
     * The conditions of a related concept named at {@code j} ("patients who had an emergency admission last month"):
     * its values before it (from {@code k}), its time and a relative clause after it, into {@code out}. Returns the
     * index after what was read.
     */
    int relatedConditions(int i, int k, int j, ConceptTerm term, String other, List<Filter> out) {
        QuestionParser inner = new QuestionParser(context);
        inner.state.subject = other;
        inner.state.lead = Lead.LIST;
        inner.modifierRules.modifiers(k, j);
        if (!inner.state.related.isEmpty() || inner.state.range != null || !inner.state.dimensions.isEmpty()) {
            throw new GrammarMiss("'" + tokens.words(k, j) + "' is too complex inside '" + tokens.words(i, j + term.length()) + "'");
        }
        out.addAll(inner.state.filters);
        int end = parse.timeRules.relatedTime(other, j + term.length(), tokens.size(), out);
        if (end == j + term.length()) {
            end = parse.timeRules.relatedRange(other, end, out); // "patients who had an admission last month", "3 or more in 2025"
        }
        return relativeClause(other, end, out);
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
    private int haveValue(int k) {
        int n;
        if ((n = tokens.match(k, "who", "have")) > 0 || (n = tokens.match(k, "who", "has")) > 0 || (n = tokens.match(k, "that", "have")) > 0
                || (n = tokens.match(k, "that", "has")) > 0 || (n = tokens.match(k, "have")) > 0 || (n = tokens.match(k, "has")) > 0) {
            return k + n < tokens.size() && tokens.number(k + n) == null && !tokens.word(k + n, "no") && !tokens.word(k + n, "a")
                    && !tokens.word(k + n, "an") && !tokens.word(k + n, "any") && !tokens.word(k + n, "been")
                    && !subjectPredicateAt(k + n) ? n : 0;
        }
        return 0;
    }

    /** Whether a pack predicate defined for the subject starts at {@code k} ("died", "passed away"). */
    private boolean subjectPredicateAt(int k) {
        for (int n = Math.min(3, tokens.size() - k); n >= 1; n--) {
            if (pack.predicateForPhrase(tokens.words(k, k + n)).flatMap(p -> p.on(state.subject)).isPresent()) {
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
    private int patientsByEvent(int i, int after, boolean negated) {
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
                if (p.get().on(c).isPresent() && vocab.linked(state.subject, c) && refersTo(c, SubjectRules.PATIENT)) {
                    owners.add(c);
                }
            }
            if (owners.size() != 1) {
                return 0;
            }
            String event = owners.get(0);
            QuestionParser inner = new QuestionParser(context);
            inner.state.subject = event;
            inner.state.lead = Lead.LIST;
            List<Filter> conditions = inner.predicateBinding.bindPredicate(p.get(), p.get().on(event).get(), event);
            if (!inner.state.related.isEmpty()) {
                return 0;
            }
            state.addRelated(new RelatedScope(negated ? org.tally.core.spec.Quantifier.NOT_EXISTS
                    : org.tally.core.spec.Quantifier.EXISTS, event, conditions));
            return j + n - i;
        }
        return 0;
    }

    /**
     * "an allergy that caused anaphylaxis", "a prescription which was cancelled": after a related concept, a relative
     * clause of its own recorded values adds to its conditions. Returns the index after it (unchanged when none).
     */
    private int relativeClause(String other, int k, List<Filter> conditions) {
        int at = k;
        boolean relative = false;
        while (at < tokens.size() && CLAUSE_WORDS.contains(tokens.get(at).text())) {
            relative |= tokens.word(at, "that") || tokens.word(at, "which");
            at++;
        }
        if (!relative) {
            return k;
        }
        QuestionParser inner = new QuestionParser(context);
        inner.state.subject = other;
        inner.state.lead = Lead.LIST;
        int end = at;
        int v;
        while (end < tokens.size() && (v = inner.valueRules.valuePhrase(end, tokens.size(), other, false)) > 0) {
            end += v;
        }
        if (end == at || !inner.state.related.isEmpty()) {
            return k;
        }
        conditions.addAll(inner.state.filters);
        return end;
    }

    /**
     * "with type 2 diabetes", "without chronic kidney disease": a recorded value of the subject itself is a filter;
     * otherwise a value recorded by exactly one concept linked to the subject is a related scope over it (patients
     * with CKD: those with a diagnosis coded CKD). Returns the tokens read, 0 when no value follows.
     */
    private int withValue(int k, boolean negated, boolean ownValues) {
        if (!negated && ownValues) {
            List<ValueCandidate> mine = new ArrayList<>();
            for (int n = Math.min(5, tokens.size() - k); n >= 1 && mine.isEmpty(); n--) {
                parse.valueRules.candidates(state.subject, null, tokens.words(k, k + n), mine);
            }
            if (!mine.isEmpty()) {
                return parse.valueRules.valuePhrase(k, tokens.size(), state.subject, false);
            }
        }
        boolean both = !negated && tokens.word(k, "both");
        int at = both ? k + 1 : k;
        List<RecordedValue> values = new ArrayList<>();
        RecordedValue first = recordedValue(at);
        if (first == null) {
            return 0;
        }
        values.add(first);
        at += first.length();
        // "with both CKD and hypertension", "who have diabetes and hypertension": each value its own record;
        // "with CKD or hypertension": one record with either value
        String joiner = !negated && tokens.word(at, "and") ? "and" : !both && tokens.word(at, "or") ? "or" : null;
        while (joiner != null && tokens.word(at, joiner)) {
            RecordedValue next = recordedValue(at + 1);
            if (next == null) {
                break;
            }
            values.add(next);
            at += 1 + next.length();
        }
        if (joiner != null && (tokens.word(at, "and") || tokens.word(at, "or"))) {
            throw new GrammarMiss("'" + tokens.words(k, at + 1) + "' mixes 'and' with 'or'; ask one at a time");
        }
        if (both && values.size() < 2) {
            throw new GrammarMiss("'both' needs two things joined by 'and' ('" + tokens.words(k, at) + "')");
        }
        if ("or".equals(joiner) && values.size() > 1) {
            values = List.of(eitherValue(values, tokens.words(k, at)));
        }
        List<Filter> period = new ArrayList<>();
        String dated = values.get(values.size() - 1).concept();
        int end = parse.timeRules.relatedRange(dated, at, period); // "patients with pneumonia last winter": diagnosed then
        if (!period.isEmpty() && values.stream().anyMatch(v -> !v.concept().equals(dated))) {
            throw new GrammarMiss("'" + tokens.words(k, end) + "' dates records of different kinds; ask about each");
        }
        for (RecordedValue v : values) {
            List<Filter> conditions = new ArrayList<>(List.of(v.filter()));
            conditions.addAll(period);
            state.addRelated(new RelatedScope(negated ? org.tally.core.spec.Quantifier.NOT_EXISTS
                    : org.tally.core.spec.Quantifier.EXISTS, v.concept(), conditions));
        }
        return end - k;
    }

    private record RecordedValue(String concept, Filter filter, int length) {
    }

    /** "CKD or hypertension": values of one column of one concept as one in-list; anything else misses. */
    private static RecordedValue eitherValue(List<RecordedValue> values, String phrase) {
        String concept = values.get(0).concept();
        ValueRef target = null;
        java.util.LinkedHashSet<Literal> either = new java.util.LinkedHashSet<>();
        for (RecordedValue v : values) {
            ValueRef on;
            if (v.filter() instanceof Filter.Compare && ((Filter.Compare) v.filter()).op()
                    == org.tally.core.spec.CompareOp.EQ) {
                on = ((Filter.Compare) v.filter()).target();
                either.add(((Filter.Compare) v.filter()).value());
            } else if (v.filter() instanceof Filter.In) {
                on = ((Filter.In) v.filter()).target();
                either.addAll(((Filter.In) v.filter()).values());
            } else {
                throw new GrammarMiss("'" + phrase + "' joins conditions that are not values of one column");
            }
            if (!v.concept().equals(concept) || target != null && !target.equals(on)) {
                throw new GrammarMiss("'" + phrase + "' joins values recorded in different places; ask about each");
            }
            target = on;
        }
        return new RecordedValue(concept, new Filter.In(target, List.copyOf(either)), 0);
    }

    /**
     * The longest phrase at {@code k} that is a recorded value of exactly one concept referring to the subject (several
     * ask where), or null.
     */
    private RecordedValue recordedValue(int k) {
        for (int n = Math.min(5, tokens.size() - k); n >= 1; n--) {
            String phrase = tokens.words(k, k + n);
            Map<String, List<ValueCandidate>> owners = new java.util.LinkedHashMap<>();
            for (String c : vocab.concepts()) {
                if (c.equals(state.subject) || !vocab.linked(state.subject, c) || !refersTo(c, state.subject)) {
                    continue;
                }
                List<ValueCandidate> found = new ArrayList<>();
                parse.valueRules.candidates(c, null, phrase, found);
                if (!found.isEmpty()) {
                    owners.put(c, found);
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            String other = clarify.one("related", phrase, "'" + phrase + "' recorded where?", owners.keySet());
            List<ValueCandidate> cols = owners.get(other);
            Filter f;
            if (cols.size() == 1) {
                f = cols.get(0).filter();
            } else {
                List<String> labels = new ArrayList<>();
                cols.forEach(c -> labels.add(c.label()));
                f = cols.get(labels.indexOf(clarify.choose("column", phrase, "Which '" + phrase + "' do you mean?", labels)))
                        .filter();
            }
            return new RecordedValue(other, f, n);
        }
        return null;
    }

    /** Whether {@code concept} points at {@code target} by a direct reference (its rows belong to the target's). */
    boolean refersTo(String concept, String target) {
        return vocab.forward(concept).contains(new GrammarVocabulary.Path(target, null));
    }}
