package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;

/** Attribute look-ups of one named row: "what is the bed capacity of the Cardiac ICU", "which ward is bed LS-004 in". */
final class LookupRules extends RuleFamily {

    /** Roles whose recorded values name one row: what an entity in a look-up is called by. */
    private static final java.util.Set<ColumnRole> NAMING_ROLES = java.util.EnumSet.of(ColumnRole.NAME,
            ColumnRole.CODE, ColumnRole.DESCRIPTION, ColumnRole.BUSINESS_ID);

    /** Roles of the columns a typed identifier may be looked up in. */
    private static final java.util.Set<ColumnRole> IDENTIFYING = java.util.EnumSet.of(ColumnRole.NAME,
            ColumnRole.BUSINESS_ID, ColumnRole.IDENTIFIER, ColumnRole.CODE);

    LookupRules(QuestionParser parse) {
        super(parse);
    }

    // ---------------------------------------------------------------- attribute look-ups

    /**
     * "what is the bed capacity of the Cardiac ICU", "which floor is the Oncology Ward on", "which ward is bed LS-004
     * in", "what does diagnosis code N18.9 stand for": one named row (a recorded name or code, or a concept term with
     * a literal identifier) and the columns asked about. Sets subject, filters and projection; returns the index after
     * what it read (the rest goes to the modifiers), or 0 when the question has no such shape.
     */
    int attributeLookup(int i) {
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

    boolean isBe(int k) {
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
        ConceptTerm term = parse.conceptTerms.term(k);
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
            ConceptTerm restated = end < to ? parse.conceptTerms.term(end) : null;
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
                parse.valueRules.candidates(concept, null, phrase, found);
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

    private String boundOrNull(ConceptTerm term) {
        List<String> bound = term.concepts().stream().filter(vocab.concepts()::contains).toList();
        return bound.size() == 1 ? bound.get(0) : null;
    }

    /** A recorded value of the subject's own naming columns over exactly [k, to); returns to, or -1. */
    private int ownValue(int k, int to) {
        String phrase = tokens.words(k, to);
        List<ValueCandidate> found = new ArrayList<>();
        parse.valueRules.candidates(state.subject, null, phrase, found);
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
        ConceptTerm term = parse.conceptTerms.term(i);
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
        ConceptTerm own = parse.conceptTerms.term(k);
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
        if (parse.projectionRules.projectionItems(k, to, items) != to || items.isEmpty()) {
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
    }}
