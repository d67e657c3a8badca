package org.tally.core.grammar;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.pack.Condition;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.NameHint;
import org.tally.core.pack.ObservedValue;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.PredicateDefinition;
import org.tally.core.pack.Resolution;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;
import org.tally.core.spec.ValueRef;

/** One parse of one question: lead rule, subject phrase, then modifiers until every token is consumed. */
final class QuestionParser {

    private enum Lead { COUNT, AGGREGATE, TOP, WHICH_MOST, RATE, LIST, LOOKUP, EXISTS, BARE }

    private final DomainPack pack;
    private final GrammarVocabulary vocab;
    private final Lexicon lexicon;
    private final List<Token> t;
    private final LocalDate today;
    private final LocalDateTime now;
    private final Map<String, String> choices;
    private final TimePhrases time;

    private String rule;
    private Lead lead;
    private String subject;
    private Aggregation aggregation;
    private String measurePhrase;
    private ValueRef measureOf;
    private Integer limit;
    private String groupConcept;
    private final List<Filter> filters = new ArrayList<>();
    private final List<Filter> numerator = new ArrayList<>();
    private final List<RelatedScope> related = new ArrayList<>();
    private final List<Dimension> dimensions = new ArrayList<>();
    private Bucket bucket;
    private TimePhrases.Match range;
    private DurationUnit unit = DurationUnit.DAYS;
    private boolean numeratorMode;
    private String rateWords;
    private ColumnRef namedTime;
    private String readingPhrase;
    private int whichVerbAt = -1;
    private int amountVerbAt = -1;

    QuestionParser(DomainPack pack, GrammarVocabulary vocab, Lexicon lexicon, List<Token> tokens, LocalDate today,
                   LocalDateTime now, Map<String, String> choices) {
        this.pack = pack;
        this.vocab = vocab;
        this.lexicon = lexicon;
        this.t = tokens;
        this.today = today;
        this.now = now;
        this.choices = choices;
        this.time = new TimePhrases(tokens, today);
    }

    // ---------------------------------------------------------------- rules

    QuerySpec parse() {
        int i = skipFillers(0, "please", "can", "you", "tell", "me");
        i = lead(i);
        i = subjectPhrase(i);
        modifiers(i, t.size());
        return build();
    }

    /** Ordered lead rules; the first that matches fixes the shape family and rule id. */
    private int lead(int i) {
        int n;
        if ((n = match(i, "is", "there", "any")) > 0 || (n = match(i, "are", "there", "any")) > 0
                || (n = match(i, "do", "we", "have", "any")) > 0 || (n = match(i, "is", "there", "a")) > 0
                || (n = match(i, "is", "there", "an")) > 0 || (n = match(i, "are", "there")) > 0
                || (n = match(i, "do", "we", "have")) > 0 || (n = match(i, "have", "we", "had", "any")) > 0
                || (n = match(i, "were", "there", "any")) > 0 || (n = match(i, "was", "there", "any")) > 0
                || (n = match(i, "was", "there", "a")) > 0 || (n = match(i, "was", "there", "an")) > 0) {
            return set(Lead.EXISTS, "exists.is-there-any", i + n);
        }
        if ((n = match(i, "have", "we", "ever")) > 0 || (n = match(i, "did", "we", "ever")) > 0
                || (n = match(i, "has", "there", "ever", "been")) > 0
                || (n = match(i, "have", "there", "ever", "been")) > 0) {
            // "have we ever recorded a stillbirth": any row at all, over all time
            int k = i + n;
            for (String verb : new String[] {"recorded", "record", "had", "have", "seen", "see"}) {
                k += match(k, verb);
            }
            k += Math.max(match(k, "a"), Math.max(match(k, "an"), match(k, "any")));
            return set(Lead.EXISTS, "exists.ever", k);
        }
        for (String w : new String[] {"percentage", "percent", "proportion", "share", "fraction"}) {
            if ((n = match(i, "what", w, "of")) > 0 || (n = match(i, w, "of")) > 0
                    || (n = match(i, "what", "is", "the", w, "of")) > 0) {
                return set(Lead.RATE, "rate.percentage-of", i + n);
            }
        }
        int rateAt = indexOf("rate", i);
        if (rateAt > 0 && ((n = match(i, "what", "is", "the")) > 0 || (n = match(i, "what", "was", "the")) > 0
                || (n = match(i, "the")) > 0 || true)) {
            int start = i + n;
            String named = rateAt > start ? words(start, rateAt) : "";
            if (rateAt > start && (pack.predicateForPhrase(named).isPresent() || isValueClassPhrase(named))) {
                rateWords = words(start, rateAt);
                set(Lead.RATE, "rate.named-rate", rateAt + 1);
                int k = rateAt + 1;
                if (word(k, "of") || word(k, "for") || word(k, "among")) {
                    k++;
                } else {
                    subject = rateSubject(rateWords, null);
                    return k;
                }
                return k;
            }
        }
        if ((word(i, "which") || word(i, "what")) && whichMost(i)) {
            return i;
        }
        if ((n = match(i, "top")) > 0) {
            int k = i + 1;
            if (k < t.size() && t.get(k).isNumber()) {
                limit = t.get(k).number();
                k++;
            } else {
                limit = 10;
            }
            return set(Lead.TOP, "top.top-n", k);
        }
        int top = i + Math.max(Math.max(match(i, "what", "are", "the"), match(i, "what", "were", "the")),
                match(i, "the"));
        if (top > i && top + 1 < t.size() && t.get(top).isNumber() && word(top + 1, "most")) {
            limit = t.get(top).number(); // "what are the 5 most common diagnoses"
            int k = top + 2;
            if (word(k, "common") || word(k, "frequent")) {
                return set(Lead.TOP, "top.most-common", k + 1);
            }
            if (mostVerbed(k)) {
                return whichNext;
            }
            limit = null;
        }
        if ((n = match(i, "what", "is", "the", "most")) > 0 || (n = match(i, "what", "are", "the", "most")) > 0
                || (n = match(i, "the", "most")) > 0 || (n = match(i, "most")) > 0) {
            int k = i + n;
            if (word(k, "common") || word(k, "frequent")) {
                k++;
                if (k < t.size() && t.get(k).isNumber()) {
                    limit = t.get(k).number();
                    k++;
                }
                return set(Lead.TOP, "top.most-common", k);
            }
        }
        if ((n = match(i, "how", "much")) > 0) {
            int k = i + n;
            k += match(k, "money");
            int m = Math.max(Math.max(match(k, "was"), match(k, "were")),
                    Math.max(match(k, "has", "been"), match(k, "have", "been")));
            if (m > 0 && k + m < t.size() && lexicon.namesSomeTime(t.get(k + m).text())) {
                aggregation = Aggregation.SUM;
                measurePhrase = "how much";
                amountVerbAt = k + m; // "how much was received in payments": the sum of what the verb's concept records
                return set(Lead.AGGREGATE, "aggregate.how-much", k + m);
            }
        }
        if ((n = match(i, "how", "many")) > 0 || (n = match(i, "what", "is", "the", "number", "of")) > 0
                || (n = match(i, "what", "was", "the", "number", "of")) > 0
                || (n = match(i, "the", "total", "number", "of")) > 0 || (n = match(i, "total", "number", "of")) > 0
                || (n = match(i, "number", "of")) > 0 || (n = match(i, "the", "number", "of")) > 0
                || (n = match(i, "count", "of")) > 0 || (n = match(i, "count", "the")) > 0
                || (n = match(i, "count")) > 0 || (n = match(i, "show", "the", "number", "of")) > 0
                || (n = match(i, "show", "me", "the", "number", "of")) > 0) {
            return set(Lead.COUNT, "count.how-many", i + n);
        }
        int k = i;
        if ((n = match(i, "what", "is", "the")) > 0 || (n = match(i, "what", "was", "the")) > 0
                || (n = match(i, "what", "is")) > 0 || (n = match(i, "the")) > 0) {
            k = i + n;
        }
        Aggregation agg = aggregationWord(k);
        if (agg != null) {
            int m = word(k, "sum") && word(k + 1, "of") ? 2 : 1;
            aggregation = agg;
            measurePhrase = t.get(k).text();
            return set(Lead.AGGREGATE, "aggregate." + t.get(k).text(), k + m);
        }
        if ((n = match(i, "list")) > 0 || (n = match(i, "show", "me")) > 0 || (n = match(i, "show")) > 0
                || (n = match(i, "display")) > 0 || (n = match(i, "give", "me")) > 0) {
            return set(Lead.LIST, "list.show", i + n);
        }
        if ((n = match(i, "look", "up")) > 0 || (n = match(i, "lookup")) > 0 || (n = match(i, "find")) > 0) {
            return set(Lead.LOOKUP, "lookup.find", i + n);
        }
        if ((n = match(i, "which")) > 0 || (n = match(i, "what")) > 0) {
            return set(Lead.LIST, "list.which", i + n);
        }
        return set(Lead.BARE, "trend.bare", i);
    }

