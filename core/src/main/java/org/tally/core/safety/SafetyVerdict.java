package org.tally.core.safety;

/**
 * The safety policy's answer for one statement.
 *
 * @param allowed   whether the statement may run
 * @param reason    why it was refused, naming the construct and what to do instead; {@code null} when allowed
 * @param rewritten the statement to execute (with the outer row bound); {@code null} when refused. Execute this
 *                  text, never the input: it is the policy's own rendering of what it checked.
 */
public record SafetyVerdict(boolean allowed, String reason, String rewritten) {

    public SafetyVerdict {
        if (allowed) {
            if (rewritten == null || rewritten.isBlank()) {
                throw new IllegalArgumentException("an allowed verdict needs the rewritten statement");
            }
            if (reason != null) {
                throw new IllegalArgumentException("an allowed verdict has no reason");
            }
        } else {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a refusal needs a reason");
            }
            if (rewritten != null) {
                throw new IllegalArgumentException("a refusal has no rewritten statement");
            }
        }
    }

    public static SafetyVerdict allow(String rewritten) {
        return new SafetyVerdict(true, null, rewritten);
    }

    public static SafetyVerdict refuse(String reason) {
        return new SafetyVerdict(false, reason, null);
    }
}
