package org.tally.core.safety;

import org.tally.core.memory.RecentlyUsed;
import org.tally.core.dialect.Dialect;

/**
 * Allowed verdicts the policy has already reached, by their exact input: the statement text, the dialect, the
 * allow-list and the row cap. The policy is a pure function of these four, so a remembered verdict is the verdict
 * the full check would reach again, without parsing the statement twice more. Only allowed verdicts are kept: a
 * refusal can come from a parse that ran out of time, which says nothing about the text. Bounded: at most
 * {@code capacity} entries (the least recently used goes first) and only statements up to {@link #MAX_LENGTH}
 * characters.
 */
final class VerdictMemory {

    /** Longer statements are checked every time; compiled statements are far shorter. */
    static final int MAX_LENGTH = 8_000;

    private record Input(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
    }

    private final RecentlyUsed<Input, SafetyVerdict> verdicts;

    VerdictMemory(int capacity) {
        this.verdicts = new RecentlyUsed<>(capacity);
    }

    /** The remembered verdict for this input, or null. */
    SafetyVerdict recall(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
        if (sql == null || sql.length() > MAX_LENGTH) {
            return null;
        }
        return verdicts.get(new Input(sql, dialect, relations, maxRows));
    }

    /** Keeps an allowed verdict for this input; refusals and long statements are not kept. */
    void remember(String sql, Dialect dialect, AllowedRelations relations, long maxRows,
                               SafetyVerdict verdict) {
        if (verdict.allowed() && sql != null && sql.length() <= MAX_LENGTH) {
            verdicts.put(new Input(sql, dialect, relations, maxRows), verdict);
        }
    }

    int size() {
        return verdicts.size();
    }

    long hits() {
        return verdicts.hits();
    }
}