    private int set(Lead value, String ruleId, int next) {
        lead = value;
        rule = ruleId;
        return next;
    }

    private Aggregation aggregationWord(int k) {
        if (k >= t.size()) {
            return null;
        }
        switch (t.get(k).text()) {
            case "average": case "mean": case "avg": return Aggregation.AVG;
            case "median": return Aggregation.MEDIAN;
            case "longest": case "maximum": case "max": case "highest": return Aggregation.MAX;
            case "shortest": case "minimum": case "min": case "lowest": return Aggregation.MIN;
            case "total": case "sum": return Aggregation.SUM;
            default: return null;
        }
    }

    /** "which ward had the most admissions": dimension concept, then the counted subject. */
    private boolean whichMost(int i) {
        int at = i + 1;
        Integer n0 = null;
        if (at < t.size() && t.get(at).isNumber()) {
            n0 = t.get(at).number(); // "which 3 wards had the most …"
            at++;
        }
        Term x = term(at);
        if (x == null) {
            return false;
        }
        int k = at + x.length;
        int n = 0;
        if (word(k, "had") || word(k, "has") || word(k, "have") || word(k, "saw") || word(k, "with")) {
            k++;
        }
        int verbAt = -1;
        if (k < t.size() && !word(k, "the") && !word(k, "most") && lexicon.namesSomeTime(t.get(k).text())) {
            verbAt = k; // "which surgeons have performed the most operations": checked once the subject is known
            k++;
        }
        if ((n = match(k, "the", "most")) > 0 || (n = match(k, "the", "highest", "number", "of")) > 0
                || (n = match(k, "the", "largest", "number", "of")) > 0 || (n = match(k, "most")) > 0) {
            groupConcept = boundOne(x, "which");
            limit = n0 == null ? 1 : n0;
            whichVerbAt = verbAt;
            lead = Lead.WHICH_MOST;
            rule = "top.which-x-most-y";
            whichNext = k + n;
            return true;
        }
        return false;
    }

    private int whichNext = -1;

