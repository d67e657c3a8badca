package org.tally.core.planner;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.tally.core.binding.TableBinding;
import org.tally.core.names.NameTokens;

/** Builds the {@link Plan} of a schema context: vocabulary, schema, reader, and a prompt with examples that bind. */
final class PlanBuilder {

    private final NameTokens names;
    private final Map<String, String> labels;
    private final PlanTime time;
    private final Function<PlanReader, List<PlanExamples.Example>> examples;

    /**
     * @param labels   concept id → the words the prompt uses for it
     * @param examples the worked examples that pass a reader over the context's vocabulary
     */
    public PlanBuilder(NameTokens names, Map<String, String> labels, PlanTime time,
                       Function<PlanReader, List<PlanExamples.Example>> examples) {
        this.names = Objects.requireNonNull(names, "names");
        this.labels = Map.copyOf(labels);
        this.time = Objects.requireNonNull(time, "time");
        this.examples = Objects.requireNonNull(examples, "examples");
    }

    public Plan build(List<TableBinding> tables) {
        PlanVocabulary vocabulary = PlanVocabulary.of(tables, labels, names, time);
        PlanReader reader = new PlanReader(vocabulary);
        PlanPrompt prompt = PlanPrompt.of(vocabulary, examples.apply(reader));
        return new Plan(vocabulary, PlanSchema.of(vocabulary), reader, prompt);
    }
}
