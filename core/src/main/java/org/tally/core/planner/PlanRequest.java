package org.tally.core.planner;

import java.util.Objects;

/**
 * One generation: a fixed instruction part that the runtime keeps cached between questions, the question part, and
 * the JSON schema the output must follow. The texts may describe the source's concepts and observed values; they
 * never hold personal data, and they are never written to a log.
 *
 * @param system    the instructions, the source's concepts and the examples: the same for every question on a source
 * @param user      the question (and, on a repair, the previous output's error)
 * @param schema    the JSON schema of the output (a QuerySpec restricted to what this source's binding offers)
 * @param maxTokens the most tokens to generate
 */
public record PlanRequest(String system, String user, String schema, int maxTokens) {

    public PlanRequest {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(schema, "schema");
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be at least 1, not " + maxTokens);
        }
    }

    /** Sizes only: a request's text must never reach a log line. */
    @Override
    public String toString() {
        return "PlanRequest[system " + system.length() + " chars, user " + user.length() + " chars, schema "
                + schema.length() + " chars, max " + maxTokens + " tokens]";
    }
}
