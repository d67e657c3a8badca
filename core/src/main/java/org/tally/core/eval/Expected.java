package org.tally.core.eval;

import java.util.List;
import java.util.Objects;

/** What a suite says the answer to one question is: given rows, a gold statement to run, or no answer at all. */
public sealed interface Expected {

    /**
     * Rows written in the suite itself (the EHRSQL answer file): every value as the suite spelled it, compared
     * after the same normalisation as Tally's values.
     */
    record Rows(List<List<Object>> rows, boolean ordered) implements Expected {
        public Rows {
            rows = GoldTable.copyRows(rows);
        }
    }

    /**
     * A hand-written statement whose result on the source is the expected answer. Alternatives are other readings:
     * one whose label starts "ok:" is an equally right answer, any other names a known wrong reading.
     */
    record GoldSql(String sql, boolean ordered, List<Alternative> alternatives) implements Expected {
        public GoldSql {
            Objects.requireNonNull(sql, "sql");
            if (sql.isBlank()) {
                throw new IllegalArgumentException("a gold statement must not be empty");
            }
            alternatives = List.copyOf(alternatives);
        }
    }

    /** The question cannot be answered from this source (or must not be): answering it is a mistake. */
    record NoAnswer(String why) implements Expected {
        public NoAnswer {
            Objects.requireNonNull(why, "why");
        }
    }

    /** Another reading of a question with its own statement. */
    record Alternative(String label, String sql) {
        public Alternative {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(sql, "sql");
        }

        public boolean acceptable() {
            return label.startsWith("ok:");
        }
    }
}
