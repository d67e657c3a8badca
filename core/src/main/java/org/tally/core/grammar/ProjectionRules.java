package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    private static final java.util.Set<String> TIME_WORDS = java.util.Set.of("date", "time", "date and time",
            "datetime", "timestamp", "when");

    /** Role words usable for a shown column ("the code", "the description"), beyond the grouping role words. */
    static final Map<String, ColumnRole> SHOWN_ROLE_WORDS;

    ProjectionRules(QuestionParser parse) {
        super(parse);
    }

    // ---------------------------------------------------------------- projection

    /**
     * "list the dates of this year's diagnoses": words before "of" that name no concept are columns to show; they are
     * resolved once the subject is known. Returns where the subject phrase starts.
     */
    int projectionBeforeSubject(int i) {
        if (state.lead != Lead.LIST && state.lead != Lead.LOOKUP) {
            return i;
        }
        int start = i + (tokens.word(i, "the") ? 1 : 0);
        for (int j = start; j < Math.min(tokens.size() - 1, start + 7); j++) {
            if (parse.conceptTerms.term(j) != null || time.at(j) != null) {
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
    int projectionPhrase(int i, int to) {
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

    void addProjection(List<ColumnRef> items) {
        for (ColumnRef c : items) {
            if (!state.projection.contains(c)) {
                state.projection.add(c);
            }
        }
    }

    /** Column phrases separated by "and" (commas are dropped); returns the index after the last one read. */
    int projectionItems(int k, int to, List<ColumnRef> out) {
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

    /**
     * "gestation in weeks": the unit must be the one the column's name says it holds; Tally does not convert, so a
     * column with no unit in its name (or another unit) is a miss. Returns the tokens read (0 or 2).
     */
    int unitSuffix(int k, int to, ColumnRef c) {
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
            return parse.timeRules.timeColumn(); // "the date", "the time": the subject's one time
        }
        if (words.size() == 2 && (TIME_WORDS.contains(words.get(0)) || TIME_WORDS.contains(words.get(1)))) {
            String other = TIME_WORDS.contains(words.get(0)) ? words.get(1) : words.get(0);
            ColumnRef byVerb = parse.timeRules.verbTimeColumn(state.subject, other); // "date reported", "time reported"
            if (byVerb != null) {
                return byVerb;
            }
            ConceptTerm named = parse.conceptTerms.termOf(other);
            if (named != null && named.concepts().contains(state.subject)) {
                return parse.timeRules.timeColumn(); // "delivery time" of deliveries
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
            own.addAll(parse.groupingRules.kindColumns(state.subject, phrase));
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
        ConceptTerm term = parse.conceptTerms.termOf(phrase);
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
        ColumnRef label = parse.groupingRules.displayColumn(p.concept());
        return p.via() == null ? label : label.via(p.via());
    }

    static {
        Map<String, ColumnRole> m = new java.util.HashMap<>(Lexicon.ROLE_WORDS);
        m.put("code", ColumnRole.CODE);
        m.put("description", ColumnRole.DESCRIPTION);
        m.put("amount", ColumnRole.AMOUNT);
        m.put("quantity", ColumnRole.QUANTITY);
        SHOWN_ROLE_WORDS = Map.copyOf(m);
    }}
