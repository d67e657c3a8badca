package org.tally.core.dialect;

/**
 * What a preflight cost number measures. Each database estimates in its own currency, so each unit carries its own
 * limit and numbers are never compared across units. The units and their limits are defined by the dialects
 * ({@link SqlDialect#costUnit}); the limits are calibrated by the gold-ratio benchmark (docs/benchmarks.md).
 *
 * @param description  what the number counts, for people ("PostgreSQL planner cost units")
 * @param defaultLimit the largest estimate that runs by default: above it the statement is rejected before it runs
 */
public record CostUnit(String description, double defaultLimit) {

    public CostUnit {
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("a cost unit needs a description");
        }
        requirePositiveLimit(description, defaultLimit);
    }

    /** @throws IllegalArgumentException unless {@code limit} is a positive finite number */
    public static void requirePositiveLimit(String what, double limit) {
        if (!(limit > 0) || Double.isInfinite(limit)) {
            throw new IllegalArgumentException(what + " must be a positive finite cost limit, got " + limit);
        }
    }
}
