package org.tally.core.safety;

/**
 * The safety policy's answer for one statement.
 *
 * @param allowed   whether the statement may run
 * @param reason    why it was refused, naming the construct and what to do instead; {@code null} when allowed
 * @param statement the statement to execute (with the outer row bound); {@code null} when refused. Execute this,
 *                  never the input: it is the policy's own rendering of what it checked.
 */
public record SafetyVerdict(boolean allowed, String reason, ValidatedStatement statement) {

    public SafetyVerdict {
        if (allowed) {
            if (statement == null || statement.sql().isBlank()) {
                throw new IllegalArgumentException("an allowed verdict needs the rewritten statement");
            }
            if (reason != null) {
                throw new IllegalArgumentException("an allowed verdict has no reason");
            }
        } else {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a refusal needs a reason");
            }
            if (statement != null) {
                throw new IllegalArgumentException("a refusal has no rewritten statement");
            }
        }
    }

    static SafetyVerdict allow(ValidatedStatement statement) {
        return new SafetyVerdict(true, null, statement);
    }

    public static SafetyVerdict refuse(String reason) {
        return new SafetyVerdict(false, reason, null);
    }

    /** The text of the statement to execute, or null when refused (what {@code check-sql} prints as "rewritten"). */
    public String rewritten() {
        return statement == null ? null : statement.sql();
    }
}
