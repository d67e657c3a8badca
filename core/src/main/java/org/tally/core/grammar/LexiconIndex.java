package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.NameHint;
import org.tally.core.pack.ObservedValue;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.Resolution;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueClass;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRole;

/**
 * Every phrase one source understands, with each of its meanings and why: concept terms (the pack's and the bound
 * tables' names), role phrases and column names of each concept, the values its columns hold in each stored spelling
 * (and the pack's value-class phrases that resolve to them), predicates, administrator aliases, and the words of the
 * questions themselves. Built once per vocabulary (one binding version); looked up by {@link ValueText#key}.
 */
final class LexiconIndex {

    /** Words naming a column by its role ("by status", "with their code"). */
    private static final Map<String, ColumnRole> ROLE_WORDS = ProjectionRules.SHOWN_ROLE_WORDS;

    /** The words of the questions themselves, by kind: what the rules read them as. */
    private static final Map<String, Map<String, String>> QUESTION_WORDS = questionWords();

    private final List<LexiconEntry> entries = new ArrayList<>();
    private final Map<String, List<LexiconEntry>> byKey = new LinkedHashMap<>();

    LexiconIndex(DomainPack pack, GrammarVocabulary vocab) {
        for (Concept c : pack.concepts()) {
            boolean bound = vocab.concepts().contains(c.id());
            for (String term : c.terms()) {
                add(term, new LexiconEntry.Concept(c.id(), bound), "a name the pack gives " + c.id());
            }
            for (String words : vocab.tableWords(c.id())) {
                add(words, new LexiconEntry.Concept(c.id(), bound), "the name of the table holding " + c.id());
                add(words + "s", new LexiconEntry.Concept(c.id(), bound), "the name of the table holding " + c.id());
            }
        }
        for (String concept : vocab.concepts()) {
            columns(pack, vocab, concept);
        }
        for (Predicate p : pack.predicates()) {
            List<String> on = vocab.concepts().stream().filter(c -> p.on(c).isPresent()).toList();
            for (String phrase : p.phrases()) {
                add(phrase, new LexiconEntry.Predicate(p.id(), on), p.description());
            }
        }
        for (GrammarVocabulary.ValueAlias a : vocab.aliases()) {
            List<String> words = vocab.columns(a.concept()).stream()
                    .filter(c -> c.role() == a.role() && Objects.equals(c.hint(), a.hint()))
                    .findFirst().map(GrammarVocabulary.Column::nameTokens).orElse(List.of(a.role().jsonName()));
            add(a.phrase(), new LexiconEntry.Value(a.concept(), a.role(), words, a.value()),
                    "an administrator's alias in the override file");
        }
        QUESTION_WORDS.forEach((kind, words) -> words.forEach((word, means) ->
                add(word, new LexiconEntry.Word(kind, means), "a " + kind + " word of the grammar")));
        for (String filler : Lexicon.FILLERS) {
            add(filler, new LexiconEntry.Word("filler", "carries no meaning once a rule has matched"),
                    "a filler word of the grammar");
        }
    }

    private void columns(DomainPack pack, GrammarVocabulary vocab, String concept) {
        List<RoleHint> hints = pack.concept(concept).map(Concept::roleHints).orElse(List.of());
        for (RoleHint h : hints) {
            boolean held = vocab.columns(concept).stream().anyMatch(col -> h.roles().contains(col.role().jsonName()));
            if (!held && h.roles().contains(ColumnRole.DURATION.jsonName())) {
                h.phrases().forEach(p -> add(p, new LexiconEntry.Word("measure", "the duration of each " + concept
                        + ": its end time minus its start time"), "a phrase the pack uses for a duration of "
                        + concept + ", which this source keeps as a start and an end"));
            }
        }
        for (GrammarVocabulary.Column col : vocab.columns(concept)) {
            LexiconEntry.Column column = new LexiconEntry.Column(concept, col.role(), col.nameTokens());
            ROLE_WORDS.forEach((word, role) -> {
                if (col.role() == role) {
                    add(word, column, "the word for a column of this role");
                }
            });
            if (!col.nameTokens().isEmpty()) {
                add(String.join(" ", col.nameTokens()), column,
                        "the words of the column's name, abbreviations spelled out");
            }
            for (RoleHint h : hints) {
                boolean names = h.roles().contains(col.role().jsonName())
                        && (h.nameHints().isEmpty() || h.nameHints().stream().anyMatch((NameHint n) -> n.matches(col.nameTokens())));
                if (names) {
                    h.phrases().forEach(p -> add(p, column, "a phrase the pack uses for the "
                            + col.role().jsonName() + " of " + concept));
                }
            }
            for (ObservedValue v : col.values()) {
                add(v.value(), new LexiconEntry.Value(concept, col.role(), col.nameTokens(), v.value()),
                        "recorded in " + v.count() + " row" + (v.count() == 1 ? "" : "s"));
            }
            if (!col.values().isEmpty() && col.role() != ColumnRole.FLAG) {
                classPhrases(pack, concept, col);
            }
        }
    }

