package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;

/** The columns a list or look-up shows: "with their ward", "list the dates of ...". */
final class ProjectionRules extends RuleFamily {

    /** Units a question may attach to a shown column, with the name tokens that mark a column as held in it. */
    static final Map<String, List<String>> UNIT_TOKENS = Map.of(
            "weeks", List.of("week"), "days", List.of("day"), "hours", List.of("hour"),
            "minutes", List.of("minute"), "grams", List.of("gram", "g"), "kg", List.of("kg", "kilogram"),
            "kilograms", List.of("kg", "kilogram"));

    private static final Set<String> TIME_WORDS = Set.of("date", "time", "date and time",
            "datetime", "timestamp", "when");

    /** Role words usable for a shown column ("the code", "the description"), beyond the grouping role words. */
    static final Map<String, ColumnRole> SHOWN_ROLE_WORDS;

    ProjectionRules(Rules rules) {
        super(rules);
    }

    // ---------------------------------------------------------------- projection

    /**
     * "list the dates of this year's diagnoses": words before "of" that name no concept are columns to show; they are
     * resolved once the subject is known. Returns where the subject phrase starts.
     */
    Result<Read> projectionBeforeSubject(int i, Reading r) {
        if (r.lead() != Lead.LIST && r.lead() != Lead.LOOKUP) {
            return Read.ok(i, r);
        }
        int start = i + (tokens.word(i, "the") ? 1 : 0);
        for (int j = start; j < Math.min(tokens.size() - 1, start + 7); j++) {
            Result<ConceptTerm> term = rules.conceptTerms.term(j);
            if (term.stopped()) {
                return term.stop();
            }
            if (term.value() != null) {
                return Read.ok(i, r);
            }
            Result<TimePhrases.Match> m = time.at(j);
            if (m.stopped()) {
                return m.stop();
            }
            if (m.value() != null) {
                return Read.ok(i, r);
            }
            if (j > start && tokens.word(j, "of")) {
                return Read.ok(j + 1, r.with(new Fragment.PendingProjection(start, j)));
            }
        }
        return Read.ok(i, r);
    }

    /**
     * "with their ward", "with the test, the value and the time reported": the columns a List or Lookup shows. With
     * "their"/"its" every word must name a column; a bare "with" that names none is left to the related-scope rule
     * ("with an allergy"). Returns the tokens read.
     */
    Result<Read> projectionPhrase(int i, int to, Reading r) {
        if (r.subject() == null || !(r.lead() == Lead.LIST || r.lead() == Lead.LOOKUP) || !tokens.word(i, "with")) {
            return Read.noneOk(r);
        }
        int k = i + 1;
        boolean owned = tokens.word(k, "their") || tokens.word(k, "its");
        if (owned) {
            k++;
        }
        List<ColumnRef> items = new ArrayList<>();
        Result<Integer> end = projectionItems(k, to, r, items);
        if (end.stopped()) {
            return end.stop();
        }
        if (items.isEmpty()) {
            if (owned) {
                return Result.miss("'" + tokens.words(i, Math.min(to, k + 2)) + "' names no column of " + r.subject()
                        + " to show");
            }
            return Read.noneOk(r);
        }
        return Read.ok(end.value() - i, addProjection(items, r));
    }

    /** {@code r} showing the columns of {@code items} it does not show yet. */
    Reading addProjection(List<ColumnRef> items, Reading r) {
        List<ColumnRef> added = new ArrayList<>();
        for (ColumnRef c : items) {
            if (!r.projection().contains(c) && !added.contains(c)) {
                added.add(c);
            }
        }
        return added.isEmpty() ? r : r.with(new Fragment.Shown(added));
    }

    /** Column phrases separated by "and" (commas are dropped) into {@code out}; the index after the last one read. */
    Result<Integer> projectionItems(int k, int to, Reading r, List<ColumnRef> out) {
        while (k < to) {
            int at = k;
            if (tokens.word(at, "and") && !out.isEmpty()) {
                at++;
            }
            if (tokens.word(at, "the")) {
                at++;
            }
            Result<Integer> n = projectionItem(at, to, r, out);
            if (n.stopped()) {
                return n;
            }
            if (n.value() <= 0) {
                return Result.ok(k);
            }
            k = at + n.value();
        }
        return Result.ok(k);
    }

