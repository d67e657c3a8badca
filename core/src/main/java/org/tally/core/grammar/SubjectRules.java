package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;

/** The subject phrase: the concept a question counts or lists, named by a term, a recorded value or a rate. */
final class SubjectRules extends RuleFamily {

    static final java.util.Set<String> COPULAS = java.util.Set.of("are", "were", "is", "was", "have", "has",
            "had", "been");

    /** The pack concept whose rows are the people a PatientRef column points to. */
    static final String PATIENT = "Patient";

    /** Roles whose values sort a concept's rows into kinds, so a value can stand for the rows ("stillbirths"). */
    private static final java.util.Set<ColumnRole> KIND_ROLES = java.util.EnumSet.of(ColumnRole.STATUS,
            ColumnRole.CATEGORY, ColumnRole.TYPE, ColumnRole.SEVERITY, ColumnRole.PRIORITY, ColumnRole.NAME);

    SubjectRules(QuestionParser parse) {
        super(parse);
    }

    int subjectPhrase(int i) {
        if (state.lead == Lead.WHICH_MOST) {
            i = state.whichNext;
            if (state.subject != null) {
                return i; // "the 5 most prescribed medications": the counted concept is already known
            }
        }
        if (state.lead == Lead.RATE && state.rateWords != null && state.subject != null) {
            return i;
        }
        if (state.lead == Lead.LOOKUP && state.subject != null) {
            return i; // an attribute look-up read its entity already
        }
        if (state.lead == Lead.AGGREGATE && state.amountVerbAt == i) {
            int k = i + 1;
            k += Math.max(Math.max(tokens.match(k, "in"), tokens.match(k, "from")), Math.max(tokens.match(k, "as"), tokens.match(k, "on")));
            ConceptTerm term = parse.conceptTerms.term(k);
            if (term == null) {
                throw new GrammarMiss("'how much was " + tokens.get(i).text() + "' needs what was "
                        + tokens.get(i).text() + ", e.g. 'in payments'");
            }
            state.subject = parse.conceptTerms.boundOne(term, "subject");
            if (parse.timeRules.timeVerb(i, i + 1) == 0) {
                throw new GrammarMiss("'" + tokens.get(i).text() + "' is not understood here (asking about " + state.subject + ")");
            }
            state.measureOf = parse.measureRules.uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
            return k + term.length();
        }
        if (state.lead == Lead.AGGREGATE && tokens.word(i, "amount") && i + 1 < tokens.size()
                && lexicon.namesSomeTime(tokens.get(i + 1).text())) {
            // "total amount billed": the amount of the one concept whose time that verb names
            List<String> owners = new ArrayList<>();
            for (String c : vocab.concepts()) {
                if (!lexicon.timeHints(c, tokens.get(i + 1).text()).isEmpty()) {
                    owners.add(c);
                }
            }
            state.subject = clarify.one("subject", "amount " + tokens.get(i + 1).text(), "The amount of what?", owners);
            if (parse.timeRules.timeVerb(i + 1, i + 2) == 0) {
                throw new AssertionError("a time verb of " + state.subject + " did not read");
            }
            state.measureOf = parse.measureRules.uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
            return i + 2;
        }
        if (state.lead == Lead.AGGREGATE) {
            int next = parse.measureRules.measure(i);
            if (next >= 0) {
                return next;
            }
            if (state.aggregation != Aggregation.SUM) {
                throw new GrammarMiss("'" + state.measurePhrase + "' needs a number to aggregate, e.g. 'average length"
                        + " of stay'; '" + tokens.words(i, Math.min(tokens.size(), i + 3)) + "' is not one here");
            }
            state.lead = Lead.COUNT;
            state.rule = "count.total";
        }
        int from = afterLeadingTime(i);
        for (int k = from; k < Math.min(tokens.size(), from + 7); k++) {
            if (k > from && Lexicon.STRUCTURAL.contains(tokens.get(k - 1).text())) {
                break;
            }
            ConceptTerm term = parse.conceptTerms.term(k);
            if (term != null && valueOfNextTerm(k, term)) {
                continue; // "ICU beds": "icu" is a recorded bed type here, the beds are the subject
            }
            if (term != null) {
                String concept = parse.conceptTerms.boundOne(term, "subject");
                ConceptTerm head = compoundHead(k + term.length(), concept);
                if (head != null) {
                    // "cardiology clinic appointments": the last term is the subject, the first a concept it refers to
                    state.preferredReach = concept;
                    concept = parse.conceptTerms.boundOne(head, "subject");
                    term = new ConceptTerm(term.length() + head.length(), head.concepts(), tokens.words(k, k + term.length() + head.length()));
                }
                if (state.lead == Lead.RATE && state.rateWords != null) {
                    state.subject = rateSubject(state.rateWords, concept);
                } else {
                    state.subject = concept;
                }
                if (state.lead == Lead.TOP && k == i) {
                    state.topSingular = lexicon.singularTerm(concept, term.phrase());
                }
                if (state.lead == Lead.TOP && state.rankedBy == null) {
                    parse.rankingRules.rankReferrers(term.phrase());
                }
                parse.modifierRules.modifiers(i, k);
                if ((state.lead == Lead.COUNT || state.lead == Lead.EXISTS) && k == from && state.dimensions.isEmpty()
                        && state.filters.isEmpty()) {
                    String counted = personEvent(k + term.length());
                    if (counted != null) {
                        state.subject = counted;
                        return k + term.length();
                    }
                }
                if (state.whichVerbAt >= 0 && parse.timeRules.timeVerb(state.whichVerbAt, state.whichVerbAt + 1) == 0) {
                    throw new GrammarMiss("'" + tokens.get(state.whichVerbAt).text() + "' is not understood here (asking about "
                            + state.subject + ")");
                }
                return k + term.length();
            }
        }
        if (state.lead == Lead.RATE && state.rateWords != null) {
            state.subject = rateSubject(state.rateWords, null);
            return i;
        }
        if (state.lead == Lead.TOP) {
            int ranked = parse.rankingRules.rankedColumn(i);
            if (ranked >= 0) {
                return ranked;
            }
        }
        int byValue = valueSubject(i);
        if (byValue >= 0) {
            return byValue;
        }
        throw new GrammarMiss(i < tokens.size()
                ? "no concept of this source is named in '" + tokens.words(i, tokens.size()) + "'"
                : "the question names nothing to count or list");
    }