    /**
     * "the 5 most prescribed medications": VERB is a time verb of a concept that references the named concept; the
     * ranking counts the verb's concept grouped by the named one, over the verb's time.
     */
    private boolean mostVerbed(int k) {
        if (k >= t.size() || !lexicon.namesSomeTime(t.get(k).text())) {
            return false;
        }
        String verb = t.get(k).text();
        Term y = term(k + 1);
        if (y == null) {
            return false;
        }
        String ranked = boundOne(y, "which");
        List<String> counted = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (lexicon.timeHints(c, verb).isEmpty()) {
                continue;
            }
            for (GrammarVocabulary.Path p : vocab.forward(c)) {
                if (p.concept().equals(ranked) && p.via() == null && !counted.contains(c)) {
                    counted.add(c);
                }
            }
        }
        if (counted.isEmpty()) {
            throw new GrammarMiss("'" + verb + "' names nothing recorded about " + ranked + " on this source");
        }
        subject = counted.size() == 1 ? counted.get(0)
                : choose("subject", verb + " " + y.phrase, "Count which records?", counted);
        namedTime = verbTimeColumn(subject, verb);
        groupConcept = y.phrase;
        lead = Lead.WHICH_MOST;
        rule = "top.most-verbed";
        whichNext = k + 1 + y.length;
        return true;
    }

    // ---------------------------------------------------------------- subject

    private record Term(int length, List<String> concepts, String phrase) {
    }

    /** The longest concept term starting at {@code i} (up to four words), or null. */
    private Term term(int i) {
        for (int n = Math.min(4, t.size() - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            if (t.get(i).number() != null) {
                return null;
            }
            List<String> ids = lexicon.conceptsNamedBy(phrase);
            if (!ids.isEmpty()) {
                return new Term(n, ids, phrase);
            }
        }
        return null;
    }

    private String boundOne(Term term, String slot) {
        List<String> bound = new ArrayList<>();
        for (String id : term.concepts) {
            if (vocab.concepts().contains(id)) {
                bound.add(id);
            }
        }
        if (bound.isEmpty()) {
            throw new GrammarMiss("'" + term.phrase + "' names " + String.join(" or ", term.concepts)
                    + ", which this source does not hold");
        }
        if (bound.size() > 1) {
            return choose(slot, term.phrase, "Which do you mean by '" + term.phrase + "'?", bound);
        }
        return bound.get(0);
    }

    private int subjectPhrase(int i) {
        if (lead == Lead.WHICH_MOST) {
            i = whichNext;
            if (subject != null) {
                return i; // "the 5 most prescribed medications": the counted concept is already known
            }
        }
        if (lead == Lead.RATE && rateWords != null && subject != null) {
            return i;
        }
        if (lead == Lead.AGGREGATE && amountVerbAt == i) {
            int k = i + 1;
            k += Math.max(Math.max(match(k, "in"), match(k, "from")), Math.max(match(k, "as"), match(k, "on")));
            Term term = term(k);
            if (term == null) {
                throw new GrammarMiss("'how much was " + t.get(i).text() + "' needs what was "
                        + t.get(i).text() + ", e.g. 'in payments'");
            }
            subject = boundOne(term, "subject");
            if (timeVerb(i, i + 1) == 0) {
                throw new GrammarMiss("'" + t.get(i).text() + "' is not understood here (asking about " + subject + ")");
            }
            measureOf = uniqueRole(subject, ColumnRole.AMOUNT, "amount");
            return k + term.length;
        }
        if (lead == Lead.AGGREGATE && word(i, "amount") && i + 1 < t.size()
                && lexicon.namesSomeTime(t.get(i + 1).text())) {
            // "total amount billed": the amount of the one concept whose time that verb names
            List<String> owners = new ArrayList<>();
            for (String c : vocab.concepts()) {
                if (!lexicon.timeHints(c, t.get(i + 1).text()).isEmpty()) {
                    owners.add(c);
                }
            }
            subject = owners.size() == 1 ? owners.get(0)
                    : choose("subject", "amount " + t.get(i + 1).text(), "The amount of what?", owners);
            if (timeVerb(i + 1, i + 2) == 0) {
                throw new AssertionError("a time verb of " + subject + " did not read");
            }
            measureOf = uniqueRole(subject, ColumnRole.AMOUNT, "amount");
            return i + 2;
        }
        if (lead == Lead.AGGREGATE) {
            int next = measure(i);
            if (next >= 0) {
                return next;
            }
            if (aggregation != Aggregation.SUM) {
                throw new GrammarMiss("'" + measurePhrase + "' needs a number to aggregate, e.g. 'average length"
                        + " of stay'; '" + words(i, Math.min(t.size(), i + 3)) + "' is not one here");
            }
            lead = Lead.COUNT;
            rule = "count.total";
        }
        for (int k = i; k < Math.min(t.size(), i + 7); k++) {
            if (k > i && Lexicon.STRUCTURAL.contains(t.get(k - 1).text())) {
                break;
            }
            Term term = term(k);
            if (term != null) {
                String concept = boundOne(term, "subject");
                if (lead == Lead.RATE && rateWords != null) {
                    subject = rateSubject(rateWords, concept);
                } else {
                    subject = concept;
                }
                if (lead == Lead.TOP && k == i) {
                    topSingular = lexicon.singularTerm(concept, term.phrase);
                }
                modifiers(i, k);
                if (lead == Lead.COUNT && k == i && dimensions.isEmpty() && filters.isEmpty()) {
                    String counted = personEvent(k + term.length);
                    if (counted != null) {
                        subject = counted;
                        return k + term.length;
                    }
                }
                if (whichVerbAt >= 0 && timeVerb(whichVerbAt, whichVerbAt + 1) == 0) {
                    throw new GrammarMiss("'" + t.get(whichVerbAt).text() + "' is not understood here (asking about "
                            + subject + ")");
                }
                return k + term.length;
            }
        }
        if (lead == Lead.RATE && rateWords != null) {
            subject = rateSubject(rateWords, null);
            return i;
        }
        int byValue = valueSubject(i);
        if (byValue >= 0) {
            return byValue;
        }
        throw new GrammarMiss(i < t.size()
                ? "no concept of this source is named in '" + words(i, t.size()) + "'"
                : "the question names nothing to count or list");
    }

    private boolean topSingular;

    /** The patient reference whose distinct values are counted ("how many patients are currently admitted"). */
    private ColumnRef distinctPeople;

    private static final java.util.Set<String> COPULAS = java.util.Set.of("are", "were", "is", "was", "have", "has",
            "had", "been");

    /**
     * "How many patients are currently admitted / were diagnosed …": the words after the patient term are a predicate
     * or time verb of exactly one other bound concept that refers to patients through its one PatientRef column; the
     * question then counts that concept's distinct patients. Returns that concept, or null to read the words
     * on patients as usual.
     */
    private String personEvent(int at) {
        if (!PATIENT.equals(subject)) {
            return null;
        }
        int j = at;
        while (j < t.size() && COPULAS.contains(t.get(j).text())) {
            j++;
        }
        List<String> owners = new ArrayList<>();
        for (int n = Math.min(5, t.size() - j); n >= 1 && owners.isEmpty(); n--) {
            String phrase = words(j, j + n);
            Optional<Predicate> p = pack.predicateForPhrase(phrase);
            for (String c : vocab.concepts()) {
                boolean named = p.isPresent() ? p.get().on(c).isPresent()
                        : n == 1 && !lexicon.timeHints(c, phrase).isEmpty();
                if (named && (c.equals(subject) || patientRef(c) != null)) {
                    owners.add(c);
                }
            }
        }
        if (owners.size() != 1 || owners.contains(subject)) {
            return null;
        }
        String event = owners.get(0);
        distinctPeople = patientRef(event);
        return event;
    }

    /** The one PatientRef column of a concept that refers to patients directly, or null. */
    private ColumnRef patientRef(String concept) {
        List<GrammarVocabulary.Column> refs = vocab.columns(concept).stream()
                .filter(c -> c.role() == ColumnRole.PATIENT_REF).toList();
        long direct = vocab.forward(concept).stream()
                .filter(p -> p.via() == null && p.concept().equals(PATIENT)).count();
        return refs.size() == 1 && direct == 1 ? ref(concept, refs.get(0)) : null;
    }

    /** The pack concept whose rows are the people a PatientRef column points to. */
    private static final String PATIENT = "Patient";

    /** Roles whose values sort a concept's rows into kinds, so a value can stand for the rows ("stillbirths"). */
    private static final java.util.Set<ColumnRole> KIND_ROLES = java.util.EnumSet.of(ColumnRole.STATUS,
            ColumnRole.CATEGORY, ColumnRole.TYPE, ColumnRole.SEVERITY, ColumnRole.PRIORITY);

    /**
     * A subject named by a recorded value instead of a concept term ("how many stillbirths"): the one bound concept
     * with a kind column (status, category, type …) that holds the value becomes the subject, filtered to it.
     * Several concepts ask which; several columns of that concept ask which. Returns the index after the phrase,
     * or -1 when no value names a subject.
     */
    private int valueSubject(int i) {
        for (int k = i; k < Math.min(t.size(), i + 7); k++) {
            if (k > i && Lexicon.STRUCTURAL.contains(t.get(k - 1).text())) {
                break;
            }
            if (t.get(k).number() != null || Lexicon.FILLERS.contains(t.get(k).text())
                    || Lexicon.STRUCTURAL.contains(t.get(k).text())) {
                continue;
            }
            for (int n = Math.min(5, t.size() - k); n >= 1; n--) {
                String phrase = words(k, k + n);
                Map<String, List<Candidate>> owners = valueOwners(phrase);
                if (owners.isEmpty() && phrase.endsWith("s") && !phrase.endsWith("ss")) {
                    owners = valueOwners(phrase.substring(0, phrase.length() - 1)); // a plural names its singular
                }
                if (owners.isEmpty()) {
                    continue;
                }
                String concept = owners.size() == 1 ? owners.keySet().iterator().next()
                        : choose("subject", phrase, "Which do you mean by '" + phrase + "'?",
                                new ArrayList<>(owners.keySet()));
                List<Candidate> columns = owners.get(concept);
                Filter filter;
                if (columns.size() == 1) {
                    filter = columns.get(0).filter;
                } else {
                    List<String> labels = new ArrayList<>();
                    columns.forEach(c -> labels.add(c.label));
                    String label = choose("column", phrase, "Which '" + phrase + "' do you mean?", labels);
                    filter = columns.get(labels.indexOf(label)).filter;
                }
                subject = concept;
                modifiers(i, k);
                if (whichVerbAt >= 0 && timeVerb(whichVerbAt, whichVerbAt + 1) == 0) {
                    throw new GrammarMiss("'" + t.get(whichVerbAt).text() + "' is not understood here (asking about "
                            + subject + ")");
                }
                addFilters(List.of(filter));
                return k + n;
            }
        }
        return -1;
    }

    /** The bound concepts with kind columns holding a value {@code phrase} names, with those columns' filters. */
    private Map<String, List<Candidate>> valueOwners(String phrase) {
        Map<String, List<Candidate>> owners = new java.util.LinkedHashMap<>();
        for (String concept : vocab.concepts()) {
            List<Candidate> found = new ArrayList<>();
            candidates(concept, null, phrase, found);
            found.removeIf(c -> !KIND_ROLES.contains(c.ref().role()));
            if (!found.isEmpty()) {
                owners.put(concept, found);
            }
        }
        return owners;
    }

    /** The subject of "what is the no-show rate": the one bound concept the phrase applies to. */
    private String rateSubject(String phrase, String given) {
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
                : choose("subject", phrase, "A " + phrase + " rate of which?", candidates);
    }

    // ---------------------------------------------------------------- measures

    /** "length of stay", "birth weight", "duration of surgeries": sets subject and measured value. */
    private int measure(int i) {
        for (int n = Math.min(4, t.size() - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            List<String> owners = lexicon.conceptsWithRoleHint(phrase);
            List<String> numericOwners = new ArrayList<>();
            for (String c : owners) {
                for (RoleHint h : lexicon.roleHints(c, phrase)) {
                    if (h.roles().stream().map(ColumnRole::fromJson)
                            .anyMatch(r -> r.isNumeric() || r == ColumnRole.DURATION)) {
                        numericOwners.add(c);
                        break;
                    }
                }
            }
            if (numericOwners.isEmpty()) {
                continue;
            }
            int k = i + n;
            String concept = null;
            if (word(k, "of") || word(k, "for") || word(k, "per")) {
                Term after = term(k + 1);
                if (after != null) {
                    concept = boundOne(after, "subject");
                    if (!numericOwners.contains(concept)) {
                        throw new GrammarMiss("'" + phrase + "' is not recorded for " + after.phrase);
                    }
                    k = k + 1 + after.length;
                }
            }
            if (concept == null) {
                concept = numericOwners.size() == 1 ? numericOwners.get(0)
                        : choose("subject", phrase, "The " + phrase + " of what?", numericOwners);
            }
            subject = concept;
            measureOf = numericColumn(concept, phrase);
            return k;
        }
        if (word(i, "duration") || word(i, "length")) {
            int k = i + 1;
            if (word(k, "of")) {
                k++;
            }
            Term term = term(k);
            if (term != null) {
                subject = boundOne(term, "subject");
                measureOf = derivedDuration(subject);
                return k + term.length;
            }
        }
        return -1;
    }

    private ValueRef numericColumn(String concept, String phrase) {
        List<ColumnRef> found = new ArrayList<>();
        boolean durationHint = false;
        for (RoleHint h : lexicon.roleHints(concept, phrase)) {
            for (String role : h.roles()) {
                ColumnRole r = ColumnRole.fromJson(role);
                durationHint |= r == ColumnRole.DURATION;
                for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                    if (c.role() == r && hintsMatch(h.nameHints(), c) && (r.isNumeric())) {
                        ColumnRef ref = ref(concept, c);
                        if (!found.contains(ref)) {
                            found.add(ref);
                        }
                    }
                }
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.size() > 1) {
            return pickRef("column", phrase, found);
        }
        if (durationHint) {
            return derivedDuration(concept);
        }
        throw new GrammarMiss("'" + phrase + "' is not recorded on this source's " + concept);
    }

    private DurationRef derivedDuration(String concept) {
        ColumnRef start = uniqueRole(concept, ColumnRole.START_TIME, "a start time");
        ColumnRef end = uniqueRole(concept, ColumnRole.END_TIME, "an end time");
        return DurationRef.of(start, end, unit, DurationMode.COMPLETED_ONLY);
    }

    private ColumnRef uniqueRole(String concept, ColumnRole role, String what) {
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role() == role) {
                refs.add(ref(concept, c));
            }
        }
        if (refs.isEmpty()) {
            throw new GrammarMiss(concept + " has no " + what + " on this source");
        }
        return refs.size() == 1 ? refs.get(0) : pickRef("column", concept + " " + role.jsonName(), refs);
    }

    // ---------------------------------------------------------------- modifiers

    /** Consumes tokens [from, to): every one must belong to a modifier or be a filler. */
    private void modifiers(int from, int to) {
        int i = from;
        while (i < to) {
            int n = modifier(i, to);
            if (n <= 0) {
                String w = t.get(i).text();
                if (lead == Lead.RATE && rateWords == null && !numeratorMode && isCopula(w)) {
                    numeratorMode = true;
                    i++;
                    continue;
                }
                if (match(i, "the", "hospital", "have") > 0 || match(i, "the", "hospital", "has") > 0) {
                    i += 3; // "how many departments does the hospital have": the whole source, no condition
                    continue;
                }
                if (Lexicon.FILLERS.contains(w)) {
                    i++;
                    continue;
                }
                int restated = restatedSubject(i, to);
                if (restated > 0) {
                    i += restated;
                    continue;
                }
                throw new GrammarMiss("'" + w + "' is not understood here"
                        + (subject == null ? "" : " (asking about " + subject + ")"));
            }
            i += n;
        }
    }

    /**
     * "were emergency operations", "of stays discharged": a term naming exactly the subject again adds nothing; a
     * term naming any other concept (or several) is not consumed here.
     */
    private int restatedSubject(int i, int to) {
        if (subject == null) {
            return 0;
        }
        int at = i;
        if (word(at, "across")) {
            at += word(at + 1, "all") ? 2 : 1; // "average heart rate across vital signs"
        }
        Term term = term(at);
        if (term == null || at + term.length > to) {
            return 0;
        }
        List<String> bound = new ArrayList<>();
        for (String id : term.concepts) {
            if (vocab.concepts().contains(id)) {
                bound.add(id);
            }
        }
        return bound.equals(List.of(subject)) ? at - i + term.length : 0;
    }

    private static boolean isCopula(String w) {
        return w.equals("were") || w.equals("was") || w.equals("are") || w.equals("is") || w.equals("had");
    }

    private int modifier(int i, int to) {
        TimePhrases.Match m = time.at(i);
        if (m != null && i + m.length() <= to) {
            if (range != null) {
                throw new GrammarMiss("the question names two time ranges");
            }
            range = m;
            return m.length();
        }
        int n;
        if ((n = timeVerb(i, to)) > 0) {
            return n;
        }
        if ((n = bucketPhrase(i)) > 0) {
            return n;
        }
        if ((n = grouping(i)) > 0) {
            return n;
        }
        if ((n = relatedScope(i)) > 0) {
            return n;
        }
        if ((n = negatedVerbScope(i, to)) > 0) {
            return n;
        }
        if ((n = durationFilter(i)) > 0) {
            return n;
        }
        if ((n = dueWindow(i)) > 0) {
            return n;
        }
        if ((n = unitPhrase(i)) > 0) {
            return n;
        }
        if ((word(i, "in") || word(i, "on") || word(i, "at")) && subject != null) {
            for (int w = Math.min(5, to - i); w >= 2; w--) {
                Optional<Predicate> p = pack.predicateForPhrase(words(i, i + w));
                if (p.isPresent() && p.get().on(subject).isPresent()) {
                    return valuePhrase(i, to, subject, false); // "in service" is a condition, not a place
                }
            }
            int k = word(i + 1, "the") ? i + 2 : i + 1;
            int v = valuePhrase(k, to, subject, true);
            if (v > 0) {
                return k - i + v;
            }
            if (k < to && !Lexicon.FILLERS.contains(t.get(k).text()) && time.at(k) == null) {
                int end = Math.min(to, k + 3);
                throw new GrammarMiss("no recorded value matches '" + words(k, end) + "' on this source");
            }
            return 0;
        }
        if (subject != null) {
            return valuePhrase(i, to, subject, false);
        }
        return 0;
    }

    /**
     * "performed", "admitted", "discharged on": a pack phrase naming one of the subject's time columns. It fixes the
     * column a time range or bucket applies to and is never read as a value ("scheduled" is not a status here).
     */
    private int timeVerb(int i, int to) {
        if (subject == null) {
            return 0;
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            ColumnRef col = verbTimeColumn(subject, phrase);
            if (col == null) {
                continue;
            }
            if (namedTime != null && !namedTime.equals(col)) {
                throw new GrammarMiss("the question names two different times of " + subject);
            }
            namedTime = col;
            return n;
        }
        return 0;
    }

    /** The time column of {@code concept} a time verb names; null when the phrase is no time verb of it. */
    private ColumnRef verbTimeColumn(String concept, String phrase) {
        List<RoleHint> hints = lexicon.timeHints(concept, phrase);
        if (hints.isEmpty()) {
            return null;
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (RoleHint h : hints) {
            for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                if (h.roles().contains(c.role().jsonName()) && hintsMatch(h.nameHints(), c)
                        && !refs.contains(ref(concept, c))) {
                    refs.add(ref(concept, c));
                }
            }
        }
        if (refs.isEmpty()) {
            throw new GrammarMiss("'" + phrase + "' names a time this source does not record for " + concept);
        }
        return refs.size() == 1 ? refs.get(0) : pickRef("timeColumn", concept + " " + phrase, refs);
    }

    /**
     * After a related concept: "had no results reported last month". A time verb of that concept and a time phrase
     * restrict the related rows, not the subject. Returns the index after what it read.
     */
    private int relatedTime(String other, int k, int to, List<Filter> out) {
        if (k >= to) {
            return k;
        }
        ColumnRef col = verbTimeColumn(other, t.get(k).text());
        if (col == null) {
            return k;
        }
        k++;
        TimePhrases.Match m = time.at(k);
        if (m != null && k + m.length() <= to) {
            rangeFilters(col, m, out);
            k += m.length();
        }
        return k;
    }

    private static void rangeFilters(ColumnRef col, TimePhrases.Match m, List<Filter> out) {
        if (m.from() != null) {
            out.add(Filter.ge(col, Literal.of(m.from())));
        }
        if (m.to() != null) {
            out.add(Filter.lt(col, Literal.of(m.to())));
        }
    }

    /**
     * "medications not prescribed at all last week", "patients never prescribed metformin": not|never + a time verb
     * of a concept linked to the subject (not of the subject itself) → NOT EXISTS over that concept, with the time
     * phrase and value words that follow as its own conditions.
     */
    private int negatedVerbScope(int i, int to) {
        if (subject == null || !(word(i, "not") || word(i, "never"))) {
            return 0;
        }
        int k = i + 1;
        if (word(k, "been")) {
            k++;
        }
        if (k >= to || !lexicon.timeHints(subject, t.get(k).text()).isEmpty()) {
            return 0;
        }
        String verb = t.get(k).text();
        List<String> owners = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(subject) && !lexicon.timeHints(c, verb).isEmpty() && vocab.linked(subject, c)) {
                owners.add(c);
            }
        }
        if (owners.isEmpty()) {
            return 0;
        }
        String other = owners.size() == 1 ? owners.get(0)
                : choose("related", verb, "'" + verb + "' in which records?", owners);
        ColumnRef col = verbTimeColumn(other, verb);
        QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        inner.subject = other;
        inner.lead = Lead.LIST;
        List<Filter> conditions = new ArrayList<>();
        k++;
        while (k < to) {
            if (match(k, "at", "all") > 0) {
                k += 2;
                continue;
            }
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) {
                rangeFilters(col, m, conditions);
                k += m.length();
                continue;
            }
            int v = inner.valuePhrase(k, to, other, false);
            if (v <= 0) {
                break;
            }
            k += v;
        }
        if (!inner.related.isEmpty()) {
            throw new GrammarMiss("'" + words(i, k) + "' is too complex");
        }
        conditions.addAll(inner.filters);
        related.add(new RelatedScope(org.tally.core.spec.Quantifier.NOT_EXISTS, other, conditions));
        return k - i;
    }

    private int bucketPhrase(int i) {
        Bucket b = null;
        int n = 0;
        if (word(i, "per") || word(i, "by") || word(i, "each") || word(i, "every") || word(i, "a")) {
            b = bucketWord(i + 1);
            n = 2;
        }
        if (b == null && (word(i, "for") && word(i + 1, "each"))) {
            b = bucketWord(i + 2);
            n = 3;
        }
        if (b == null) {
            n = 1;
            switch (i < t.size() ? t.get(i).text() : "") {
                case "daily": b = Bucket.DAY; break;
                case "weekly": b = Bucket.WEEK; break;
                case "monthly": b = Bucket.MONTH; break;
                case "quarterly": b = Bucket.QUARTER; break;
                case "yearly": case "annually": case "annual": b = Bucket.YEAR; break;
                default: break;
            }
        }
        if (b == null && word(i, "over") && word(i + 1, "time")) {
            b = Bucket.MONTH;
            n = 2;
        }
        if (b == null) {
            return 0;
        }
        if (bucket != null && bucket != b) {
            throw new GrammarMiss("the question asks for two time buckets");
        }
        bucket = b;
        return n;
    }

    private Bucket bucketWord(int i) {
        switch (i < t.size() ? t.get(i).text() : "") {
            case "hour": return Bucket.HOUR;
            case "day": return Bucket.DAY;
            case "week": return Bucket.WEEK;
            case "month": return Bucket.MONTH;
            case "quarter": return Bucket.QUARTER;
            case "year": return Bucket.YEAR;
            default: return null;
        }
    }

    private int unitPhrase(int i) {
        if (word(i, "in") && measureOf instanceof DurationRef) {
            DurationUnit u = word(i + 1, "days") ? DurationUnit.DAYS : word(i + 1, "hours") ? DurationUnit.HOURS
                    : word(i + 1, "minutes") ? DurationUnit.MINUTES : null;
            if (u != null) {
                DurationRef d = (DurationRef) measureOf;
                measureOf = DurationRef.of(d.start(), d.end(), u, d.mode());
                unit = u;
                return 2;
            }
        }
        return 0;
    }

    /** "by ward", "per department", "broken down by gender", "for each ward". */
    private int grouping(int i) {
        int k;
        if (word(i, "by") || word(i, "per")) {
            k = i + 1;
        } else if ((word(i, "for") || word(i, "in")) && word(i + 1, "each")) {
            k = i + 2;
        } else if (word(i, "each") && subject != null) {
            k = i + 1; // "how many staff does each department have"
        } else if ((word(i, "broken") && word(i + 1, "down") || word(i, "split") || word(i, "grouped"))
                && word(i + (word(i, "broken") ? 2 : 1), "by")) {
            k = i + (word(i, "broken") ? 3 : 2);
        } else {
            return 0;
        }
        if (subject == null) {
            return 0;
        }
        if (word(k, "the")) {
            k++;
        }
        if ((lead == Lead.TOP || lead == Lead.WHICH_MOST) && word(k, "number") && word(k + 1, "of")) {
            int r = restatedSubject(k + 2, t.size());
            if (r > 0) {
                return k + 2 + r - i; // "by number of prescriptions": what the ranking already counts
            }
        }
        for (int n = Math.min(4, t.size() - k); n >= 1; n--) {
            Dimension d = dimension(words(k, k + n));
            if (d != null) {
                if (lead == Lead.TOP || lead == Lead.WHICH_MOST) {
                    throw new GrammarMiss("a ranking already groups its answer; 'by " + words(k, k + n)
                            + "' is one grouping too many");
                }
                dimensions.add(d);
                return k + n - i;
            }
        }
        for (int n = Math.min(5, t.size() - i); n >= 2; n--) {
            if (pack.predicateForPhrase(words(i, i + n)).isPresent()) {
                return 0; // "by caesarean" is a predicate phrase, not a grouping
            }
        }
        throw new GrammarMiss("cannot group " + subject + " by '" + words(k, Math.min(t.size(), k + 2)) + "'");
    }

    /** A grouping phrase → dimension on the subject or a concept reachable from it; null when not a dimension. */
    private Dimension dimension(String phrase) {
        List<ColumnRef> own = new ArrayList<>();
        List<ColumnRef> reached = new ArrayList<>();
        collectDimensionColumns(subject, null, phrase, own);
        if (!own.isEmpty()) {
            return Dimension.of(own.size() == 1 ? own.get(0) : pickRef("column", phrase, own));
        }
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            collectDimensionColumns(p.concept(), p.via(), phrase, reached);
        }
        if (!reached.isEmpty()) {
            return Dimension.of(reached.size() == 1 ? reached.get(0) : pickRef("column", phrase, reached));
        }
        List<String> named = lexicon.conceptsNamedBy(phrase);
        if (named.isEmpty()) {
            return null;
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (named.contains(p.concept())) {
                (p.via() == null ? direct : twoHop).add(p);
            }
        }
        List<GrammarVocabulary.Path> paths = direct.isEmpty() ? twoHop : direct;
        if (paths.isEmpty()) {
            throw new GrammarMiss("no path from " + subject + " to " + String.join(" or ", named)
                    + " on this source");
        }
        if (paths.size() > 1) {
            throw new GrammarMiss(subject + " refers to " + paths.get(0).concept() + " in " + paths.size()
                    + " ways; the question does not say which");
        }
        GrammarVocabulary.Path p = paths.get(0);
        ColumnRef label = displayColumn(p.concept());
        return Dimension.of(p.via() == null ? label : label.via(p.via()));
    }

    private void collectDimensionColumns(String concept, String via, String phrase, List<ColumnRef> out) {
        ColumnRole roleWord = Lexicon.ROLE_WORDS.get(phrase);
        List<String> phraseTokens = pack.nameTokens().phrase(phrase);
        List<RoleHint> hints = lexicon.roleHints(concept, phrase);
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role().isReference() || c.role() == ColumnRole.PRIMARY_KEY || c.role().isTemporal()) {
                continue;
            }
            boolean byHint = hints.stream().anyMatch(h -> h.roles().contains(c.role().jsonName())
                    && hintsMatch(h.nameHints(), c));
            boolean byRole = roleWord != null && c.role() == roleWord;
            boolean byName = !phraseTokens.isEmpty() && c.nameTokens().equals(phraseTokens);
            if (byHint || byRole || byName) {
                ColumnRef r = ref(concept, c);
                out.add(via == null ? r : r.via(via));
            }
        }
    }

    private ColumnRef displayColumn(String concept) {
        for (ColumnRole role : new ColumnRole[] {ColumnRole.NAME, ColumnRole.FULL_NAME, ColumnRole.CODE,
                ColumnRole.DESCRIPTION}) {
            List<ColumnRef> refs = new ArrayList<>();
            for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                if (c.role() == role) {
                    refs.add(ref(concept, c));
                }
            }
            if (refs.size() == 1) {
                return refs.get(0);
            }
            if (refs.size() > 1) {
                return pickRef("column", concept + " label", refs);
            }
        }
        throw new GrammarMiss(concept + " has no name or code to show on this source");
    }

    /** "with no appointment", "without a delivery", "who never had an admission", "with an allergy". */
    private int relatedScope(int i) {
        if (subject == null) {
            return 0;
        }
        int k = i;
        boolean negated;
        int n;
        if ((n = match(k, "with", "no")) > 0 || (n = match(k, "who", "have", "no")) > 0
                || (n = match(k, "that", "have", "no")) > 0 || (n = match(k, "have", "no")) > 0
                || (n = match(k, "has", "no")) > 0 || (n = match(k, "had", "no")) > 0
                || (n = match(k, "who", "had", "no")) > 0 || (n = match(k, "without", "any")) > 0
                || (n = match(k, "without")) > 0 || (n = match(k, "who", "never", "had")) > 0
                || (n = match(k, "that", "never", "had")) > 0 || (n = match(k, "never", "had")) > 0
                || (n = match(k, "with", "zero")) > 0) {
            negated = true;
        } else if ((n = match(k, "with", "at", "least", "one")) > 0 || (n = match(k, "who", "had")) > 0
                || (n = match(k, "that", "had")) > 0 || (n = match(k, "with")) > 0) {
            negated = false;
        } else {
            return 0;
        }
        k += n;
        if (word(k, "a") || word(k, "an") || word(k, "any")) {
            k++;
        }
        for (int j = k; j < Math.min(t.size(), k + 4); j++) {
            Term term = term(j);
            if (term == null) {
                continue;
            }
            String other = boundOne(term, "related");
            if (other.equals(subject)) {
                throw new GrammarMiss("'" + words(i, j + term.length) + "' compares " + subject + " with itself");
            }
            if (!vocab.linked(subject, other)) {
                throw new GrammarMiss("no link between " + subject + " and " + other + " on this source");
            }
            QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
            inner.subject = other;
            inner.lead = Lead.LIST;
            inner.modifiers(k, j);
            if (!inner.related.isEmpty() || inner.range != null || !inner.dimensions.isEmpty()) {
                throw new GrammarMiss("'" + words(k, j) + "' is too complex inside '" + words(i, j + term.length)
                        + "'");
            }
            List<Filter> conditions = new ArrayList<>(inner.filters);
            int end = relatedTime(other, j + term.length, t.size(), conditions);
            related.add(negated ? new RelatedScope(org.tally.core.spec.Quantifier.NOT_EXISTS, other, conditions)
                    : new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, other, conditions));
            return end - i;
        }
        if (!negated) {
            return 0;
        }
        throw new GrammarMiss("'" + words(i, Math.min(t.size(), k + 2)) + "' names nothing this source links to "
                + subject);
    }

    /** "stayed over 7 days", "longer than 2 days", "length of stay over 7 days", "lasting at least 3 hours". */
    private int durationFilter(int i) {
        if (subject == null) {
            return 0;
        }
        int k = i;
        if (word(k, "stayed") || word(k, "lasted") || word(k, "lasting") || word(k, "that") && word(k + 1, "lasted")) {
            k += word(k, "that") ? 2 : 1;
        } else if (word(k, "length") && word(k + 1, "of") && word(k + 2, "stay")) {
            k += 3;
        } else if (word(k, "los")) {
            k++;
        } else if (!(word(k, "longer") || word(k, "shorter"))) {
            return 0;
        }
        org.tally.core.spec.CompareOp op;
        int n;
        if ((n = match(k, "over")) > 0 || (n = match(k, "more", "than")) > 0 || (n = match(k, "longer", "than")) > 0
                || (n = match(k, "above")) > 0) {
            op = org.tally.core.spec.CompareOp.GT;
        } else if ((n = match(k, "at", "least")) > 0) {
            op = org.tally.core.spec.CompareOp.GE;
        } else if ((n = match(k, "under")) > 0 || (n = match(k, "less", "than")) > 0
                || (n = match(k, "shorter", "than")) > 0 || (n = match(k, "below")) > 0) {
            op = org.tally.core.spec.CompareOp.LT;
        } else if ((n = match(k, "at", "most")) > 0) {
            op = org.tally.core.spec.CompareOp.LE;
        } else {
            return 0;
        }
        k += n;
        if (k + 1 >= t.size() || !t.get(k).isNumber()) {
            throw new GrammarMiss("'" + words(i, Math.min(t.size(), k + 1)) + "' needs a number of days or hours");
        }
        int amount = t.get(k).number();
        String u = t.get(k + 1).text();
        DurationUnit du;
        switch (u) {
            case "day": case "days": du = DurationUnit.DAYS; break;
            case "week": case "weeks": du = DurationUnit.DAYS; amount *= 7; break;
            case "hour": case "hours": du = DurationUnit.HOURS; break;
            case "minute": case "minutes": du = DurationUnit.MINUTES; break;
            default: throw new GrammarMiss("'" + u + "' is not a unit of time");
        }
        DurationRef d = derivedDuration(subject);
        filters.add(new Filter.Compare(DurationRef.of(d.start(), d.end(), du, d.mode()), op, Literal.of(amount)));
        return k + 2 - i;
    }

    /** "due within 14 days", "due in the next 2 weeks": a due-date column of the subject in [today, today+N]. */
    private int dueWindow(int i) {
        if (subject == null || !word(i, "due")) {
            return 0;
        }
        int k = i + 1;
        if (!(word(k, "within") || word(k, "in"))) {
            return 0;
        }
        k++;
        if (word(k, "the") && word(k + 1, "next")) {
            k += 2;
        } else if (word(k, "next")) {
            k++;
        }
        if (k + 1 >= t.size() || !t.get(k).isNumber()) {
            throw new GrammarMiss("'" + words(i, Math.min(t.size(), k + 1)) + "' needs a number of days");
        }
        int days = t.get(k).number();
        String u = t.get(k + 1).text();
        if (u.startsWith("week")) {
            days *= 7;
        } else if (!u.startsWith("day")) {
            throw new GrammarMiss("'" + u + "' is not a unit for a due window (days or weeks)");
        }
        List<ColumnRef> due = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (c.role().isTemporal() && c.nameTokens().contains("due")) {
                due.add(ref(subject, c));
            }
        }
        if (due.isEmpty()) {
            throw new GrammarMiss(subject + " has no due date on this source");
        }
        ColumnRef col = due.size() == 1 ? due.get(0) : pickRef("column", "due date", due);
        filters.add(Filter.ge(col, Literal.of(today)));
        filters.add(Filter.lt(col, Literal.of(today.plusDays(days + 1L))));
        return k + 2 - i;
    }

    // ---------------------------------------------------------------- values and predicates

    /** The longest phrase at {@code i} that is a predicate of the concept or names observed values; 0 if none. */
    private int valuePhrase(int i, int to, String concept, boolean location) {
        String inapplicable = null;
        for (int n = Math.min(5, to - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            if (n == 1 && Lexicon.FILLERS.contains(phrase)) {
                return 0;
            }
            Optional<Predicate> p = pack.predicateForPhrase(phrase);
            if (p.isPresent()) {
                Optional<PredicateDefinition> def = p.get().on(concept);
                if (def.isPresent()) {
                    readingPhrase = phrase;
                    addFilters(bindPredicate(p.get(), def.get(), concept));
                    return n;
                }
                inapplicable = inapplicable == null ? phrase : inapplicable;
            }
            // a bare number is a value only after in/on/at ("in 3"): "patients 2" must not become a code
            boolean bareNumber = phrase.chars().allMatch(ch -> Character.isDigit(ch) || ch == ' ');
            List<Filter> values = bareNumber && !location ? null : valueFilters(phrase, concept);
            if (values != null) {
                addFilters(values);
                return n;
            }
            if (n == 1 && inapplicable != null) {
                throw new GrammarMiss("'" + inapplicable + "' does not apply to " + concept + " on this source");
            }
        }
        if (!location && i < to && lexicon.conceptsWithRoleHint(t.get(i).text()).isEmpty()
                && isValueClassPhrase(t.get(i).text())) {
            throw new GrammarMiss("'" + t.get(i).text() + "' matches no recorded value of " + concept
                    + " on this source");
        }
        return 0;
    }

    private boolean isValueClassPhrase(String phrase) {
        String key = ValueText.key(phrase);
        return pack.valueClasses().stream().anyMatch(vc -> vc.phrases().stream()
                .anyMatch(p -> ValueText.key(p).equals(key)));
    }

    private void addFilters(List<Filter> list) {
        (numeratorMode ? numerator : filters).addAll(list);
    }

    private record Candidate(ColumnRef ref, Filter filter, String label) {
    }

    /** Filters for a value phrase: the subject's own columns first, then columns of reachable concepts. */
    private List<Filter> valueFilters(String phrase, String concept) {
        List<Candidate> own = new ArrayList<>();
        candidates(concept, null, phrase, own);
        List<Candidate> chosen = own;
        if (own.isEmpty()) {
            List<Candidate> reached = new ArrayList<>();
            for (GrammarVocabulary.Path p : vocab.forward(concept)) {
                candidates(p.concept(), p.via(), phrase, reached);
            }
            chosen = reached;
        }
        if (chosen.isEmpty()) {
            return null;
        }
        if (chosen.size() == 1) {
            return List.of(chosen.get(0).filter);
        }
        List<String> labels = new ArrayList<>();
        chosen.forEach(c -> labels.add(c.label));
        String label = choose("column", phrase, "Which '" + phrase + "' do you mean?", labels);
        return List.of(chosen.get(labels.indexOf(label)).filter);
    }

    private void candidates(String concept, String via, String phrase, List<Candidate> out) {
        String phraseKey = ValueText.key(phrase);
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            List<String> values = new ArrayList<>();
            for (GrammarVocabulary.ValueAlias a : vocab.aliases()) {
                if (a.concept().equals(concept) && a.role() == c.role() && java.util.Objects.equals(a.hint(), c.hint())
                        && ValueText.key(a.phrase()).equals(phraseKey)) {
                    values.add(a.value());
                }
            }
            if (values.isEmpty() && !c.values().isEmpty() && c.role() != ColumnRole.FLAG) {
                Resolution res = pack.valueResolver().resolveOrNull(phrase, c.role().jsonName(), concept, c.values());
                if (res instanceof Resolution.Matched) {
                    ((Resolution.Matched) res).values().forEach(v -> values.add(v.value()));
                } else if (res instanceof Resolution.Ambiguous) {
                    List<String> labels = new ArrayList<>();
                    for (Resolution.Candidate cand : ((Resolution.Ambiguous) res).candidates()) {
                        labels.add(cand.valueClass() == null ? "'" + phrase + "' as written" : cand.valueClass());
                    }
                    String pick = choose("value", phrase, "'" + phrase + "' can mean several things; which?", labels);
                    ((Resolution.Ambiguous) res).candidates().get(labels.indexOf(pick)).values()
                            .forEach(v -> values.add(v.value()));
                }
            }
            if (!values.isEmpty()) {
                ColumnRef base = ref(concept, c);
                ColumnRef r = via == null ? base : base.via(via);
                out.add(new Candidate(r, inFilter(r, values), r.describe()));
            }
        }
    }

    private static Filter inFilter(ColumnRef ref, List<String> values) {
        List<Literal> literals = new ArrayList<>();
        values.stream().distinct().sorted().forEach(v -> literals.add(Literal.of(v)));
        return literals.size() == 1 ? Filter.eq(ref, literals.get(0)) : new Filter.In(ref, literals);
    }

    /** The first alternative of the predicate's definition that binds completely on this vocabulary. */
    private List<Filter> bindPredicate(Predicate p, PredicateDefinition def, String concept) {
        for (Condition alternative : def.alternatives()) {
            List<Filter> out = new ArrayList<>();
            if (bindCondition(alternative, concept, out)) {
                return out;
            }
        }
        throw new GrammarMiss("'" + p.id() + "' cannot be checked on " + concept + " with the columns of this source");
    }

    private boolean bindCondition(Condition c, String concept, List<Filter> out) {
        if (c instanceof Condition.All) {
            for (Condition inner : ((Condition.All) c).of()) {
                if (!bindCondition(inner, concept, out)) {
                    return false;
                }
            }
            return true;
        }
        if (c instanceof Condition.Exists) {
            Condition.Exists e = (Condition.Exists) c;
            if (e.window() != null || e.where() != null || e.link() != Condition.Link.REFERENCES
                    || !vocab.concepts().contains(e.concept()) || e.concept().equals(concept)
                    || !vocab.linked(concept, e.concept())) {
                return false;
            }
            related.add(RelatedScope.exists(e.concept()));
            return true;
        }
        if (!(c instanceof Condition.OnColumn)) {
            return false;
        }
        Condition.OnColumn on = (Condition.OnColumn) c;
        List<Filter> found = new ArrayList<>();
        for (GrammarVocabulary.Column col : vocab.columns(concept)) {
            if (!on.roles().contains(col.role().jsonName()) || !hintsMatch(on.nameHints(), col)) {
                continue;
            }
            Filter f = columnCondition(on, concept, col);
            if (f != null) {
                found.add(f);
            }
        }
        if (found.isEmpty()) {
            return false;
        }
        if (found.size() > 1) {
            List<String> labels = new ArrayList<>();
            found.forEach(f -> labels.add(f.target().describe()));
            String pick = choose("column", concept + " condition", "Which column decides this?", labels);
            out.add(found.get(labels.indexOf(pick)));
            return true;
        }
        out.add(found.get(0));
        return true;
    }

    private Filter columnCondition(Condition.OnColumn on, String concept, GrammarVocabulary.Column col) {
        ColumnRef r = ref(concept, col);
        if (on instanceof Condition.IsNull) {
            return new Filter.IsNull(r);
        }
        if (on instanceof Condition.NotNull) {
            return new Filter.IsNotNull(r);
        }
        if (on instanceof Condition.Compare) {
            Condition.Compare cmp = (Condition.Compare) on;
            if (!r.isNumeric()) {
                return null;
            }
            return new Filter.Compare(r, org.tally.core.spec.CompareOp.fromJson(cmp.op().name()),
                    Literal.of(cmp.value() == null ? BigDecimal.ZERO : cmp.value()));
        }
        if (on instanceof Condition.TimeVsNow) {
            Condition.TimeVsNow tv = (Condition.TimeVsNow) on;
            if (!r.isTemporal()) {
                return null;
            }
            Literal at = Literal.of(now.plusDays(tv.offsetDays()));
            return tv.direction() == Condition.Direction.BEFORE ? Filter.lt(r, at) : Filter.gt(r, at);
        }
        if (on instanceof Condition.InClass) {
            List<String> classes = ((Condition.InClass) on).classes();
            if (col.role() == ColumnRole.FLAG) {
                if (classes.equals(List.of("yes"))) {
                    return new Filter.IsTrue(r);
                }
                if (classes.equals(List.of("no"))) {
                    return new Filter.IsFalse(r);
                }
                return null;
            }
            List<String> values = new ArrayList<>();
            for (String cls : classes) {
                Resolution res = pack.valueResolver().resolveClass(cls, col.role().jsonName(), concept, col.values());
                if (res instanceof Resolution.Matched) {
                    for (ObservedValue v : ((Resolution.Matched) res).values()) {
                        values.add(v.value());
                    }
                }
            }
            if (values.size() > 1) {
                String literal = literalReading(col);
                if (literal != null) {
                    String pick = choose("value", readingPhrase, "'" + readingPhrase + "' as the recorded value '"
                            + literal + "' only, or every value of that kind (" + String.join(", ", values) + ")?",
                            List.of("'" + readingPhrase + "' as written", "all of " + String.join(", ", values)));
                    return pick.endsWith("as written") ? Filter.eq(r, Literal.of(literal)) : inFilter(r, values);
                }
            }
            return values.isEmpty() ? null : inFilter(r, values);
        }
        throw new AssertionError(on);
    }

    /**
     * The observed value spelled exactly as the question's phrase, when there is one: "unpaid" against a column
     * holding both 'unpaid' and 'partially_paid' may mean that one value or the whole class, so the grammar asks.
     */
    private String literalReading(GrammarVocabulary.Column col) {
        if (readingPhrase == null) {
            return null;
        }
        String key = ValueText.key(readingPhrase);
        for (ObservedValue v : col.values()) {
            if (v.key().equals(key)) {
                return v.value();
            }
        }
        return null;
    }

    private static boolean hintsMatch(List<NameHint> hints, GrammarVocabulary.Column c) {
        return hints.isEmpty() || hints.stream().anyMatch(h -> h.matches(c.nameTokens()));
    }

    // ---------------------------------------------------------------- assembly

    private QuerySpec build() {
        if (subject == null) {
            throw new GrammarMiss("the question names nothing to count or list");
        }
        Shape shape;
        QuerySpec.Builder b;
        switch (lead) {
            case COUNT:
            case AGGREGATE:
            case BARE:
                if (lead == Lead.BARE && bucket == null) {
                    throw new GrammarMiss("no question rule matches '" + words(0, Math.min(t.size(), 3)) + "'");
                }
                shape = bucket != null ? Shape.TREND : dimensions.isEmpty() ? Shape.SCALAR : Shape.GROUPED;
                b = QuerySpec.builder(subject, shape).measure(lead == Lead.AGGREGATE
                        ? Measure.of(aggregation, measureOf)
                        : distinctPeople != null ? Measure.of(Aggregation.COUNT_DISTINCT, distinctPeople)
                        : Measure.count());
                break;
            case TOP:
            case WHICH_MOST:
                shape = Shape.TOP_N;
                b = QuerySpec.builder(subject, shape).measure(Measure.count());
                Dimension d;
                if (lead == Lead.WHICH_MOST) {
                    d = dimension(groupConcept);
                } else if (!dimensions.isEmpty()) {
                    throw new GrammarMiss("a ranking groups by what it ranks");
                } else {
                    d = Dimension.of(displayColumn(subject));
                    if (rule.equals("top.most-common") && limit == null) {
                        limit = topSingular ? 1 : 10;
                    }
                }
                if (limit == null) {
                    limit = 10;
                }
                if (limit < 1 || limit > QuerySpec.MAX_LIMIT) {
                    throw new GrammarMiss("top " + limit + " is out of range");
                }
                b.dimension(d).order(OrderKey.byMeasure(0, Direction.DESC)).limit(limit);
                if (bucket != null) {
                    throw new GrammarMiss("a ranking cannot also be a trend");
                }
                break;
            case RATE:
                if (rateWords != null) {
                    numeratorMode = true;
                    int before = numerator.size();
                    Optional<Predicate> p = pack.predicateForPhrase(rateWords);
                    if (p.isPresent() && p.get().on(subject).isPresent()) {
                        readingPhrase = rateWords;
                        numerator.addAll(bindPredicate(p.get(), p.get().on(subject).get(), subject));
                    } else {
                        List<Filter> v = valueFilters(rateWords, subject);
                        if (v == null) {
                            throw new GrammarMiss("'" + rateWords + "' matches nothing recorded for " + subject);
                        }
                        numerator.addAll(v);
                    }
                    if (numerator.size() == before) {
                        throw new GrammarMiss("'" + rateWords + " rate' has no condition");
                    }
                }
                if (numerator.isEmpty()) {
                    throw new GrammarMiss("a percentage needs the condition that is counted, e.g. 'were no-shows'");
                }
                shape = Shape.RATE;
                b = QuerySpec.builder(subject, shape).measure(new Measure.Rate(numerator));
                if (bucket != null) {
                    throw new GrammarMiss("a rate per time bucket is not supported yet");
                }
                break;
            case LIST:
            case LOOKUP:
            case EXISTS:
                shape = lead == Lead.LIST ? Shape.LIST : lead == Lead.LOOKUP ? Shape.LOOKUP : Shape.EXISTS;
                if (!dimensions.isEmpty() || bucket != null) {
                    throw new GrammarMiss("a " + shape.jsonName() + " question cannot be grouped");
                }
                if (shape == Shape.LOOKUP && filters.isEmpty()) {
                    throw new GrammarMiss("'find' needs a recorded value that identifies the " + subject);
                }
                b = QuerySpec.builder(subject, shape);
                break;
            default:
                throw new AssertionError(lead);
        }
        if (lead != Lead.RATE && !numerator.isEmpty()) {
            throw new GrammarMiss("a condition after 'were' only makes sense in a percentage question");
        }
        dimensions.forEach(b::dimension);
        filters.forEach(b::filter);
        related.forEach(b::related);
        if (range != null || bucket != null) {
            ColumnRef col = timeColumn();
            b.timeScope(new TimeScope(col, range == null || range.from() == null ? null : Literal.of(range.from()),
                    range == null || range.to() == null ? null : Literal.of(range.to()), bucket));
        }
        return b.provenance(Provenance.rule(rule)).build();
    }

    /** The subject's single EventTime or StartTime; several candidates are a question, none a miss. */
    private ColumnRef timeColumn() {
        if (namedTime != null) {
            return namedTime;
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (c.role() == ColumnRole.EVENT_TIME || c.role() == ColumnRole.START_TIME) {
                refs.add(ref(subject, c));
            }
        }
        if (refs.isEmpty()) {
            throw new GrammarMiss(subject + " has no date on this source for the time range");
        }
        return refs.size() == 1 ? refs.get(0) : pickRef("timeColumn", subject + " time", refs);
    }

    // ---------------------------------------------------------------- helpers

    private ColumnRef pickRef(String slot, String key, List<ColumnRef> refs) {
        List<String> labels = new ArrayList<>();
        refs.forEach(r -> labels.add(r.describe()));
        String pick = choose(slot, key, "Which one do you mean for '" + key + "'?", labels);
        return refs.get(labels.indexOf(pick));
    }

    /** A chosen label from an earlier answer, or a clarification. */
    private String choose(String slot, String key, String question, List<String> labels) {
        String chosen = choices.get(key);
        if (chosen != null && labels.contains(chosen)) {
            return chosen;
        }
        throw new GrammarAsk(slot, key, question, labels);
    }

    private static ColumnRef ref(String concept, GrammarVocabulary.Column c) {
        return new ColumnRef(concept, c.role(), c.hint(), null);
    }

    private int skipFillers(int i, String... words) {
        while (i < t.size() && List.of(words).contains(t.get(i).text())) {
            i++;
        }
        return i;
    }

    private int match(int i, String... words) {
        if (i + words.length > t.size()) {
            return 0;
        }
        for (int k = 0; k < words.length; k++) {
            if (!t.get(i + k).is(words[k])) {
                return 0;
            }
        }
        return words.length;
    }

    private int indexOf(String w, int from) {
        for (int k = from; k < t.size(); k++) {
            if (t.get(k).is(w)) {
                return k;
            }
        }
        return -1;
    }

    private boolean word(int i, String w) {
        return i >= 0 && i < t.size() && t.get(i).is(w);
    }

    private String words(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int k = from; k < to && k < t.size(); k++) {
            s.append(k == from ? "" : " ").append(t.get(k).text());
        }
        return s.toString();
    }
}
