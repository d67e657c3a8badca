package org.tally.core.planner;

/**
 * A local language model that writes one JSON text under a JSON schema (docs/architecture.md, "Local models"). The llama.cpp adapter in the
 * {@code models} module implements it; core never sees a model runtime. An implementation turns the schema into its
 * runtime's constrained-decoding grammar, keeps {@link PlanRequest#system()} as a cached prompt prefix, stops at the
 * deadline, and never throws for a generation that went wrong: it says so in the {@link Generation}.
 */
public interface Planner {

    /** The loaded model: its name and SHA-256 (shown with every answer it read) and how it runs. */
    ModelInfo model();

    /** Generates one answer to {@code request}, stopping when {@code deadline} passes. Blocks; one call at a time. */
    Generation generate(PlanRequest request, Deadline deadline);
}
