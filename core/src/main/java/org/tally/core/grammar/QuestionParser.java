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
    private final List<ColumnRef> projection = new ArrayList<>();
    /** "list the dates of …": column words read before the subject, resolved once it is known. */
    private int pendingFrom = -1;
    private int pendingTo = -1;
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
        i = projectionBeforeSubject(i);
        i = subjectPhrase(i);
        if (pendingFrom >= 0) {
            List<ColumnRef> items = new ArrayList<>();
            if (projectionItems(pendingFrom, pendingTo, items) != pendingTo) {
                throw new GrammarMiss("'" + words(pendingFrom, pendingTo) + "' names no column of " + subject
                        + " to show");
            }
            addProjection(items);
        }
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
        if ((n = match(i, "has", "any")) > 0 || (n = match(i, "have", "any")) > 0 || (n = match(i, "did", "any")) > 0) {
            return set(Lead.EXISTS, "exists.has-any", i + n); // "has any safety incident ever caused a death"
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
        if (agg == null) {
            int looked = attributeLookup(i);
            if (looked > 0) {
                return set(Lead.LOOKUP, "lookup.attribute", looked);
            }
        }
        if (agg != null) {
            int m = word(k, "sum") && word(k + 1, "of") ? 2 : 1;
            aggregation = agg;
            measurePhrase = t.get(k).text();
            return set(Lead.AGGREGATE, "aggregate." + t.get(k).text(), k + m);
        }
        if ((n = match(i, "list")) > 0) {
            return set(Lead.LIST, "list.list", i + n);
        }
        if ((n = match(i, "show", "me")) > 0 || (n = match(i, "show")) > 0
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

    // ---------------------------------------------------------------- attribute look-ups

    /**
     * "what is the bed capacity of the Cardiac ICU", "which floor is the Oncology Ward on", "which ward is bed LS-004
     * in", "what does diagnosis code N18.9 stand for": one named row (a recorded name or code, or a concept term with
     * a literal identifier) and the columns asked about. Sets subject, filters and projection; returns the index after
     * what it read (the rest goes to the modifiers), or 0 when the question has no such shape.
     */
    private int attributeLookup(int i) {
        int n;
        if ((n = match(i, "what", "does")) > 0 || (n = match(i, "what", "do")) > 0) {
            int end = standsFor(i + n);
            if (end < 0) {
                return 0;
            }
            if (!entity(i + n, end)) {
                return 0;
            }
            ColumnRef meaning = meaningColumn(subject);
            projection.add(meaning);
            return end + (word(end, "stand") ? 2 : 1);
        }
        if (!(word(i, "what") || word(i, "which"))) {
            return 0;
        }
        int k = i + 1;
        boolean copulaFirst = isBe(k);
        if (copulaFirst) {
            // what is the ATTR of ENTITY
            k++;
            k += word(k, "the") ? 1 : 0;
            for (int of = k + 1; of < Math.min(t.size() - 1, k + 5); of++) {
                if (!(word(of, "of") || word(of, "for") || word(of, "on"))) {
                    continue;
                }
                int end = entityEnd(of + 1);
                if (end > 0 && entity(of + 1, end) && attributes(k, of)) {
                    return end;
                }
                reset();
            }
            return 0;
        }
        // which ATTR is ENTITY (on|in)
        for (int be = k + 1; be < Math.min(t.size() - 1, k + 4); be++) {
            if (!isBe(be)) {
                continue;
            }
            int end = entityEnd(be + 1);
            if (end > 0 && entity(be + 1, end) && attributes(k, be)) {
                return end + (word(end, "on") || word(end, "in") || word(end, "at") ? 1 : 0);
            }
            reset();
        }
        return 0;
    }

    private boolean isBe(int k) {
        return word(k, "is") || word(k, "was") || word(k, "are") || word(k, "were");
    }

    private void reset() {
        subject = null;
        filters.clear();
        projection.clear();
    }

    /** Where a "what does X stand for / mean" entity ends, or -1. */
    private int standsFor(int from) {
        for (int k = from + 1; k < t.size(); k++) {
            if (word(k, "mean") && k == t.size() - 1 || word(k, "stand") && word(k + 1, "for") && k + 2 == t.size()) {
                return k;
            }
        }
        return -1;
    }

    /** An entity runs to a trailing on/in/at or the end of the question. */
    private int entityEnd(int from) {
        int end = t.size();
        if (end - 1 > from && (word(end - 1, "on") || word(end - 1, "in") || word(end - 1, "at"))) {
            end--;
        }
        return end > from ? end : -1;
    }

    /**
     * One named row in [from, to): (the) VALUE (TERM) where VALUE is a recorded name, code or description of exactly
     * one bound concept, or (the) TERM VALUE|LITERAL. Sets the subject and its identifying filter.
     */
    private boolean entity(int from, int to) {
        int k = word(from, "the") ? from + 1 : from;
        if (k >= to) {
            return false;
        }
        Term term = term(k);
        if (term != null && k + term.length < to) {
            String concept = boundOrNull(term);
            if (concept != null) {
                subject = concept;
                int v = ownValue(k + term.length, to);
                if (v == to) {
                    return true;
                }
                if (k + term.length + 1 == to && identifying(t.get(k + term.length), concept)) {
                    return true;
                }
                reset();
            }
        }
        for (int end = to; end > k; end--) {
            Term restated = end < to ? term(end) : null;
            if (end < to && (restated == null || end + restated.length != to)) {
                continue;
            }
            String phrase = words(k, end);
            Map<String, List<Candidate>> owners = new java.util.LinkedHashMap<>();
            for (String concept : vocab.concepts()) {
                if (restated != null && !restated.concepts.contains(concept)) {
                    continue;
                }
                List<Candidate> found = new ArrayList<>();
                candidates(concept, null, phrase, found);
                found.removeIf(c -> !NAMING_ROLES.contains(c.ref().role()));
                if (!found.isEmpty()) {
                    owners.put(concept, found);
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            subject = one("subject", phrase, "Which '" + phrase + "' do you mean?", owners.keySet());
            List<Candidate> cols = owners.get(subject);
            if (cols.size() != 1) {
                reset();
                return false;
            }
            filters.add(cols.get(0).filter());
            return true;
        }
        return false;
    }

    /** Roles whose recorded values name one row: what an entity in a look-up is called by. */
    private static final java.util.Set<ColumnRole> NAMING_ROLES = java.util.EnumSet.of(ColumnRole.NAME,
            ColumnRole.CODE, ColumnRole.DESCRIPTION, ColumnRole.BUSINESS_ID);

    private String boundOrNull(Term term) {
        List<String> bound = term.concepts.stream().filter(vocab.concepts()::contains).toList();
        return bound.size() == 1 ? bound.get(0) : null;
    }

    /** A recorded value of the subject's own naming columns over exactly [k, to); returns to, or -1. */
    private int ownValue(int k, int to) {
        String phrase = words(k, to);
        List<Candidate> found = new ArrayList<>();
        candidates(subject, null, phrase, found);
        found.removeIf(c -> !NAMING_ROLES.contains(c.ref().role()));
        if (found.size() != 1) {
            return -1;
        }
        filters.add(found.get(0).filter());
        return to;
    }

    /**
     * "bed LS-004", "bill 4213": a literal after a concept term names the row by its one naming column that was not
     * profiled (a number: its primary key). Several candidates, or none, is no entity.
     */
    private boolean identifying(Token literal, String concept) {
        Filter f = identifyingFilter(literal, concept);
        if (f == null) {
            return false;
        }
        filters.add(f);
        return true;
    }

    /** Roles of the columns a typed identifier may be looked up in. */
    private static final java.util.Set<ColumnRole> IDENTIFYING = java.util.EnumSet.of(ColumnRole.NAME,
            ColumnRole.BUSINESS_ID, ColumnRole.IDENTIFIER, ColumnRole.CODE);

    /**
     * The filter a typed identifier makes on {@code concept}: the one unprofiled naming column (name, business id,
     * identifier, code) whose measured values could spell it — their lengths and letters fit, so "MRN0001643" finds
     * the record number and not the nine-digit national id; a plain number is the primary key when no such column
     * could hold it ("bill 4213"). Null when no column or several fit.
     */
    private Filter identifyingFilter(Token literal, String concept) {
        String typed = literalSpelling(literal);
        List<GrammarVocabulary.Column> naming = vocab.columns(concept).stream()
                .filter(c -> IDENTIFYING.contains(c.role()) && c.values().isEmpty()
                        && (c.shape() == null || c.shape().couldHold(typed)))
                .toList();
        if (literal.isNumber()) {
            List<GrammarVocabulary.Column> keys = vocab.columns(concept).stream()
                    .filter(c -> c.role() == ColumnRole.PRIMARY_KEY).toList();
            if (keys.size() != 1 || !naming.isEmpty()) {
                return null; // "bed 12" may be the bed's label as well as its key
            }
            return Filter.eq(ref(concept, keys.get(0)), Literal.of(BigDecimal.valueOf(literal.number())));
        }
        String text = literal.text();
        if (!text.chars().anyMatch(Character::isDigit) || !text.chars().anyMatch(Character::isLetter)) {
            return null; // an identifier mixes letters and digits ("ls-004", "mrn0001643")
        }
        return naming.size() == 1 ? Filter.eq(ref(concept, naming.get(0)), Literal.of(typed)) : null;
    }

    /**
     * "patient MRN0001643", "bed LS-004" inside a question about other records: a concept term and a typed
     * identifier name one row of the subject or of a concept it refers to; the filter follows the reference ("how
     * many admissions has patient MRN0001643 had"). Returns the tokens read, 0 when there is no such pair.
     */
    private int conceptLiteral(int i, int to) {
        Term term = term(i);
        if (term == null || i + term.length >= to) {
            return 0;
        }
        Token literal = t.get(i + term.length);
        List<GrammarVocabulary.Path> paths = new ArrayList<>();
        String concept = null;
        for (String id : term.concepts) {
            if (id.equals(subject)) {
                concept = id;
            }
            for (GrammarVocabulary.Path p : vocab.forward(subject)) {
                if (p.concept().equals(id)) {
                    paths.add(p);
                    concept = id;
                }
            }
        }
        if (paths.stream().anyMatch(p -> p.via() == null)) {
            paths.removeIf(p -> p.via() != null); // the subject's own reference, not one through another record
        }
        if (concept == null || !concept.equals(subject) && paths.size() != 1) {
            return 0;
        }
        Filter f = identifyingFilter(literal, concept);
        if (f == null) {
            return 0;
        }
        ColumnRef target = (ColumnRef) f.target();
        if (!concept.equals(subject) && paths.get(0).via() != null) {
            f = f.withTarget(target.via(paths.get(0).via()));
        }
        addFilters(List.of(f));
        return term.length + 1;
    }

    /** An identifier is matched exactly as typed (case kept): Tally cannot know how an unprofiled column spells it. */
    private static String literalSpelling(Token literal) {
        return literal.raw();
    }

    /** The attribute words in [from, to) name columns of the subject ("bed capacity", "normal range", "ward"). */
    private boolean attributes(int from, int to) {
        if (subject == null) {
            return false;
        }
        int k = from;
        Term own = term(k);
        if (own != null && own.concepts.contains(subject) && k + own.length < to) {
            k += own.length; // "the department code of …": the concept restated
        }
        String phrase = words(k, to);
        List<ColumnRef> range = rangeColumns(phrase);
        if (!range.isEmpty()) {
            projection.addAll(range);
            return true;
        }
        List<ColumnRef> items = new ArrayList<>();
        if (projectionItems(k, to, items) != to || items.isEmpty()) {
            return false;
        }
        projection.addAll(items);
        return true;
    }

    /**
     * "the normal range": a role phrase ending in "range" that names exactly a low and a high column of the subject
     * (ref low / ref high) shows both.
     */
    private List<ColumnRef> rangeColumns(String phrase) {
        if (!phrase.endsWith("range")) {
            return List.of();
        }
        List<GrammarVocabulary.Column> found = new ArrayList<>();
        for (RoleHint h : lexicon.roleHints(subject, phrase)) {
            for (GrammarVocabulary.Column c : vocab.columns(subject)) {
                if (h.roles().contains(c.role().jsonName()) && hintsMatch(h.nameHints(), c) && !found.contains(c)) {
                    found.add(c);
                }
            }
        }
        if (found.size() != 2) {
            return List.of();
        }
        GrammarVocabulary.Column low = null;
        GrammarVocabulary.Column high = null;
        for (GrammarVocabulary.Column c : found) {
            if (c.nameTokens().contains("low") || c.nameTokens().contains("lower") || c.nameTokens().contains("min")) {
                low = c;
            } else if (c.nameTokens().contains("high") || c.nameTokens().contains("upper")
                    || c.nameTokens().contains("max")) {
                high = c;
            }
        }
        return low == null || high == null ? List.of() : List.of(ref(subject, low), ref(subject, high));
    }

    /** What a code means: the concept's one Description column, else its one Name column. */
    private ColumnRef meaningColumn(String concept) {
        for (ColumnRole role : new ColumnRole[] {ColumnRole.DESCRIPTION, ColumnRole.NAME}) {
            List<GrammarVocabulary.Column> cols = vocab.columns(concept).stream().filter(c -> c.role() == role)
                    .toList();
            if (cols.size() == 1) {
                return ref(concept, cols.get(0));
            }
            if (cols.size() > 1) {
                throw new GrammarMiss(concept + " has several " + role.jsonName() + " columns; name the one to show");
            }
        }
        throw new GrammarMiss(concept + " records no description of its codes on this source");
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
        String groupPhrase = null;
        int k = x == null ? -1 : at + x.length;
        // "which 3 surgeons …", "which payment method …": a role phrase of some concept (longer than any concept
        // term there), resolved once the counted subject is known
        for (int j = Math.min(t.size() - 1, at + 3); j > (x == null ? at : at + x.length); j--) {
            String phrase = singularPhrase(words(at, j));
            if (!lexicon.conceptsWithRoleHint(phrase).isEmpty() || x == null && !valueOwners(phrase).isEmpty()) {
                groupPhrase = phrase;
                x = null;
                k = j;
                break;
            }
        }
        if (k < 0) {
            return false;
        }
        if (isBe(k)) {
            int passive = x != null ? passiveMostVerbed(k, x) : 0;
            if (passive > 0) {
                limit = n0 == null ? 1 : n0;
                whichNext = k + passive;
                return true;
            }
            return whichWasTheRoleFor(i, k, x, groupPhrase, n0);
        }
        int earned = earnedTheMost(k);
        if (earned > 0) {
            if (groupPhrase == null) {
                return false;
            }
            List<String> owners = lexicon.conceptsWithRoleHint(groupPhrase);
            subject = one("subject", groupPhrase, "The " + groupPhrase + " of what?", owners);
            measureOf = uniqueRole(subject, ColumnRole.AMOUNT, "amount");
            rankedSum = true;
            groupConcept = groupPhrase;
            limit = n0 == null ? 1 : n0;
            lead = Lead.WHICH_MOST;
            rule = "top.which-x-earned-most";
            whichNext = k + earned;
            return true;
        }
        int n = 0;
        if (word(k, "had") || word(k, "has") || word(k, "have") || word(k, "saw") || word(k, "with")
                || recordingVerb(k)) {
            k++;
        }
        int verbAt = -1;
        if (k < t.size() && !word(k, "the") && !word(k, "most") && lexicon.namesSomeTime(t.get(k).text())) {
            verbAt = k; // "which surgeons have performed the most operations": checked once the subject is known
            k++;
        }
        if ((n = match(k, "the", "most")) > 0 || (n = match(k, "the", "highest", "number", "of")) > 0
                || (n = match(k, "the", "largest", "number", "of")) > 0 || (n = match(k, "most")) > 0) {
            groupConcept = x != null ? boundOne(x, "which") : groupPhrase;
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
     * "which clinic recorded the most diagnoses": a verb that only says the rows were written down reads as "had",
     * unless this source dates something by it (then it is checked as a time verb).
     */
    private boolean recordingVerb(int k) {
        return k < t.size() && (word(k, "recorded") || word(k, "logged") || word(k, "documented"))
                && !lexicon.namesSomeTime(t.get(k).text());
    }

    /** A ranking by the sum of the subject's amount ("which payment method brought in the most money"). */
    private boolean rankedSum;

    /** "brought in the most money", "took in the most revenue": the tokens read, 0 when it is not that. */
    private int earnedTheMost(int k) {
        int n;
        if ((n = match(k, "brought", "in")) > 0 || (n = match(k, "took", "in")) > 0 || (n = match(k, "received")) > 0
                || (n = match(k, "generated")) > 0 || (n = match(k, "earned")) > 0 || (n = match(k, "made")) > 0
                || (n = match(k, "collected")) > 0 || (n = match(k, "raised")) > 0) {
            int m = k + n;
            m += word(m, "the") ? 1 : 0;
            if (word(m, "most") && (word(m + 1, "money") || word(m + 1, "revenue") || word(m + 1, "income")
                    || word(m + 1, "cash"))) {
                return m + 2 - k;
            }
        }
        return 0;
    }

    /**
     * "which 3 doctors were the attending doctor for the most admissions": rank by the reference the role phrase R
     * names on the counted concept; X must name the concept that reference points to (its rows are not filtered
     * further: X says what R's rows are).
     */
    private boolean whichWasTheRoleFor(int i, int be, Term x, String xPhrase, Integer n0) {
        int k = be + 1 + (word(be + 1, "the") ? 1 : 0);
        for (int forAt = k + 1; forAt < Math.min(t.size() - 1, k + 4); forAt++) {
            if (!word(forAt, "for")) {
                continue;
            }
            int m = forAt + 1 + (word(forAt + 1, "the") ? 1 : 0);
            if (!word(m, "most")) {
                continue;
            }
            String role = words(k, forAt);
            String named = x != null ? x.phrase : xPhrase;
            referenceNamer = named;
            groupConcept = role;
            limit = n0 == null ? 1 : n0;
            lead = Lead.WHICH_MOST;
            rule = "top.which-x-was-r-for-most-y";
            whichNext = m + 1;
            return true;
        }
        return false;
    }

    /** In "which doctors were the attending doctor for …", the words that name the referenced rows ("doctors"). */
    private String referenceNamer;

    /** A plural phrase in its singular form ("presenting complaints" → "presenting complaint"). */
    private static String singularPhrase(String phrase) {
        return phrase.endsWith("s") && !phrase.endsWith("ss") ? phrase.substring(0, phrase.length() - 1) : phrase;
    }

    /**
     * "the 5 most prescribed medications": VERB is a time verb of a concept that references the named concept; the
     * ranking counts the verb's concept grouped by the named one, over the verb's time.
     */
    private boolean mostVerbed(int k) {
        if (word(k, "commonly") || word(k, "frequently") || word(k, "often")) {
            k++; // "the 5 most commonly prescribed drugs": how often is what is counted anyway
        }
        if (k >= t.size() || !lexicon.namesSomeTime(t.get(k).text())) {
            return false;
        }
        Term y = term(k + 1);
        if (y == null) {
            return false;
        }
        rankByVerb(t.get(k).text(), y);
        whichNext = k + 1 + y.length;
        return true;
    }

    /**
     * "which 3 drugs were prescribed most often last year": the passive form of "the 3 most prescribed drugs". The
     * tokens read from {@code be} (the "were"), or 0 when the words are not that.
     */
    private int passiveMostVerbed(int be, Term y) {
        int k = be + 1;
        if (y == null || k >= t.size() || !lexicon.namesSomeTime(t.get(k).text())) {
            return 0;
        }
        int m = k + 1 + (word(k + 1, "the") ? 1 : 0);
        if (!word(m, "most")) {
            return 0;
        }
        m++;
        m += word(m, "often") || word(m, "frequently") || word(m, "commonly") ? 1 : 0;
        rankByVerb(t.get(k).text(), y);
        return m - be;
    }

    /** Counts the records {@code verb} dates, grouped by the rows (or the column) {@code y} names. */
    private void rankByVerb(String verb, Term y) {
        if (y.concepts.stream().noneMatch(vocab.concepts()::contains) && mostVerbedColumn(verb, y)) {
            return;
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
    }

    /**
     * "the 5 most prescribed drugs" where no table holds drugs but the prescriptions name theirs: the one concept the
     * verb dates that has a column for the named thing is counted, grouped by that column. False when none or several.
     */
    private boolean mostVerbedColumn(String verb, Term y) {
        List<String> owners = new ArrayList<>();
        String before = subject;
        for (String c : vocab.concepts()) {
            if (lexicon.timeHints(c, verb).isEmpty()) {
                continue;
            }
            subject = c;
            try {
                Dimension d = dimension(y.phrase);
                if (d instanceof Dimension.Column && ((Dimension.Column) d).column().concept().equals(c)) {
                    owners.add(c);
                }
            } catch (GrammarMiss | GrammarAsk notOne) {
                // not a single column of this concept: not a reading to offer
            } finally {
                subject = before;
            }
        }
        if (owners.size() != 1) {
            return false;
        }
        subject = owners.get(0);
        namedTime = verbTimeColumn(subject, verb);
        groupConcept = y.phrase;
        lead = Lead.WHICH_MOST;
        rule = "top.most-verbed-column";
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
        if (lead == Lead.LOOKUP && subject != null) {
            return i; // an attribute look-up read its entity already
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
            subject = one("subject", "amount " + t.get(i + 1).text(), "The amount of what?", owners);
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
        int from = afterLeadingTime(i);
        for (int k = from; k < Math.min(t.size(), from + 7); k++) {
            if (k > from && Lexicon.STRUCTURAL.contains(t.get(k - 1).text())) {
                break;
            }
            Term term = term(k);
            if (term != null && valueOfNextTerm(k, term)) {
                continue; // "ICU beds": "icu" is a recorded bed type here, the beds are the subject
            }
            if (term != null) {
                String concept = boundOne(term, "subject");
                Term head = compoundHead(k + term.length, concept);
                if (head != null) {
                    // "cardiology clinic appointments": the last term is the subject, the first a concept it refers to
                    preferredReach = concept;
                    concept = boundOne(head, "subject");
                    term = new Term(term.length + head.length, head.concepts, words(k, k + term.length + head.length));
                }
                if (lead == Lead.RATE && rateWords != null) {
                    subject = rateSubject(rateWords, concept);
                } else {
                    subject = concept;
                }
                if (lead == Lead.TOP && k == i) {
                    topSingular = lexicon.singularTerm(concept, term.phrase);
                }
                if (lead == Lead.TOP && rankedBy == null) {
                    rankReferrers(term.phrase);
                }
                modifiers(i, k);
                if ((lead == Lead.COUNT || lead == Lead.EXISTS) && k == from && dimensions.isEmpty()
                        && filters.isEmpty()) {
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
        if (lead == Lead.TOP) {
            int ranked = rankedColumn(i);
            if (ranked >= 0) {
                return ranked;
            }
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

    /**
     * "the 5 most common diagnosis codes", "top 3 lab tests": ranking rows that other records point at (a catalogue,
     * a ward) by their own count would give every row 1, so the records that refer to them are counted, grouped by
     * the named rows; several such records ask which. Only rows without a time of their own (a catalogue, a place).
     */
    private void rankReferrers(String phrase) {
        if (vocab.columns(subject).stream().anyMatch(c -> c.role().isTemporal())) {
            return; // records with a time of their own are events, each counted as itself ("top 5 admissions")
        }
        List<String> referrers = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(subject) && refersTo(c, subject)) {
                referrers.add(c);
            }
        }
        if (referrers.isEmpty()) {
            return;
        }
        String named = subject;
        subject = referrers.size() == 1 ? referrers.get(0)
                : choose("subject", phrase, "Rank " + phrase + " by how many of which records?", referrers);
        groupConcept = named;
        if (limit == null) {
            limit = rule.equals("top.most-common") && topSingular ? 1 : 10;
        }
        lead = Lead.WHICH_MOST;
        rule = rule + "-referrers";
    }

    /** Whether the words of {@code term} at {@code k} are a recorded value of the concept named right after it. */
    private boolean valueOfNextTerm(int k, Term term) {
        Term next = term(k + term.length);
        if (next == null) {
            return false;
        }
        for (String id : next.concepts) {
            if (vocab.concepts().contains(id) && !term.concepts.contains(id)) {
                List<Candidate> values = new ArrayList<>();
                candidates(id, null, term.phrase, values);
                if (!values.isEmpty()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A concept named right before the subject term ("clinic" in "clinic appointments"): its values win ties. */
    private String preferredReach;

    /**
     * The term right after a concept term when it names a concept that refers directly to the first ("ward
     * transfers", "clinic appointments"); null otherwise.
     */
    private Term compoundHead(int at, String first) {
        Term next = term(at);
        if (next == null) {
            return null;
        }
        for (int n = Math.min(4, t.size() - at); n >= 1; n--) {
            List<Candidate> values = new ArrayList<>();
            candidates(first, null, words(at, at + n), values);
            if (!values.isEmpty()) {
                return null; // "ward labour suite": the words are a recorded value of the first concept
            }
        }
        for (String id : next.concepts) {
            if (vocab.concepts().contains(id) && !id.equals(first)
                    && vocab.forward(id).contains(new GrammarVocabulary.Path(first, null))) {
                return next;
            }
        }
        return null;
    }

    /** The column a ranking groups by when the question names a column, not a concept ("most common complaints"). */
    private ColumnRef rankedBy;

    /**
     * "the 3 most common presenting complaints": a role phrase (or its plural) naming a grouping column of exactly one
     * bound concept makes that concept the subject and the column what is ranked. Returns the index after the phrase,
     * or -1 when no role phrase starts at {@code i}.
     */
    private int rankedColumn(int i) {
        for (int n = Math.min(4, t.size() - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            Map<String, List<ColumnRef>> owners = new java.util.LinkedHashMap<>();
            for (String form : phrase.endsWith("s") ? List.of(phrase, phrase.substring(0, phrase.length() - 1))
                    : List.of(phrase)) {
                for (String c : lexicon.conceptsWithRoleHint(form)) {
                    List<ColumnRef> cols = new ArrayList<>();
                    collectDimensionColumns(c, null, form, cols);
                    if (!cols.isEmpty()) {
                        owners.put(c, cols);
                    }
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            subject = one("subject", phrase, "The " + phrase + " of what?", owners.keySet());
            List<ColumnRef> cols = owners.get(subject);
            rankedBy = cols.size() == 1 ? cols.get(0) : pickRef("column", phrase, cols);
            return i + n;
        }
        return -1;
    }

    /**
     * "this year's preterm deliveries", "yesterday's critical results": a time phrase written before the subject (its
     * possessive is dropped by the tokenizer). The subject is looked for after it; the phrase is read as a modifier.
     */
    private int afterLeadingTime(int i) {
        TimePhrases.Match m = time.at(i);
        return m == null ? i : i + m.length();
    }

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
        for (int k = at; k < t.size(); k++) {
            if (word(k, "never") || word(k, "not") || word(k, "without") || word(k, "no")) {
                return null; // "patients diagnosed with X who were never prescribed Y": a condition on the patients
            }
            if (frequency(k) != null) {
                return null; // "patients admitted more than once": how often is a condition on each patient
            }
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
                // counting needs the one patient reference to count distinctly; existence only a way to the patient
                boolean person = lead == Lead.EXISTS ? p.isPresent() && reachesPatient(c) : patientRef(c) != null;
                if (named && (c.equals(subject) || person)) {
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

    /** The pack concept whose rows are the people a PatientRef column points to. */
    private static final String PATIENT = "Patient";

    /** Roles whose values sort a concept's rows into kinds, so a value can stand for the rows ("stillbirths"). */
    private static final java.util.Set<ColumnRole> KIND_ROLES = java.util.EnumSet.of(ColumnRole.STATUS,
            ColumnRole.CATEGORY, ColumnRole.TYPE, ColumnRole.SEVERITY, ColumnRole.PRIORITY, ColumnRole.NAME);

    /**
     * A subject named by a recorded value instead of a concept term ("how many stillbirths"): the one bound concept
     * with a kind column (status, category, type …) that holds the value becomes the subject, filtered to it.
     * Several concepts ask which; several columns of that concept ask which. Returns the index after the phrase,
     * or -1 when no value names a subject.
     */
    private int valueSubject(int i) {
        int from = afterLeadingTime(i);
        List<int[]> spans = new ArrayList<>();
        List<Map<String, List<Candidate>>> valued = new ArrayList<>();
        List<java.util.Set<String>> possible = new ArrayList<>();
        for (int k = from; k < Math.min(t.size(), from + 7); k++) {
            if (k > from && Lexicon.STRUCTURAL.contains(t.get(k - 1).text())) {
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
                if (owners.size() > 1 && whichVerbAt >= 0) {
                    // "which wards have reported the most falls": only records that verb is a time of
                    String verb = t.get(whichVerbAt).text();
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
            Map<String, List<Candidate>> owners = valued.get(naming);
            String phrase = words(spans.get(naming)[0], spans.get(naming)[0] + spans.get(naming)[1]);
            concept = one("subject", phrase, "Which do you mean by '" + phrase + "'?", owners.keySet());
        }
        int k = spans.get(naming)[0];
        int n = spans.get(naming)[1];
        String phrase = words(k, k + n);
        List<Candidate> columns = valued.get(naming).get(concept);
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
            int named = durationOfValue(k);
            if (named > 0) {
                return named;
            }
            k += Math.max(match(k, "a"), match(k, "an")); // "the length of an emergency visit"
            Term term = term(k);
            if (term != null) {
                subject = boundOne(term, "subject");
                measureOf = derivedDuration(subject);
                return k + term.length;
            }
        }
        return -1;
    }

    /**
     * "the average duration of a laparoscopic cholecystectomy": a recorded value names the rows (as a value-named
     * subject does), and the duration is end − start of that concept. Returns the index after the value, or 0.
     */
    private int durationOfValue(int k) {
        int at = k + (word(k, "a") || word(k, "an") || word(k, "the") ? 1 : 0);
        if (at >= t.size() || term(at) != null) {
            return 0;
        }
        for (int n = Math.min(5, t.size() - at); n >= 1; n--) {
            String phrase = words(at, at + n);
            Map<String, List<Candidate>> owners = valueOwners(phrase);
            if (owners.isEmpty()) {
                continue;
            }
            String concept = one("subject", phrase, "Which do you mean by '" + phrase + "'?", owners.keySet());
            List<Candidate> cols = owners.get(concept);
            if (cols.size() != 1) {
                return 0;
            }
            subject = concept;
            measureOf = derivedDuration(concept);
            filters.add(cols.get(0).filter());
            return at + n;
        }
        return 0;
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
            int joined = valueUnion(i, to);
            if (joined > 0) {
                i += joined;
                continue;
            }
            List<Filter> target = numeratorMode ? numerator : filters;
            int before = target.size();
            int n = modifier(i, to);
            noteValueRun(target, before, n);
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
                if (w.equals("and") && i > from && i + 1 < to) {
                    i++; // "admitted to X and discharged this year": conditions are AND-ed anyway
                    continue;
                }
                if (w.equals("new") && newAt < 0) {
                    newAt = i; // "new patients registered per month": new is what the registration time says
                    i++;
                    continue;
                }
                if (w.equals("ever") && lead == Lead.EXISTS && range == null) {
                    i++; // "has any incident ever caused a death": over all time, which is already the default
                    continue;
                }
                int included = including(i, to);
                if (included > 0) {
                    i += included;
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

    /** Verbs after which a percentage question names its counted condition ("what share of stays involved …"). */
    private static final java.util.Set<String> RATE_COPULAS = java.util.Set.of("were", "was", "are", "is", "had",
            "involved", "needed", "required", "received", "have", "has");

    private static boolean isCopula(String w) {
        return RATE_COPULAS.contains(w);
    }

    // ---------------------------------------------------------------- value lists

    /** The filter list and position of the last run of value phrases on one column ("moderate severe"). */
    private List<Filter> runList;
    private int runStart = -1;

    /**
     * Remembers a value phrase that added one equality or list filter, so "X or Y" / "X, Y and Z" on the same column
     * can become one list. Any other modifier ends the run.
     */
    private void noteValueRun(List<Filter> target, int before, int consumed) {
        if (consumed <= 0) {
            return;
        }
        boolean oneValue = target.size() == before + 1 && isValueTest(target.get(before));
        if (!oneValue) {
            runList = null;
            return;
        }
        if (runList == target && runStart >= 0 && runStart < before
                && target.get(runStart).target().equals(target.get(before).target())) {
            return; // the run goes on: "moderate severe"
        }
        runList = target;
        runStart = before;
    }

    private static boolean isValueTest(Filter f) {
        return f instanceof Filter.In
                || f instanceof Filter.Compare && ((Filter.Compare) f).op() == org.tally.core.spec.CompareOp.EQ;
    }

    /**
     * "or" / "and" after a run of values, followed by another value of the same column: the values form one list
     * ("moderate, severe or fatal harm", "acuity 1 or 2"); a column holds one value per row, so "and" between two of
     * its values can only mean either. Between conditions on different columns "and" joins them; "or" there is not
     * supported and misses. Returns the tokens read, 0 when this is no such connector.
     */
    private int valueUnion(int i, int to) {
        if (!(word(i, "or") || word(i, "and") || word(i, "nor")) || i + 1 >= to) {
            return 0;
        }
        if (runList == null) {
            return 0;
        }
        List<Filter> target = runList;
        int before = target.size();
        ValueRef runColumn = target.get(runStart).target();
        int n = runColumn instanceof ColumnRef ? columnValue(i + 1, to, (ColumnRef) runColumn) : 0;
        if (n <= 0) {
            n = modifier(i + 1, to);
        }
        if (n <= 0) {
            return 0;
        }
        Filter added = target.size() == before + 1 ? target.get(before) : null;
        if (added == null || !isValueTest(added) || !added.target().equals(target.get(runStart).target())) {
            if (word(i, "or")) {
                throw new GrammarMiss("'or' between conditions on different things is not supported ('"
                        + words(i - 1, Math.min(t.size(), i + 1 + n)) + "')");
            }
            runList = null;
            return 1 + n; // "admitted to X and discharged this year": both conditions hold
        }
        List<Literal> values = new ArrayList<>();
        for (Filter f : target.subList(runStart, target.size())) {
            values.addAll(f instanceof Filter.In ? ((Filter.In) f).values() : List.of(((Filter.Compare) f).value()));
        }
        ValueRef on = added.target();
        target.subList(runStart, target.size()).clear();
        List<Literal> distinct = values.stream().distinct()
                .sorted(java.util.Comparator.comparing(QuestionParser::literalText)).toList();
        target.add(distinct.size() == 1 ? new Filter.Compare(on, org.tally.core.spec.CompareOp.EQ, distinct.get(0))
                : new Filter.In(on, distinct));
        return 1 + n;
    }

    private static String literalText(Literal l) {
        return l instanceof Literal.StringValue ? ((Literal.StringValue) l).value() : l.toString();
    }

    /**
     * "including beds out of service": the named rows are a part of the subject's rows, which are all counted anyway;
     * the phrase must restate the subject (with its own conditions) and adds nothing. Returns the tokens read.
     */
    private int including(int i, int to) {
        if (!(word(i, "including") || word(i, "incl")) || subject == null) {
            return 0;
        }
        int k = i + 1 + (word(i + 1, "the") ? 1 : 0);
        QuestionParser scratch = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        scratch.subject = subject;
        scratch.lead = Lead.LIST;
        boolean restated = false;
        while (k < to) {
            int r = restatedSubject(k, to);
            if (r > 0 && !restated) {
                restated = true;
                k += r;
                continue;
            }
            int v = scratch.valuePhrase(k, to, subject, false);
            if (v <= 0) {
                break;
            }
            k += v;
        }
        if (!restated || !scratch.related.isEmpty()) {
            throw new GrammarMiss("'" + words(i, k) + "' must name a part of the " + subject + " rows");
        }
        return k - i;
    }

    private int modifier(int i, int to) {
        TimePhrases.Match m = time.at(i);
        if (m != null && i + m.length() <= to) {
            if (range != null) {
                throw new GrammarMiss("the question names two time ranges");
            }
            range = m;
            rangeAt = i;
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
        if ((n = projectionPhrase(i, to)) > 0) {
            return n;
        }
        if ((n = relatedScope(i)) > 0) {
            return n;
        }
        if ((n = negatedVerbScope(i, to)) > 0) {
            return n;
        }
        if ((n = verbScope(i, to)) > 0) {
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
        if ((n = measureComparison(i)) > 0) {
            return n;
        }
        if (subject != null && (n = conceptLiteral(i, to)) > 0) {
            return n;
        }
        if (word(i, "under") && subject != null) {
            int v = valuePhrase(i + 1, to, subject, false);
            if (v > 0) {
                return 1 + v; // "done under local anaesthesia"
            }
        }
        if (word(i, "during") && subject != null) {
            int k = word(i + 1, "the") || word(i + 1, "a") || word(i + 1, "an") ? i + 2 : i + 1;
            int parent = parentScope(k, to);
            if (parent > 0) {
                return k - i + parent; // "diagnoses during outpatient visits"
            }
        }
        if ((word(i, "in") || word(i, "on") || word(i, "at")) && subject != null) {
            for (int w = Math.min(5, to - i); w >= 2; w--) {
                Optional<Predicate> p = pack.predicateForPhrase(words(i, i + w));
                if (p.isPresent() && p.get().on(subject).isPresent()) {
                    return valuePhrase(i, to, subject, false); // "in service" is a condition, not a place
                }
            }
            int k = word(i + 1, "the") || word(i + 1, "a") ? i + 2 : i + 1;
            int parent = parentScope(k, to);
            if (parent > 0) {
                return k - i + parent;
            }
            int restated = restatedSubject(k, to);
            if (restated > 0 && restated >= valueLength(k, to)) {
                return k - i + restated; // "controlled drugs in the medication catalogue", not "in the Labour Suite"
            }
            int line = owningServiceLine(k, to);
            if (line > 0 && line >= valueLength(k, to) && line > placeLength(k, to)) {
                return k - i + line; // "triage assessments in the emergency department": where they all are
            }
            int v = valuePhrase(k, to, subject, true);
            if (v > 0) {
                return k - i + v;
            }
            int place = anyPlace(k, to);
            if (place > 0) {
                return k - i + place;
            }
            if (k < to && !Lexicon.FILLERS.contains(t.get(k).text()) && time.at(k) == null) {
                int end = Math.min(to, k + 3);
                throw new GrammarMiss("no recorded value matches '" + words(k, end) + "' on this source");
            }
            return 0;
        }
        if (subject != null) {
            initialStateDated(i, to);
            return valuePhrase(i, to, subject, false);
        }
        return 0;
    }

    /**
     * "appointments were booked last month": the state a record is made in, as a verb with a time right after it,
     * dates the making of the record (no time verb of this source read it, or it would have been taken before);
     * reading it as today's status on the record's own time would count last month's appointments still booked.
     */
    private void initialStateDated(int i, int to) {
        if (!(word(i - 1, "were") || word(i - 1, "was") || word(i - 1, "been") || word(i - 1, "got"))) {
            return;
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            for (org.tally.core.pack.ValueClass c : pack.valueClasses()) {
                if (c.initial() && c.phrases().contains(phrase)
                        && (c.concepts().isEmpty() || c.concepts().contains(subject)) && time.at(i + n) != null) {
                    throw new GrammarMiss("'" + phrase + " " + words(i + n, i + n + time.at(i + n).length())
                            + "' dates when each " + subject + " was " + phrase + ", which this source does not"
                            + " record");
                }
            }
        }
    }

    /**
     * "diagnoses in outpatient visits": values, then a concept the subject's rows belong to (a direct reference);
     * the subject's own row must belong to such a parent, an EXISTS over it. Taken only when it reads further than
     * a value phrase would and every word before the concept is the parent's own value; a time after it stays with
     * the subject (the diagnoses of this year, not those of this year's visits). Returns the tokens read, or 0.
     */
    private int parentScope(int k, int to) {
        for (int j = k; j < Math.min(to, k + 4); j++) {
            Term term = term(j);
            if (term == null) {
                continue;
            }
            List<String> parents = new ArrayList<>();
            for (String id : term.concepts) {
                if (vocab.concepts().contains(id) && !id.equals(subject) && refersTo(subject, id)) {
                    parents.add(id);
                }
            }
            int end = j + term.length;
            if (parents.size() != 1 || end > to || end <= k + valueLength(k, to)) {
                return 0;
            }
            QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
            inner.subject = parents.get(0);
            inner.lead = Lead.LIST;
            int at = k;
            try {
                int v;
                while (at < j && (v = inner.valuePhrase(at, j, inner.subject, false)) > 0) {
                    at += v;
                }
            } catch (GrammarMiss e) {
                return 0;
            }
            if (at != j || inner.filters.isEmpty() || !inner.related.isEmpty() || inner.range != null
                    || end < t.size() && t.get(end).number() != null) {
                return 0; // "in visits" says nothing; "on ward 3" names one ward, not a kind of them
            }
            addRelated(new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, parents.get(0), inner.filters));
            return end - k;
        }
        return 0;
    }

    /** How many tokens a value phrase at {@code k} would read, without reading it ("theatre 2" is longer than "theatre"). */
    private int valueLength(int k, int to) {
        QuestionParser scratch = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        scratch.subject = subject;
        scratch.lead = lead;
        try {
            return Math.max(0, scratch.valuePhrase(k, to, subject, true));
        } catch (GrammarMiss | GrammarAsk e) {
            return 0;
        }
    }

    /** How many tokens a place phrase ("in theatre") would read at {@code k}, without reading it. */
    private int placeLength(int k, int to) {
        QuestionParser scratch = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        scratch.subject = subject;
        scratch.lead = lead;
        try {
            return scratch.anyPlace(k, to);
        } catch (GrammarMiss | GrammarAsk e) {
            return 0;
        }
    }

    /** A service line phrase at {@code k} whose concepts include the subject: the tokens read, or 0. */
    private int owningServiceLine(int k, int to) {
        for (int n = Math.min(4, to - k); n >= 1; n--) {
            String phrase = ValueText.key(words(k, k + n));
            for (org.tally.core.pack.ServiceLine line : pack.serviceLines()) {
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
    private int anyPlace(int k, int to) {
        for (int n = Math.min(3, to - k); n >= 1; n--) {
            String phrase = words(k, k + n);
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
                ColumnRef place = places.size() == 1 ? places.get(0) : pickRef("column", phrase, places);
                filters.add(new Filter.IsNotNull(place));
                return n;
            }
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
            LinkedVerbTime own = linkedVerbTime(subject, phrase);
            if (own.untimed() != null) {
                untimedVerb = own.untimed(); // "patients diagnosed with sepsis": being a diagnosis is the event
                return n;
            }
            ColumnRef col = own.time();
            if (col == null) {
                col = startOrEndVerb(phrase);
            }
            if (col == null) {
                col = referredTime(phrase);
            }
            if (col == null) {
                continue;
            }
            verbTimes.add(col);
            verbEnds.add(i + n);
            if (namedTime == null) {
                namedTime = col;
            } else if (!namedTime.equals(col)) {
                severalTimes = true;
            }
            return n;
        }
        return 0;
    }

    /** Verbs of a start or an end, whatever the record: the subject's own start or end time names them. */
    private static final Map<String, ColumnRole> START_END_VERBS = Map.of("started", ColumnRole.START_TIME,
            "began", ColumnRole.START_TIME, "begun", ColumnRole.START_TIME, "ended", ColumnRole.END_TIME,
            "finished", ColumnRole.END_TIME);

    /**
     * "prescriptions started last month", "stays that ended this week": the subject's one start (or end) time; several
     * ask which, none leaves the word unread.
     */
    private ColumnRef startOrEndVerb(String phrase) {
        ColumnRole role = START_END_VERBS.get(phrase);
        if (role == null) {
            return null;
        }
        List<ColumnRef> refs = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (c.role() == role && !refs.contains(ref(subject, c))) {
                refs.add(ref(subject, c));
            }
        }
        if (refs.isEmpty()) {
            return null;
        }
        return refs.size() == 1 ? refs.get(0) : pickRef("timeColumn", subject + " " + phrase, refs);
    }

    /**
     * "babies born this year": a time verb of the one concept the subject refers to directly, when the subject has
     * no time of its own for it (a newborn's birth is its delivery's time). Null when there is none or several.
     */
    private ColumnRef referredTime(String phrase) {
        if (!lexicon.timeHints(subject, phrase).isEmpty()
                || vocab.columns(subject).stream().anyMatch(c -> c.role().isTemporal())) {
            return null; // a subject with times of its own is asked about by them ("bills discharged" is no bill time)
        }
        List<ColumnRef> found = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (p.via() == null && !lexicon.timeHints(p.concept(), phrase).isEmpty()) {
                ColumnRef c = verbTimeColumn(p.concept(), phrase);
                if (c != null && !found.contains(c)) {
                    found.add(c);
                }
            }
        }
        return found.size() == 1 ? found.get(0) : null;
    }

    /** Why the subject's event verb read so far names no time here ("diagnosed" on undated diagnoses), or null. */
    private String untimedVerb;
        /** The subject's time verbs read so far, with the index after each. */
    private final List<ColumnRef> verbTimes = new ArrayList<>();
    private final List<Integer> verbEnds = new ArrayList<>();
    private boolean severalTimes;
    private int rangeAt = -1;
    /** Where "new" was read without a value of its own; it needs the subject's start or event time verb. */
    private int newAt = -1;

    /**
     * "stays admitted to the Orthopaedic Ward and discharged this year": of several time verbs, the one right before
     * the time phrase ("discharged this year", "discharged in 2025") takes it; a verb of an end time that takes no
     * time phrase says the end happened (not null); any other bare verb adds nothing. No verb next to the phrase:
     * a miss, since which time is meant cannot be told.
     */
    private void settleTimes() {
        if (untimedVerb != null && (range != null || bucket != null)) {
            throw new GrammarMiss(untimedVerb);
        }
        if (verbTimes.isEmpty()) {
            return;
        }
        ColumnRef ranged = null;
        if (range != null || bucket != null) {
            if (!severalTimes) {
                ranged = namedTime;
            } else {
                for (int v = 0; v < verbTimes.size(); v++) {
                    int end = verbEnds.get(v);
                    boolean next = end == rangeAt || end + 1 == rangeAt
                            && (word(end, "on") || word(end, "in") || word(end, "during"));
                    if (next) {
                        ranged = verbTimes.get(v);
                    }
                }
                if (ranged == null) {
                    throw new GrammarMiss("the question names two different times of " + subject);
                }
            }
            namedTime = ranged;
        }
        for (ColumnRef c : verbTimes) {
            if (!c.equals(ranged) && c.role() == ColumnRole.END_TIME && c.concept().equals(subject)
                    && !filters.contains(new Filter.IsNotNull(c))) {
                filters.add(new Filter.IsNotNull(c)); // "admissions … discharged": the stay has ended
            }
        }
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

    /**
     * A time phrase right after a related concept dates that concept's rows, not the subject's ("patients who had an
     * admission last month": admissions last month). It takes the concept's one event or start time; several ask,
     * none is a miss. Returns the index after the phrase (unchanged when there is none).
     */
    private int relatedRange(String other, int k, List<Filter> out) {
        TimePhrases.Match m = time.at(k);
        if (m == null) {
            return k;
        }
        List<ColumnRef> times = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(other)) {
            if (c.role() == ColumnRole.EVENT_TIME || c.role() == ColumnRole.START_TIME) {
                times.add(ref(other, c));
            }
        }
        if (times.isEmpty()) {
            throw new GrammarMiss(other + " has no date on this source for '" + words(k, k + m.length()) + "'");
        }
        rangeFilters(times.size() == 1 ? times.get(0) : pickRef("timeColumn", other + " time", times), m, out);
        return k + m.length();
    }

    /**
     * The time a verb names ("diagnosed", "prescribed"), or none when it names the records' own event and they keep
     * no time of theirs: "patients diagnosed with sepsis" needs no time, so the verb still reads; a time phrase for
     * it misses.
     */
    private LinkedVerbTime linkedVerbTime(String concept, String verb) {
        try {
            return new LinkedVerbTime(verbTimeColumn(concept, verb), null);
        } catch (GrammarMiss untimed) {
            if (!namesOwnEvent(concept, verb)) {
                throw untimed; // "cancelled" names a time of its own: without it the verb says nothing checkable
            }
            return new LinkedVerbTime(null, untimed.getMessage());
        }
    }

    /**
     * Whether {@code verb} names only the event each record of {@code concept} is ("diagnosed" for a diagnosis): the
     * record's existence then says it happened. A verb of an end ("discharged") or of a particular time column
     * ("cancelled" at its own time) does not: its absence cannot be read from the row being there.
     */
    private boolean namesOwnEvent(String concept, String verb) {
        List<RoleHint> hints = lexicon.timeHints(concept, verb);
        return !hints.isEmpty() && hints.stream().allMatch(h -> h.nameHints().isEmpty()
                && !h.roles().contains(ColumnRole.END_TIME.jsonName()));
    }

    private record LinkedVerbTime(ColumnRef time, String untimed) {
        ColumnRef column() {
            if (time == null) {
                throw new GrammarMiss(untimed);
            }
            return time;
        }
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
        List<String> owners = linkedVerbOwners(verb, false);
        if (owners.isEmpty()) {
            return 0;
        }
        String other = one("related", verb, "'" + verb + "' in which records?", owners);
        LinkedVerbTime col = linkedVerbTime(other, verb);
        QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        inner.subject = other;
        inner.lead = Lead.LIST;
        List<Filter> conditions = new ArrayList<>();
        k++;
        k += word(k, "with") || word(k, "for") ? 1 : 0; // "never diagnosed with sepsis": the values are the record's
        while (k < to) {
            if (match(k, "at", "all") > 0) {
                k += 2;
                continue;
            }
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) {
                rangeFilters(col.column(), m, conditions);
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
        addRelated(new RelatedScope(org.tally.core.spec.Quantifier.NOT_EXISTS, other, conditions));
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
        if (word(i, "in") && measureOf instanceof ColumnRef && i + 1 < t.size()
                && UNIT_TOKENS.containsKey(t.get(i + 1).text())) {
            return unitSuffix(i, t.size(), (ColumnRef) measureOf); // "average birth weight, in grams": as recorded
        }
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
        if (word(k, "the") || word(k, "each") || word(k, "every")) {
            k++; // "by each surgeon"
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
        for (int n = Math.min(4, t.size() - k); n >= 1; n--) {
            String written = wordsAsWritten(k, k + n);
            Dimension d = written.equals(words(k, k + n)) ? null : dimension(written);
            if (d != null && lead != Lead.TOP && lead != Lead.WHICH_MOST) {
                dimensions.add(d); // "by first care unit": an ordinal word that is part of a column's name
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
        int before = out.size();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            boolean byHint = hints.stream().anyMatch(h -> h.roles().contains(c.role().jsonName())
                    && hintsMatch(h.nameHints(), c));
            // a reference is a grouping only when a role phrase names it ("by surgeon"); then its row's label shows
            if (c.role().isReference() && !byHint || c.role() == ColumnRole.PRIMARY_KEY || c.role().isTemporal()) {
                continue;
            }
            boolean byRole = roleWord != null && c.role() == roleWord;
            boolean byName = !phraseTokens.isEmpty() && c.nameTokens().equals(phraseTokens);
            if (byHint || byRole || byName) {
                ColumnRef r = ref(concept, c);
                out.add(via == null ? r : r.via(via));
            }
        }
        if (out.size() == before) {
            for (ColumnRef r : kindColumns(concept, phrase)) {
                out.add(via == null ? r : r.via(via));
            }
        }
    }

    /**
     * "category" on a schema that records the kind of a row in a Type column (or "type" in a Category column): the
     * one kind column of the other role stands in, when the concept has no column of the named role at all.
     */
    private List<ColumnRef> kindColumns(String concept, String phrase) {
        ColumnRole named = Lexicon.ROLE_WORDS.get(phrase);
        if (named != ColumnRole.CATEGORY && named != ColumnRole.TYPE) {
            return List.of();
        }
        ColumnRole other = named == ColumnRole.CATEGORY ? ColumnRole.TYPE : ColumnRole.CATEGORY;
        List<ColumnRef> same = new ArrayList<>();
        List<ColumnRef> stand = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role() == named) {
                same.add(ref(concept, c));
            } else if (c.role() == other) {
                stand.add(ref(concept, c));
            }
        }
        return same.isEmpty() && stand.size() == 1 ? stand : List.of();
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

    // ---------------------------------------------------------------- projection

    /**
     * "list the dates of this year's diagnoses": words before "of" that name no concept are columns to show; they are
     * resolved once the subject is known. Returns where the subject phrase starts.
     */
    private int projectionBeforeSubject(int i) {
        if (lead != Lead.LIST && lead != Lead.LOOKUP) {
            return i;
        }
        int start = i + (word(i, "the") ? 1 : 0);
        for (int j = start; j < Math.min(t.size() - 1, start + 7); j++) {
            if (term(j) != null || time.at(j) != null) {
                return i;
            }
            if (j > start && word(j, "of")) {
                pendingFrom = start;
                pendingTo = j;
                return j + 1;
            }
        }
        return i;
    }

    /**
     * "with their ward", "with the test, the value and the time reported": the columns a List or Lookup shows. With
     * "their"/"its" every word must name a column; a bare "with" that names none is left to the related-scope rule
     * ("with an allergy"). Returns the tokens read.
     */
    private int projectionPhrase(int i, int to) {
        if (subject == null || !(lead == Lead.LIST || lead == Lead.LOOKUP) || !word(i, "with")) {
            return 0;
        }
        int k = i + 1;
        boolean owned = word(k, "their") || word(k, "its");
        if (owned) {
            k++;
        }
        List<ColumnRef> items = new ArrayList<>();
        int end = projectionItems(k, to, items);
        if (items.isEmpty()) {
            if (owned) {
                throw new GrammarMiss("'" + words(i, Math.min(to, k + 2)) + "' names no column of " + subject
                        + " to show");
            }
            return 0;
        }
        addProjection(items);
        return end - i;
    }

    private void addProjection(List<ColumnRef> items) {
        for (ColumnRef c : items) {
            if (!projection.contains(c)) {
                projection.add(c);
            }
        }
    }

    /** Column phrases separated by "and" (commas are dropped); returns the index after the last one read. */
    private int projectionItems(int k, int to, List<ColumnRef> out) {
        while (k < to) {
            int at = k;
            if (word(at, "and") && !out.isEmpty()) {
                at++;
            }
            if (word(at, "the")) {
                at++;
            }
            int n = projectionItem(at, to, out);
            if (n <= 0) {
                return k;
            }
            k = at + n;
        }
        return k;
    }

    /** One column phrase (longest first), with an optional unit that the column's name must carry. */
    private int projectionItem(int k, int to, List<ColumnRef> out) {
        for (int n = Math.min(4, to - k); n >= 1; n--) {
            String phrase = words(k, k + n);
            ColumnRef c = shownColumn(phrase);
            if (c == null && phrase.endsWith("s") && !phrase.endsWith("ss")) {
                c = shownColumn(phrase.substring(0, phrase.length() - 1));
            }
            if (c == null) {
                continue;
            }
            int used = n + unitSuffix(k + n, to, c);
            out.add(c);
            return used;
        }
        return 0;
    }

    /** Units a question may attach to a shown column, with the name tokens that mark a column as held in it. */
    private static final Map<String, List<String>> UNIT_TOKENS = Map.of(
            "weeks", List.of("week"), "days", List.of("day"), "hours", List.of("hour"),
            "minutes", List.of("minute"), "grams", List.of("gram", "g"), "kg", List.of("kg", "kilogram"),
            "kilograms", List.of("kg", "kilogram"));

    /**
     * "gestation in weeks": the unit must be the one the column's name says it holds; Tally does not convert, so a
     * column with no unit in its name (or another unit) is a miss. Returns the tokens read (0 or 2).
     */
    private int unitSuffix(int k, int to, ColumnRef c) {
        if (!word(k, "in") || k + 1 >= to || !UNIT_TOKENS.containsKey(t.get(k + 1).text())) {
            return 0;
        }
        String unit = t.get(k + 1).text();
        for (GrammarVocabulary.Column col : vocab.columns(c.concept())) {
            if (ref(c.concept(), col).equals(new ColumnRef(c.concept(), c.role(), c.hint(), null))
                    && col.nameTokens().stream().anyMatch(UNIT_TOKENS.get(unit)::contains)) {
                return 2;
            }
        }
        throw new GrammarMiss("the " + c.describe() + " column does not say it is recorded in " + unit);
    }

    /** The column a phrase names for showing: the subject's own, or the label of a concept it refers to. */
    private ColumnRef shownColumn(String phrase) {
        List<String> words = List.of(phrase.split(" "));
        if (TIME_WORDS.contains(phrase)) {
            return timeColumn(); // "the date", "the time": the subject's one time
        }
        if (words.size() == 2 && (TIME_WORDS.contains(words.get(0)) || TIME_WORDS.contains(words.get(1)))) {
            String other = TIME_WORDS.contains(words.get(0)) ? words.get(1) : words.get(0);
            ColumnRef byVerb = verbTimeColumn(subject, other); // "date reported", "time reported"
            if (byVerb != null) {
                return byVerb;
            }
            Term named = termOf(other);
            if (named != null && named.concepts.contains(subject)) {
                return timeColumn(); // "delivery time" of deliveries
            }
        }
        List<ColumnRef> own = new ArrayList<>();
        for (RoleHint h : lexicon.roleHints(subject, phrase)) {
            for (GrammarVocabulary.Column c : vocab.columns(subject)) {
                if (h.roles().contains(c.role().jsonName()) && hintsMatch(h.nameHints(), c)
                        && !own.contains(ref(subject, c))) {
                    own.add(ref(subject, c));
                }
            }
        }
        if (own.isEmpty()) {
            ColumnRole role = SHOWN_ROLE_WORDS.get(phrase);
            List<String> phraseTokens = pack.nameTokens().phrase(phrase);
            for (GrammarVocabulary.Column c : vocab.columns(subject)) {
                boolean byRole = role != null && c.role() == role;
                boolean byName = !phraseTokens.isEmpty() && c.nameTokens().equals(phraseTokens)
                        && c.role() != ColumnRole.PRIMARY_KEY;
                if ((byRole || byName) && !own.contains(ref(subject, c))) {
                    own.add(ref(subject, c));
                }
            }
        }
        if (own.isEmpty()) {
            own.addAll(kindColumns(subject, phrase));
        }
        if (!own.isEmpty()) {
            return own.size() == 1 ? own.get(0) : pickRef("column", phrase, own);
        }
        List<ColumnRef> reached = new ArrayList<>();
        ColumnRole roleWord = SHOWN_ROLE_WORDS.get(phrase);
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (p.via() != null) {
                continue;
            }
            List<RoleHint> hints = lexicon.roleHints(p.concept(), phrase);
            for (GrammarVocabulary.Column c : vocab.columns(p.concept())) {
                boolean byHint = hints.stream().anyMatch(h -> h.roles().contains(c.role().jsonName())
                        && hintsMatch(h.nameHints(), c));
                boolean byRole = roleWord != null && c.role() == roleWord;
                if ((byHint || byRole) && !c.role().isReference() && !reached.contains(ref(p.concept(), c))) {
                    reached.add(ref(p.concept(), c)); // "the floor of bed LS-004": the bed's ward's floor
                }
            }
        }
        if (!reached.isEmpty()) {
            return reached.size() == 1 ? reached.get(0) : pickRef("column", phrase, reached);
        }
        Term term = termOf(phrase);
        if (term == null) {
            return null;
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (term.concepts.contains(p.concept())) {
                (p.via() == null ? direct : twoHop).add(p);
            }
        }
        List<GrammarVocabulary.Path> paths = direct.isEmpty() ? twoHop : direct;
        if (paths.size() != 1) {
            return null;
        }
        GrammarVocabulary.Path p = paths.get(0);
        ColumnRef label = displayColumn(p.concept());
        return p.via() == null ? label : label.via(p.via());
    }

    private static final java.util.Set<String> TIME_WORDS = java.util.Set.of("date", "time", "date and time",
            "datetime", "timestamp", "when");

    /** Role words usable for a shown column ("the code", "the description"), beyond the grouping role words. */
    private static final Map<String, ColumnRole> SHOWN_ROLE_WORDS;

    static {
        Map<String, ColumnRole> m = new java.util.HashMap<>(Lexicon.ROLE_WORDS);
        m.put("code", ColumnRole.CODE);
        m.put("description", ColumnRole.DESCRIPTION);
        m.put("amount", ColumnRole.AMOUNT);
        m.put("quantity", ColumnRole.QUANTITY);
        SHOWN_ROLE_WORDS = Map.copyOf(m);
    }

    /** The concept term spelled exactly by {@code phrase}, or null. */
    private Term termOf(String phrase) {
        List<String> ids = lexicon.conceptsNamedBy(phrase);
        return ids.isEmpty() ? null : new Term(phrase.split(" ").length, ids, phrase);
    }

    /** "with no appointment", "without a delivery", "who never had an admission", "with an allergy". */
    private int relatedScope(int i) {
        if (subject == null) {
            return 0;
        }
        int k = i;
        boolean negated;
        int n;
        int[] bound = countedScope(k);
        if (bound != null) {
            return boundedScope(i, k + bound[0], bound[1] < 0 ? null : bound[1], bound[2] < 0 ? null : bound[2]);
        }
        if ((n = haveValue(k)) > 0) {
            // "patients who have type 2 diabetes": a value recorded about them, read as after "with"
            boolean numerator = numeratorMode;
            numeratorMode |= lead == Lead.RATE && rateWords == null; // "what percentage of patients have …"
            int v = withValue(k + n, false, false);
            if (v > 0) {
                return n + v;
            }
            numeratorMode = numerator;
            return 0;
        }
        if ((n = match(k, "with", "no")) > 0 || (n = match(k, "who", "have", "no")) > 0
                || (n = match(k, "that", "have", "no")) > 0 || (n = match(k, "have", "no")) > 0
                || (n = match(k, "has", "no")) > 0 || (n = match(k, "had", "no")) > 0
                || (n = match(k, "who", "had", "no")) > 0 || (n = match(k, "without", "any")) > 0
                || (n = match(k, "without")) > 0 || (n = match(k, "who", "never", "had")) > 0
                || (n = match(k, "that", "never", "had")) > 0 || (n = match(k, "never", "had")) > 0
                || (n = match(k, "with", "zero")) > 0 || (n = neverUsedFor(k)) > 0) {
            negated = true;
        } else if ((n = match(k, "with", "at", "least", "one")) > 0 || (n = match(k, "who", "had")) > 0
                || (n = match(k, "that", "had")) > 0 || (n = match(k, "with")) > 0
                || haveArticle(k) && (n = 1) > 0) {
            negated = false;
        } else {
            return 0;
        }
        boolean verbLed = word(k, "have") || word(k, "has") || word(k, "had") || word(k + 1, "had");
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
            if (PATIENT.equals(other) && !vocab.linked(subject, other)) {
                int read = j == k ? patientsByEvent(i, j + term.length, negated) : 0;
                if (read > 0) {
                    return read;
                }
            }
            if (!vocab.linked(subject, other)) {
                throw new GrammarMiss("no link between " + subject + " and " + other + " on this source");
            }
            List<Filter> conditions = new ArrayList<>();
            int end = relatedConditions(i, k, j, term, other, conditions);
            if (verbLed && lead == Lead.RATE && rateWords == null && !numeratorMode) {
                numeratorMode = true; // "what percentage of patients have an allergy": the counted condition
            }
            addRelated(new RelatedScope(negated ? org.tally.core.spec.Quantifier.NOT_EXISTS
                    : org.tally.core.spec.Quantifier.EXISTS, other, conditions));
            return end - i;
        }
        int byValue = word(i, "with") || word(i, "without") ? withValue(k, negated, true) : 0;
        if (byValue > 0) {
            return k - i + byValue;
        }
        if (!negated) {
            return 0;
        }
        throw new GrammarMiss("'" + words(i, Math.min(t.size(), k + 2)) + "' names nothing this source links to "
                + subject);
    }

    /**
     * The conditions of a related concept named at {@code j} ("patients who had an emergency admission last month"):
     * its values before it (from {@code k}), its time and a relative clause after it, into {@code out}. Returns the
     * index after what was read.
     */
    private int relatedConditions(int i, int k, int j, Term term, String other, List<Filter> out) {
        QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        inner.subject = other;
        inner.lead = Lead.LIST;
        inner.modifiers(k, j);
        if (!inner.related.isEmpty() || inner.range != null || !inner.dimensions.isEmpty()) {
            throw new GrammarMiss("'" + words(k, j) + "' is too complex inside '" + words(i, j + term.length) + "'");
        }
        out.addAll(inner.filters);
        int end = relatedTime(other, j + term.length, t.size(), out);
        if (end == j + term.length) {
            end = relatedRange(other, end, out); // "patients who had an admission last month", "3 or more in 2025"
        }
        return relativeClause(other, end, out);
    }

    /**
     * "with 3 or more", "who had more than 2", "that have fewer than 2", "with at least 3", "exactly 2": the tokens
     * up to the related concept and the inclusive bounds {read, atLeast, atMost} (−1 for none), or null. A bare
     * number ("patients with 2 admissions") is not read: exactly 2 or at least 2 is the asker's to say.
     */
    private int[] countedScope(int k) {
        int at = k;
        int n;
        if ((n = match(at, "who", "have")) > 0 || (n = match(at, "who", "had")) > 0 || (n = match(at, "that", "have"))
                > 0 || (n = match(at, "that", "had")) > 0 || (n = match(at, "with")) > 0 || (n = match(at, "had")) > 0
                || (n = match(at, "have")) > 0 || (n = match(at, "has")) > 0) {
            at += n;
        } else {
            return null;
        }
        Integer v;
        if (number(at) != null && (word(at + 1, "or") && (word(at + 2, "more") || word(at + 2, "over")))) {
            return new int[] {at + 3 - k, number(at), -1};
        }
        if (number(at) != null && word(at + 1, "or") && (word(at + 2, "fewer") || word(at + 2, "less"))) {
            return new int[] {at + 3 - k, -1, number(at)};
        }
        if ((n = match(at, "at", "least")) > 0 || (n = match(at, "no", "fewer", "than")) > 0
                || (n = match(at, "no", "less", "than")) > 0 || (n = match(at, "a", "minimum", "of")) > 0) {
            return (v = number(at + n)) == null ? null : new int[] {at + n + 1 - k, v, -1};
        }
        if ((n = match(at, "more", "than")) > 0 || (n = match(at, "over")) > 0) {
            return (v = number(at + n)) == null ? null : new int[] {at + n + 1 - k, v + 1, -1};
        }
        if ((n = match(at, "at", "most")) > 0 || (n = match(at, "no", "more", "than")) > 0
                || (n = match(at, "a", "maximum", "of")) > 0) {
            return (v = number(at + n)) == null ? null : new int[] {at + n + 1 - k, -1, v};
        }
        if ((n = match(at, "fewer", "than")) > 0 || (n = match(at, "less", "than")) > 0) {
            v = number(at + n);
            if (v == null || v < 1) {
                return null;
            }
            return new int[] {at + n + 1 - k, -1, v - 1};
        }
        if ((n = match(at, "exactly")) > 0 || (n = match(at, "precisely")) > 0) {
            return (v = number(at + n)) == null ? null : new int[] {at + n + 1 - k, v, v};
        }
        return null;
    }

    /** A whole non-negative count at {@code k} ("3", "three"), or null. */
    private Integer number(int k) {
        return k < t.size() && t.get(k).isNumber() && t.get(k).number() >= 0 ? t.get(k).number() : null;
    }

    /**
     * "patients with 3 or more outpatient visits in 2025": a related concept, its own values before it and its time
     * after it, counted between the bounds. Returns the tokens read from {@code i}.
     */
    private int boundedScope(int i, int k, Integer atLeast, Integer atMost) {
        for (int j = k; j < Math.min(t.size(), k + 4); j++) {
            Term term = term(j);
            if (term == null) {
                continue;
            }
            String other = boundOne(term, "related");
            if (other.equals(subject) || !vocab.linked(subject, other) || !refersTo(other, subject)) {
                throw new GrammarMiss("'" + words(i, j + term.length) + "' counts " + other + " rows, which do not "
                        + "belong to " + subject + " rows on this source");
            }
            List<Filter> conditions = new ArrayList<>();
            int end = relatedConditions(i, k, j, term, other, conditions);
            addRelated(new RelatedScope(org.tally.core.spec.Quantifier.COUNTED, other, conditions, atLeast, atMost));
            return end - i;
        }
        throw new GrammarMiss("'" + words(i, Math.min(t.size(), k + 2)) + "' counts nothing this source links to "
                + subject);
    }

    /** "(have|has) never been used for", "never used in", "not used by": the tokens read, 0 when it is not that. */
    private int neverUsedFor(int k) {
        int at = k;
        while (word(at, "have") || word(at, "has") || word(at, "had") || word(at, "that") || word(at, "which")) {
            at++;
        }
        if (!(word(at, "never") || word(at, "not"))) {
            return 0;
        }
        at++;
        at += word(at, "been") ? 1 : 0;
        if (!(word(at, "used") || word(at, "assigned") || word(at, "allocated"))) {
            return 0;
        }
        at++;
        if (!(word(at, "for") || word(at, "in") || word(at, "by") || word(at, "to"))) {
            return 0;
        }
        return at + 1 - k;
    }

    /** "have a", "has an", "had any": a related concept follows ("patients have a severe penicillin allergy"). */
    /** "who have", "that has", "have" before a value (not a number, an article or "no"): the tokens, or 0. */
    private int haveValue(int k) {
        int n;
        if ((n = match(k, "who", "have")) > 0 || (n = match(k, "who", "has")) > 0 || (n = match(k, "that", "have")) > 0
                || (n = match(k, "that", "has")) > 0 || (n = match(k, "have")) > 0 || (n = match(k, "has")) > 0) {
            return k + n < t.size() && number(k + n) == null && !word(k + n, "no") && !word(k + n, "a")
                    && !word(k + n, "an") && !word(k + n, "any") && !word(k + n, "been") ? n : 0;
        }
        return 0;
    }

    private boolean haveArticle(int k) {
        return (word(k, "have") || word(k, "has") || word(k, "had"))
                && (word(k + 1, "a") || word(k + 1, "an") || word(k + 1, "any"));
    }

    /**
     * "wards with no patients currently admitted": patients are not linked to wards, but the words after them are a
     * predicate of exactly one concept that is linked to the subject and refers to patients (admissions); the scope
     * is over that concept with the predicate as its condition. Returns the tokens read from {@code i}, or 0.
     */
    private int patientsByEvent(int i, int after, boolean negated) {
        int j = after;
        while (j < t.size() && COPULAS.contains(t.get(j).text())) {
            j++;
        }
        for (int n = Math.min(5, t.size() - j); n >= 1; n--) {
            Optional<Predicate> p = pack.predicateForPhrase(words(j, j + n));
            if (p.isEmpty()) {
                continue;
            }
            List<String> owners = new ArrayList<>();
            for (String c : vocab.concepts()) {
                if (p.get().on(c).isPresent() && vocab.linked(subject, c) && refersTo(c, PATIENT)) {
                    owners.add(c);
                }
            }
            if (owners.size() != 1) {
                return 0;
            }
            String event = owners.get(0);
            QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
            inner.subject = event;
            inner.lead = Lead.LIST;
            List<Filter> conditions = inner.bindPredicate(p.get(), p.get().on(event).get(), event);
            if (!inner.related.isEmpty()) {
                return 0;
            }
            addRelated(new RelatedScope(negated ? org.tally.core.spec.Quantifier.NOT_EXISTS
                    : org.tally.core.spec.Quantifier.EXISTS, event, conditions));
            return j + n - i;
        }
        return 0;
    }

    /** Related scopes go to the rate's numerator once the counted condition has started. */
    private final List<RelatedScope> numeratorRelated = new ArrayList<>();

    private void addRelated(RelatedScope scope) {
        (numeratorMode ? numeratorRelated : related).add(scope);
    }

    /**
     * "an allergy that caused anaphylaxis", "a prescription which was cancelled": after a related concept, a relative
     * clause of its own recorded values adds to its conditions. Returns the index after it (unchanged when none).
     */
    private int relativeClause(String other, int k, List<Filter> conditions) {
        int at = k;
        boolean relative = false;
        while (at < t.size() && CLAUSE_WORDS.contains(t.get(at).text())) {
            relative |= word(at, "that") || word(at, "which");
            at++;
        }
        if (!relative) {
            return k;
        }
        QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        inner.subject = other;
        inner.lead = Lead.LIST;
        int end = at;
        int v;
        while (end < t.size() && (v = inner.valuePhrase(end, t.size(), other, false)) > 0) {
            end += v;
        }
        if (end == at || !inner.related.isEmpty()) {
            return k;
        }
        conditions.addAll(inner.filters);
        return end;
    }

    private static final java.util.Set<String> CLAUSE_WORDS = java.util.Set.of("that", "which", "caused", "had",
            "was", "were", "is", "are", "resulted", "in", "involved", "with");

    /**
     * "with type 2 diabetes", "without chronic kidney disease": a recorded value of the subject itself is a filter;
     * otherwise a value recorded by exactly one concept linked to the subject is a related scope over it (patients
     * with CKD: those with a diagnosis coded CKD). Returns the tokens read, 0 when no value follows.
     */
    private int withValue(int k, boolean negated, boolean ownValues) {
        if (!negated && ownValues) {
            List<Candidate> mine = new ArrayList<>();
            for (int n = Math.min(5, t.size() - k); n >= 1 && mine.isEmpty(); n--) {
                candidates(subject, null, words(k, k + n), mine);
            }
            if (!mine.isEmpty()) {
                return valuePhrase(k, t.size(), subject, false);
            }
        }
        boolean both = !negated && word(k, "both");
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
        String joiner = !negated && word(at, "and") ? "and" : !both && word(at, "or") ? "or" : null;
        while (joiner != null && word(at, joiner)) {
            RecordedValue next = recordedValue(at + 1);
            if (next == null) {
                break;
            }
            values.add(next);
            at += 1 + next.length();
        }
        if (joiner != null && (word(at, "and") || word(at, "or"))) {
            throw new GrammarMiss("'" + words(k, at + 1) + "' mixes 'and' with 'or'; ask one at a time");
        }
        if (both && values.size() < 2) {
            throw new GrammarMiss("'both' needs two things joined by 'and' ('" + words(k, at) + "')");
        }
        if ("or".equals(joiner) && values.size() > 1) {
            values = List.of(eitherValue(values, words(k, at)));
        }
        List<Filter> period = new ArrayList<>();
        String dated = values.get(values.size() - 1).concept();
        int end = relatedRange(dated, at, period); // "patients with pneumonia last winter": diagnosed then
        if (!period.isEmpty() && values.stream().anyMatch(v -> !v.concept().equals(dated))) {
            throw new GrammarMiss("'" + words(k, end) + "' dates records of different kinds; ask about each");
        }
        for (RecordedValue v : values) {
            List<Filter> conditions = new ArrayList<>(List.of(v.filter()));
            conditions.addAll(period);
            addRelated(new RelatedScope(negated ? org.tally.core.spec.Quantifier.NOT_EXISTS
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
        for (int n = Math.min(5, t.size() - k); n >= 1; n--) {
            String phrase = words(k, k + n);
            Map<String, List<Candidate>> owners = new java.util.LinkedHashMap<>();
            for (String c : vocab.concepts()) {
                if (c.equals(subject) || !vocab.linked(subject, c) || !refersTo(c, subject)) {
                    continue;
                }
                List<Candidate> found = new ArrayList<>();
                candidates(c, null, phrase, found);
                if (!found.isEmpty()) {
                    owners.put(c, found);
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            String other = one("related", phrase, "'" + phrase + "' recorded where?", owners.keySet());
            List<Candidate> cols = owners.get(other);
            Filter f;
            if (cols.size() == 1) {
                f = cols.get(0).filter();
            } else {
                List<String> labels = new ArrayList<>();
                cols.forEach(c -> labels.add(c.label()));
                f = cols.get(labels.indexOf(choose("column", phrase, "Which '" + phrase + "' do you mean?", labels)))
                        .filter();
            }
            return new RecordedValue(other, f, n);
        }
        return null;
    }

    /**
     * The concepts other than the subject that {@code verb} is a time verb of and that one foreign key links to the
     * subject; with {@code referring}, only those whose rows refer to the subject's.
     */
    private List<String> linkedVerbOwners(String verb, boolean referring) {
        List<String> owners = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(subject) && !lexicon.timeHints(c, verb).isEmpty() && vocab.linked(subject, c)
                    && (!referring || refersTo(c, subject))) {
                owners.add(c);
            }
        }
        return owners;
    }

    /** Whether {@code concept} points at {@code target} by a direct reference (its rows belong to the target's). */
    private boolean refersTo(String concept, String target) {
        return vocab.forward(concept).contains(new GrammarVocabulary.Path(target, null));
    }

    /**
     * "patients diagnosed with type 2 diabetes", "who have also been prescribed metformin", "diagnosed with both
     * heart failure and CKD": a time verb of a concept that refers to the subject (not of the subject) → EXISTS over
     * that concept, with the recorded values and time phrase that follow as its conditions; "both X and Y" is one
     * scope per value. Returns the tokens read.
     */
    private int verbScope(int i, int to) {
        if (subject == null) {
            return 0;
        }
        int k = i;
        while (k < to && VERB_LEAD.contains(t.get(k).text())) {
            k++;
        }
        if (k >= to || !lexicon.timeHints(subject, t.get(k).text()).isEmpty()) {
            return 0;
        }
        String verb = t.get(k).text();
        List<String> owners = linkedVerbOwners(verb, true);
        if (owners.isEmpty()) {
            return 0;
        }
        boolean counted = lead == Lead.RATE && rateWords == null && !numeratorMode && k > i;
        String other = one("related", verb, "'" + verb + "' in which records?", owners);
        if (ownCondition(verb)) {
            // "bills paid last month": bills with a paid status, or bills with a payment last month?
            String one = singularWord(subject);
            String own = "the " + one + " is " + verb;
            String event = "the " + one + " has a " + singularWord(other) + " " + verb + " then";
            if (choose("reading", verb, "'" + verb + "': which do you mean?", List.of(own, event)).equals(own)) {
                return 0;
            }
        }
        LinkedVerbTime col = linkedVerbTime(other, verb);
        k++;
        k += word(k, "with") || word(k, "for") || word(k, "by") ? 1 : 0;
        boolean both = word(k, "both");
        k += both ? 1 : 0;
        List<List<Filter>> scopes = new ArrayList<>();
        List<Filter> shared = new ArrayList<>();
        QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
        inner.subject = other;
        inner.lead = Lead.LIST;
        while (k < to) {
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) {
                rangeFilters(col.column(), m, shared);
                k += m.length();
                continue;
            }
            int before = inner.filters.size();
            int v = inner.valuePhrase(k, to, other, false);
            if (v <= 0) {
                if (both && word(k, "and") && !scopes.isEmpty()) {
                    k++;
                    continue;
                }
                break;
            }
            List<Filter> read = new ArrayList<>(inner.filters.subList(before, inner.filters.size()));
            if (both) {
                scopes.add(read);
            } else if (scopes.isEmpty()) {
                scopes.add(read);
            } else {
                scopes.get(0).addAll(read);
            }
            k += v;
        }
        int[] often = both ? null : frequency(k);
        if (often != null) {
            k += often[0];
            TimePhrases.Match m = time.at(k);
            if (m != null && k + m.length() <= to) { // "admitted more than once last year"
                rangeFilters(col.column(), m, shared);
                k += m.length();
            }
        }
        if (!inner.related.isEmpty()) {
            throw new GrammarMiss("'" + words(i, k) + "' is too complex");
        }
        boolean ownVerbWaiting = range == null && verbTimes.stream().anyMatch(c -> c.concept().equals(subject));
        if (!shared.isEmpty() && ownVerbWaiting) {
            // "patients registered and admitted this year": does the year date the registration, the stay, or both?
            throw new GrammarMiss("'" + words(i, k) + "' may date the " + singularWord(subject) + " too; say which time"
                    + " the period is for");
        }
        if (both && scopes.size() < 2) {
            throw new GrammarMiss("'both' needs two things joined by 'and' ('" + words(i, k) + "')");
        }
        if (counted) {
            numeratorMode = true; // "… have also been diagnosed with X": the counted condition of a percentage
        }
        if (scopes.isEmpty()) {
            scopes.add(new ArrayList<>());
        }
        for (List<Filter> conditions : scopes) {
            conditions.addAll(shared);
            addRelated(often == null ? new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, other, conditions)
                    : new RelatedScope(org.tally.core.spec.Quantifier.COUNTED, other, conditions,
                            often[1] < 0 ? null : often[1], often[2] < 0 ? null : often[2]));
        }
        return k - i;
    }

    /**
     * "more than once", "at least twice", "3 or more times", "exactly once": how often the related records occur,
     * as {read, atLeast, atMost} (−1 for none), or null. An upper bound alone ("at most twice" may or may not take
     * in none) and a bare "once" are not read.
     */
    private int[] frequency(int k) {
        int n;
        int[] f;
        if ((n = match(k, "more", "than")) > 0 && (f = times(k + n)) != null) {
            return new int[] {n + f[0], f[1] + 1, -1};
        }
        if ((n = match(k, "at", "least")) > 0 && (f = times(k + n)) != null) {
            return new int[] {n + f[0], f[1], -1};
        }
        if (((n = match(k, "exactly")) > 0 || (n = match(k, "only")) > 0) && (f = times(k + n)) != null) {
            return new int[] {n + f[0], f[1], f[1]};
        }
        if ((f = times(k)) != null && match(k + f[0], "or", "more") > 0) {
            return new int[] {f[0] + 2, f[1], -1}; // "twice or more", "3 times or more"
        }
        if (number(k) != null && match(k + 1, "or", "more", "times") > 0) {
            return new int[] {4, number(k), -1};
        }
        return null;
    }

    /** "once", "twice", "3 times": {tokens, how many}, or null. */
    private int[] times(int k) {
        if (word(k, "once")) {
            return new int[] {1, 1};
        }
        if (word(k, "twice")) {
            return new int[] {1, 2};
        }
        Integer v = number(k);
        return v != null && v > 0 && (word(k + 1, "times") || word(k + 1, "time")) ? new int[] {2, v} : null;
    }

    private String singularWord(String concept) {
        return pack.concept(concept).map(org.tally.core.pack.Concept::singular).orElse(concept)
                .toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether a word is also a condition of the subject itself: a predicate defined on it or one of its values. */
    private boolean ownCondition(String word) {
        Optional<Predicate> p = pack.predicateForPhrase(word);
        if (p.isPresent() && p.get().on(subject).isPresent()) {
            return true;
        }
        List<Candidate> own = new ArrayList<>();
        candidates(subject, null, word, own);
        return !own.isEmpty();
    }

    /** Words that may lead a participle clause: "(who) have also been diagnosed". */
    private static final java.util.Set<String> VERB_LEAD = java.util.Set.of("who", "that", "have", "has", "had",
            "were", "was", "are", "is", "also", "been", "ever", "already");

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

    /**
     * "weighed under 2500 grams", "weight over 4000 grams": a measured column of the subject (a role phrase of a
     * number) compared with a number, in the unit the column's name carries. Returns the tokens read.
     */
    private int measureComparison(int i) {
        if (subject == null) {
            return 0;
        }
        int k = i;
        List<ColumnRef> columns = new ArrayList<>();
        if (word(k, "weighed") || word(k, "weighing") || word(k, "weighs")) {
            k++;
            for (RoleHint h : pack.concept(subject).map(org.tally.core.pack.Concept::roleHints).orElse(List.of())) {
                if (h.phrases().stream().anyMatch(p -> p.contains("weight"))) {
                    collectMeasured(h, columns);
                }
            }
        } else {
            for (int n = Math.min(3, t.size() - i); n >= 1 && columns.isEmpty(); n--) {
                for (RoleHint h : lexicon.roleHints(subject, words(i, i + n))) {
                    collectMeasured(h, columns);
                }
                if (!columns.isEmpty()) {
                    k = i + n;
                }
            }
        }
        if (columns.isEmpty()) {
            return 0;
        }
        org.tally.core.spec.CompareOp op;
        int n;
        if ((n = match(k, "under")) > 0 || (n = match(k, "less", "than")) > 0 || (n = match(k, "below")) > 0) {
            op = org.tally.core.spec.CompareOp.LT;
        } else if ((n = match(k, "over")) > 0 || (n = match(k, "more", "than")) > 0 || (n = match(k, "above")) > 0) {
            op = org.tally.core.spec.CompareOp.GT;
        } else if ((n = match(k, "at", "least")) > 0) {
            op = org.tally.core.spec.CompareOp.GE;
        } else if ((n = match(k, "at", "most")) > 0) {
            op = org.tally.core.spec.CompareOp.LE;
        } else {
            return 0;
        }
        k += n;
        if (k >= t.size() || !t.get(k).isNumber()) {
            return 0;
        }
        ColumnRef column = columns.size() == 1 ? columns.get(0) : pickRef("column", words(i, k), columns);
        int amount = t.get(k).number();
        k++;
        if (k < t.size() && UNIT_TOKENS.containsKey(t.get(k).text())) {
            // "2500 grams": the unit must be the column's own, as for a shown column
            List<Token> probe = List.of(new Token("in", null, false), t.get(k));
            boolean same = vocab.columns(subject).stream().anyMatch(c -> ref(subject, c).equals(column)
                    && c.nameTokens().stream().anyMatch(UNIT_TOKENS.get(probe.get(1).text())::contains));
            if (!same) {
                throw new GrammarMiss("the " + column.describe() + " column does not say it is recorded in "
                        + t.get(k).text());
            }
            k++;
        }
        addFilters(List.of(new Filter.Compare(column, op, Literal.of(amount))));
        return k - i;
    }

    private void collectMeasured(RoleHint h, List<ColumnRef> out) {
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (h.roles().contains(c.role().jsonName()) && c.role().isNumeric() && hintsMatch(h.nameHints(), c)
                    && !out.contains(ref(subject, c))) {
                out.add(ref(subject, c));
            }
        }
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
        int named = namedColumnValue(i, to, concept);
        if (named > 0) {
            return named;
        }
        String inapplicable = null;
        for (int n = Math.min(5, to - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            if (n == 1 && Lexicon.FILLERS.contains(phrase)) {
                if (inapplicable != null) {
                    // "currently admitted" of patients: a filler word must not swallow a predicate that misses
                    throw new GrammarMiss("'" + inapplicable + "' does not apply to " + concept + " on this source");
                }
                return 0;
            }
            Optional<Predicate> p = pack.predicateForPhrase(phrase);
            if (p.isPresent()) {
                Optional<PredicateDefinition> def = p.get().on(concept);
                if (def.isPresent()) {
                    readingPhrase = phrase;
                    List<Filter> bound = bindPredicate(p.get(), def.get(), concept);
                    addFilters(bound);
                    datedBy(bound, concept, i + n);
                    return n;
                }
                String reached = afterPreposition(i) ? referredConceptFor(p.get(), concept) : null;
                if (reached != null) {
                    readingPhrase = phrase; // "a prescription for a controlled drug": the drug is controlled
                    int scopes = related.size();
                    List<Filter> onReached = bindPredicate(p.get(), p.get().on(reached).orElseThrow(), reached);
                    if (related.size() != scopes) {
                        throw new GrammarMiss("'" + phrase + "' of " + reached + " cannot be checked from " + concept);
                    }
                    addFilters(onReached);
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

    /**
     * "acuity level 1", "triage category 2": a role phrase naming exactly one column of the concept, then one of that
     * column's recorded values (a bare number is allowed here, since the column is named). Returns the tokens read.
     */
    private int namedColumnValue(int i, int to, String concept) {
        for (int n = Math.min(3, to - i - 1); n >= 1; n--) {
            String phrase = words(i, i + n);
            List<ColumnRef> named = new ArrayList<>();
            for (RoleHint h : lexicon.roleHints(concept, phrase)) {
                for (GrammarVocabulary.Column c : vocab.columns(concept)) {
                    if (h.roles().contains(c.role().jsonName()) && hintsMatch(h.nameHints(), c)
                            && !c.values().isEmpty() && !named.contains(ref(concept, c))) {
                        named.add(ref(concept, c));
                    }
                }
            }
            if (named.size() != 1) {
                continue;
            }
            int v = columnValue(i + n, to, named.get(0));
            if (v > 0) {
                return n + v;
            }
        }
        return 0;
    }

    /**
     * The longest phrase at {@code i} that names recorded values of exactly this column (a bare number included);
     * its filter is added. Returns the tokens read, 0 when it names none.
     */
    private int columnValue(int i, int to, ColumnRef column) {
        GrammarVocabulary.Column col = null;
        for (GrammarVocabulary.Column c : vocab.columns(column.concept())) {
            if (ref(column.concept(), c).equals(column.via() == null ? column : new ColumnRef(column.concept(),
                    column.role(), column.hint(), null))) {
                col = c;
            }
        }
        if (col == null) {
            return 0;
        }
        for (int n = Math.min(4, to - i); n >= 1; n--) {
            String phrase = words(i, i + n);
            if (n == 1 && Lexicon.FILLERS.contains(phrase)) {
                return 0;
            }
            Resolution res = pack.valueResolver().resolve(phrase, col.role().jsonName(), column.concept(),
                    col.values());
            if (res instanceof Resolution.Matched) {
                List<String> values = new ArrayList<>();
                ((Resolution.Matched) res).values().forEach(v -> values.add(v.value()));
                addFilters(List.of(inFilter(column, values)));
                return n;
            }
            String numbered = n == 1 && t.get(i).isNumber() ? numberedValue(col, t.get(i).number()) : null;
            if (numbered != null) {
                addFilters(List.of(Filter.eq(column, Literal.of(numbered))));
                return 1;
            }
        }
        return 0;
    }

    private static final java.util.regex.Pattern NUMBERED = java.util.regex.Pattern.compile("(\\D*?)[ -]?0*(\\d+)");

    /**
     * "theatre 2" on a column whose every value is one prefix and a number ("OT-1" … "OT-4", "Theatre 1" …): the
     * value carrying that number. Null when the values are not such a series or none carries it.
     */
    private static String numberedValue(GrammarVocabulary.Column col, int number) {
        String prefix = null;
        String hit = null;
        for (ObservedValue v : col.values()) {
            java.util.regex.Matcher m = NUMBERED.matcher(v.value());
            if (!m.matches()) {
                return null;
            }
            String p = m.group(1).toLowerCase(java.util.Locale.ROOT);
            if (prefix == null) {
                prefix = p;
            } else if (!prefix.equals(p)) {
                return null;
            }
            if (Integer.parseInt(m.group(2)) == number) {
                hit = v.value();
            }
        }
        return prefix == null || prefix.isEmpty() ? null : hit;
    }

    /**
     * Whether a preposition (and maybe an article) comes right before {@code i}: "a prescription for a controlled
     * drug" names the drug, while a bare "bills discharged last month" must not become "bills of discharged stays".
     */
    private boolean afterPreposition(int i) {
        int k = i - 1;
        if (word(k, "a") || word(k, "an") || word(k, "the") || word(k, "any")) {
            k--;
        }
        return word(k, "for") || word(k, "with") || word(k, "of") || word(k, "on") || word(k, "to")
                || word(k, "from") || word(k, "involving");
    }

    /**
     * "patients who died last year": a predicate that says a time of the subject is recorded (a death date, a
     * discharge) names the time a phrase right after it is about, as a time verb does; the time verbs' rule then
     * decides which time the range takes.
     */
    private void datedBy(List<Filter> bound, String concept, int after) {
        if (bound.size() != 1 || !(bound.get(0) instanceof Filter.IsNotNull) || !concept.equals(subject)
                || time.at(after) == null) {
            return;
        }
        ValueRef target = bound.get(0).target();
        if (!(target instanceof ColumnRef) || !target.isTemporal()) {
            return;
        }
        ColumnRef col = (ColumnRef) target;
        verbTimes.add(col);
        verbEnds.add(after);
        if (namedTime == null) {
            namedTime = col;
        } else if (!namedTime.equals(col)) {
            severalTimes = true;
        }
    }

    /** The one concept the given concept refers to directly on which the predicate is defined, or null. */
    private String referredConceptFor(Predicate p, String concept) {
        List<String> found = new ArrayList<>();
        for (GrammarVocabulary.Path path : vocab.forward(concept)) {
            if (path.via() == null && p.on(path.concept()).isPresent() && !found.contains(path.concept())) {
                found.add(path.concept());
            }
        }
        return found.size() == 1 ? found.get(0) : null;
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
        if (chosen.size() > 1 && own.isEmpty()) {
            List<Candidate> direct = chosen.stream().filter(c -> c.ref().via() == null).toList();
            boolean sameColumn = direct.size() == 1 && chosen.stream().allMatch(c -> c.ref().concept()
                    .equals(direct.get(0).ref().concept()) && c.ref().role() == direct.get(0).ref().role());
            if (sameColumn) {
                chosen = direct; // "stays admitted to Surgical Ward 1": the stay's own ward, not its bed's ward
            }
        }
        if (chosen.size() > 1 && own.isEmpty() && preferredReach != null) {
            List<Candidate> preferred = chosen.stream().filter(c -> c.ref().concept().equals(preferredReach)
                    && c.ref().via() == null).toList();
            chosen = preferred.size() == 1 ? preferred : chosen; // "cardiology clinic": the clinic's name
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
            if (e.window() != null || e.link() != Condition.Link.REFERENCES
                    || !vocab.concepts().contains(e.concept()) || e.concept().equals(concept)
                    || !vocab.linked(concept, e.concept())) {
                return false;
            }
            List<Filter> where = new ArrayList<>();
            if (e.where() != null) {
                // "occupied": an admission of the bed that has not ended; the condition is on the related rows
                QuestionParser inner = new QuestionParser(pack, vocab, lexicon, t, today, now, choices);
                if (!inner.bindCondition(e.where(), e.concept(), where) || !inner.related.isEmpty()) {
                    return false;
                }
            }
            addRelated(new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, e.concept(), where));
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

    /**
     * "the average value" over lab results of every test adds up different units: where the pack says a concept's rows
     * measure different things and its one value column holds them all, an aggregate of it needs one kind named (an
     * equality on its own name, type, code or category, or on a catalogue it refers to) or a grouping by kind.
     */
    private void kindOfMeasureFixed() {
        if (!(measureOf instanceof ColumnRef) || ((ColumnRef) measureOf).role() != ColumnRole.MEASURE) {
            return;
        }
        String owner = ((ColumnRef) measureOf).concept();
        if (!pack.concept(owner).map(org.tally.core.pack.Concept::measuresKinds).orElse(false)
                || vocab.columns(owner).stream().filter(c -> c.role() == ColumnRole.MEASURE).count() > 1) {
            return; // one value column per kind (pulse, systolic …): the column is the kind
        }
        for (Filter f : filters) {
            if (f instanceof Filter.Compare && ((Filter.Compare) f).op() == org.tally.core.spec.CompareOp.EQ
                    && ((Filter.Compare) f).target() instanceof ColumnRef
                    && namesKind((ColumnRef) ((Filter.Compare) f).target(), owner)) {
                return;
            }
        }
        for (Dimension d : dimensions) {
            if (d instanceof Dimension.Column && namesKind(((Dimension.Column) d).column(), owner)) {
                return;
            }
        }
        throw new GrammarMiss("the " + (measurePhrase == null ? "aggregate" : measurePhrase) + " of "
                + singularWord(owner) + " values mixes different kinds of measurement (and their units); name the"
                + " one meant, or group by it");
    }

    /** Whether a column tells apart the kinds of {@code owner}'s measurements: its own label, or a catalogue's. */
    private boolean namesKind(ColumnRef c, String owner) {
        if (c.concept().equals(owner)) {
            return c.role() == ColumnRole.NAME || c.role() == ColumnRole.TYPE || c.role() == ColumnRole.CODE
                    || c.role() == ColumnRole.CATEGORY;
        }
        return c.via() == null && refersTo(owner, c.concept())
                && vocab.columns(c.concept()).stream().noneMatch(col -> col.role().isTemporal()
                        || col.role() == ColumnRole.PATIENT_REF);
    }

    private QuerySpec build() {
        if (subject == null) {
            throw new GrammarMiss("the question names nothing to count or list");
        }
        settleTimes();
        if (newAt >= 0 && verbTimes.stream().noneMatch(c -> c.concept().equals(subject)
                && (c.role() == ColumnRole.START_TIME || c.role() == ColumnRole.EVENT_TIME))) {
            throw new GrammarMiss("'new' is not understood here (asking about " + subject + ")");
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
                if (lead == Lead.AGGREGATE) {
                    kindOfMeasureFixed();
                }
                b = QuerySpec.builder(subject, shape).measure(lead == Lead.AGGREGATE
                        ? Measure.of(aggregation, measureOf)
                        : distinctPeople != null ? Measure.of(Aggregation.COUNT_DISTINCT, distinctPeople)
                        : Measure.count());
                break;
            case TOP:
            case WHICH_MOST:
                shape = Shape.TOP_N;
                b = QuerySpec.builder(subject, shape).measure(rankedSum ? Measure.of(Aggregation.SUM, measureOf)
                        : Measure.count());
                Dimension d;
                if (lead == Lead.WHICH_MOST) {
                    d = dimension(groupConcept);
                    if (d == null) {
                        throw new GrammarMiss("cannot rank " + subject + " by '" + groupConcept + "'");
                    }
                    if (referenceNamer != null) {
                        checkReferenceNamer(d.column());
                    }
                } else if (!dimensions.isEmpty()) {
                    throw new GrammarMiss("a ranking groups by what it ranks");
                } else if (rankedBy != null) {
                    d = Dimension.of(rankedBy);
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
                if (numerator.isEmpty() && numeratorRelated.isEmpty()) {
                    throw new GrammarMiss("a percentage needs the condition that is counted, e.g. 'were no-shows'");
                }
                shape = Shape.RATE;
                b = QuerySpec.builder(subject, shape).measure(new Measure.Rate(numerator, numeratorRelated));
                if (bucket != null) {
                    throw new GrammarMiss("a rate per time bucket is not supported yet");
                }
                break;
            case LIST:
                if (rule.equals("list.show") && (bucket != null || !dimensions.isEmpty())) {
                    // "show emergency visits per month", "show admissions by ward": a count per group; "list
                    // admissions by ward" stays a miss (rows sorted by ward, or counts?)
                    lead = Lead.COUNT;
                    rule = "count.show-per";
                    return build();
                }
                // fall through
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
                projection.forEach(b::project);
                break;
            default:
                throw new AssertionError(lead);
        }
        if (lead != Lead.RATE && (!numerator.isEmpty() || !numeratorRelated.isEmpty())) {
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

    /** Concepts a reference role points at, by the role's meaning. */
    private static final Map<ColumnRole, String> REFERENCED = Map.of(ColumnRole.PROVIDER_REF, "Provider",
            ColumnRole.WARD_REF, "Ward", ColumnRole.DEPARTMENT_REF, "Department", ColumnRole.PATIENT_REF, PATIENT);

    /**
     * "which doctors were the attending doctor for …": the words before "were" must name the rows the ranked
     * reference points to (a term of that concept, or a recorded kind of it, such as doctors of staff).
     */
    private void checkReferenceNamer(ColumnRef ranked) {
        String target = ranked.via() == null && ranked.role().isReference() ? REFERENCED.get(ranked.role())
                : ranked.concept();
        if (target == null) {
            throw new GrammarMiss("'" + groupConcept + "' does not name a reference to rank by");
        }
        if (lexicon.conceptsNamedBy(referenceNamer).contains(target)) {
            return; // "which staff were …": the concept itself
        }
        for (String form : List.of(referenceNamer, singularPhrase(referenceNamer))) {
            List<Candidate> kinds = valueOwners(form).get(target);
            if (kinds != null && kinds.size() == 1) {
                filters.add(kinds.get(0).filter()); // "which nurses were the attending doctor": only nurses count
                return;
            }
        }
        throw new GrammarMiss("'" + referenceNamer + "' does not name what '" + groupConcept + "' refers to");
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

    /** The one owner of a phrase, or the user's earlier choice among several, or a clarification. */
    private String one(String slot, String key, String question, java.util.Collection<String> owners) {
        return owners.size() == 1 ? owners.iterator().next() : choose(slot, key, question, new ArrayList<>(owners));
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

    /** The words as typed where an ordinal word was read as a number ("first" rather than "1"). */
    private String wordsAsWritten(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int k = from; k < to && k < t.size(); k++) {
            Token w = t.get(k);
            s.append(k == from ? "" : " ").append(w.ordinal() && w.raw().chars().allMatch(Character::isLetter)
                    ? w.raw() : w.text());
        }
        return s.toString();
    }

    private String words(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int k = from; k < to && k < t.size(); k++) {
            s.append(k == from ? "" : " ").append(t.get(k).text());
        }
        return s.toString();
    }
}
