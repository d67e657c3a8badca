package org.tally.core.execute;

import java.util.Objects;

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

    record Unavailable(String reason, long ms) implements Preflight {
        public Unavailable {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("an unavailable preflight needs a reason");
            }
            requireTime(ms);
        }

        @Override
        public String note() {
            return "unavailable(" + reason + ")";
        }
    }

    private static void requireTime(long ms) {
        if (ms < 0) {
            throw new IllegalArgumentException("ms must not be negative: " + ms);
        }
    }
}
