package org.tally.core.planner;

import java.util.Objects;
import org.tally.core.spec.QuerySpec;

/** What the planner's reader made of a model's output: a checked, canonical spec, or a typed rejection. */
public sealed interface PlanReading {

    /** The output is a spec naming only what the binding offers, in canonical form. */
    record Read(QuerySpec spec) implements PlanReading {
        public Read {
            Objects.requireNonNull(spec, "spec");
        }
    }

    /** The output was not used, and why. */
    record Rejected(PlanError error) implements PlanReading {
        public Rejected {
            Objects.requireNonNull(error, "error");
        }
    }
}
