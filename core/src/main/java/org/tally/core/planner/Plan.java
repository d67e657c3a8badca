package org.tally.core.planner;

import java.util.Objects;

/**
 * Everything the planner uses for one schema context: what it may name, the schema of its output, the reader that
 * checks it, and the prompt's instruction part. Built once per context and reused while the context is the same.
 */
public record Plan(PlanVocabulary vocabulary, String schema, PlanReader reader, PlanPrompt prompt) {

    public Plan {
        Objects.requireNonNull(vocabulary, "vocabulary");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(prompt, "prompt");
    }
}
