package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;

/** The subject phrase: the concept a question counts or lists, named by a term, a recorded value or a rate. */
final class SubjectRules extends RuleFamily {

    static final Set<String> COPULAS = Set.of("are", "were", "is", "was", "have", "has", "had", "been");

    /** The pack concept whose rows are the people a PatientRef column points to. */
    static final String PATIENT = "Patient";

    /** Roles whose values sort a concept's rows into kinds, so a value can stand for the rows ("stillbirths"). */
    static final Set<ColumnRole> KIND_ROLES = EnumSet.of(ColumnRole.STATUS,
            ColumnRole.CATEGORY, ColumnRole.TYPE, ColumnRole.SEVERITY, ColumnRole.PRIORITY, ColumnRole.NAME);

    SubjectRules(Rules rules) {
        super(rules);
    }

    /** The subject phrase at {@code i} (the words before it read as modifiers): the index after it. */
    Result<Read> subjectPhrase(int i, Reading r) {
        if (r.lead() == Lead.WHICH_MOST) {
            i = r.whichNext();
            if (r.subject() != null) {
                return Read.ok(i, r); // "the 5 most prescribed medications": the counted concept is already known
            }
        }
        if (r.lead() == Lead.RATE && r.rateWords() != null && r.subject() != null) {
            return Read.ok(i, r);
        }
        if (r.lead() == Lead.LOOKUP && r.subject() != null) {
            return Read.ok(i, r); // an attribute look-up read its entity already
        }
        if (r.lead() == Lead.AGGREGATE && r.amountVerbAt() == i) {
            return amountVerbed(i, r);
        }
        if (r.lead() == Lead.AGGREGATE && tokens.word(i, "amount") && i + 1 < tokens.size()
                && lexicon.namesSomeTime(tokens.get(i + 1).text())) {
            return amountOfVerb(i, r);
        }
        Reading cur = r;
        if (r.lead() == Lead.AGGREGATE) {
            Result<Read> measured = rules.measureRules.measure(i, r);
            if (measured.stopped() || measured.value().n() >= 0) {
                return measured;
            }
            if (r.aggregation() != Aggregation.SUM) {
                return Result.miss("'" + r.measurePhrase() + "' needs a number to aggregate, e.g. 'average length"
                        + " of stay'; '" + tokens.words(i, Math.min(tokens.size(), i + 3)) + "' is not one here");
            }
            cur = r.with(new Fragment.LeadWords(Lead.COUNT, "count.total"));
        }
        Result<Integer> fromRead = afterLeadingTime(i);
        if (fromRead.stopped()) {
            return fromRead.stop();
        }
        int from = fromRead.value();
        for (int k = from; k < Math.min(tokens.size(), from + 7); k++) {
            if (k > from && Lexicon.STRUCTURAL.contains(tokens.get(k - 1).text())) {
                break;
            }
            Result<ConceptTerm> termRead = rules.conceptTerms.term(k);
            if (termRead.stopped()) {
                return termRead.stop();
            }
            ConceptTerm term = termRead.value();
            if (term == null) {
                continue;
            }
            Result<Boolean> isValue = valueOfNextTerm(k, term);
            if (isValue.stopped()) {
                return isValue.stop();
            }
            if (isValue.value()) {
                continue; // "ICU beds": "icu" is a recorded bed type here, the beds are the subject
            }
            Result<Read> subject = termSubject(i, k, from, term, cur);
            return "count.total".equals(cur.rule()) ? totalOfAmounts(subject) : subject;
        }
        if (cur.lead() == Lead.RATE && cur.rateWords() != null) {
            Reading rate = cur;
            int at = i;
            return rateSubject(cur.rateWords(), null).map(s -> new Read(at, rate.with(new Fragment.Subject(s))));
        }
        if (cur.lead() == Lead.TOP) {
            Result<Read> ranked = rules.rankingRules.rankedColumn(i, cur);
            if (ranked.stopped() || ranked.value().n() >= 0) {
                return ranked;
            }
        }
        Result<Read> byValue = valueSubject(i, cur);
        if (byValue.stopped() || byValue.value().n() >= 0) {
            return byValue;
        }
        return Result.miss(i < tokens.size()
                ? "no concept of this source is named in '" + tokens.words(i, tokens.size()) + "'"
                : "the question names nothing to count or list");
    }

