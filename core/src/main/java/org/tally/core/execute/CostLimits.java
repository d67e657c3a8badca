package org.tally.core.execute;

import org.tally.core.dialect.CostUnit;

/**
 * The largest preflight estimate allowed to run, per {@link CostUnit} (each database counts in its own unit): by
 * default each unit's own limit, which its dialect sets from the benchmark's calibration; or one limit for every
 * unit. A statement estimated above its limit is rejected before it runs.
 */
public final class CostLimits {

    /** Each unit's own limit. */
    public static final CostLimits DEFAULTS = new CostLimits(Double.NaN);

    /** NaN: each unit's own default. */
    private final double everywhere;

    private CostLimits(double everywhere) {
        this.everywhere = everywhere;
    }

    /** The same limit in every unit (handy in tests: a tiny one rejects everything that has an estimate). */
    public static CostLimits everywhere(double limit) {
        CostUnit.requirePositiveLimit("the limit", limit);
        return new CostLimits(limit);
    }

    public double limitFor(CostUnit unit) {
        return Double.isNaN(everywhere) ? unit.defaultLimit() : everywhere;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CostLimits other && Double.compare(everywhere, other.everywhere) == 0;
    }

    @Override
    public int hashCode() {
        return Double.hashCode(everywhere);
    }

    @Override
    public String toString() {
        return Double.isNaN(everywhere) ? "CostLimits[each unit's own]" : "CostLimits[" + everywhere + " everywhere]";
    }
}
