package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tally.core.dialect.CostEstimate;
import org.tally.core.dialect.CostUnit;

/** Limits by unit, and the notes the preflight leaves in the answer's path. */
class CostLimitsTest {

    private static final CostUnit PLANNER = new CostUnit("PostgreSQL planner cost units", 1e8);
    private static final CostUnit ROWS = new CostUnit("rows examined", 1e9);

    @Test
    void eachUnitKeepsItsOwnLimitUnlessOneIsGivenForAll() {
        assertThat(CostLimits.DEFAULTS.limitFor(PLANNER)).isEqualTo(1e8);
        assertThat(CostLimits.DEFAULTS.limitFor(ROWS)).isEqualTo(1e9);
        assertThat(CostLimits.everywhere(5).limitFor(PLANNER)).isEqualTo(5);
        assertThat(CostLimits.everywhere(5).limitFor(ROWS)).isEqualTo(5);
        assertThatThrownBy(() -> CostLimits.everywhere(0)).hasMessageContaining("positive");
        assertThatThrownBy(() -> new CostUnit("units", Double.POSITIVE_INFINITY)).hasMessageContaining("finite");
    }

    @Test
    void notesReadTheSameEverywhere() {
        CostEstimate cost = new CostEstimate(1234.5678, PLANNER);

        assertThat(new Preflight.Ok(cost, 1e8, 3).note())
                .isEqualTo("ok(1234.57 PostgreSQL planner cost units, limit 100000000)");
        assertThat(new Preflight.Rejected(cost, 0.001, 3).note())
                .isEqualTo("rejected(1234.57 PostgreSQL planner cost units above the limit 0.001)");
        assertThat(new Preflight.Unavailable("no plan", 0).note()).isEqualTo("unavailable(no plan)");
    }
}
