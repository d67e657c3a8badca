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
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;

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
    final GroupingRules groupingRules;
    final ProjectionRules projectionRules;
    final ModifierRules modifierRules;
    final PlaceRules placeRules;
    final MeasureRules measureRules;

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
        this.groupingRules = new GroupingRules(this);
        this.projectionRules = new ProjectionRules(this);
        this.modifierRules = new ModifierRules(this);
        this.placeRules = new PlaceRules(this);
        this.measureRules = new MeasureRules(this);
    }


    // ---------------------------------------------------------------- rules

    QuerySpec parse() {
        int i = tokens.skipFillers(0, "please", "can", "you", "tell", "me");
        i = lead(i);
        i = projectionRules.projectionBeforeSubject(i);
        i = subjectPhrase(i);
        if (state.pendingFrom >= 0) {
            List<ColumnRef> items = new ArrayList<>();
            if (projectionRules.projectionItems(state.pendingFrom, state.pendingTo, items) != state.pendingTo) {
                throw new GrammarMiss("'" + tokens.words(state.pendingFrom, state.pendingTo) + "' names no column of " + state.subject
                        + " to show");
            }
            projectionRules.addProjection(items);
        }
        modifierRules.modifiers(i, tokens.size());
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
    int conceptLiteral(int i, int to) {
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
        if (projectionRules.projectionItems(k, to, items) != to || items.isEmpty()) {
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
            state.measureOf = measureRules.uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
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
                Dimension d = groupingRules.dimension(y.phrase());
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
            state.measureOf = measureRules.uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
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
            state.measureOf = measureRules.uniqueRole(state.subject, ColumnRole.AMOUNT, "amount");
            return i + 2;
        }
        if (state.lead == Lead.AGGREGATE) {
            int next = measureRules.measure(i);
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
                modifierRules.modifiers(i, k);
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
                    groupingRules.collectDimensionColumns(c, null, form, cols);
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
        modifierRules.modifiers(i, k);
        if (state.whichVerbAt >= 0 && timeRules.timeVerb(state.whichVerbAt, state.whichVerbAt + 1) == 0) {
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

    /** The concept term spelled exactly by {@code phrase}, or null. */
    ConceptTerm termOf(String phrase) {
        List<String> ids = lexicon.conceptsNamedBy(phrase);
        return ids.isEmpty() ? null : new ConceptTerm(phrase.split(" ").length, ids, phrase);
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
                    d = groupingRules.dimension(state.groupConcept);
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
                    d = Dimension.of(groupingRules.displayColumn(state.subject));
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
