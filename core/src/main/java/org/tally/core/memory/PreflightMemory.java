package org.tally.core.memory;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;
import org.tally.core.execute.EstimateMemory;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.Preflight;
import org.tally.core.execute.SqlParameter;

/**
 * Cost estimates an executor got from EXPLAIN, by exact statement: the connection, the SQL text and the bound
 * values. Reused for at most {@code reuse} after the EXPLAIN ran: an estimate follows the table statistics, which
 * change slowly, and a stale one only matters at the limit, where the statement timeout still stops a run. Kept are
 * real estimates (under or over the limit) and plans without a number Tally can read
 * ({@link Preflight.Unavailable#fromPlan()}: H2's plans with subqueries, for one; the shape of a plan changes no
 * faster than its estimate, and for such a statement the preflight can refuse nothing either way); an EXPLAIN that
 * failed or was cancelled is asked again. Bounded: at most {@code capacity} statements (the least recently used goes
 * first) of at most {@link #MAX_LENGTH} characters. Bound values stay in memory only, like the statement they belong
 * to.
 */
public final class PreflightMemory implements EstimateMemory {

    static final int MAX_LENGTH = 8_000;

    /** Statements whose estimates one executor keeps. */
    public static final int REMEMBERED_ESTIMATES = 256;

    private record Input(Connection connection, String sql, List<SqlParameter> parameters) {
    }

    private final RecentlyUsed<Input, Preflight> estimates;

    PreflightMemory(int capacity, Duration reuse, LongSupplier nanoTime) {
        if (reuse.isNegative() || reuse.isZero()) {
            throw new IllegalArgumentException("reuse must be positive, not " + reuse);
        }
        this.estimates = new RecentlyUsed<>(capacity, reuse, nanoTime);
    }

    /** The memory for an executor with {@code settings}: none when the preflight is off or reuse is zero. */
    public static EstimateMemory of(ExecutorSettings settings) {
        return settings.preflight() && !settings.preflightReuse().isZero()
                ? new PreflightMemory(REMEMBERED_ESTIMATES, settings.preflightReuse(), System::nanoTime)
                : EstimateMemory.NONE;
    }

    /**
     * The estimate got for this statement less than {@code reuse} ago, marked as reused and taking no time; null
     * when there is none.
     */
    @Override
    public Preflight recall(Connection connection, String sql, List<SqlParameter> parameters) {
        if (sql.length() > MAX_LENGTH) {
            return null;
        }
        Preflight p = estimates.get(new Input(connection, sql, parameters));
        if (p == null) {
            return null;
        }
        if (p instanceof Preflight.Ok ok) {
            return new Preflight.Ok(ok.cost(), ok.max(), 0, true);
        }
        if (p instanceof Preflight.Unavailable u) {
            return new Preflight.Unavailable(u.reason(), 0, true, true);
        }
        if (p instanceof Preflight.Rejected r) {
            return new Preflight.Rejected(r.cost(), r.max(), 0);
        }
        throw new AssertionError(p);
    }

    /**
     * Keeps what EXPLAIN just said: an estimate (under or over the limit) or a plan without one; a failed EXPLAIN and
     * a reused answer are not kept.
     */
    @Override
    public void remember(Connection connection, String sql, List<SqlParameter> parameters, Preflight preflight) {
        boolean estimate = preflight instanceof Preflight.Ok ok && !ok.reused() || preflight instanceof Preflight.Rejected
                || preflight instanceof Preflight.Unavailable u && u.fromPlan() && !u.reused();
        if (estimate && sql.length() <= MAX_LENGTH) {
            estimates.put(new Input(connection, sql, List.copyOf(parameters)), preflight);
        }
    }

    int size() {
        return estimates.size();
    }
}
