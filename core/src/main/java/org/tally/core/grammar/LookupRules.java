package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;

/** Attribute look-ups of one named row: "what is the bed capacity of the Cardiac ICU", "which ward is bed LS-004 in". */
final class LookupRules extends RuleFamily {

    /** Roles whose recorded values name one row: what an entity in a look-up is called by. */
    private static final Set<ColumnRole> NAMING_ROLES = EnumSet.of(ColumnRole.NAME,
            ColumnRole.CODE, ColumnRole.DESCRIPTION, ColumnRole.BUSINESS_ID);

    /** Roles of the columns a typed identifier may be looked up in. */
    private static final Set<ColumnRole> IDENTIFYING = EnumSet.of(ColumnRole.NAME,
            ColumnRole.BUSINESS_ID, ColumnRole.IDENTIFIER, ColumnRole.CODE);

    LookupRules(Rules rules) {
        super(rules);
    }

    // ---------------------------------------------------------------- attribute look-ups

    /**
     * "what is the bed capacity of the Cardiac ICU", "which floor is the Oncology Ward on", "which ward is bed LS-004
     * in", "what does diagnosis code N18.9 stand for": one named row (a recorded name or code, or a concept term with
     * a literal identifier) and the columns asked about: the subject, filters and projection read, and the index after
     * what it read (the rest goes to the modifiers), or 0 when the question has no such shape.
     */
    Result<Read> attributeLookup(int i, Reading r) {
        int n;
        if ((n = tokens.match(i, "what", "does")) > 0 || (n = tokens.match(i, "what", "do")) > 0) {
            int end = standsFor(i + n);
            if (end < 0) {
                return Read.noneOk(r);
            }
            Result<Reading> named = entity(i + n, end, r);
            if (named.stopped() || named.value() == null) {
                return named.stopped() ? named.stop() : Read.noneOk(r);
            }
            Reading entity = named.value();
            int after = end + (tokens.word(end, "stand") ? 2 : 1);
            return meaningColumn(entity.subject())
                    .map(meaning -> new Read(after, entity.with(new Fragment.Shown(List.of(meaning)))));
        }
        if (!(tokens.word(i, "what") || tokens.word(i, "which"))) {
            return Read.noneOk(r);
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
                if (end <= 0) {
                    continue;
                }
                Result<Reading> found = entityWithAttributes(of + 1, end, k, of, r);
                if (found.stopped()) {
                    return found.stop();
                }
                if (found.value() != null) {
                    return Read.ok(end, found.value());
                }
            }
            return Read.noneOk(r);
        }
        // which ATTR is ENTITY (on|in)
        for (int be = k + 1; be < Math.min(tokens.size() - 1, k + 4); be++) {
            if (!isBe(be)) {
                continue;
            }
            int end = entityEnd(be + 1);
            if (end <= 0) {
                continue;
            }
            Result<Reading> found = entityWithAttributes(be + 1, end, k, be, r);
            if (found.stopped()) {
                return found.stop();
            }
            if (found.value() != null) {
                return Read.ok(end + (tokens.word(end, "on") || tokens.word(end, "in") || tokens.word(end, "at") ? 1 : 0),
                        found.value());
            }
        }
        return Read.noneOk(r);
    }

    /** The entity in [from, to) with the attributes in [attrFrom, attrTo) shown, or null when either is not there. */
    private Result<Reading> entityWithAttributes(int from, int to, int attrFrom, int attrTo, Reading r) {
        Result<Reading> entity = entity(from, to, r);
        if (entity.stopped() || entity.value() == null) {
            return entity;
        }
        return attributes(attrFrom, attrTo, entity.value());
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
     * one bound concept, or (the) TERM VALUE|LITERAL. The subject and its identifying filter, or null.
     */
    private Result<Reading> entity(int from, int to, Reading r) {
        int k = tokens.word(from, "the") ? from + 1 : from;
        if (k >= to) {
            return Result.ok(null);
        }
        Result<ConceptTerm> termRead = rules.conceptTerms.term(k);
        if (termRead.stopped()) {
            return termRead.stop();
        }
        ConceptTerm term = termRead.value();
        if (term != null && k + term.length() < to) {
            String concept = boundOrNull(term);
            if (concept != null) {
                Result<Filter> own = ownValue(k + term.length(), to, concept);
                if (own.stopped()) {
                    return own.stop();
                }
                Filter named = own.value();
                if (named == null && k + term.length() + 1 == to) {
                    named = identifyingFilter(tokens.get(k + term.length()), concept);
                }
                if (named != null) {
                    return Result.ok(r.with(new Fragment.Subject(concept), new Fragment.SubjectFilter(named)));
                }
            }
        }
        for (int end = to; end > k; end--) {
            ConceptTerm restated = null;
            if (end < to) {
                Result<ConceptTerm> restatedRead = rules.conceptTerms.term(end);
                if (restatedRead.stopped()) {
                    return restatedRead.stop();
                }
                restated = restatedRead.value();
            }
            if (end < to && (restated == null || end + restated.length() != to)) {
                continue;
            }
            String phrase = tokens.words(k, end);
            Map<String, List<ValueCandidate>> owners = new LinkedHashMap<>();
            for (String concept : vocab.concepts()) {
                if (restated != null && !restated.concepts().contains(concept)) {
                    continue;
                }
                Result<List<ValueCandidate>> found = namingCandidates(concept, phrase);
                if (found.stopped()) {
                    return found.stop();
                }
                if (!found.value().isEmpty()) {
                    owners.put(concept, found.value());
                }
            }
            if (owners.isEmpty()) {
                continue;
            }
            Result<String> subject = clarify.one("subject", phrase, "Which '" + phrase + "' do you mean?", owners.keySet());
            if (subject.stopped()) {
                return subject.stop();
            }
            List<ValueCandidate> cols = owners.get(subject.value());
            if (cols.size() != 1) {
                return Result.ok(null);
            }
            return Result.ok(r.with(new Fragment.Subject(subject.value()), new Fragment.SubjectFilter(cols.get(0).filter())));
        }
        return Result.ok(null);
    }

    /** The columns of {@code concept} that name its rows holding a value the phrase names. */
    private Result<List<ValueCandidate>> namingCandidates(String concept, String phrase) {
        return rules.valueRules.candidates(concept, null, phrase)
                .map(found -> found.stream().filter(c -> NAMING_ROLES.contains(c.ref().role())).toList());
    }

    private String boundOrNull(ConceptTerm term) {
        List<String> bound = term.concepts().stream().filter(vocab.concepts()::contains).toList();
        return bound.size() == 1 ? bound.get(0) : null;
    }

    /** The filter of a recorded value of {@code concept}'s own naming columns over exactly [k, to), or null. */
    private Result<Filter> ownValue(int k, int to, String concept) {
        return namingCandidates(concept, tokens.words(k, to))
                .map(found -> found.size() == 1 ? found.get(0).filter() : null);
    }

    /**
     * The filter a typed identifier makes on {@code concept}: the one unprofiled naming column (name, business id,
     * identifier, code) whose measured values could spell it — their lengths and letters fit, so "MRN0001643" finds
     * the record number and not the nine-digit national id; a plain number is the primary key when no such column
     * could hold it ("bill 4213"), and the one naming column that could when the key's measured range cannot
     * ("patient 10004235" where rows are numbered to 94). Null when no column or several fit.
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
            if (keys.size() != 1) {
                return null;
            }
            boolean keyFits = keys.get(0).shape() == null || keys.get(0).shape().couldHold(typed);
            if (keyFits) {
                // "bed 12" may be the bed's label as well as its key: the key only when no naming column could be it
                return naming.isEmpty()
                        ? Filter.eq(ref(concept, keys.get(0)), Literal.of(BigDecimal.valueOf(literal.number()))) : null;
            }
            // out of the key's measured range ("patient 10004235", rows numbered to 94): the one measured naming
            // column that could spell it (as typed: the binder reads it as a number on a numeric column)
            return naming.size() == 1 && naming.get(0).shape() != null
                    ? Filter.eq(ref(concept, naming.get(0)), Literal.of(typed)) : null;
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
    Result<Read> conceptLiteral(int i, int to, Reading r) {
        Result<ConceptTerm> termRead = rules.conceptTerms.term(i);
        if (termRead.stopped()) {
            return termRead.stop();
        }
        ConceptTerm term = termRead.value();
        if (term == null || i + term.length() >= to) {
            return Read.noneOk(r);
        }
        String subject = r.subject();
        Token literal = tokens.get(i + term.length());
        List<GrammarVocabulary.Path> paths = new ArrayList<>();
        String concept = null;
        for (String id : term.concepts()) {
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
            return Read.noneOk(r);
        }
        Filter f = identifyingFilter(literal, concept);
        if (f == null) {
            return Read.noneOk(r);
        }
        ColumnRef target = (ColumnRef) f.target();
        if (!concept.equals(subject) && paths.get(0).via() != null) {
            f = f.withTarget(target.via(paths.get(0).via()));
        }
        return Read.ok(term.length() + 1, r.withConditions(List.of(f)));
    }

    /** An identifier is matched exactly as typed (case kept): Tally cannot know how an unprofiled column spells it. */
    private static String literalSpelling(Token literal) {
        return literal.raw();
    }

    /** {@code r} showing the columns the attribute words in [from, to) name ("bed capacity", "normal range", "ward"), or null. */
    private Result<Reading> attributes(int from, int to, Reading r) {
        String subject = r.subject();
        if (subject == null) {
            return Result.ok(null);
        }
        int k = from;
        Result<ConceptTerm> own = rules.conceptTerms.term(k);
        if (own.stopped()) {
            return own.stop();
        }
        if (own.value() != null && own.value().concepts().contains(subject) && k + own.value().length() < to) {
            k += own.value().length(); // "the department code of …": the concept restated
        }
        String phrase = tokens.words(k, to);
        List<ColumnRef> range = rangeColumns(phrase, subject);
        if (!range.isEmpty()) {
            return Result.ok(r.with(new Fragment.Shown(range)));
        }
        List<ColumnRef> items = new ArrayList<>();
        Result<Integer> end = rules.projectionRules.projectionItems(k, to, r, items);
        if (end.stopped()) {
            return end.stop();
        }
        if (end.value() != to || items.isEmpty()) {
            return Result.ok(null);
        }
        return Result.ok(r.with(new Fragment.Shown(items)));
    }

    /**
     * "the normal range": a role phrase ending in "range" that names exactly a low and a high column of the subject
     * (ref low / ref high) shows both.
     */
    private List<ColumnRef> rangeColumns(String phrase, String subject) {
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
    private Result<ColumnRef> meaningColumn(String concept) {
        for (ColumnRole role : new ColumnRole[] {ColumnRole.DESCRIPTION, ColumnRole.NAME}) {
            List<GrammarVocabulary.Column> cols = vocab.columns(concept).stream().filter(c -> c.role() == role)
                    .toList();
            if (cols.size() == 1) {
                return Result.ok(ref(concept, cols.get(0)));
            }
            if (cols.size() > 1) {
                return Result.miss(concept + " has several " + role.jsonName() + " columns; name the one to show");
            }
        }
        return Result.miss(concept + " records no description of its codes on this source");
    }
}