    /** Whether the words of {@code term} at {@code k} are a recorded value of the concept named right after it. */
    private boolean valueOfNextTerm(int k, ConceptTerm term) {
        ConceptTerm next = parse.conceptTerms.term(k + term.length());
        if (next == null) {
            return false;
        }
        for (String id : next.concepts()) {
            if (vocab.concepts().contains(id) && !term.concepts().contains(id)) {
                List<ValueCandidate> values = new ArrayList<>();
                parse.valueRules.candidates(id, null, term.phrase(), values);
                if (!values.isEmpty()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The term right after a concept term when it names a concept that refers directly to the first ("ward
     * transfers", "clinic appointments"); null otherwise.
     */
    private ConceptTerm compoundHead(int at, String first) {
        ConceptTerm next = parse.conceptTerms.term(at);
        if (next == null) {
            return null;
        }
        for (int n = Math.min(4, tokens.size() - at); n >= 1; n--) {
            List<ValueCandidate> values = new ArrayList<>();
            parse.valueRules.candidates(first, null, tokens.words(at, at + n), values);
            if (!values.isEmpty()) {
                return null; // "ward labour suite": the words are a recorded value of the first concept
            }
        }
        for (String id : next.concepts()) {
            if (vocab.concepts().contains(id) && !id.equals(first)
                    && vocab.forward(id).contains(new GrammarVocabulary.Path(first, null))) {
                return next;
            }
        }
        return null;
    }

    /**
     * "this year's preterm deliveries", "yesterday's critical results": a time phrase written before the subject (its
     * possessive is dropped by the tokenizer). The subject is looked for after it; the phrase is read as a modifier.
     */
    private int afterLeadingTime(int i) {
        TimePhrases.Match m = time.at(i);
        return m == null ? i : i + m.length();
    }

    /**
     * "How many patients are currently admitted / were diagnosed …": the words after the patient term are a predicate
     * or time verb of exactly one other bound concept that refers to patients through its one PatientRef column; the
     * question then counts that concept's distinct patients. Returns that concept, or null to read the words
     * on patients as usual.
     */
    private String personEvent(int at) {
        if (!PATIENT.equals(state.subject)) {
            return null;
        }
        for (int k = at; k < tokens.size(); k++) {
            if (tokens.word(k, "never") || tokens.word(k, "not") || tokens.word(k, "without") || tokens.word(k, "no")) {
                return null; // "patients diagnosed with X who were never prescribed Y": a condition on the patients
            }
            if (parse.countedScopeRules.frequency(k) != null) {
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
                boolean person = state.lead == Lead.EXISTS ? p.isPresent() && reachesPatient(c) : patientRef(c) != null;
                if (named && (c.equals(state.subject) || person)) {
                    owners.add(c);
                }
            }
        }
        if (owners.size() != 1 || owners.contains(state.subject)) {
            return null;
        }
        String event = owners.get(0);
        state.distinctPeople = patientRef(event);
        return event;
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
    private int valueSubject(int i) {
        int from = afterLeadingTime(i);
        List<int[]> spans = new ArrayList<>();
        List<Map<String, List<ValueCandidate>>> valued = new ArrayList<>();
        List<java.util.Set<String>> possible = new ArrayList<>();
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
                Map<String, List<ValueCandidate>> owners = valueOwners(phrase);
                if (owners.isEmpty() && phrase.endsWith("s") && !phrase.endsWith("ss")) {
                    owners = valueOwners(phrase.substring(0, phrase.length() - 1)); // a plural names its singular
                }
                if (owners.size() > 1 && state.whichVerbAt >= 0) {
                    // "which wards have reported the most falls": only records that verb is a time of
                    String verb = tokens.get(state.whichVerbAt).text();
                    owners.keySet().removeIf(c -> lexicon.timeHints(c, verb).isEmpty());
                }
                java.util.Set<String> concepts = new java.util.LinkedHashSet<>(owners.keySet());
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
            return -1;
        }
        // "active doctors": the one concept every value word can describe is the subject (active prescriptions
        // exist too, but doctors are staff); the last word that records values of it names the rows
        java.util.Set<String> common = new java.util.LinkedHashSet<>(possible.get(0));
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
            concept = clarify.one("subject", phrase, "Which do you mean by '" + phrase + "'?", owners.keySet());
        }
        int k = spans.get(naming)[0];
        int n = spans.get(naming)[1];
        String phrase = tokens.words(k, k + n);
        List<ValueCandidate> columns = valued.get(naming).get(concept);
        Filter filter;
        if (columns.size() == 1) {
            filter = columns.get(0).filter();
        } else {
            List<String> labels = new ArrayList<>();
            columns.forEach(c -> labels.add(c.label()));
            String label = clarify.choose("column", phrase, "Which '" + phrase + "' do you mean?", labels);
            filter = columns.get(labels.indexOf(label)).filter();
        }
        state.subject = concept;
        parse.modifierRules.modifiers(i, k);
        if (state.whichVerbAt >= 0 && parse.timeRules.timeVerb(state.whichVerbAt, state.whichVerbAt + 1) == 0) {
            throw new GrammarMiss("'" + tokens.get(state.whichVerbAt).text() + "' is not understood here (asking about "
                    + state.subject + ")");
        }
        state.addFilters(List.of(filter));
        return k + n;
    }

    /** The bound concepts with kind columns holding a value {@code phrase} names, with those columns' filters. */
    Map<String, List<ValueCandidate>> valueOwners(String phrase) {
        Map<String, List<ValueCandidate>> owners = new java.util.LinkedHashMap<>();
        for (String concept : vocab.concepts()) {
            List<ValueCandidate> found = new ArrayList<>();
            parse.valueRules.candidates(concept, null, phrase, found);
            found.removeIf(c -> !KIND_ROLES.contains(c.ref().role()));
            if (!found.isEmpty()) {
                owners.put(concept, found);
            }
        }
        return owners;
    }

    /** The subject of "what is the no-show rate": the one bound concept the phrase applies to. */
    String rateSubject(String phrase, String given) {
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
                return given;
            }
            throw new GrammarMiss("'" + phrase + " rate' names no rate this source can compute");
        }
        return candidates.size() == 1 ? candidates.get(0)
                : clarify.choose("subject", phrase, "A " + phrase + " rate of which?", candidates);
    }}