    /** One column phrase (longest first), with an optional unit that the column's name must carry: tokens read. */
    private Result<Integer> projectionItem(int k, int to, Reading r, List<ColumnRef> out) {
        for (int n = Math.min(4, to - k); n >= 1; n--) {
            String phrase = tokens.words(k, k + n);
            Result<ColumnRef> c = shownColumn(phrase, r);
            if (c.stopped()) {
                return c.stop();
            }
            if (c.value() == null && phrase.endsWith("s") && !phrase.endsWith("ss")) {
                c = shownColumn(phrase.substring(0, phrase.length() - 1), r);
                if (c.stopped()) {
                    return c.stop();
                }
            }
            if (c.value() == null) {
                continue;
            }
            Result<Integer> unit = unitSuffix(k + n, to, c.value());
            if (unit.stopped()) {
                return unit;
            }
            out.add(c.value());
            return Result.ok(n + unit.value());
        }
        return Result.ok(0);
    }

    /**
     * "gestation in weeks": the unit must be the one the column's name says it holds; Tally does not convert, so a
     * column with no unit in its name (or another unit) is a miss. Returns the tokens read (0 or 2).
     */
    Result<Integer> unitSuffix(int k, int to, ColumnRef c) {
        if (!tokens.word(k, "in") || k + 1 >= to || !UNIT_TOKENS.containsKey(tokens.get(k + 1).text())) {
            return Result.ok(0);
        }
        String unit = tokens.get(k + 1).text();
        for (GrammarVocabulary.Column col : vocab.columns(c.concept())) {
            if (ref(c.concept(), col).equals(new ColumnRef(c.concept(), c.role(), c.hint(), null))
                    && col.nameTokens().stream().anyMatch(UNIT_TOKENS.get(unit)::contains)) {
                return Result.ok(2);
            }
        }
        return Result.miss("the " + c.describe() + " column does not say it is recorded in " + unit);
    }

    /** The column a phrase names for showing: the subject's own, or the label of a concept it refers to; or null. */
    Result<ColumnRef> shownColumn(String phrase, Reading r) {
        String subject = r.subject();
        List<String> words = List.of(phrase.split(" "));
        if (TIME_WORDS.contains(phrase)) {
            return rules.timeRules.timeColumn(r); // "the date", "the time": the subject's one time
        }
        if (words.size() == 2 && (TIME_WORDS.contains(words.get(0)) || TIME_WORDS.contains(words.get(1)))) {
            String other = TIME_WORDS.contains(words.get(0)) ? words.get(1) : words.get(0);
            Result<ColumnRef> byVerb = rules.timeRules.verbTimeColumn(subject, other); // "date reported", "time reported"
            if (byVerb.stopped() || byVerb.value() != null) {
                return byVerb;
            }
            Result<ConceptTerm> named = rules.conceptTerms.termOf(other);
            if (named.stopped()) {
                return named.stop();
            }
            if (named.value() != null && named.value().concepts().contains(subject)) {
                return rules.timeRules.timeColumn(r); // "delivery time" of deliveries
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
            own.addAll(rules.groupingRules.kindColumns(subject, phrase));
        }
        if (!own.isEmpty()) {
            return clarify.oneRef("column", phrase, own);
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
            return clarify.oneRef("column", phrase, reached);
        }
        Result<ConceptTerm> termRead = rules.conceptTerms.termOf(phrase);
        if (termRead.stopped()) {
            return termRead.stop();
        }
        ConceptTerm term = termRead.value();
        if (term == null) {
            return Result.ok(null);
        }
        List<GrammarVocabulary.Path> direct = new ArrayList<>();
        List<GrammarVocabulary.Path> twoHop = new ArrayList<>();
        for (GrammarVocabulary.Path p : vocab.forward(subject)) {
            if (term.concepts().contains(p.concept())) {
                (p.via() == null ? direct : twoHop).add(p);
            }
        }
        List<GrammarVocabulary.Path> paths = direct.isEmpty() ? twoHop : direct;
        if (paths.size() != 1) {
            return Result.ok(null);
        }
        GrammarVocabulary.Path p = paths.get(0);
        return rules.groupingRules.displayColumn(p.concept()).map(label -> p.via() == null ? label : label.via(p.via()));
    }

    static {
        Map<String, ColumnRole> m = new HashMap<>(Lexicon.ROLE_WORDS);
        m.put("code", ColumnRole.CODE);
        m.put("description", ColumnRole.DESCRIPTION);
        m.put("amount", ColumnRole.AMOUNT);
        m.put("quantity", ColumnRole.QUANTITY);
        SHOWN_ROLE_WORDS = Map.copyOf(m);
    }
}
