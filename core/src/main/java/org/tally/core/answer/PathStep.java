package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * One entry of an answer's provenance: a rung of the ladder ({@code focus}, {@code meta}, {@code grammar},
 * {@code planner}, {@code raw_sql}, {@code snapshot}, {@code retrieval}) or a pipeline step inside one
 * ({@code bind}, {@code compile}, {@code validate}, {@code preflight}, {@code execute}).
 */
@JsonPropertyOrder({"rung", "outcome", "reason", "ms", "attempts"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PathStep(String rung, Outcome outcome, String reason, long ms, Integer attempts) {

    /**
     * @param attempts how many times a rung that may try twice (the planner: a first reading and one repair) tried;
     *                 null for every other step
     */
    public PathStep {
        Objects.requireNonNull(rung, "rung");
        Objects.requireNonNull(outcome, "outcome");
        if (ms < 0) {
            throw new IllegalArgumentException("ms must not be negative: " + ms);
        }
        if (attempts != null && attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1 when given: " + attempts);
        }
    }

    public PathStep(String rung, Outcome outcome, String reason, long ms) {
        this(rung, outcome, reason, ms, null);
    }
}
