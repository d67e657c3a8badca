package org.tally.core.answer;

import java.util.List;

/** One rung of the answer ladder (docs/architecture.md, "The ladder"): it answers, or misses with a typed reason. */
public interface Rung {

    /** The rung's name in provenance: focus, meta, grammar, planner, raw_sql, snapshot, retrieval. */
    String name();

    Attempt attempt(String question);

    /**
     * As {@link #attempt(String)}, telling {@code live} about each step inside the rung as it ends. A rung that does
     * not report as it goes tells {@code live} its steps when it is done.
     */
    default Attempt attempt(String question, StepListener live) {
        Attempt a = attempt(question);
        a.steps().forEach(live::step);
        return a;
    }

    /** What a rung did with a question. */
    sealed interface Attempt permits Attempt.Done, Attempt.Miss {

        /** Steps inside the rung (bind, compile, validate, execute …), in order. */
        List<PathStep> steps();

        /** How many times the rung tried (the planner: 1 or 2), shown on its path step; null when it tries once. */
        Integer attempts();

        /** The rung decided the question: answered, asked to clarify, refused outright, or failed visibly. */
        record Done(Answer answer, List<PathStep> steps, Integer attempts) implements Attempt {
            public Done {
                steps = List.copyOf(steps);
            }

            public Done(Answer answer, List<PathStep> steps) {
                this(answer, steps, null);
            }
        }

        /**
         * The rung does not apply; the next rung is tried.
         *
         * @param attempts how many times the rung tried (see {@link Attempt#attempts()}), null when it tries once
         * @param applies  false when the question is not of the kind this rung reads at all (a question that is not
         *                 about what records say, to retrieval): the miss stays in the path but does not become the
         *                 reason a refusal gives
         */
        record Miss(String reason, List<PathStep> steps, Integer attempts, boolean applies) implements Attempt {
            public Miss {
                if (reason == null || reason.isBlank()) {
                    throw new IllegalArgumentException("a miss needs a reason");
                }
                steps = List.copyOf(steps);
            }

            public Miss(String reason, List<PathStep> steps) {
                this(reason, steps, null, true);
            }

            /** A miss after {@code attempts} tries. */
            public Miss(String reason, List<PathStep> steps, Integer attempts) {
                this(reason, steps, attempts, true);
            }

            /** A miss of a rung that does not read this kind of question. */
            public static Miss notApplicable(String reason) {
                return new Miss(reason, List.of(), null, false);
            }
        }
    }
}