    /**
     * "the total input": of rows that record an amount (fluid given, money billed) "total" may be their number or the
     * sum of their amounts; which one is not said, so the question misses rather than count them.
     */
    private Result<Read> totalOfAmounts(Result<Read> subject) {
        if (subject.stopped() || subject.value().reading().subject() == null) {
            return subject;
        }
        String concept = subject.value().reading().subject();
        if (vocab.columns(concept).stream().noneMatch(c -> c.role() == ColumnRole.AMOUNT)) {
            return subject;
        }
        return Result.miss("'total' of " + concept + " could be how many there were or the sum of their amounts;"
                + " ask 'how many' or 'the total amount of'");
    }

    /** "how much was received in payments": the sum of what the verb's concept records. */
    private Result<Read> amountVerbed(int i, Reading r) {
        int k = i + 1;
        k += Math.max(Math.max(tokens.match(k, "in"), tokens.match(k, "from")), Math.max(tokens.match(k, "as"), tokens.match(k, "on")));
        Result<ConceptTerm> termRead = rules.conceptTerms.term(k);
        if (termRead.stopped()) {
            return termRead.stop();
        }
        ConceptTerm term = termRead.value();
        if (term == null) {
            return Result.miss("'how much was " + tokens.get(i).text() + "' needs what was "
                    + tokens.get(i).text() + ", e.g. 'in payments'");
        }
        Result<String> subject = rules.conceptTerms.boundOne(term, "subject");
        if (subject.stopped()) {
            return subject.stop();
        }
        Result<Read> verb = rules.timeRules.timeVerb(i, i + 1, r.with(new Fragment.Subject(subject.value())));
        if (verb.stopped()) {
            return verb;
        }
        if (!verb.value().matched()) {
            return Result.miss("'" + tokens.get(i).text() + "' is not understood here (asking about " + subject.value() + ")");
        }
        int end = k + term.length();
        return rules.measureRules.uniqueRole(subject.value(), ColumnRole.AMOUNT, "amount")
                .map(amount -> new Read(end, verb.value().reading().with(new Fragment.MeasureOf(amount))));
    }

