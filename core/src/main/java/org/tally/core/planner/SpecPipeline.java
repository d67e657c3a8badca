package org.tally.core.planner;

import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;
import org.tally.core.spec.QuerySpec;

/**
 * "Bind and run this QuerySpec": the grammar rung's own canonicalise → bind → compile → validate → preflight →
 * execute, so a planned spec meets exactly the checks a parsed one does. The planner depends on nothing else of it.
 */
@FunctionalInterface
public interface SpecPipeline {

    Rung.Attempt run(String question, QuerySpec spec, StepListener live);
}
