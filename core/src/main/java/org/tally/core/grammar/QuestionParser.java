package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.Predicate;
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

    final ParseContext context;
    final ParseState state = new ParseState();
    final ValueRules valueRules;
    final PredicateBinding predicateBinding;
    final TimeRules timeRules;
    final RelatedScopeRules relatedScopeRules;
    final VerbScopeRules verbScopeRules;
    final CountedScopeRules countedScopeRules;

    private final DomainPack pack;
    private final GrammarVocabulary vocab;
    private final Lexicon lexicon;
    private final TokenCursor tokens;
    private final TimePhrases time;
    private final LocalDate today;
    private final Clarifications clarify;

    QuestionParser(DomainPack pack, GrammarVocabulary vocab, Lexicon lexicon, List<Token> tokens, LocalDate today,
                   LocalDateTime now, Map<String, String> choices) {
        this(new ParseContext(pack, vocab, lexicon, new TokenCursor(tokens), new TimePhrases(tokens, today), today, now,
                new Clarifications(choices)));
    }

    /** A parse of the same question with a state of its own (an inner parse reads a related record's conditions). */
    QuestionParser(ParseContext context) {
        this.context = context;
        this.pack = context.pack();
        this.vocab = context.vocab();
        this.lexicon = context.lexicon();
        this.tokens = context.tokens();
        this.time = context.time();
        this.today = context.today();
        this.clarify = context.clarify();
        this.valueRules = new ValueRules(this);
        this.predicateBinding = new PredicateBinding(this);
        this.timeRules = new TimeRules(this);
        this.relatedScopeRules = new RelatedScopeRules(this);
        this.verbScopeRules = new VerbScopeRules(this);
        this.countedScopeRules = new CountedScopeRules(this);
    }


    // ---------------------------------------------------------------- rules

    QuerySpec parse() {
        int i = tokens.skipFillers(0, "please", "can", "you", "tell", "me");
        i = lead(i);
        i = projectionBeforeSubject(i);
        i = subjectPhrase(i);
        if (state.pendingFrom >= 0) {
            List<ColumnRef> items = new ArrayList<>();
            if (projectionItems(state.pendingFrom, state.pendingTo, items) != state.pendingTo) {
                throw new GrammarMiss("'" + tokens.words(state.pendingFrom, state.pendingTo) + "' names no column of " + state.subject
                        + " to show");
            }
            addProjection(items);
        }
        modifiers(i, tokens.size());
        return build();
    }

    /** Ordered lead rules; the first that matches fixes the shape family and rule id. */
    private int lead(int i) {
        int n;
        if ((n = tokens.match(i, "is", "there", "any")) > 0 || (n = tokens.match(i, "are", "there", "any")) > 0
                || (n = tokens.match(i, "do", "we", "have", "any")) > 0 || (n = tokens.match(i, "is", "there", "a")) > 0
                || (n = tokens.match(i, "is", "there", "an")) > 0 || (n = tokens.match(i, "are", "there")) > 0
                || (n = tokens.match(i, "do", "we", "have")) > 0 || (n = tokens.match(i, "have", "we", "had", "any")) > 0
                || (n = tokens.match(i, "were", "there", "any")) > 0 || (n = tokens.match(i, "was", "there", "any")) > 0
                || (n = tokens.match(i, "was", "there", "a")) > 0 || (n = tokens.match(i, "was", "there", "an")) > 0) {
            return set(Lead.EXISTS, "exists.is-there-any", i + n);
        }
        if ((n = tokens.match(i, "have", "we", "ever")) > 0 || (n = tokens.match(i, "did", "we", "ever")) > 0
                || (n = tokens.match(i, "has", "there", "ever", "been")) > 0
                || (n = tokens.match(i, "have", "there", "ever", "been")) > 0) {
            // "have we ever recorded a stillbirth": any row at all, over all time
            int k = i + n;
            for (String verb : new String[] {"recorded", "record", "had", "have", "seen", "see"}) {
                k += tokens.match(k, verb);
            }
            k += Math.max(tokens.match(k, "a"), Math.max(tokens.match(k, "an"), tokens.match(k, "any")));
            return set(Lead.EXISTS, "exists.ever", k);
        }
        if ((n = tokens.match(i, "has", "any")) > 0 || (n = tokens.match(i, "have", "any")) > 0 || (n = tokens.match(i, "did", "any")) > 0) {
            return set(Lead.EXISTS, "exists.has-any", i + n); // "has any safety incident ever caused a death"
        }
        for (String w : new String[] {"percentage", "percent", "proportion", "share", "fraction"}) {
            if ((n = tokens.match(i, "what", w, "of")) > 0 || (n = tokens.match(i, w, "of")) > 0
                    || (n = tokens.match(i, "what", "is", "the", w, "of")) > 0) {
                return set(Lead.RATE, "rate.percentage-of", i + n);
            }
        }
        int rateAt = tokens.indexOf("rate", i);
        if (rateAt > 0 && ((n = tokens.match(i, "what", "is", "the")) > 0 || (n = tokens.match(i, "what", "was", "the")) > 0
                || (n = tokens.match(i, "the")) > 0 || true)) {
            int start = i + n;
            String named = rateAt > start ? tokens.words(start, rateAt) : "";
            if (rateAt > start && (pack.predicateForPhrase(named).isPresent() || valueRules.isValueClassPhrase(named))) {
                state.rateWords = tokens.words(start, rateAt);
                set(Lead.RATE, "rate.named-rate", rateAt + 1);
                int k = rateAt + 1;
                if (tokens.word(k, "of") || tokens.word(k, "for") || tokens.word(k, "among")) {
                    k++;
                } else {
                    state.subject = rateSubject(state.rateWords, null);
                    return k;
                }
                return k;
            }
        }
        if ((tokens.word(i, "which") || tokens.word(i, "what")) && whichMost(i)) {
            return i;
        }
        if ((n = tokens.match(i, "top")) > 0) {
            int k = i + 1;
            if (k < tokens.size() && tokens.get(k).isNumber()) {
                state.limit = tokens.get(k).number();
                k++;
            } else {
                state.limit = 10;
            }
            return set(Lead.TOP, "top.top-n", k);
        }
        int top = i + Math.max(Math.max(tokens.match(i, "what", "are", "the"), tokens.match(i, "what", "were", "the")),
                tokens.match(i, "the"));
        if (top > i && top + 1 < tokens.size() && tokens.get(top).isNumber() && tokens.word(top + 1, "most")) {
            state.limit = tokens.get(top).number(); // "what are the 5 most common diagnoses"
            int k = top + 2;
            if (tokens.word(k, "common") || tokens.word(k, "frequent")) {
                return set(Lead.TOP, "top.most-common", k + 1);
            }
            if (mostVerbed(k)) {
                return state.whichNext;
            }
            state.limit = null;
        }
        if ((n = tokens.match(i, "what", "is", "the", "most")) > 0 || (n = tokens.match(i, "what", "are", "the", "most")) > 0
                || (n = tokens.match(i, "the", "most")) > 0 || (n = tokens.match(i, "most")) > 0) {
            int k = i + n;
            if (tokens.word(k, "common") || tokens.word(k, "frequent")) {
                k++;
                if (k < tokens.size() && tokens.get(k).isNumber()) {
                    state.limit = tokens.get(k).number();
                    k++;
                }
                return set(Lead.TOP, "top.most-common", k);
            }
        }
        if ((n = tokens.match(i, "how", "much")) > 0) {
            int k = i + n;
            k += tokens.match(k, "money");
            int m = Math.max(Math.max(tokens.match(k, "was"), tokens.match(k, "were")),
                    Math.max(tokens.match(k, "has", "been"), tokens.match(k, "have", "been")));
            if (m > 0 && k + m < tokens.size() && lexicon.namesSomeTime(tokens.get(k + m).text())) {
                state.aggregation = Aggregation.SUM;
                state.measurePhrase = "how much";
                state.amountVerbAt = k + m; // "how much was received in payments": the sum of what the verb's concept records
                return set(Lead.AGGREGATE, "aggregate.how-much", k + m);
            }
        }
        if ((n = tokens.match(i, "how", "many")) > 0 || (n = tokens.match(i, "what", "is", "the", "number", "of")) > 0
                || (n = tokens.match(i, "what", "was", "the", "number", "of")) > 0
                || (n = tokens.match(i, "the", "total", "number", "of")) > 0 || (n = tokens.match(i, "total", "number", "of")) > 0
                || (n = tokens.match(i, "number", "of")) > 0 || (n = tokens.match(i, "the", "number", "of")) > 0
                || (n = tokens.match(i, "count", "of")) > 0 || (n = tokens.match(i, "count", "the")) > 0
                || (n = tokens.match(i, "count")) > 0 || (n = tokens.match(i, "show", "the", "number", "of")) > 0
                || (n = tokens.match(i, "show", "me", "the", "number", "of")) > 0) {
            return set(Lead.COUNT, "count.how-many", i + n);
        }
        int k = i;
        if ((n = tokens.match(i, "what", "is", "the")) > 0 || (n = tokens.match(i, "what", "was", "the")) > 0
                || (n = tokens.match(i, "what", "is")) > 0 || (n = tokens.match(i, "the")) > 0) {
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
            int m = tokens.word(k, "sum") && tokens.word(k + 1, "of") ? 2 : 1;
            state.aggregation = agg;
            state.measurePhrase = tokens.get(k).text();
            return set(Lead.AGGREGATE, "aggregate." + tokens.get(k).text(), k + m);
        }
        if ((n = tokens.match(i, "list")) > 0) {
            return set(Lead.LIST, "list.list", i + n);
        }
        if ((n = tokens.match(i, "show", "me")) > 0 || (n = tokens.match(i, "show")) > 0
                || (n = tokens.match(i, "display")) > 0 || (n = tokens.match(i, "give", "me")) > 0) {
            return set(Lead.LIST, "list.show", i + n);
        }
        if ((n = tokens.match(i, "look", "up")) > 0 || (n = tokens.match(i, "lookup")) > 0 || (n = tokens.match(i, "find")) > 0) {
            return set(Lead.LOOKUP, "lookup.find", i + n);
        }
        if ((n = tokens.match(i, "which")) > 0 || (n = tokens.match(i, "what")) > 0) {
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
        if ((n = tokens.match(i, "what", "does")) > 0 || (n = tokens.match(i, "what", "do")) > 0) {
            int end = standsFor(i + n);
            if (end < 0) {
                return 0;
            }
            if (!entity(i + n, end)) {
                return 0;
            }
            ColumnRef meaning = meaningColumn(state.subject);
            state.projection.add(meaning);
            return end + (tokens.word(end, "stand") ? 2 : 1);
        }
        if (!(tokens.word(i, "what") || tokens.word(i, "which"))) {
            return 0;
        }
        int k = i + 1;
        boolean copulaFirst = isBe(k);
        if (copulaFirst) {
            // what is the ATTR of ENTITY
            k++;
            k += tokens.word(k, "the") ? 1 : 0;
            for (int of = k + 1; of < Math.min(tokens.size() - 1, k + 5); of++) {
                if (!(tokens.word(of, "of") || tokens.word(of, "for") || tokens.word(of, "on"))) {
                    continue;
                }
                int end = entityEnd(of + 1);
                if (end > 0 && entity(of + 1, end) && attributes(k, of)) {
                    return end;
                }
                state.reset();
            }
            return 0;
        }
        // which ATTR is ENTITY (on|in)
        for (int be = k + 1; be < Math.min(tokens.size() - 1, k + 4); be++) {
            if (!isBe(be)) {
                continue;
            }
            int end = entityEnd(be + 1);
            if (end > 0 && entity(be + 1, end) && attributes(k, be)) {
                return end + (tokens.word(end, "on") || tokens.word(end, "in") || tokens.word(end, "at") ? 1 : 0);
            }
            state.reset();
        }
        return 0;
    }

    private boolean isBe(int k) {
        return tokens.word(k, "is") || tokens.word(k, "was") || tokens.word(k, "are") || tokens.word(k, "were");
    }

    /** Where a "what does X stand for / mean" entity ends, or -1. */
    private int standsFor(int from) {
        for (int k = from + 1; k < tokens.size(); k++) {
            if (tokens.word(k, "mean") && k == tokens.size() - 1 || tokens.word(k, "stand") && tokens.word(k + 1, "for") && k + 2 == tokens.size()) {
                return k;
            }
        }
        return -1;
    }

    /** An entity runs to a trailing on/in/at or the end of the question. */
    private int entityEnd(int from) {
        int end = tokens.size();
        if (end - 1 > from && (tokens.word(end - 1, "on") || tokens.word(end - 1, "in") || tokens.word(end - 1, "at"))) {
            end--;
        }
        return end > from ? end : -1;
    }

    /**
     * One named row in [from, to): (the) VALUE (TERM) where VALUE is a recorded name, code or description of exactly
     * one bound concept, or (the) TERM VALUE|LITERAL. Sets the subject and its identifying filter.
     */
    private boolean entity(int from, int to) {
        int k = tokens.word(from, "the") ? from + 1 : from;
        if (k >= to) {
            return false;
        }
        ConceptTerm term = term(k);
        if (term != null && k + term.length() < to) {
            String concept = boundOrNull(term);
            if (concept != null) {
                state.subject = concept;
                int v = ownValue(k + term.length(), to);
                if (v == to) {
                    return true;
                }
                if (k + term.length() + 1 == to && identifying(tokens.get(k + term.length()), concept)) {
                    return true;
                }
                state.reset();
            }
        }
        for (int end = to; end > k; end--) {
            ConceptTerm restated = end < to ? term(end) : null;
            if (end < to && (restated == null || end + restated.length() != to)) {
                continue;
            }
            String phrase = tokens.words(k, end);
            Map<String, List<ValueCandidate>> owners = new java.util.LinkedHashMap<>();
            for (String concept : vocab.concepts()) {
                if (restated != null && !restated.concepts().contains(concept)) {
                    continue;
                }
                List<ValueCandidate> found = new ArrayList<>();
                valueRules.candidates(concept, null, phrase, found);
                found.removeIf(c -> !NAMING_ROLES.contains(c.ref().role()));
                if (!found.isEmpty()) {
                    owners.put(concept, found);
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            state.subject = clarify.one("subject", phrase, "Which '" + phrase + "' do you mean?", owners.keySet());
            List<ValueCandidate> cols = owners.get(state.subject);
            if (cols.size() != 1) {
                state.reset();
                return false;
            }
            state.filters.add(cols.get(0).filter());
            return true;
        }
        return false;
    }

    /** Roles whose recorded values name one row: what an entity in a look-up is called by. */
    private static final java.util.Set<ColumnRole> NAMING_ROLES = java.util.EnumSet.of(ColumnRole.NAME,
            ColumnRole.CODE, ColumnRole.DESCRIPTION, ColumnRole.BUSINESS_ID);

    private String boundOrNull(ConceptTerm term) {
        List<String> bound = term.concepts().stream().filter(vocab.concepts()::contains).toList();
        return bound.size() == 1 ? bound.get(0) : null;
    }

    /** A recorded value of the subject's own naming columns over exactly [k, to); returns to, or -1. */
    private int ownValue(int k, int to) {
        String phrase = tokens.words(k, to);
        List<ValueCandidate> found = new ArrayList<>();
        valueRules.candidates(state.subject, null, phrase, found);
        found.removeIf(c -> !NAMING_ROLES.contains(c.ref().role()));
        if (found.size() != 1) {
            return -1;
        }
        state.filters.add(found.get(0).filter());
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
        state.filters.add(f);
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
        ConceptTerm term = term(i);
        if (term == null || i + term.length() >= to) {
            return 0;
        }
        Token literal = tokens.get(i + term.length());
        List<GrammarVocabulary.Path> paths = new ArrayList<>();
        String concept = null;
        for (String id : term.concepts()) {
            if (id.equals(state.subject)) {
                concept = id;
            }
            for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
                if (p.concept().equals(id)) {
                    paths.add(p);
                    concept = id;
                }
            }
        }
        if (paths.stream().anyMatch(p -> p.via() == null)) {
            paths.removeIf(p -> p.via() != null); // the subject's own reference, not one through another record
        }
        if (concept == null || !concept.equals(state.subject) && paths.size() != 1) {
            return 0;
        }
        Filter f = identifyingFilter(literal, concept);
        if (f == null) {
            return 0;
        }
        ColumnRef target = (ColumnRef) f.target();
        if (!concept.equals(state.subject) && paths.get(0).via() != null) {
            f = f.withTarget(target.via(paths.get(0).via()));
        }
        state.addFilters(List.of(f));
        return term.length() + 1;
    }

    /** An identifier is matched exactly as typed (case kept): Tally cannot know how an unprofiled column spells it. */
    private static String literalSpelling(Token literal) {
        return literal.raw();
    }

    /** The attribute words in [from, to) name columns of the subject ("bed capacity", "normal range", "ward"). */
    private boolean attributes(int from, int to) {
        if (state.subject == null) {
            return false;
        }
        int k = from;
        ConceptTerm own = term(k);
        if (own != null && own.concepts().contains(state.subject) && k + own.length() < to) {
            k += own.length(); // "the department code of …": the concept restated
        }
        String phrase = tokens.words(k, to);
        List<ColumnRef> range = rangeColumns(phrase);
        if (!range.isEmpty()) {
            state.projection.addAll(range);
            return true;
        }
        List<ColumnRef> items = new ArrayList<>();
        if (projectionItems(k, to, items) != to || items.isEmpty()) {
            return false;
        }
        state.projection.addAll(items);
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
        for (RoleHint h : lexicon.roleHints(state.subject, phrase)) {
            for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
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
        return low == null || high == null ? List.of() : List.of(ref(state.subject, low), ref(state.subject, high));
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
        state.lead = value;
        state.rule = ruleId;
        return next;
    }

    private Aggregation aggregationWord(int k) {
        if (k >= tokens.size()) {
            return null;
        }
        switch (tokens.get(k).text()) {
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
        if (at < tokens.size() && tokens.get(at).isNumber()) {
            n0 = tokens.get(at).number(); // "which 3 wards had the most …"
            at++;
        }
        ConceptTerm x = term(at);
        String groupPhrase = null;
        int k = x == null ? -1 : at + x.length();
        // "which 3 surgeons …", "which payment method …": a role phrase of some concept (longer than any concept
        // term there), resolved once the counted subject is known
        for (int j = Math.min(tokens.size() - 1, at + 3); j > (x == null ? at : at + x.length()); j--) {
            String phrase = singularPhrase(tokens.words(at, j));
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
                state.limit = n0 == null ? 1 : n0;
                state.whichNext = k + passive;
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
            state.subject = clarify.one("subject", groupPhrase, "The " + groupPhrase + " of what?", owners);
            state.measureOf = uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
            state.rankedSum = true;
            state.groupConcept = groupPhrase;
            state.limit = n0 == null ? 1 : n0;
            state.lead = Lead.WHICH_MOST;
            state.rule = "top.which-x-earned-most";
            state.whichNext = k + earned;
            return true;
        }
        int n = 0;
        if (tokens.word(k, "had") || tokens.word(k, "has") || tokens.word(k, "have") || tokens.word(k, "saw") || tokens.word(k, "with")
                || recordingVerb(k)) {
            k++;
        }
        int verbAt = -1;
        if (k < tokens.size() && !tokens.word(k, "the") && !tokens.word(k, "most") && lexicon.namesSomeTime(tokens.get(k).text())) {
            verbAt = k; // "which surgeons have performed the most operations": checked once the subject is known
            k++;
        }
        if ((n = tokens.match(k, "the", "most")) > 0 || (n = tokens.match(k, "the", "highest", "number", "of")) > 0
                || (n = tokens.match(k, "the", "largest", "number", "of")) > 0 || (n = tokens.match(k, "most")) > 0) {
            state.groupConcept = x != null ? boundOne(x, "which") : groupPhrase;
            state.limit = n0 == null ? 1 : n0;
            state.whichVerbAt = verbAt;
            state.lead = Lead.WHICH_MOST;
            state.rule = "top.which-x-most-y";
            state.whichNext = k + n;
            return true;
        }
        return false;
    }

    /**
     * "which clinic recorded the most diagnoses": a verb that only says the rows were written down reads as "had",
     * unless this source dates something by it (then it is checked as a time verb).
     */
    private boolean recordingVerb(int k) {
        return k < tokens.size() && (tokens.word(k, "recorded") || tokens.word(k, "logged") || tokens.word(k, "documented"))
                && !lexicon.namesSomeTime(tokens.get(k).text());
    }

    /** "brought in the most money", "took in the most revenue": the tokens read, 0 when it is not that. */
    private int earnedTheMost(int k) {
        int n;
        if ((n = tokens.match(k, "brought", "in")) > 0 || (n = tokens.match(k, "took", "in")) > 0 || (n = tokens.match(k, "received")) > 0
                || (n = tokens.match(k, "generated")) > 0 || (n = tokens.match(k, "earned")) > 0 || (n = tokens.match(k, "made")) > 0
                || (n = tokens.match(k, "collected")) > 0 || (n = tokens.match(k, "raised")) > 0) {
            int m = k + n;
            m += tokens.word(m, "the") ? 1 : 0;
            if (tokens.word(m, "most") && (tokens.word(m + 1, "money") || tokens.word(m + 1, "revenue") || tokens.word(m + 1, "income")
                    || tokens.word(m + 1, "cash"))) {
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
    private boolean whichWasTheRoleFor(int i, int be, ConceptTerm x, String xPhrase, Integer n0) {
        int k = be + 1 + (tokens.word(be + 1, "the") ? 1 : 0);
        for (int forAt = k + 1; forAt < Math.min(tokens.size() - 1, k + 4); forAt++) {
            if (!tokens.word(forAt, "for")) {
                continue;
            }
            int m = forAt + 1 + (tokens.word(forAt + 1, "the") ? 1 : 0);
            if (!tokens.word(m, "most")) {
                continue;
            }
            String role = tokens.words(k, forAt);
            String named = x != null ? x.phrase() : xPhrase;
            state.referenceNamer = named;
            state.groupConcept = role;
            state.limit = n0 == null ? 1 : n0;
            state.lead = Lead.WHICH_MOST;
            state.rule = "top.which-x-was-r-for-most-y";
            state.whichNext = m + 1;
            return true;
        }
        return false;
    }

    /** A plural phrase in its singular form ("presenting complaints" → "presenting complaint"). */
    private static String singularPhrase(String phrase) {
        return phrase.endsWith("s") && !phrase.endsWith("ss") ? phrase.substring(0, phrase.length() - 1) : phrase;
    }

    /**
     * "the 5 most prescribed medications": VERB is a time verb of a concept that references the named concept; the
     * ranking counts the verb's concept grouped by the named one, over the verb's time.
     */
    private boolean mostVerbed(int k) {
        if (tokens.word(k, "commonly") || tokens.word(k, "frequently") || tokens.word(k, "often")) {
            k++; // "the 5 most commonly prescribed drugs": how often is what is counted anyway
        }
        if (k >= tokens.size() || !lexicon.namesSomeTime(tokens.get(k).text())) {
            return false;
        }
        ConceptTerm y = term(k + 1);
        if (y == null) {
            return false;
        }
        rankByVerb(tokens.get(k).text(), y);
        state.whichNext = k + 1 + y.length();
        return true;
    }

    /**
     * "which 3 drugs were prescribed most often last year": the passive form of "the 3 most prescribed drugs". The
     * tokens read from {@code be} (the "were"), or 0 when the words are not that.
     */
    private int passiveMostVerbed(int be, ConceptTerm y) {
        int k = be + 1;
        if (y == null || k >= tokens.size() || !lexicon.namesSomeTime(tokens.get(k).text())) {
            return 0;
        }
        int m = k + 1 + (tokens.word(k + 1, "the") ? 1 : 0);
        if (!tokens.word(m, "most")) {
            return 0;
        }
        m++;
        m += tokens.word(m, "often") || tokens.word(m, "frequently") || tokens.word(m, "commonly") ? 1 : 0;
        rankByVerb(tokens.get(k).text(), y);
        return m - be;
    }

    /** Counts the records {@code verb} dates, grouped by the rows (or the column) {@code y} names. */
    private void rankByVerb(String verb, ConceptTerm y) {
        if (y.concepts().stream().noneMatch(vocab.concepts()::contains) && mostVerbedColumn(verb, y)) {
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
        state.subject = counted.size() == 1 ? counted.get(0)
                : clarify.choose("subject", verb + " " + y.phrase(), "Count which records?", counted);
        state.namedTime = timeRules.verbTimeColumn(state.subject, verb);
        state.groupConcept = y.phrase();
        state.lead = Lead.WHICH_MOST;
        state.rule = "top.most-verbed";
    }

    /**
     * "the 5 most prescribed drugs" where no table holds drugs but the prescriptions name theirs: the one concept the
     * verb dates that has a column for the named thing is counted, grouped by that column. False when none or several.
     */
    private boolean mostVerbedColumn(String verb, ConceptTerm y) {
        List<String> owners = new ArrayList<>();
        String before = state.subject;
        for (String c : vocab.concepts()) {
            if (lexicon.timeHints(c, verb).isEmpty()) {
                continue;
            }
            state.subject = c;
            try {
                Dimension d = dimension(y.phrase());
                if (d instanceof Dimension.Column && ((Dimension.Column) d).column().concept().equals(c)) {
                    owners.add(c);
                }
            } catch (GrammarMiss | GrammarAsk notOne) {
                // not a single column of this concept: not a reading to offer
            } finally {
                state.subject = before;
            }
        }
        if (owners.size() != 1) {
            return false;
        }
        state.subject = owners.get(0);
        state.namedTime = timeRules.verbTimeColumn(state.subject, verb);
        state.groupConcept = y.phrase();
        state.lead = Lead.WHICH_MOST;
        state.rule = "top.most-verbed-column";
        return true;
    }

    /** The longest concept term starting at {@code i} (up to four words), or null. */
    ConceptTerm term(int i) {
        for (int n = Math.min(4, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            if (tokens.get(i).number() != null) {
                return null;
            }
            List<String> ids = lexicon.conceptsNamedBy(phrase);
            if (!ids.isEmpty()) {
                return new ConceptTerm(n, ids, phrase);
            }
        }
        return null;
    }

    String boundOne(ConceptTerm term, String slot) {
        List<String> bound = new ArrayList<>();
        for (String id : term.concepts()) {
            if (vocab.concepts().contains(id)) {
                bound.add(id);
            }
        }
        if (bound.isEmpty()) {
            throw new GrammarMiss("'" + term.phrase() + "' names " + String.join(" or ", term.concepts())
                    + ", which this source does not hold");
        }
        if (bound.size() > 1) {
            return clarify.choose(slot, term.phrase(), "Which do you mean by '" + term.phrase() + "'?", bound);
        }
        return bound.get(0);
    }

    private int subjectPhrase(int i) {
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
            ConceptTerm term = term(k);
            if (term == null) {
                throw new GrammarMiss("'how much was " + tokens.get(i).text() + "' needs what was "
                        + tokens.get(i).text() + ", e.g. 'in payments'");
            }
            state.subject = boundOne(term, "subject");
            if (timeRules.timeVerb(i, i + 1) == 0) {
                throw new GrammarMiss("'" + tokens.get(i).text() + "' is not understood here (asking about " + state.subject + ")");
            }
            state.measureOf = uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
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
            if (timeRules.timeVerb(i + 1, i + 2) == 0) {
                throw new AssertionError("a time verb of " + state.subject + " did not read");
            }
            state.measureOf = uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
            return i + 2;
        }
        if (state.lead == Lead.AGGREGATE) {
            int next = measure(i);
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
            ConceptTerm term = term(k);
            if (term != null && valueOfNextTerm(k, term)) {
                continue; // "ICU beds": "icu" is a recorded bed type here, the beds are the subject
            }
            if (term != null) {
                String concept = boundOne(term, "subject");
                ConceptTerm head = compoundHead(k + term.length(), concept);
                if (head != null) {
                    // "cardiology clinic appointments": the last term is the subject, the first a concept it refers to
                    state.preferredReach = concept;
                    concept = boundOne(head, "subject");
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
                    rankReferrers(term.phrase());
                }
                modifiers(i, k);
                if ((state.lead == Lead.COUNT || state.lead == Lead.EXISTS) && k == from && state.dimensions.isEmpty()
                        && state.filters.isEmpty()) {
                    String counted = personEvent(k + term.length());
                    if (counted != null) {
                        state.subject = counted;
                        return k + term.length();
                    }
                }
                if (state.whichVerbAt >= 0 && timeRules.timeVerb(state.whichVerbAt, state.whichVerbAt + 1) == 0) {
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
            int ranked = rankedColumn(i);
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

    /**
     * "the 5 most common diagnosis codes", "top 3 lab tests": ranking rows that other records point at (a catalogue,
     * a ward) by their own count would give every row 1, so the records that refer to them are counted, grouped by
     * the named rows; several such records ask which. Only rows without a time of their own (a catalogue, a place).
     */
    private void rankReferrers(String phrase) {
        if (vocab.columns(state.subject).stream().anyMatch(c -> c.role().isTemporal())) {
            return; // records with a time of their own are events, each counted as itself ("top 5 admissions")
        }
        List<String> referrers = new ArrayList<>();
        for (String c : vocab.concepts()) {
            if (!c.equals(state.subject) && relatedScopeRules.refersTo(c, state.subject)) {
                referrers.add(c);
            }
        }
        if (referrers.isEmpty()) {
            return;
        }
        String named = state.subject;
        state.subject = referrers.size() == 1 ? referrers.get(0)
                : clarify.choose("subject", phrase, "Rank " + phrase + " by how many of which records?", referrers);
        state.groupConcept = named;
        if (state.limit == null) {
            state.limit = state.rule.equals("top.most-common") && state.topSingular ? 1 : 10;
        }
        state.lead = Lead.WHICH_MOST;
        state.rule = state.rule + "-referrers";
    }

    /** Whether the words of {@code term} at {@code k} are a recorded value of the concept named right after it. */
    private boolean valueOfNextTerm(int k, ConceptTerm term) {
        ConceptTerm next = term(k + term.length());
        if (next == null) {
            return false;
        }
        for (String id : next.concepts()) {
            if (vocab.concepts().contains(id) && !term.concepts().contains(id)) {
                List<ValueCandidate> values = new ArrayList<>();
                valueRules.candidates(id, null, term.phrase(), values);
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
        ConceptTerm next = term(at);
        if (next == null) {
            return null;
        }
        for (int n = Math.min(4, tokens.size() - at); n >= 1; n--) {
            List<ValueCandidate> values = new ArrayList<>();
            valueRules.candidates(first, null, tokens.words(at, at + n), values);
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
     * "the 3 most common presenting complaints": a role phrase (or its plural) naming a grouping column of exactly one
     * bound concept makes that concept the subject and the column what is ranked. Returns the index after the phrase,
     * or -1 when no role phrase starts at {@code i}.
     */
    private int rankedColumn(int i) {
        for (int n = Math.min(4, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
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
            state.subject = clarify.one("subject", phrase, "The " + phrase + " of what?", owners.keySet());
            List<ColumnRef> cols = owners.get(state.subject);
            state.rankedBy = cols.size() == 1 ? cols.get(0) : clarify.pickRef("column", phrase, cols);
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

    static final java.util.Set<String> COPULAS = java.util.Set.of("are", "were", "is", "was", "have", "has",
            "had", "been");

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
            if (countedScopeRules.frequency(k) != null) {
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

    /** The pack concept whose rows are the people a PatientRef column points to. */
    static final String PATIENT = "Patient";

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
        modifiers(i, k);
        if (state.whichVerbAt >= 0 && timeRules.timeVerb(state.whichVerbAt, state.whichVerbAt + 1) == 0) {
            throw new GrammarMiss("'" + tokens.get(state.whichVerbAt).text() + "' is not understood here (asking about "
                    + state.subject + ")");
        }
        state.addFilters(List.of(filter));
        return k + n;
    }


    /** The bound concepts with kind columns holding a value {@code phrase} names, with those columns' filters. */
    private Map<String, List<ValueCandidate>> valueOwners(String phrase) {
        Map<String, List<ValueCandidate>> owners = new java.util.LinkedHashMap<>();
        for (String concept : vocab.concepts()) {
            List<ValueCandidate> found = new ArrayList<>();
            valueRules.candidates(concept, null, phrase, found);
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
                : clarify.choose("subject", phrase, "A " + phrase + " rate of which?", candidates);
    }

    // ---------------------------------------------------------------- measures

    /** "length of stay", "birth weight", "duration of surgeries": sets subject and measured value. */
    private int measure(int i) {
        for (int n = Math.min(4, tokens.size() - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
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
            if (tokens.word(k, "of") || tokens.word(k, "for") || tokens.word(k, "per")) {
                ConceptTerm after = term(k + 1);
                if (after != null) {
                    concept = boundOne(after, "subject");
                    if (!numericOwners.contains(concept)) {
                        throw new GrammarMiss("'" + phrase + "' is not recorded for " + after.phrase());
                    }
                    k = k + 1 + after.length();
                }
            }
            if (concept == null) {
                concept = numericOwners.size() == 1 ? numericOwners.get(0)
                        : clarify.choose("subject", phrase, "The " + phrase + " of what?", numericOwners);
            }
            state.subject = concept;
            state.measureOf = numericColumn(concept, phrase);
            return k;
        }
        if (tokens.word(i, "duration") || tokens.word(i, "length")) {
            int k = i + 1;
            if (tokens.word(k, "of")) {
                k++;
            }
            int named = durationOfValue(k);
            if (named > 0) {
                return named;
            }
            k += Math.max(tokens.match(k, "a"), tokens.match(k, "an")); // "the length of an emergency visit"
            ConceptTerm term = term(k);
            if (term != null) {
                state.subject = boundOne(term, "subject");
                state.measureOf = derivedDuration(state.subject);
                return k + term.length();
            }
        }
        return -1;
    }

    /**
     * "the average duration of a laparoscopic cholecystectomy": a recorded value names the rows (as a value-named
     * subject does), and the duration is end − start of that concept. Returns the index after the value, or 0.
     */
    private int durationOfValue(int k) {
        int at = k + (tokens.word(k, "a") || tokens.word(k, "an") || tokens.word(k, "the") ? 1 : 0);
        if (at >= tokens.size() || term(at) != null) {
            return 0;
        }
        for (int n = Math.min(5, tokens.size() - at); n >= 1; n--) {
            String phrase = tokens.words(at, at + n);
            Map<String, List<ValueCandidate>> owners = valueOwners(phrase);
            if (owners.isEmpty()) {
                continue;
            }
            String concept = clarify.one("subject", phrase, "Which do you mean by '" + phrase + "'?", owners.keySet());
            List<ValueCandidate> cols = owners.get(concept);
            if (cols.size() != 1) {
                return 0;
            }
            state.subject = concept;
            state.measureOf = derivedDuration(concept);
            state.filters.add(cols.get(0).filter());
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
            return clarify.pickRef("column", phrase, found);
        }
        if (durationHint) {
            return derivedDuration(concept);
        }
        throw new GrammarMiss("'" + phrase + "' is not recorded on this source's " + concept);
    }

    private DurationRef derivedDuration(String concept) {
        ColumnRef start = uniqueRole(concept, ColumnRole.START_TIME, "a start time");
        ColumnRef end = uniqueRole(concept, ColumnRole.END_TIME, "an end time");
        return DurationRef.of(start, end, state.unit, DurationMode.COMPLETED_ONLY);
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
        return refs.size() == 1 ? refs.get(0) : clarify.pickRef("column", concept + " " + role.jsonName(), refs);
    }

    // ---------------------------------------------------------------- modifiers

    /** Consumes tokens [from, to): every one must belong to a modifier or be a filler. */
    void modifiers(int from, int to) {
        int i = from;
        while (i < to) {
            int joined = valueUnion(i, to);
            if (joined > 0) {
                i += joined;
                continue;
            }
            List<Filter> target = state.numeratorMode ? state.numerator : state.filters;
            int before = target.size();
            int n = modifier(i, to);
            noteValueRun(target, before, n);
            if (n <= 0) {
                String w = tokens.get(i).text();
                if (state.lead == Lead.RATE && state.rateWords == null && !state.numeratorMode && isCopula(w)) {
                    state.numeratorMode = true;
                    i++;
                    continue;
                }
                if (tokens.match(i, "the", "hospital", "have") > 0 || tokens.match(i, "the", "hospital", "has") > 0) {
                    i += 3; // "how many departments does the hospital have": the whole source, no condition
                    continue;
                }
                if (w.equals("and") && i > from && i + 1 < to) {
                    i++; // "admitted to X and discharged this year": conditions are AND-ed anyway
                    continue;
                }
                if (w.equals("new") && state.newAt < 0) {
                    state.newAt = i; // "new patients registered per month": new is what the registration time says
                    i++;
                    continue;
                }
                if (w.equals("ever") && state.lead == Lead.EXISTS && state.range == null) {
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
                        + (state.subject == null ? "" : " (asking about " + state.subject + ")"));
            }
            i += n;
        }
    }

    /**
     * "were emergency operations", "of stays discharged": a term naming exactly the subject again adds nothing; a
     * term naming any other concept (or several) is not consumed here.
     */
    private int restatedSubject(int i, int to) {
        if (state.subject == null) {
            return 0;
        }
        int at = i;
        if (tokens.word(at, "across")) {
            at += tokens.word(at + 1, "all") ? 2 : 1; // "average heart rate across vital signs"
        }
        ConceptTerm term = term(at);
        if (term == null || at + term.length() > to) {
            return 0;
        }
        List<String> bound = new ArrayList<>();
        for (String id : term.concepts()) {
            if (vocab.concepts().contains(id)) {
                bound.add(id);
            }
        }
        return bound.equals(List.of(state.subject)) ? at - i + term.length() : 0;
    }

    /** Verbs after which a percentage question names its counted condition ("what share of stays involved …"). */
    private static final java.util.Set<String> RATE_COPULAS = java.util.Set.of("were", "was", "are", "is", "had",
            "involved", "needed", "required", "received", "have", "has");

    private static boolean isCopula(String w) {
        return RATE_COPULAS.contains(w);
    }

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
            state.runList = null;
            return;
        }
        if (state.runList == target && state.runStart >= 0 && state.runStart < before
                && target.get(state.runStart).target().equals(target.get(before).target())) {
            return; // the run goes on: "moderate severe"
        }
        state.runList = target;
        state.runStart = before;
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
        if (!(tokens.word(i, "or") || tokens.word(i, "and") || tokens.word(i, "nor")) || i + 1 >= to) {
            return 0;
        }
        if (state.runList == null) {
            return 0;
        }
        List<Filter> target = state.runList;
        int before = target.size();
        ValueRef runColumn = target.get(state.runStart).target();
        int n = runColumn instanceof ColumnRef ? valueRules.columnValue(i + 1, to, (ColumnRef) runColumn) : 0;
        if (n <= 0) {
            n = modifier(i + 1, to);
        }
        if (n <= 0) {
            return 0;
        }
        Filter added = target.size() == before + 1 ? target.get(before) : null;
        if (added == null || !isValueTest(added) || !added.target().equals(target.get(state.runStart).target())) {
            if (tokens.word(i, "or")) {
                throw new GrammarMiss("'or' between conditions on different things is not supported ('"
                        + tokens.words(i - 1, Math.min(tokens.size(), i + 1 + n)) + "')");
            }
            state.runList = null;
            return 1 + n; // "admitted to X and discharged this year": both conditions hold
        }
        List<Literal> values = new ArrayList<>();
        for (Filter f : target.subList(state.runStart, target.size())) {
            values.addAll(f instanceof Filter.In ? ((Filter.In) f).values() : List.of(((Filter.Compare) f).value()));
        }
        ValueRef on = added.target();
        target.subList(state.runStart, target.size()).clear();
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
        if (!(tokens.word(i, "including") || tokens.word(i, "incl")) || state.subject == null) {
            return 0;
        }
        int k = i + 1 + (tokens.word(i + 1, "the") ? 1 : 0);
        QuestionParser scratch = new QuestionParser(context);
        scratch.state.subject = state.subject;
        scratch.state.lead = Lead.LIST;
        boolean restated = false;
        while (k < to) {
            int r = restatedSubject(k, to);
            if (r > 0 && !restated) {
                restated = true;
                k += r;
                continue;
            }
            int v = scratch.valueRules.valuePhrase(k, to, state.subject, false);
            if (v <= 0) {
                break;
            }
            k += v;
        }
        if (!restated || !scratch.state.related.isEmpty()) {
            throw new GrammarMiss("'" + tokens.words(i, k) + "' must name a part of the " + state.subject + " rows");
        }
        return k - i;
    }

    private int modifier(int i, int to) {
        TimePhrases.Match m = time.at(i);
        if (m != null && i + m.length() <= to) {
            if (state.range != null) {
                throw new GrammarMiss("the question names two time ranges");
            }
            state.range = m;
            state.rangeAt = i;
            return m.length();
        }
        int n;
        if ((n = timeRules.timeVerb(i, to)) > 0) {
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
        if ((n = relatedScopeRules.relatedScope(i)) > 0) {
            return n;
        }
        if ((n = relatedScopeRules.negatedVerbScope(i, to)) > 0) {
            return n;
        }
        if ((n = verbScopeRules.verbScope(i, to)) > 0) {
            return n;
        }
        if ((n = durationFilter(i)) > 0) {
            return n;
        }
        if ((n = timeRules.dueWindow(i)) > 0) {
            return n;
        }
        if ((n = unitPhrase(i)) > 0) {
            return n;
        }
        if ((n = measureComparison(i)) > 0) {
            return n;
        }
        if (state.subject != null && (n = conceptLiteral(i, to)) > 0) {
            return n;
        }
        if (tokens.word(i, "under") && state.subject != null) {
            int v = valueRules.valuePhrase(i + 1, to, state.subject, false);
            if (v > 0) {
                return 1 + v; // "done under local anaesthesia"
            }
        }
        if (tokens.word(i, "during") && state.subject != null) {
            int k = tokens.word(i + 1, "the") || tokens.word(i + 1, "a") || tokens.word(i + 1, "an") ? i + 2 : i + 1;
            int parent = parentScope(k, to);
            if (parent > 0) {
                return k - i + parent; // "diagnoses during outpatient visits"
            }
        }
        if ((tokens.word(i, "in") || tokens.word(i, "on") || tokens.word(i, "at")) && state.subject != null) {
            for (int w = Math.min(5, to - i); w >= 2; w--) {
                Optional<Predicate> p = pack.predicateForPhrase(tokens.words(i, i + w));
                if (p.isPresent() && p.get().on(state.subject).isPresent()) {
                    return valueRules.valuePhrase(i, to, state.subject, false); // "in service" is a condition, not a place
                }
            }
            int k = tokens.word(i + 1, "the") || tokens.word(i + 1, "a") ? i + 2 : i + 1;
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
            int v = valueRules.valuePhrase(k, to, state.subject, true);
            if (v > 0) {
                return k - i + v;
            }
            int place = anyPlace(k, to);
            if (place > 0) {
                return k - i + place;
            }
            if (k < to && !Lexicon.FILLERS.contains(tokens.get(k).text()) && time.at(k) == null) {
                int end = Math.min(to, k + 3);
                throw new GrammarMiss("no recorded value matches '" + tokens.words(k, end) + "' on this source");
            }
            return 0;
        }
        if (state.subject != null) {
            initialStateDated(i, to);
            return valueRules.valuePhrase(i, to, state.subject, false);
        }
        return 0;
    }

    /**
     * "appointments were booked last month": the state a record is made in, as a verb with a time right after it,
     * dates the making of the record (no time verb of this source read it, or it would have been taken before);
     * reading it as today's status on the record's own time would count last month's appointments still booked.
     */
    private void initialStateDated(int i, int to) {
        if (!(tokens.word(i - 1, "were") || tokens.word(i - 1, "was") || tokens.word(i - 1, "been") || tokens.word(i - 1, "got"))) {
            return;
        }
        for (int n = Math.min(3, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            for (org.tally.core.pack.ValueClass c : pack.valueClasses()) {
                if (c.initial() && c.phrases().contains(phrase)
                        && (c.concepts().isEmpty() || c.concepts().contains(state.subject)) && time.at(i + n) != null) {
                    throw new GrammarMiss("'" + phrase + " " + tokens.words(i + n, i + n + time.at(i + n).length())
                            + "' dates when each " + state.subject + " was " + phrase + ", which this source does not"
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
            ConceptTerm term = term(j);
            if (term == null) {
                continue;
            }
            List<String> parents = new ArrayList<>();
            for (String id : term.concepts()) {
                if (vocab.concepts().contains(id) && !id.equals(state.subject) && relatedScopeRules.refersTo(state.subject, id)) {
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
    private int valueLength(int k, int to) {
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
    private int placeLength(int k, int to) {
        QuestionParser scratch = new QuestionParser(context);
        scratch.state.subject = state.subject;
        scratch.state.lead = state.lead;
        try {
            return scratch.anyPlace(k, to);
        } catch (GrammarMiss | GrammarAsk e) {
            return 0;
        }
    }

    /** A service line phrase at {@code k} whose concepts include the subject: the tokens read, or 0. */
    private int owningServiceLine(int k, int to) {
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
    }

    private int bucketPhrase(int i) {
        Bucket b = null;
        int n = 0;
        if (tokens.word(i, "per") || tokens.word(i, "by") || tokens.word(i, "each") || tokens.word(i, "every") || tokens.word(i, "a")) {
            b = bucketWord(i + 1);
            n = 2;
        }
        if (b == null && (tokens.word(i, "for") && tokens.word(i + 1, "each"))) {
            b = bucketWord(i + 2);
            n = 3;
        }
        if (b == null) {
            n = 1;
            switch (i < tokens.size() ? tokens.get(i).text() : "") {
                case "daily": b = Bucket.DAY; break;
                case "weekly": b = Bucket.WEEK; break;
                case "monthly": b = Bucket.MONTH; break;
                case "quarterly": b = Bucket.QUARTER; break;
                case "yearly": case "annually": case "annual": b = Bucket.YEAR; break;
                default: break;
            }
        }
        if (b == null && tokens.word(i, "over") && tokens.word(i + 1, "time")) {
            b = Bucket.MONTH;
            n = 2;
        }
        if (b == null) {
            return 0;
        }
        if (state.bucket != null && state.bucket != b) {
            throw new GrammarMiss("the question asks for two time buckets");
        }
        state.bucket = b;
        return n;
    }

    private Bucket bucketWord(int i) {
        switch (i < tokens.size() ? tokens.get(i).text() : "") {
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
        if (tokens.word(i, "in") && state.measureOf instanceof ColumnRef && i + 1 < tokens.size()
                && UNIT_TOKENS.containsKey(tokens.get(i + 1).text())) {
            return unitSuffix(i, tokens.size(), (ColumnRef) state.measureOf); // "average birth weight, in grams": as recorded
        }
        if (tokens.word(i, "in") && state.measureOf instanceof DurationRef) {
            DurationUnit u = tokens.word(i + 1, "days") ? DurationUnit.DAYS : tokens.word(i + 1, "hours") ? DurationUnit.HOURS
                    : tokens.word(i + 1, "minutes") ? DurationUnit.MINUTES : null;
            if (u != null) {
                DurationRef d = (DurationRef) state.measureOf;
                state.measureOf = DurationRef.of(d.start(), d.end(), u, d.mode());
                state.unit = u;
                return 2;
            }
        }
        return 0;
    }

    /** "by ward", "per department", "broken down by gender", "for each ward". */
    private int grouping(int i) {
        int k;
        if (tokens.word(i, "by") || tokens.word(i, "per")) {
            k = i + 1;
        } else if ((tokens.word(i, "for") || tokens.word(i, "in")) && tokens.word(i + 1, "each")) {
            k = i + 2;
        } else if (tokens.word(i, "each") && state.subject != null) {
            k = i + 1; // "how many staff does each department have"
        } else if ((tokens.word(i, "broken") && tokens.word(i + 1, "down") || tokens.word(i, "split") || tokens.word(i, "grouped"))
                && tokens.word(i + (tokens.word(i, "broken") ? 2 : 1), "by")) {
            k = i + (tokens.word(i, "broken") ? 3 : 2);
        } else {
            return 0;
        }
        if (state.subject == null) {
            return 0;
        }
        if (tokens.word(k, "the") || tokens.word(k, "each") || tokens.word(k, "every")) {
            k++; // "by each surgeon"
        }
        if ((state.lead == Lead.TOP || state.lead == Lead.WHICH_MOST) && tokens.word(k, "number") && tokens.word(k + 1, "of")) {
            int r = restatedSubject(k + 2, tokens.size());
            if (r > 0) {
                return k + 2 + r - i; // "by number of prescriptions": what the ranking already counts
            }
        }
        for (int n = Math.min(4, tokens.size() - k); n >= 1; n--) {
            Dimension d = dimension(tokens.words(k, k + n));
            if (d != null) {
                if (state.lead == Lead.TOP || state.lead == Lead.WHICH_MOST) {
                    throw new GrammarMiss("a ranking already groups its answer; 'by " + tokens.words(k, k + n)
                            + "' is one grouping too many");
                }
                state.dimensions.add(d);
                return k + n - i;
            }
        }
        for (int n = Math.min(4, tokens.size() - k); n >= 1; n--) {
            String written = tokens.wordsAsWritten(k, k + n);
            Dimension d = written.equals(tokens.words(k, k + n)) ? null : dimension(written);
            if (d != null && state.lead != Lead.TOP && state.lead != Lead.WHICH_MOST) {
                state.dimensions.add(d); // "by first care unit": an ordinal word that is part of a column's name
                return k + n - i;
            }
        }
        for (int n = Math.min(5, tokens.size() - i); n >= 2; n--) {
            if (pack.predicateForPhrase(tokens.words(i, i + n)).isPresent()) {
                return 0; // "by caesarean" is a predicate phrase, not a grouping
            }
        }
        throw new GrammarMiss("cannot group " + state.subject + " by '" + tokens.words(k, Math.min(tokens.size(), k + 2)) + "'");
    }

    /** A grouping phrase → dimension on the subject or a concept reachable from it; null when not a dimension. */
    private Dimension dimension(String phrase) {
        List<ColumnRef> own = new ArrayList<>();
        List<ColumnRef> reached = new ArrayList<>();
        collectDimensionColumns(state.subject, null, phrase, own);
        if (!own.isEmpty()) {
            return Dimension.of(own.size() == 1 ? own.get(0) : clarify.pickRef("column", phrase, own));
        }
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            collectDimensionColumns(p.concept(), p.via(), phrase, reached);
        }
        if (!reached.isEmpty()) {
            return Dimension.of(reached.size() == 1 ? reached.get(0) : clarify.pickRef("column", phrase, reached));
        }
        List<String> named = lexicon.conceptsNamedBy(phrase);
        if (named.isEmpty()) {
            return null;
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            if (named.contains(p.concept())) {
                (p.via() == null ? direct : twoHop).add(p);
            }
        }
        List<GrammarVocabulary.Path> paths = direct.isEmpty() ? twoHop : direct;
        if (paths.isEmpty()) {
            throw new GrammarMiss("no path from " + state.subject + " to " + String.join(" or ", named)
                    + " on this source");
        }
        if (paths.size() > 1) {
            throw new GrammarMiss(state.subject + " refers to " + paths.get(0).concept() + " in " + paths.size()
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
                return clarify.pickRef("column", concept + " label", refs);
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
        if (state.lead != Lead.LIST && state.lead != Lead.LOOKUP) {
            return i;
        }
        int start = i + (tokens.word(i, "the") ? 1 : 0);
        for (int j = start; j < Math.min(tokens.size() - 1, start + 7); j++) {
            if (term(j) != null || time.at(j) != null) {
                return i;
            }
            if (j > start && tokens.word(j, "of")) {
                state.pendingFrom = start;
                state.pendingTo = j;
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
        if (state.subject == null || !(state.lead == Lead.LIST || state.lead == Lead.LOOKUP) || !tokens.word(i, "with")) {
            return 0;
        }
        int k = i + 1;
        boolean owned = tokens.word(k, "their") || tokens.word(k, "its");
        if (owned) {
            k++;
        }
        List<ColumnRef> items = new ArrayList<>();
        int end = projectionItems(k, to, items);
        if (items.isEmpty()) {
            if (owned) {
                throw new GrammarMiss("'" + tokens.words(i, Math.min(to, k + 2)) + "' names no column of " + state.subject
                        + " to show");
            }
            return 0;
        }
        addProjection(items);
        return end - i;
    }

    private void addProjection(List<ColumnRef> items) {
        for (ColumnRef c : items) {
            if (!state.projection.contains(c)) {
                state.projection.add(c);
            }
        }
    }

    /** Column phrases separated by "and" (commas are dropped); returns the index after the last one read. */
    private int projectionItems(int k, int to, List<ColumnRef> out) {
        while (k < to) {
            int at = k;
            if (tokens.word(at, "and") && !out.isEmpty()) {
                at++;
            }
            if (tokens.word(at, "the")) {
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
            String phrase = tokens.words(k, k + n);
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
        if (!tokens.word(k, "in") || k + 1 >= to || !UNIT_TOKENS.containsKey(tokens.get(k + 1).text())) {
            return 0;
        }
        String unit = tokens.get(k + 1).text();
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
            return timeRules.timeColumn(); // "the date", "the time": the subject's one time
        }
        if (words.size() == 2 && (TIME_WORDS.contains(words.get(0)) || TIME_WORDS.contains(words.get(1)))) {
            String other = TIME_WORDS.contains(words.get(0)) ? words.get(1) : words.get(0);
            ColumnRef byVerb = timeRules.verbTimeColumn(state.subject, other); // "date reported", "time reported"
            if (byVerb != null) {
                return byVerb;
            }
            ConceptTerm named = termOf(other);
            if (named != null && named.concepts().contains(state.subject)) {
                return timeRules.timeColumn(); // "delivery time" of deliveries
            }
        }
        List<ColumnRef> own = new ArrayList<>();
        for (RoleHint h : lexicon.roleHints(state.subject, phrase)) {
            for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
                if (h.roles().contains(c.role().jsonName()) && hintsMatch(h.nameHints(), c)
                        && !own.contains(ref(state.subject, c))) {
                    own.add(ref(state.subject, c));
                }
            }
        }
        if (own.isEmpty()) {
            ColumnRole role = SHOWN_ROLE_WORDS.get(phrase);
            List<String> phraseTokens = pack.nameTokens().phrase(phrase);
            for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
                boolean byRole = role != null && c.role() == role;
                boolean byName = !phraseTokens.isEmpty() && c.nameTokens().equals(phraseTokens)
                        && c.role() != ColumnRole.PRIMARY_KEY;
                if ((byRole || byName) && !own.contains(ref(state.subject, c))) {
                    own.add(ref(state.subject, c));
                }
            }
        }
        if (own.isEmpty()) {
            own.addAll(kindColumns(state.subject, phrase));
        }
        if (!own.isEmpty()) {
            return own.size() == 1 ? own.get(0) : clarify.pickRef("column", phrase, own);
        }
        List<ColumnRef> reached = new ArrayList<>();
        ColumnRole roleWord = SHOWN_ROLE_WORDS.get(phrase);
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
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
            return reached.size() == 1 ? reached.get(0) : clarify.pickRef("column", phrase, reached);
        }
        ConceptTerm term = termOf(phrase);
        if (term == null) {
            return null;
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(state.subject)) {
            if (term.concepts().contains(p.concept())) {
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
    private ConceptTerm termOf(String phrase) {
        List<String> ids = lexicon.conceptsNamedBy(phrase);
        return ids.isEmpty() ? null : new ConceptTerm(phrase.split(" ").length, ids, phrase);
    }

    /** "stayed over 7 days", "longer than 2 days", "length of stay over 7 days", "lasting at least 3 hours". */
    private int durationFilter(int i) {
        if (state.subject == null) {
            return 0;
        }
        int k = i;
        if (tokens.word(k, "stayed") || tokens.word(k, "lasted") || tokens.word(k, "lasting") || tokens.word(k, "that") && tokens.word(k + 1, "lasted")) {
            k += tokens.word(k, "that") ? 2 : 1;
        } else if (tokens.word(k, "length") && tokens.word(k + 1, "of") && tokens.word(k + 2, "stay")) {
            k += 3;
        } else if (tokens.word(k, "los")) {
            k++;
        } else if (!(tokens.word(k, "longer") || tokens.word(k, "shorter"))) {
            return 0;
        }
        org.tally.core.spec.CompareOp op;
        int n;
        if ((n = tokens.match(k, "over")) > 0 || (n = tokens.match(k, "more", "than")) > 0 || (n = tokens.match(k, "longer", "than")) > 0
                || (n = tokens.match(k, "above")) > 0) {
            op = org.tally.core.spec.CompareOp.GT;
        } else if ((n = tokens.match(k, "at", "least")) > 0) {
            op = org.tally.core.spec.CompareOp.GE;
        } else if ((n = tokens.match(k, "under")) > 0 || (n = tokens.match(k, "less", "than")) > 0
                || (n = tokens.match(k, "shorter", "than")) > 0 || (n = tokens.match(k, "below")) > 0) {
            op = org.tally.core.spec.CompareOp.LT;
        } else if ((n = tokens.match(k, "at", "most")) > 0) {
            op = org.tally.core.spec.CompareOp.LE;
        } else {
            return 0;
        }
        k += n;
        if (k + 1 >= tokens.size() || !tokens.get(k).isNumber()) {
            throw new GrammarMiss("'" + tokens.words(i, Math.min(tokens.size(), k + 1)) + "' needs a number of days or hours");
        }
        int amount = tokens.get(k).number();
        String u = tokens.get(k + 1).text();
        DurationUnit du;
        switch (u) {
            case "day": case "days": du = DurationUnit.DAYS; break;
            case "week": case "weeks": du = DurationUnit.DAYS; amount *= 7; break;
            case "hour": case "hours": du = DurationUnit.HOURS; break;
            case "minute": case "minutes": du = DurationUnit.MINUTES; break;
            default: throw new GrammarMiss("'" + u + "' is not a unit of time");
        }
        DurationRef d = derivedDuration(state.subject);
        state.filters.add(new Filter.Compare(DurationRef.of(d.start(), d.end(), du, d.mode()), op, Literal.of(amount)));
        return k + 2 - i;
    }

    /**
     * "weighed under 2500 grams", "weight over 4000 grams": a measured column of the subject (a role phrase of a
     * number) compared with a number, in the unit the column's name carries. Returns the tokens read.
     */
    private int measureComparison(int i) {
        if (state.subject == null) {
            return 0;
        }
        int k = i;
        List<ColumnRef> columns = new ArrayList<>();
        if (tokens.word(k, "weighed") || tokens.word(k, "weighing") || tokens.word(k, "weighs")) {
            k++;
            for (RoleHint h : pack.concept(state.subject).map(org.tally.core.pack.Concept::roleHints).orElse(List.of())) {
                if (h.phrases().stream().anyMatch(p -> p.contains("weight"))) {
                    collectMeasured(h, columns);
                }
            }
        } else {
            for (int n = Math.min(3, tokens.size() - i); n >= 1 && columns.isEmpty(); n--) {
                for (RoleHint h : lexicon.roleHints(state.subject, tokens.words(i, i + n))) {
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
        if ((n = tokens.match(k, "under")) > 0 || (n = tokens.match(k, "less", "than")) > 0 || (n = tokens.match(k, "below")) > 0) {
            op = org.tally.core.spec.CompareOp.LT;
        } else if ((n = tokens.match(k, "over")) > 0 || (n = tokens.match(k, "more", "than")) > 0 || (n = tokens.match(k, "above")) > 0) {
            op = org.tally.core.spec.CompareOp.GT;
        } else if ((n = tokens.match(k, "at", "least")) > 0) {
            op = org.tally.core.spec.CompareOp.GE;
        } else if ((n = tokens.match(k, "at", "most")) > 0) {
            op = org.tally.core.spec.CompareOp.LE;
        } else {
            return 0;
        }
        k += n;
        if (k >= tokens.size() || !tokens.get(k).isNumber()) {
            return 0;
        }
        ColumnRef column = columns.size() == 1 ? columns.get(0) : clarify.pickRef("column", tokens.words(i, k), columns);
        int amount = tokens.get(k).number();
        k++;
        if (k < tokens.size() && UNIT_TOKENS.containsKey(tokens.get(k).text())) {
            // "2500 grams": the unit must be the column's own, as for a shown column
            List<Token> probe = List.of(new Token("in", null, false), tokens.get(k));
            boolean same = vocab.columns(state.subject).stream().anyMatch(c -> ref(state.subject, c).equals(column)
                    && c.nameTokens().stream().anyMatch(UNIT_TOKENS.get(probe.get(1).text())::contains));
            if (!same) {
                throw new GrammarMiss("the " + column.describe() + " column does not say it is recorded in "
                        + tokens.get(k).text());
            }
            k++;
        }
        state.addFilters(List.of(new Filter.Compare(column, op, Literal.of(amount))));
        return k - i;
    }

    private void collectMeasured(RoleHint h, List<ColumnRef> out) {
        for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
            if (h.roles().contains(c.role().jsonName()) && c.role().isNumeric() && hintsMatch(h.nameHints(), c)
                    && !out.contains(ref(state.subject, c))) {
                out.add(ref(state.subject, c));
            }
        }
    }

    // ---------------------------------------------------------------- assembly

    /**
     * "the average value" over lab results of every test adds up different units: where the pack says a concept's rows
     * measure different things and its one value column holds them all, an aggregate of it needs one kind named (an
     * equality on its own name, type, code or category, or on a catalogue it refers to) or a grouping by kind.
     */
    private void kindOfMeasureFixed() {
        if (!(state.measureOf instanceof ColumnRef) || ((ColumnRef) state.measureOf).role() != ColumnRole.MEASURE) {
            return;
        }
        String owner = ((ColumnRef) state.measureOf).concept();
        if (!pack.concept(owner).map(org.tally.core.pack.Concept::measuresKinds).orElse(false)
                || vocab.columns(owner).stream().filter(c -> c.role() == ColumnRole.MEASURE).count() > 1) {
            return; // one value column per kind (pulse, systolic …): the column is the kind
        }
        for (Filter f : state.filters) {
            if (f instanceof Filter.Compare && ((Filter.Compare) f).op() == org.tally.core.spec.CompareOp.EQ
                    && ((Filter.Compare) f).target() instanceof ColumnRef
                    && namesKind((ColumnRef) ((Filter.Compare) f).target(), owner)) {
                return;
            }
        }
        for (Dimension d : state.dimensions) {
            if (d instanceof Dimension.Column && namesKind(((Dimension.Column) d).column(), owner)) {
                return;
            }
        }
        throw new GrammarMiss("the " + (state.measurePhrase == null ? "aggregate" : state.measurePhrase) + " of "
                + verbScopeRules.singularWord(owner) + " values mixes different kinds of measurement (and their units); name the"
                + " one meant, or group by it");
    }

    /** Whether a column tells apart the kinds of {@code owner}'s measurements: its own label, or a catalogue's. */
    private boolean namesKind(ColumnRef c, String owner) {
        if (c.concept().equals(owner)) {
            return c.role() == ColumnRole.NAME || c.role() == ColumnRole.TYPE || c.role() == ColumnRole.CODE
                    || c.role() == ColumnRole.CATEGORY;
        }
        return c.via() == null && relatedScopeRules.refersTo(owner, c.concept())
                && vocab.columns(c.concept()).stream().noneMatch(col -> col.role().isTemporal()
                        || col.role() == ColumnRole.PATIENT_REF);
    }

    private QuerySpec build() {
        if (state.subject == null) {
            throw new GrammarMiss("the question names nothing to count or list");
        }
        timeRules.settleTimes();
        if (state.newAt >= 0 && state.verbTimes.stream().noneMatch(c -> c.concept().equals(state.subject)
                && (c.role() == ColumnRole.START_TIME || c.role() == ColumnRole.EVENT_TIME))) {
            throw new GrammarMiss("'new' is not understood here (asking about " + state.subject + ")");
        }
        Shape shape;
        QuerySpec.Builder b;
        switch (state.lead) {
            case COUNT:
            case AGGREGATE:
            case BARE:
                if (state.lead == Lead.BARE && state.bucket == null) {
                    throw new GrammarMiss("no question rule matches '" + tokens.words(0, Math.min(tokens.size(), 3)) + "'");
                }
                shape = state.bucket != null ? Shape.TREND : state.dimensions.isEmpty() ? Shape.SCALAR : Shape.GROUPED;
                if (state.lead == Lead.AGGREGATE) {
                    kindOfMeasureFixed();
                }
                b = QuerySpec.builder(state.subject, shape).measure(state.lead == Lead.AGGREGATE
                        ? Measure.of(state.aggregation, state.measureOf)
                        : state.distinctPeople != null ? Measure.of(Aggregation.COUNT_DISTINCT, state.distinctPeople)
                        : Measure.count());
                break;
            case TOP:
            case WHICH_MOST:
                shape = Shape.TOP_N;
                b = QuerySpec.builder(state.subject, shape).measure(state.rankedSum ? Measure.of(Aggregation.SUM, state.measureOf)
                        : Measure.count());
                Dimension d;
                if (state.lead == Lead.WHICH_MOST) {
                    d = dimension(state.groupConcept);
                    if (d == null) {
                        throw new GrammarMiss("cannot rank " + state.subject + " by '" + state.groupConcept + "'");
                    }
                    if (state.referenceNamer != null) {
                        checkReferenceNamer(d.column());
                    }
                } else if (!state.dimensions.isEmpty()) {
                    throw new GrammarMiss("a ranking groups by what it ranks");
                } else if (state.rankedBy != null) {
                    d = Dimension.of(state.rankedBy);
                } else {
                    d = Dimension.of(displayColumn(state.subject));
                    if (state.rule.equals("top.most-common") && state.limit == null) {
                        state.limit = state.topSingular ? 1 : 10;
                    }
                }
                if (state.limit == null) {
                    state.limit = 10;
                }
                if (state.limit < 1 || state.limit > QuerySpec.MAX_LIMIT) {
                    throw new GrammarMiss("top " + state.limit + " is out of range");
                }
                b.dimension(d).order(OrderKey.byMeasure(0, Direction.DESC)).limit(state.limit);
                if (state.bucket != null) {
                    throw new GrammarMiss("a ranking cannot also be a trend");
                }
                break;
            case RATE:
                if (state.rateWords != null) {
                    state.numeratorMode = true;
                    int before = state.numerator.size();
                    Optional<Predicate> p = pack.predicateForPhrase(state.rateWords);
                    if (p.isPresent() && p.get().on(state.subject).isPresent()) {
                        state.readingPhrase = state.rateWords;
                        state.numerator.addAll(predicateBinding.bindPredicate(p.get(), p.get().on(state.subject).get(), state.subject));
                    } else {
                        List<Filter> v = valueRules.valueFilters(state.rateWords, state.subject);
                        if (v == null) {
                            throw new GrammarMiss("'" + state.rateWords + "' matches nothing recorded for " + state.subject);
                        }
                        state.numerator.addAll(v);
                    }
                    if (state.numerator.size() == before) {
                        throw new GrammarMiss("'" + state.rateWords + " rate' has no condition");
                    }
                }
                if (state.numerator.isEmpty() && state.numeratorRelated.isEmpty()) {
                    throw new GrammarMiss("a percentage needs the condition that is counted, e.g. 'were no-shows'");
                }
                shape = Shape.RATE;
                b = QuerySpec.builder(state.subject, shape).measure(new Measure.Rate(state.numerator, state.numeratorRelated));
                if (state.bucket != null) {
                    throw new GrammarMiss("a rate per time bucket is not supported yet");
                }
                break;
            case LIST:
                if (state.rule.equals("list.show") && (state.bucket != null || !state.dimensions.isEmpty())) {
                    // "show emergency visits per month", "show admissions by ward": a count per group; "list
                    // admissions by ward" stays a miss (rows sorted by ward, or counts?)
                    state.lead = Lead.COUNT;
                    state.rule = "count.show-per";
                    return build();
                }
                // fall through
            case LOOKUP:
            case EXISTS:
                shape = state.lead == Lead.LIST ? Shape.LIST : state.lead == Lead.LOOKUP ? Shape.LOOKUP : Shape.EXISTS;
                if (!state.dimensions.isEmpty() || state.bucket != null) {
                    throw new GrammarMiss("a " + shape.jsonName() + " question cannot be grouped");
                }
                if (shape == Shape.LOOKUP && state.filters.isEmpty()) {
                    throw new GrammarMiss("'find' needs a recorded value that identifies the " + state.subject);
                }
                b = QuerySpec.builder(state.subject, shape);
                state.projection.forEach(b::project);
                break;
            default:
                throw new AssertionError(state.lead);
        }
        if (state.lead != Lead.RATE && (!state.numerator.isEmpty() || !state.numeratorRelated.isEmpty())) {
            throw new GrammarMiss("a condition after 'were' only makes sense in a percentage question");
        }
        state.dimensions.forEach(b::dimension);
        state.filters.forEach(b::filter);
        state.related.forEach(b::related);
        if (state.range != null || state.bucket != null) {
            ColumnRef col = timeRules.timeColumn();
            b.timeScope(new TimeScope(col, state.range == null || state.range.from() == null ? null : Literal.of(state.range.from()),
                    state.range == null || state.range.to() == null ? null : Literal.of(state.range.to()), state.bucket));
        }
        return b.provenance(Provenance.rule(state.rule)).build();
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
            throw new GrammarMiss("'" + state.groupConcept + "' does not name a reference to rank by");
        }
        if (lexicon.conceptsNamedBy(state.referenceNamer).contains(target)) {
            return; // "which staff were …": the concept itself
        }
        for (String form : List.of(state.referenceNamer, singularPhrase(state.referenceNamer))) {
            List<ValueCandidate> kinds = valueOwners(form).get(target);
            if (kinds != null && kinds.size() == 1) {
                state.filters.add(kinds.get(0).filter()); // "which nurses were the attending doctor": only nurses count
                return;
            }
        }
        throw new GrammarMiss("'" + state.referenceNamer + "' does not name what '" + state.groupConcept + "' refers to");
    }}
