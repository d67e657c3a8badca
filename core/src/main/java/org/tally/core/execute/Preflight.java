package org.tally.core.execute;

import java.util.Objects;
import org.tally.core.dialect.CostEstimate;

/**
 * What the cost preflight said, for provenance. An estimate that could not be made does not stop the run
 * (the statement timeout still bounds it); it is recorded as {@link Unavailable} with the reason.
 */
public sealed interface Preflight permits Preflight.Ok, Preflight.Rejected, Preflight.Unavailable {

    /** Time spent on the preflight. */
    long ms();

    /** A short note for the provenance view: {@code ok(...)}, {@code rejected(...)}, {@code unavailable(...)}. */
    String note();

    /** Under the limit; {@code reused} when the estimate is one this executor got shortly before (no EXPLAIN ran). */
    record Ok(CostEstimate cost, double max, long ms, boolean reused) implements Preflight {
        public Ok {
            Objects.requireNonNull(cost, "cost");
            requireTime(ms);
        }

        public Ok(CostEstimate cost, double max, long ms) {
            this(cost, max, ms, false);
        }

        @Override
        public String note() {
            return "ok(" + cost + ", limit " + CostEstimate.format(max) + (reused ? ", estimate reused" : "") + ")";
        }
    }

    record Rejected(CostEstimate cost, double max, long ms) implements Preflight {
        public Rejected {
            Objects.requireNonNull(cost, "cost");
            if (!(cost.value() > max)) {
                throw new IllegalArgumentException("a rejected estimate must exceed its limit: " + cost + " <= " + max);
            }
            requireTime(ms);
        }

        @Override
        public String note() {
            return "rejected(" + cost + " above the limit " + CostEstimate.format(max) + ")";
        }
    }

    /**
     * No estimate; the statement still runs, bounded by the timeout. {@code fromPlan}: the database gave a plan but
     * none Tally can read a number from (a property of the plan, like an estimate, so it may be reused), as against
     * an EXPLAIN that failed or was not reached; {@code reused}: this executor got that answer shortly before and no
     * EXPLAIN ran.
     */
    record Unavailable(String reason, long ms, boolean fromPlan, boolean reused) implements Preflight {
        public Unavailable {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("an unavailable preflight needs a reason");
            }
            if (reused && !fromPlan) {
                throw new IllegalArgumentException("only a plan without an estimate is reused, not a failed EXPLAIN");
            }
            requireTime(ms);
        }

        public Unavailable(String reason, long ms) {
            this(reason, ms, false, false);
        }

        @Override
        public String note() {
            return "unavailable(" + reason + (reused ? ", reused" : "") + ")";
        }
    }

    private static void requireTime(long ms) {
        if (ms < 0) {
            throw new IllegalArgumentException("ms must not be negative: " + ms);
        }
    }
}
