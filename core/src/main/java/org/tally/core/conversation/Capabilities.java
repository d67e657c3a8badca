package org.tally.core.conversation;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.SpecRung;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.Concept;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;

/**
 * "What can you ask about admissions?", "what do you know about this hospital?": answered from the binding (what is
 * bound, how it can be grouped, dated and narrowed) and from suggestions that are known to answer, with no query
 * and no model.
 */
final class Capabilities {

    /** Values shown per column: enough to show what a condition can name. */
    private static final int VALUES_SHOWN = 5;

    private final SpecRung reader;
    private final SpecWords words;
    private final Suggestions suggestions;
    private final GrammarVocabulary vocab;

    Capabilities(SpecRung reader, SpecWords words, Suggestions suggestions) {
        this.reader = reader;
        this.words = words;
        this.suggestions = suggestions;
        this.vocab = reader.vocabulary();
    }

    /** The chips that came with the last answer made here. */
    private List<Suggestion> offered = List.of();

    List<Suggestion> offered() {
        return offered;
    }

    /** @param topic the words after "about" (empty: the whole source) */
    Answer answer(String question, String topic, PathStep step) {
        if (topic.isEmpty()) {
            return wholeSource(question, step);
        }
        Optional<String> concept = conceptOf(topic);
        if (concept.isEmpty()) {
            return Answer.refused(question, List.of(step), "Tally does not know '" + topic + "' on this source; ask"
                    + " \"what do you know about this hospital?\" to see what it holds.");
        }
        return aboutConcept(question, concept.get(), step);
    }

    private Answer wholeSource(String question, PathStep step) {
        List<List<Object>> rows = new ArrayList<>();
        List<String> concepts = new ArrayList<>();
        for (Concept c : suggestions.boundConcepts()) {
            String id = boundId(c.id());
            concepts.add(id);
            rows.add(List.of(SpecWords.capitalised(c.plural()), summary(id)));
        }
        offered = suggestions.questionsAbout(concepts);
        return answered(question, rows, step, "What this source holds, read from its binding; no database query was"
                + " needed.");
    }

    private Answer aboutConcept(String question, String concept, PathStep step) {
        List<List<Object>> rows = new ArrayList<>();
        String plural = words.plural(concept);
        rows.add(List.of("Counts", "how many " + plural + " (in a period, by a grouping, with conditions)"));
        List<String> groupings = new ArrayList<>();
        List<String> dates = new ArrayList<>();
        List<String> values = new ArrayList<>();
        List<String> amounts = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            ColumnRef ref = new ColumnRef(concept, c.role(), c.hint(), null);
            if (c.role().isTemporal()) {
                dates.add(words.column(ref));
            } else if (c.role().isNumeric()) {
                amounts.add(words.column(ref));
            } else if (!c.values().isEmpty() && c.role() != ColumnRole.NAME) {
                groupings.add("by " + words.column(ref));
                c.values().stream().limit(VALUES_SHOWN).forEach(v -> values.add(v.value()));
            }
        }
        Set<String> reached = new LinkedHashSet<>();
        vocab.forward(concept).stream().filter(p -> p.via() == null).forEach(p -> reached.add(words.singular(p.concept())));
        reached.forEach(r -> groupings.add("by " + r));
        if (!groupings.isEmpty()) {
            rows.add(List.of("Groupings", String.join(", ", groupings)));
        }
        if (!dates.isEmpty()) {
            rows.add(List.of("Periods", "by " + String.join(", ", dates) + " (this year, last month, in 2025 …),"
                    + " and trends per month"));
        }
        if (!amounts.isEmpty()) {
            rows.add(List.of("Totals and averages", String.join(", ", amounts)));
        }
        if (!values.isEmpty()) {
            rows.add(List.of("Conditions", "only " + String.join(", ", values) + " …"));
        }
        List<String> related = new ArrayList<>();
        for (String other : vocab.concepts()) {
            if (!other.equalsIgnoreCase(concept) && vocab.linked(concept, other)) {
                related.add(words.plural(other));
            }
        }
        if (!related.isEmpty()) {
            rows.add(List.of("Related records", "with or without " + String.join(", ", related)));
        }
        List<Suggestion> chips = new ArrayList<>(suggestions.questionsAbout(List.of(concept)));
        if (!chips.isEmpty()) {
            Suggestion base = chips.get(0);
            suggestions.after(base.spec(), null, null, new ResultDigest(0, List.of())).stream()
                    .map(s -> new Suggestion(s.label(), base.question().replaceAll("\\?$", "") + " "
                            + s.question().replaceAll("^and ", "").replaceAll("\\?$", "") + "?", s.kind(), s.spec()))
                    .filter(this::readsAlone)
                    .limit(Suggestions.MAX - 1L).forEach(chips::add);
        }
        offered = List.copyOf(chips);
        return answered(question, rows, step, "What can be asked about " + plural + ", read from the binding of this"
                + " source; no database query was needed.");
    }

    /** A capability chip's question is asked on its own (there is no answer to follow up): it must read so. */
    private boolean readsAlone(Suggestion s) {
        ParseOutcome read = reader.read(s.question(), Map.of());
        return read instanceof ParseOutcome.Parsed p && p.spec().equals(s.spec().withProvenance(p.spec().provenance()));
    }

    private String summary(String concept) {
        List<String> parts = new ArrayList<>();
        long groupings = vocab.columns(concept).stream().filter(c -> !c.values().isEmpty()
                && !c.role().isTemporal() && !c.role().isNumeric()).count();
        boolean dated = vocab.columns(concept).stream().anyMatch(c -> c.role().isTemporal());
        parts.add("counts");
        if (dated) {
            parts.add("periods and trends");
        }
        if (groupings > 0 || !vocab.forward(concept).isEmpty()) {
            parts.add("groupings");
        }
        if (vocab.columns(concept).stream().anyMatch(c -> c.role().isNumeric())) {
            parts.add("totals and averages");
        }
        return String.join(", ", parts);
    }

    private Optional<String> conceptOf(String topic) {
        for (String id : words.pack().conceptsNamedBy(topic)) {
            String bound = boundId(id);
            if (bound != null) {
                return Optional.of(bound);
            }
        }
        return Optional.empty();
    }

    private String boundId(String id) {
        return vocab.concepts().stream().filter(b -> b.equalsIgnoreCase(id)).findFirst().orElse(null);
    }

    private static Answer answered(String question, List<List<Object>> rows, PathStep step, String explanation) {
        return new Answer(question, AnswerStatus.ANSWERED, List.of("topic", "what you can ask"), rows, null,
                explanation, List.of(step), null, null, null);
    }
}