    /** "total amount billed": the amount of the one concept whose time that verb names. */
    private Result<Read> amountOfVerb(int i, Reading r) {
        List<String> owners = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!lexicon.timeHints(c, tokens.get(i + 1).text()).isEmpty()) {
                owners.add(c);
            }
        }
        Result<String> subject = clarify.one("subject", "amount " + tokens.get(i + 1).text(), "The amount of what?", owners);
        if (subject.stopped()) {
            return subject.stop();
        }
        Result<Read> verb = rules.timeRules.timeVerb(i + 1, i + 2, r.with(new Fragment.Subject(subject.value())));
        if (verb.stopped()) {
            return verb;
        }
        if (!verb.value().matched()) {
            throw new AssertionError("a time verb of " + subject.value() + " did not read");
        }
        return rules.measureRules.uniqueRole(subject.value(), ColumnRole.AMOUNT, "amount")
                .map(amount -> new Read(i + 2, verb.value().reading().with(new Fragment.MeasureOf(amount))));
    }

    /** A concept term at {@code k} names the subject; the words from {@code i} before it are its modifiers. */
    private Result<Read> termSubject(int i, int k, int from, ConceptTerm first, Reading r) {
        Result<String> conceptRead = rules.conceptTerms.boundOne(first, "subject");
        if (conceptRead.stopped()) {
            return conceptRead.stop();
        }
        String concept = conceptRead.value();
        ConceptTerm term = first;
        Result<ConceptTerm> headRead = compoundHead(k + term.length(), concept);
        if (headRead.stopped()) {
            return headRead.stop();
        }
        ConceptTerm head = headRead.value();
        Reading s = r;
        if (head != null) {
            // "cardiology clinic appointments": the last term is the subject, the first a concept it refers to
            s = s.with(new Fragment.PreferredReach(concept));
            Result<String> headConcept = rules.conceptTerms.boundOne(head, "subject");
            if (headConcept.stopped()) {
                return headConcept.stop();
            }
            concept = headConcept.value();
            term = new ConceptTerm(term.length() + head.length(), head.concepts(),
                    tokens.words(k, k + term.length() + head.length()));
        }
        if (s.lead() == Lead.RATE && s.rateWords() != null) {
            Result<String> rate = rateSubject(s.rateWords(), concept);
            if (rate.stopped()) {
                return rate.stop();
            }
            s = s.with(new Fragment.Subject(rate.value()));
        } else {
            s = s.with(new Fragment.Subject(concept));
        }
        if (s.lead() == Lead.TOP && k == i) {
            s = s.with(new Fragment.TopSingular(lexicon.singularTerm(concept, term.phrase())));
        }
        if (s.lead() == Lead.TOP && s.rankedBy() == null) {
            Result<Reading> referred = rules.rankingRules.rankReferrers(term.phrase(), s);
            if (referred.stopped()) {
                return referred.stop();
            }
            s = referred.value();
        }
        Result<Reading> before = rules.modifierRules.modifiers(i, k, s);
        if (before.stopped()) {
            return before.stop();
        }
        s = before.value();
        int end = k + term.length();
        if ((s.lead() == Lead.COUNT || s.lead() == Lead.EXISTS) && k == from && s.dimensions().isEmpty()
                && s.filters().isEmpty()) {
            Reading counted = personEvent(end, s);
            if (counted != null) {
                return Read.ok(end, counted);
            }
        }
        return whichVerbChecked(s).map(checked -> new Read(end, checked));
    }

    /** A ranking's verb ("which surgeons performed …") must be a time verb of the subject now known. */
    private Result<Reading> whichVerbChecked(Reading s) {
        if (s.whichVerbAt() < 0) {
            return Result.ok(s);
        }
        Result<Read> verb = rules.timeRules.timeVerb(s.whichVerbAt(), s.whichVerbAt() + 1, s);
        if (verb.stopped()) {
            return verb.stop();
        }
        if (!verb.value().matched()) {
            return Result.miss("'" + tokens.get(s.whichVerbAt()).text() + "' is not understood here (asking about "
                    + s.subject() + ")");
        }
        return Result.ok(verb.value().reading());
    }

    /** Whether the words of {@code term} at {@code k} are a recorded value of the concept named right after it. */
    private Result<Boolean> valueOfNextTerm(int k, ConceptTerm term) {
        Result<ConceptTerm> nextRead = rules.conceptTerms.term(k + term.length());
        if (nextRead.stopped()) {
            return nextRead.stop();
        }
        ConceptTerm next = nextRead.value();
        if (next == null) {
            return Result.ok(false);
        }
        for (String id : next.concepts()) {
            if (vocab.concepts().contains(id) && !term.concepts().contains(id)) {
                Result<List<ValueCandidate>> values = rules.valueRules.candidates(id, null, term.phrase());
                if (values.stopped()) {
                    return values.stop();
                }
                if (!values.value().isEmpty()) {
                    return Result.ok(true);
                }
            }
        }
        return Result.ok(false);
    }

    /**
     * The term right after a concept term when it names a concept that refers directly to the first ("ward
     * transfers", "clinic appointments"); null otherwise.
     */
    private Result<ConceptTerm> compoundHead(int at, String first) {
        Result<ConceptTerm> nextRead = rules.conceptTerms.term(at);
        if (nextRead.stopped() || nextRead.value() == null) {
            return nextRead;
        }
        ConceptTerm next = nextRead.value();
        for (int n = Math.min(4, tokens.size() - at); n >= 1; n--) {
            Result<List<ValueCandidate>> values = rules.valueRules.candidates(first, null, tokens.words(at, at + n));
            if (values.stopped()) {
                return values.stop();
            }
            if (!values.value().isEmpty()) {
                return Result.ok(null); // "ward labour suite": the words are a recorded value of the first concept
            }
        }
        for (String id : next.concepts()) {
            if (vocab.concepts().contains(id) && !id.equals(first)
                    && vocab.forward(id).contains(new GrammarVocabulary.Path(first, null))) {
                return Result.ok(next);
            }
        }
        return Result.ok(null);
    }

    /**
     * "this year's preterm deliveries", "yesterday's critical results": a time phrase written before the subject (its
     * possessive is dropped by the tokenizer). The subject is looked for after it; the phrase is read as a modifier.
     */
    private Result<Integer> afterLeadingTime(int i) {
        return time.at(i).map(m -> m == null ? i : i + m.length());
    }

    /**
     * "How many patients are currently admitted / were diagnosed …": the words after the patient term are a predicate
     * or time verb of exactly one other bound concept that refers to patients through its one PatientRef column; the
     * question then counts that concept's distinct patients. Returns {@code r} counting them, or null to read the
     * words on patients as usual.
     */
    private Reading personEvent(int at, Reading r) {
        if (!PATIENT.equals(r.subject())) {
            return null;
        }
        for (int k = at; k < tokens.size(); k++) {
            if (tokens.word(k, "never") || tokens.word(k, "not") || tokens.word(k, "without") || tokens.word(k, "no")) {
                return null; // "patients diagnosed with X who were never prescribed Y": a condition on the patients
            }
            if (rules.countedScopeRules.frequency(k) != null) {
                return null; // "patients admitted more than once": how often is a condition on each patient
            }
        }
        int j = at;
        while (j < tokens.size() && COPULAS.contains(tokens.get(j).text())) {
            j++;
        }
        List<String> owners = new ArrayList<>();
        for (int n = Math.min(5, tokens.size() - j); n >= 1 && owners.isEmpty(); n--) {
            String phrase = tokens.words(j, j + n);
            Optional<Predicate> p = pack.predicateForPhrase(phrase);
            for (String c : vocab.concepts()) {
                boolean named = p.isPresent() ? p.get().on(c).isPresent()
                        : n == 1 && !lexicon.timeHints(c, phrase).isEmpty();
                // counting needs the one patient reference to count distinctly; existence only a way to the patient
                boolean person = r.lead() == Lead.EXISTS ? p.isPresent() && reachesPatient(c) : patientRef(c) != null;
                if (named && (c.equals(r.subject()) || person)) {
                    owners.add(c);
                }
            }
        }
        if (owners.size() != 1 || owners.contains(r.subject())) {
            return null;
        }
        String event = owners.get(0);
        return r.with(new Fragment.DistinctPeople(patientRef(event)), new Fragment.Subject(event));
    }

    /** Whether a concept's rows lead to a patient by a forward path (one or two hops). */
    private boolean reachesPatient(String concept) {
        return vocab.forward(concept).stream().anyMatch(p -> p.concept().equals(PATIENT));
    }

    /** The one PatientRef column of a concept that refers to patients directly, or null. */
    private ColumnRef patientRef(String concept) {
        List<GrammarVocabulary.Column> refs = vocab.columns(concept).stream()
                .filter(c -> c.role() == ColumnRole.PATIENT_REF).toList();
        long direct = vocab.forward(concept).stream()
                .filter(p -> p.via() == null && p.concept().equals(PATIENT)).count();
        return refs.size() == 1 && direct == 1 ? ref(concept, refs.get(0)) : null;
    }

    /**
     * A subject named by a recorded value instead of a concept term ("how many stillbirths"): the one bound concept
     * with a kind column (status, category, type …) that holds the value becomes the subject, filtered to it.
     * Several concepts ask which; several columns of that concept ask which. Returns the index after the phrase,
     * or -1 when no value names a subject.
     */
    private Result<Read> valueSubject(int i, Reading r) {
        Result<Integer> fromRead = afterLeadingTime(i);
        if (fromRead.stopped()) {
            return fromRead.stop();
        }
        int from = fromRead.value();
        List<int[]> spans = new ArrayList<>();
        List<Map<String, List<ValueCandidate>>> valued = new ArrayList<>();
        List<Set<String>> possible = new ArrayList<>();
        for (int k = from; k < Math.min(tokens.size(), from + 7); k++) {
            if (k > from && Lexicon.STRUCTURAL.contains(tokens.get(k - 1).text())) {
                break;
            }
            if (tokens.get(k).number() != null || Lexicon.FILLERS.contains(tokens.get(k).text())
                    || Lexicon.STRUCTURAL.contains(tokens.get(k).text())) {
                continue;
            }
            for (int n = Math.min(5, tokens.size() - k); n >= 1; n--) {
                String phrase = tokens.words(k, k + n);
                Result<Map<String, List<ValueCandidate>>> ownersRead = valueOwners(phrase);
                if (ownersRead.stopped()) {
                    return ownersRead.stop();
                }
                Map<String, List<ValueCandidate>> owners = ownersRead.value();
                if (owners.isEmpty() && phrase.endsWith("s") && !phrase.endsWith("ss")) {
                    ownersRead = valueOwners(phrase.substring(0, phrase.length() - 1)); // a plural names its singular
                    if (ownersRead.stopped()) {
                        return ownersRead.stop();
                    }
                    owners = ownersRead.value();
                }
                if (owners.size() > 1 && r.whichVerbAt() >= 0) {
                    // "which wards have reported the most falls": only records that verb is a time of
                    String verb = tokens.get(r.whichVerbAt()).text();
                    owners.keySet().removeIf(c -> lexicon.timeHints(c, verb).isEmpty());
                }
                Set<String> concepts = new LinkedHashSet<>(owners.keySet());
                Optional<Predicate> p = pack.predicateForPhrase(phrase);
                p.ifPresent(pr -> vocab.concepts().stream().filter(c -> pr.on(c).isPresent()).forEach(concepts::add));
                if (concepts.isEmpty()) {
                    continue;
                }
                spans.add(new int[] {k, n});
                valued.add(owners);
                possible.add(concepts);
                k += n - 1;
                break;
            }
        }
        if (valued.stream().allMatch(Map::isEmpty)) {
            return Result.ok(new Read(-1, r));
        }
        // "active doctors": the one concept every value word can describe is the subject (active prescriptions
        // exist too, but doctors are staff); the last word that records values of it names the rows
        Set<String> common = new LinkedHashSet<>(possible.get(0));
        possible.forEach(common::retainAll);
        int naming = -1;
        String concept = null;
        if (common.size() == 1 && spans.size() > 1) {
            concept = common.iterator().next();
            for (int e = valued.size() - 1; e >= 0 && naming < 0; e--) {
                if (valued.get(e).containsKey(concept)) {
                    naming = e;
                }
            }
        }
        if (naming < 0) {
            for (int e = 0; e < valued.size() && naming < 0; e++) {
                if (!valued.get(e).isEmpty()) {
                    naming = e;
                }
            }
            Map<String, List<ValueCandidate>> owners = valued.get(naming);
            String phrase = tokens.words(spans.get(naming)[0], spans.get(naming)[0] + spans.get(naming)[1]);
            Result<String> chosen = clarify.one("subject", phrase, "Which do you mean by '" + phrase + "'?",
                    owners.keySet());
            if (chosen.stopped()) {
                return chosen.stop();
            }
            concept = chosen.value();
        }
        int k = spans.get(naming)[0];
        int n = spans.get(naming)[1];
        Result<Filter> filter = rules.valueRules.oneFilter(valued.get(naming).get(concept), tokens.words(k, k + n));
        if (filter.stopped()) {
            return filter.stop();
        }
        Result<Reading> before = rules.modifierRules.modifiers(i, k, r.with(new Fragment.Subject(concept)));
        if (before.stopped()) {
            return before.stop();
        }
        return whichVerbChecked(before.value())
                .map(s -> new Read(k + n, s.withConditions(List.of(filter.value()))));
    }

    /** The bound concepts with kind columns holding a value {@code phrase} names, with those columns' filters. */
    Result<Map<String, List<ValueCandidate>>> valueOwners(String phrase) {
        Map<String, List<ValueCandidate>> owners = new LinkedHashMap<>();
        for (String concept : vocab.concepts()) {
            Result<List<ValueCandidate>> found = rules.valueRules.candidates(concept, null, phrase);
            if (found.stopped()) {
                return found.stop();
            }
            List<ValueCandidate> kinds = found.value().stream().filter(c -> KIND_ROLES.contains(c.ref().role())).toList();
            if (!kinds.isEmpty()) {
                owners.put(concept, kinds);
            }
        }
        return Result.ok(owners);
    }

    /** The subject of "what is the no-show rate": the one bound concept the phrase applies to. */
    Result<String> rateSubject(String phrase, String given) {
        List<String> candidates = new ArrayList<>();
        Optional<Predicate> p = pack.predicateForPhrase(phrase);
        for (String c : vocab.concepts()) {
            if (given != null && !given.equals(c)) {
                continue;
            }
            if (p.isPresent() && p.get().on(c).isPresent()) {
                candidates.add(c);
            }
        }
        if (candidates.isEmpty()) {
            if (given != null) {
                return Result.ok(given);
            }
            return Result.miss("'" + phrase + " rate' names no rate this source can compute");
        }
        return candidates.size() == 1 ? Result.ok(candidates.get(0))
                : clarify.choose("subject", phrase, "A " + phrase + " rate of which?", candidates);
    }
}
