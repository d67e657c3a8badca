package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    private static final Pattern NUMBERED = Pattern.compile("(\\D*?)[ -]?0*(\\d+)");

    ValueRules(Rules rules) {
        super(rules);
    }

    // ---------------------------------------------------------------- values and predicates

    /**
     * The longest phrase at {@code i} that is a predicate of the concept or names observed values: the tokens read
     * (0 if none) and {@code r} with its conditions.
     */
    Result<Read> valuePhrase(int i, int to, Reading r, String concept, boolean location) {
        Result<Read> named = namedColumnValue(i, to, r, concept);
        if (named.stopped() || named.value().matched()) {
            return named;
        }
        String inapplicable = null;
        for (int n = Math.min(5, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            if (n == 1 && Lexicon.FILLERS.contains(phrase)) {
                if (inapplicable != null) {
                    // "currently admitted" of patients: a filler word must not swallow a predicate that misses
                    return Result.miss("'" + inapplicable + "' does not apply to " + concept + " on this source");
                }
                return Read.noneOk(r);
            }
            Optional<Predicate> p = pack.predicateForPhrase(phrase);
            if (p.isPresent()) {
                Optional<PredicateDefinition> def = p.get().on(concept);
                if (def.isPresent()) {
                    Result<PredicateBinding.Bound> bound = rules.predicateBinding.bindPredicate(p.get(), def.get(),
                            concept, phrase);
                    if (bound.stopped()) {
                        return bound.stop();
                    }
                    Result<TimeRules.DatedPredicate> related = rules.timeRules.relatedDatedBy(bound.value(), concept,
                            i + n);
                    if (related.stopped()) {
                        return related.stop();
                    }
                    int read = related.value().next() - i;
                    PredicateBinding.Bound withTime = related.value().bound();
                    return rules.timeRules.datedBy(withTime.filters(), concept, i + read, withTime.into(r))
                            .map(dated -> new Read(read, dated));
                }
                String reached = afterPreposition(i) ? referredConceptFor(p.get(), concept) : null;
                if (reached != null) {
                    // "a prescription for a controlled drug": the drug is controlled
                    Result<PredicateBinding.Bound> onReached = rules.predicateBinding.bindPredicate(p.get(),
                            p.get().on(reached).orElseThrow(), reached, phrase);
                    if (onReached.stopped()) {
                        return onReached.stop();
                    }
                    if (!onReached.value().related().isEmpty()) {
                        return Result.miss("'" + phrase + "' of " + reached + " cannot be checked from " + concept);
                    }
                    return Read.ok(n, r.withConditions(onReached.value().filters()));
                }
                inapplicable = inapplicable == null ? phrase : inapplicable;
            }
            // a bare number is a value only after in/on/at ("in 3"): "patients 2" must not become a code
            boolean bareNumber = phrase.chars().allMatch(ch -> Character.isDigit(ch) || ch == ' ');
            if (!bareNumber || location) {
                Result<List<Filter>> values = valueFilters(phrase, concept, r.preferredReach());
                if (values.stopped()) {
                    return values.stop();
                }
                if (values.value() != null) {
                    return Read.ok(n, r.withConditions(values.value()));
                }
            }
            if (n == 1 && inapplicable != null) {
                return Result.miss("'" + inapplicable + "' does not apply to " + concept + " on this source");
            }
        }
        if (!location && i < to && lexicon.conceptsWithRoleHint(tokens.get(i).text()).isEmpty()
                && isValueClassPhrase(tokens.get(i).text())) {
            return Result.miss("'" + tokens.get(i).text() + "' matches no recorded value of " + concept
                    + " on this source");
        }
        return Read.noneOk(r);
    }

    /**
     * "acuity level 1", "triage category 2": a role phrase naming exactly one column of the concept, then one of that
     * column's recorded values (a bare number is allowed here, since the column is named). Returns the tokens read.
     */
    private Result<Read> namedColumnValue(int i, int to, Reading r, String concept) {
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
            Read v = columnValue(i + n, to, r, named.get(0));
            if (v.matched()) {
                return Read.ok(n + v.n(), v.reading());
            }
        }
        return Read.noneOk(r);
    }

    /**
     * The longest phrase at {@code i} that names recorded values of exactly this column (a bare number included):
     * the tokens read (0 when it names none) and {@code r} with its filter.
     */
    Read columnValue(int i, int to, Reading r, ColumnRef column) {
        GrammarVocabulary.Column col = null;
        for (GrammarVocabulary.Column c : vocab.columns(column.concept())) {
            if (ref(column.concept(), c).equals(column.via() == null ? column : new ColumnRef(column.concept(),
                    column.role(), column.hint(), null))) {
                col = c;
            }
        }
        if (col == null) {
            return Read.none(r);
        }
        for (int n = Math.min(4, to - i); n >= 1; n--) {
            String phrase = tokens.words(i, i + n);
            if (n == 1 && Lexicon.FILLERS.contains(phrase)) {
                return Read.none(r);
            }
            Resolution res = pack.valueResolver().resolve(phrase, col.role().jsonName(), column.concept(),
                    col.values());
            if (res instanceof Resolution.Matched matched2) {
                List<String> values = new ArrayList<>();
                matched2.values().forEach(v -> values.add(v.value()));
                return new Read(n, r.withConditions(List.of(inFilter(column, values))));
            }
            String numbered = n == 1 && tokens.get(i).isNumber() ? numberedValue(col, tokens.get(i).number()) : null;
            if (numbered != null) {
                return new Read(1, r.withConditions(List.of(Filter.eq(column, Literal.of(numbered)))));
            }
        }
        return Read.none(r);
    }

    /**
     * "theatre 2" on a column whose every value is one prefix and a number ("OT-1" … "OT-4", "Theatre 1" …): the
     * value carrying that number. Null when the values are not such a series or none carries it.
     */
    private static String numberedValue(GrammarVocabulary.Column col, int number) {
        String prefix = null;
        String hit = null;
        for (ObservedValue v : col.values()) {
            Matcher m = NUMBERED.matcher(v.value());
            if (!m.matches()) {
                return null;
            }
            String p = m.group(1).toLowerCase(Locale.ROOT);
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

    /**
     * Filters for a value phrase: the subject's own columns first, then columns of reachable concepts; null when the
     * phrase names no recorded value. {@code preferred} (a concept named right before the subject) wins a tie.
     */
    Result<List<Filter>> valueFilters(String phrase, String concept, String preferred) {
        Result<List<ValueCandidate>> ownRead = candidates(concept, null, phrase);
        if (ownRead.stopped()) {
            return ownRead.stop();
        }
        List<ValueCandidate> own = ownRead.value();
        List<ValueCandidate> chosen = own;
        if (own.isEmpty()) {
            List<ValueCandidate> reached = new ArrayList<>();
            for (GrammarVocabulary.Path p : vocab.forward(concept)) {
                Result<List<ValueCandidate>> found = candidates(p.concept(), p.via(), phrase);
                if (found.stopped()) {
                    return found.stop();
                }
                reached.addAll(found.value());
            }
            chosen = reached;
        }
        if (chosen.isEmpty()) {
            return Result.ok(null);
        }
        if (chosen.size() > 1 && own.isEmpty()) {
            List<ValueCandidate> direct = chosen.stream().filter(c -> c.ref().via() == null).toList();
            boolean sameColumn = direct.size() == 1 && chosen.stream().allMatch(c -> c.ref().concept()
                    .equals(direct.get(0).ref().concept()) && c.ref().role() == direct.get(0).ref().role());
            if (sameColumn) {
                chosen = direct; // "stays admitted to Surgical Ward 1": the stay's own ward, not its bed's ward
            }
        }
        if (chosen.size() > 1 && own.isEmpty() && preferred != null) {
            List<ValueCandidate> preferredOnes = chosen.stream().filter(c -> c.ref().concept().equals(preferred)
                    && c.ref().via() == null).toList();
            chosen = preferredOnes.size() == 1 ? preferredOnes : chosen; // "cardiology clinic": the clinic's name
        }
        return oneFilter(chosen, phrase).map(List::of);
    }

    /** The filter of the one candidate, or of the one the user picks among several. */
    Result<Filter> oneFilter(List<ValueCandidate> candidates, String phrase) {
        if (candidates.size() == 1) {
            return Result.ok(candidates.get(0).filter());
        }
        List<String> labels = new ArrayList<>();
        candidates.forEach(c -> labels.add(c.label()));
        return clarify.choose("column", phrase, "Which '" + phrase + "' do you mean?", labels)
                .map(label -> candidates.get(labels.indexOf(label)).filter());
    }

    /** The columns of {@code concept} (reached through {@code via}, when not null) holding values the phrase names. */
    Result<List<ValueCandidate>> candidates(String concept, String via, String phrase) {
        List<ValueCandidate> out = new ArrayList<>();
        String phraseKey = ValueText.key(phrase);
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            List<String> values = new ArrayList<>();
            for (GrammarVocabulary.ValueAlias a : vocab.aliases()) {
                if (a.concept().equals(concept) && a.role() == c.role() && Objects.equals(a.hint(), c.hint())
                        && ValueText.key(a.phrase()).equals(phraseKey)) {
                    values.add(a.value());
                }
            }
            if (values.isEmpty() && !c.values().isEmpty() && c.role() != ColumnRole.FLAG) {
                Resolution res = pack.valueResolver().resolveOrNull(phrase, c.role().jsonName(), concept, c.values());
                if (res instanceof Resolution.Matched matched3) {
                    matched3.values().forEach(v -> values.add(v.value()));
                } else if (res instanceof Resolution.Ambiguous ambiguous) {
                    List<String> labels = new ArrayList<>();
                    for (Resolution.Candidate cand : ambiguous.candidates()) {
                        labels.add(cand.valueClass() == null ? "'" + phrase + "' as written" : cand.valueClass());
                    }
                    Result<String> pick = clarify.choose("value", phrase, "'" + phrase + "' can mean several things;"
                            + " which?", labels);
                    if (pick.stopped()) {
                        return pick.stop();
                    }
                    ambiguous.candidates().get(labels.indexOf(pick.value())).values()
                            .forEach(v -> values.add(v.value()));
                }
            }
            if (!values.isEmpty()) {
                ColumnRef base = ref(concept, c);
                ColumnRef r = via == null ? base : base.via(via);
                out.add(new ValueCandidate(r, inFilter(r, values), r.describe()));
            }
        }
        return Result.ok(out);
    }

    static Filter inFilter(ColumnRef ref, List<String> values) {
        List<Literal> literals = new ArrayList<>();
        values.stream().distinct().sorted().forEach(v -> literals.add(Literal.of(v)));
        return literals.size() == 1 ? Filter.eq(ref, literals.get(0)) : new Filter.In(ref, literals);
    }
}
