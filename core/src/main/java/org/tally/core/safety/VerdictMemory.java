package org.tally.core.safety;

import java.util.LinkedHashMap;
import java.util.Map;
import org.tally.core.source.Dialect;

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

    private final int capacity;
    private final Map<Input, SafetyVerdict> verdicts;
    private long hits;

    VerdictMemory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.verdicts = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Input, SafetyVerdict> eldest) {
                return size() > VerdictMemory.this.capacity;
            }
        };
    }

    /** The remembered verdict for this input, or null. */
    synchronized SafetyVerdict recall(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
        if (sql == null || sql.length() > MAX_LENGTH) {
            return null;
        }
        SafetyVerdict verdict = verdicts.get(new Input(sql, dialect, relations, maxRows));
        if (verdict != null) {
            hits++;
        }
        return verdict;
    }

    /** Keeps an allowed verdict for this input; refusals and long statements are not kept. */
    synchronized void remember(String sql, Dialect dialect, AllowedRelations relations, long maxRows,
                               SafetyVerdict verdict) {
        if (verdict.allowed() && sql != null && sql.length() <= MAX_LENGTH) {
            verdicts.put(new Input(sql, dialect, relations, maxRows), verdict);
        }
    }

    synchronized int size() {
        return verdicts.size();
    }

    synchronized long hits() {
        return hits;
    }
}
