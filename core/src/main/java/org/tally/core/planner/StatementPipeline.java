package org.tally.core.planner;

import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;

/**
 * "Validate and run this statement": the grammar rung's own validate → preflight → execute for one statement a model
 * wrote, under the same safety policy, allow-list and read-only bounds as a compiled statement. Rung 4 depends on
 * nothing else of it.
 */
@FunctionalInterface
public interface StatementPipeline {

    Rung.Attempt run(String question, String sql, String explanation, StepListener live);
}