    /** The pack's value-class phrases that name values this column holds ("caesarean" for 'CS'). */
    private void classPhrases(DomainPack pack, String concept, GrammarVocabulary.Column col) {
        for (ValueClass vc : pack.valueClasses()) {
            if (!vc.appliesTo(col.role().jsonName(), concept)) {
                continue;
            }
            for (String phrase : vc.phrases()) {
                Resolution res = pack.valueResolver().resolveOrNull(phrase, col.role().jsonName(), concept, col.values());
                List<ObservedValue> values = res instanceof Resolution.Matched m ? m.values() : List.of();
                String several = "";
                if (res instanceof Resolution.Ambiguous a) {
                    values = a.candidates().stream().flatMap(c -> c.values().stream()).distinct().toList();
                    several = "; one of several readings, so the grammar asks which";
                }
                for (ObservedValue v : values) {
                    add(phrase, new LexiconEntry.Value(concept, col.role(), col.nameTokens(), v.value()),
                            "the pack's value class '" + vc.id() + "'" + several);
                }
            }
        }
    }

    private void add(String phrase, LexiconEntry.Meaning meaning, String why) {
        String key = ValueText.key(phrase);
        if (key.isEmpty()) {
            return;
        }
        List<LexiconEntry> same = byKey.computeIfAbsent(key, k -> new ArrayList<>());
        if (same.stream().anyMatch(e -> e.meaning().equals(meaning))) {
            return;
        }
        LexiconEntry e = new LexiconEntry(phrase.toLowerCase(Locale.ROOT), meaning, why);
        same.add(e);
        entries.add(e);
    }

    List<LexiconEntry> entries() {
        return List.copyOf(entries);
    }

    List<LexiconEntry> lookup(String key) {
        return List.copyOf(byKey.getOrDefault(key, List.of()));
    }

    Set<String> keys() {
        return byKey.keySet();
    }

    private static Map<String, Map<String, String>> questionWords() {
        Map<String, Map<String, String>> words = new LinkedHashMap<>();
        Map<String, String> time = new LinkedHashMap<>();
        for (String w : new String[] {"today", "yesterday", "tomorrow"}) {
            time.put(w, "that day");
        }
        for (String w : new String[] {"this", "current", "last", "previous", "next", "coming", "past"}) {
            time.put(w, "a week, month, quarter or year counted from today");
        }
        for (String w : new String[] {"since", "before", "after", "between", "from", "during", "in"}) {
            time.put(w, "a period of time follows");
        }
        for (String w : new String[] {"hour", "day", "week", "month", "quarter", "year"}) {
            time.put(w, "a calendar period (this, last, next …) or a time bucket (per …)");
        }
        for (String m : new String[] {"january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december"}) {
            time.put(m, "that month (its latest occurrence that has begun, without a year)");
        }
        words.put("time", time);
        Map<String, String> measure = new LinkedHashMap<>();
        measure.put("how many", "a count of rows");
        measure.put("number of", "a count of rows");
        measure.put("count", "a count of rows");
        measure.put("how much", "a sum of an amount");
        for (String w : new String[] {"average", "mean", "avg"}) {
            measure.put(w, "the average of a number");
        }
        measure.put("median", "the median of a number");
        for (String w : new String[] {"maximum", "max", "highest", "longest"}) {
            measure.put(w, "the largest value of a number");
        }
        for (String w : new String[] {"minimum", "min", "lowest", "shortest"}) {
            measure.put(w, "the smallest value of a number");
        }
        measure.put("total", "a sum of an amount, or a count");
        measure.put("sum", "a sum of an amount");
        for (String w : new String[] {"percentage", "percent", "proportion", "share", "fraction", "rate"}) {
            measure.put(w, "a percentage of rows with a condition");
        }
        words.put("measure", measure);
        Map<String, String> comparison = new LinkedHashMap<>();
        for (String w : new String[] {"over", "more than", "above", "longer than"}) {
            comparison.put(w, "greater than a number");
        }
        for (String w : new String[] {"under", "less than", "below", "shorter than", "fewer than"}) {
            comparison.put(w, "less than a number");
        }
        comparison.put("at least", "a number or more");
        comparison.put("at most", "a number or less");
        comparison.put("exactly", "that number");
        words.put("comparison", comparison);
        Map<String, String> unit = new LinkedHashMap<>();
        for (String w : new String[] {"days", "weeks", "hours", "minutes"}) {
            unit.put(w, "a unit of time for a duration");
        }
        for (String w : new String[] {"grams", "kg", "kilograms"}) {
            unit.put(w, "a unit a measured column's name must carry");
        }
        words.put("unit", unit);
        Map<String, String> grouping = new LinkedHashMap<>();
        for (String w : new String[] {"by", "per", "for each", "in each", "broken down by", "split by", "grouped by"}) {
            grouping.put(w, "a grouping follows");
        }
        for (String w : new String[] {"daily", "weekly", "monthly", "quarterly", "yearly", "annually", "over time"}) {
            grouping.put(w, "a trend by time bucket");
        }
        words.put("grouping", grouping);
        Map<String, String> question = new LinkedHashMap<>();
        for (String w : new String[] {"is there", "are there", "do we have", "have we ever"}) {
            question.put(w, "whether any row exists");
        }
        for (String w : new String[] {"list", "show", "show me", "display", "give me", "which", "what"}) {
            question.put(w, "a list of rows (or a count per group)");
        }
        for (String w : new String[] {"find", "look up"}) {
            question.put(w, "one row named by a recorded value");
        }
        for (String w : new String[] {"top", "most common", "most frequent", "the most"}) {
            question.put(w, "a ranking");
        }
        for (String w : new String[] {"with", "without", "with no", "who never had"}) {
            question.put(w, "a condition on related records (or on the rows' own values)");
        }
        words.put("question", question);
        return words;
    }
}
