package org.tally.core.memory;

import java.util.Objects;
import org.tally.core.dialect.Dialect;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SqlSafetyPolicy;

/**
 * The safety policy with the allowed verdicts it already reached, by their exact input: the statement text, the
 * dialect, the allow-list and the row cap. The policy is a pure function of these four, so a remembered verdict is
 * the verdict the full check would reach again, without parsing the statement twice more. Only allowed verdicts are
 * kept: a refusal can come from a parse that ran out of time, which says nothing about the text. Bounded: at most
 * {@code capacity} entries (the least recently used goes first) and only statements up to {@link #MAX_LENGTH}
 * characters.
 */
public final class VerdictMemory {

    /** Longer statements are checked every time; compiled statements are far shorter. */
    static final int MAX_LENGTH = 8_000;

    private record Input(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
    }

    private final SqlSafetyPolicy policy;
    private final RecentlyUsed<Input, SafetyVerdict> verdicts;

    public VerdictMemory(SqlSafetyPolicy policy, int capacity) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.verdicts = new RecentlyUsed<>(capacity);
    }

    /** {@link SqlSafetyPolicy#check}, or the allowed verdict it gave before for exactly this input. */
    public SafetyVerdict check(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
        boolean keepable = sql != null && sql.length() <= MAX_LENGTH;
        Input input = keepable ? new Input(sql, dialect, relations, maxRows) : null;
        SafetyVerdict known = input == null ? null : verdicts.get(input);
        if (known != null) {
            return known;
        }
        SafetyVerdict verdict = policy.check(sql, dialect, relations, maxRows);
        if (verdict.allowed() && input != null) {
            verdicts.put(input, verdict);
        }
        return verdict;
    }

    int size() {
        return verdicts.size();
    }

    long hits() {
        return verdicts.hits();
    }
}
