package org.tally.core.planner;

/**
 * How long a question may plan and how much the model may write.
 *
 * @param deadlineMs the whole budget of one question: the first attempt and the one repair together
 * @param maxTokens  the most tokens one attempt may write (a spec is 20 to 120 tokens; the schema bounds it)
 */
public record PlannerSettings(long deadlineMs, int maxTokens) {

    /** 20 s per question, 384 tokens per attempt. */
    public static final PlannerSettings DEFAULTS = new PlannerSettings(20_000, 384);

    public PlannerSettings {
        if (deadlineMs < 1) {
            throw new IllegalArgumentException("the planner's deadline must be at least 1 ms, not " + deadlineMs);
        }
        if (maxTokens < 16) {
            throw new IllegalArgumentException("a planner attempt needs at least 16 tokens, not " + maxTokens);
        }
    }

    public PlannerSettings withDeadlineMs(long ms) {
        return new PlannerSettings(ms, maxTokens);
    }
}
