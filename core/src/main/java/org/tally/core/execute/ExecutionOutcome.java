package org.tally.core.execute;

import java.util.Objects;
import org.tally.core.dialect.CostEstimate;

/**
 * How one execution ended. Every outcome carries the preflight note, so provenance can show it whatever
 * happened next. No outcome ever contains a parameter value.
 */
public sealed interface ExecutionOutcome permits ExecutionOutcome.Rows, ExecutionOutcome.Timeout,
        ExecutionOutcome.Cancelled, ExecutionOutcome.CostRejected, ExecutionOutcome.Failed {

    Preflight preflight();

    /** Wall time of the whole execution, preflight included. */
    long elapsedMs();

    /** The statement ran; here are its rows (possibly none). */
    record Rows(QueryResult result, Preflight preflight) implements ExecutionOutcome {
        public Rows {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(preflight, "preflight");
        }

        @Override
        public long elapsedMs() {
            return result.elapsedMs();
        }
    }

    /** The statement ran longer than the configured timeout and was stopped. */
    record Timeout(long limitMs, long elapsedMs, Preflight preflight) implements ExecutionOutcome {
        public Timeout {
            Objects.requireNonNull(preflight, "preflight");
        }
    }

    /** The caller cancelled through the {@link ExecutionHandle}. */
    record Cancelled(long elapsedMs, Preflight preflight) implements ExecutionOutcome {
        public Cancelled {
            Objects.requireNonNull(preflight, "preflight");
        }
    }

    /** The preflight estimate exceeded the limit; the statement never ran. */
    record CostRejected(CostEstimate estimate, double max, long elapsedMs) implements ExecutionOutcome {
        public CostRejected {
            Objects.requireNonNull(estimate, "estimate");
        }

        @Override
        public Preflight preflight() {
            return new Preflight.Rejected(estimate, max, elapsedMs);
        }
    }

    /**
     * The database (or driver) refused or failed the statement.
     *
     * @param sqlState the SQLSTATE the driver reported, or null when it gave none
     * @param message  what went wrong, in words; parameter values are masked out of it
     */
    record Failed(String sqlState, String message, long elapsedMs, Preflight preflight) implements ExecutionOutcome {
        public Failed {
            if (message == null || message.isBlank()) {
                throw new IllegalArgumentException("a failure needs a message");
            }
            Objects.requireNonNull(preflight, "preflight");
        }
    }
}
