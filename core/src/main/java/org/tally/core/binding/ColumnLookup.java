package org.tally.core.binding;

import java.util.List;
import java.util.Objects;

/** The answer to "which column of this concept has this role (and name hint)": exactly one, none, or several. */
sealed interface ColumnLookup {

    /** Exactly one column fits. */
    record Found(TableBinding table, ColumnBinding column) implements ColumnLookup {
        public Found {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(column, "column");
        }
    }

    /** No column fits; {@code reason} says what is missing (no table for the concept, no such role, hint unmet). */
    record Missing(String reason) implements ColumnLookup {
        public Missing {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Several columns fit equally: the caller asks, never picks. */
    record Ambiguous(TableBinding table, List<ColumnBinding> candidates) implements ColumnLookup {
        public Ambiguous {
            candidates = List.copyOf(candidates);
            if (candidates.size() < 2) {
                throw new IllegalArgumentException("ambiguity needs at least two candidates");
            }
        }
    }
}
