package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tally.core.pack.ObservedValue;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.PredicateDefinition;
import org.tally.core.pack.Resolution;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;

/** Values and predicates: the longest phrase that is a pack predicate of a concept or names its recorded values. */
final class ValueRules extends RuleFamily {

    private static final java.util.regex.Pattern NUMBERED = java.util.regex.Pattern.compile("(\\D*?)[ -]?0*(\\d+)");

    ValueRules(QuestionParser parse) {
        super(parse);
    }

    // ---------------------------------------------------------------- values and predicates

    /** The longest phrase at {@code i} that is a predicate of the concept or names observed values; 0 if none. */
    int valuePhrase(int i, int to, String concept, boolean location) {
        int named = namedColumnValue(i, to, concept);
        if (named > 0) {
            return named;
        }
        String inapplicable = null;
        for (int n = Math.min(5, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
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
                    state.readingPhrase = phrase;
                    List<Filter> bound = parse.predicateBinding.bindPredicate(p.get(), def.get(), concept);
                    state.addFilters(bound);
                    parse.timeRules.datedBy(bound, concept, i + n);
                    return n;
                }
                String reached = afterPreposition(i) ? referredConceptFor(p.get(), concept) : null;
                if (reached != null) {
                    state.readingPhrase = phrase; // "a prescription for a controlled drug": the drug is controlled
                    int scopes = state.related.size();
                    List<Filter> onReached = parse.predicateBinding.bindPredicate(p.get(), p.get().on(reached).orElseThrow(), reached);
                    if (state.related.size() != scopes) {
                        throw new GrammarMiss("'" + phrase + "' of " + reached + " cannot be checked from " + concept);
                    }
                    state.addFilters(onReached);
                    return n;
                }
                inapplicable = inapplicable == null ? phrase : inapplicable;
            }
            // a bare number is a value only after in/on/at ("in 3"): "patients 2" must not become a code
            boolean bareNumber = phrase.chars().allMatch(ch -> Character.isDigit(ch) || ch == ' ');
            List<Filter> values = bareNumber && !location ? null : valueFilters(phrase, concept);
            if (values != null) {
                state.addFilters(values);
                return n;
            }
            if (n == 1 && inapplicable != null) {
                throw new GrammarMiss("'" + inapplicable + "' does not apply to " + concept + " on this source");
            }
        }
        if (!location && i < to && lexicon.conceptsWithRoleHint(tokens.get(i).text()).isEmpty()
                && isValueClassPhrase(tokens.get(i).text())) {
            throw new GrammarMiss("'" + tokens.get(i).text() + "' matches no recorded value of " + concept
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
            String phrase = tokens.words(i, i + n);
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
    int columnValue(int i, int to, ColumnRef column) {
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
            String phrase = tokens.words(i, i + n);
            if (n == 1 && Lexicon.FILLERS.contains(phrase)) {
                return 0;
            }
            Resolution res = pack.valueResolver().resolve(phrase, col.role().jsonName(), column.concept(),
                    col.values());
            if (res instanceof Resolution.Matched) {
                List<String> values = new ArrayList<>();
                ((Resolution.Matched) res).values().forEach(v -> values.add(v.value()));
                state.addFilters(List.of(inFilter(column, values)));
                return n;
            }
            String numbered = n == 1 && tokens.get(i).isNumber() ? numberedValue(col, tokens.get(i).number()) : null;
            if (numbered != null) {
                state.addFilters(List.of(Filter.eq(column, Literal.of(numbered))));
                return 1;
            }
        }
        return 0;
    }

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
        if (tokens.word(k, "a") || tokens.word(k, "an") || tokens.word(k, "the") || tokens.word(k, "any")) {
            k--;
        }
        return tokens.word(k, "for") || tokens.word(k, "with") || tokens.word(k, "of") || tokens.word(k, "on") || tokens.word(k, "to")
                || tokens.word(k, "from") || tokens.word(k, "involving");
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

    boolean isValueClassPhrase(String phrase) {
        String key = ValueText.key(phrase);
        return pack.valueClasses().stream().anyMatch(vc -> vc.phrases().stream()
                .anyMatch(p -> ValueText.key(p).equals(key)));
    }

    /** Filters for a value phrase: the subject's own columns first, then columns of reachable concepts. */
    List<Filter> valueFilters(String phrase, String concept) {
        List<ValueCandidate> own = new ArrayList<>();
        candidates(concept, null, phrase, own);
        List<ValueCandidate> chosen = own;
        if (own.isEmpty()) {
            List<ValueCandidate> reached = new ArrayList<>();
            for (GrammarVocabulary.Path p : vocab.forward(concept)) {
                candidates(p.concept(), p.via(), phrase, reached);
            }
            chosen = reached;
        }
        if (chosen.isEmpty()) {
            return null;
        }
        if (chosen.size() > 1 && own.isEmpty()) {
            List<ValueCandidate> direct = chosen.stream().filter(c -> c.ref().via() == null).toList();
            boolean sameColumn = direct.size() == 1 && chosen.stream().allMatch(c -> c.ref().concept()
                    .equals(direct.get(0).ref().concept()) && c.ref().role() == direct.get(0).ref().role());
            if (sameColumn) {
                chosen = direct; // "stays admitted to Surgical Ward 1": the stay's own ward, not its bed's ward
            }
        }
        if (chosen.size() > 1 && own.isEmpty() && state.preferredReach != null) {
            List<ValueCandidate> preferred = chosen.stream().filter(c -> c.ref().concept().equals(state.preferredReach)
                    && c.ref().via() == null).toList();
            chosen = preferred.size() == 1 ? preferred : chosen; // "cardiology clinic": the clinic's name
        }
        if (chosen.size() == 1) {
            return List.of(chosen.get(0).filter());
        }
        List<String> labels = new ArrayList<>();
        chosen.forEach(c -> labels.add(c.label()));
        String label = clarify.choose("column", phrase, "Which '" + phrase + "' do you mean?", labels);
        return List.of(chosen.get(labels.indexOf(label)).filter());
    }

    void candidates(String concept, String via, String phrase, List<ValueCandidate> out) {
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
                    String pick = clarify.choose("value", phrase, "'" + phrase + "' can mean several things; which?", labels);
                    ((Resolution.Ambiguous) res).candidates().get(labels.indexOf(pick)).values()
                            .forEach(v -> values.add(v.value()));
                }
            }
            if (!values.isEmpty()) {
                ColumnRef base = ref(concept, c);
                ColumnRef r = via == null ? base : base.via(via);
                out.add(new ValueCandidate(r, inFilter(r, values), r.describe()));
            }
        }
    }

    static Filter inFilter(ColumnRef ref, List<String> values) {
        List<Literal> literals = new ArrayList<>();
        values.stream().distinct().sorted().forEach(v -> literals.add(Literal.of(v)));
        return literals.size() == 1 ? Filter.eq(ref, literals.get(0)) : new Filter.In(ref, literals);
    }}
