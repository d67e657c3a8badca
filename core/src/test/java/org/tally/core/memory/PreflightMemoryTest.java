package org.tally.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.CostEstimate;
import org.tally.core.dialect.CostUnit;
import org.tally.core.execute.EstimateMemory;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.Preflight;
import org.tally.core.execute.SqlParameter;

/** Estimates are reused only for the very same statement on the same connection, and only for a while. */
class PreflightMemoryTest {

    private static final String SQL = "SELECT id FROM probe WHERE id = ?";
    private static final List<SqlParameter> ONE = List.of(new SqlParameter.Whole(1));
    private static final Preflight.Ok OK = new Preflight.Ok(new CostEstimate(42, new CostUnit("PostgreSQL planner cost units", 1e8)), 1e8, 7);

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final PreflightMemory memory = new PreflightMemory(3, Duration.ofSeconds(60), now::get);
    private Connection a;
    private Connection b;

    @BeforeEach
    void open() throws SQLException {
        a = DriverManager.getConnection("jdbc:h2:mem:");
        b = DriverManager.getConnection("jdbc:h2:mem:");
    }

    @AfterEach
    void close() throws SQLException {
        a.close();
        b.close();
    }

    @Test
    void theSameStatementGetsTheEstimateBackMarkedAsReused() {
        memory.remember(a, SQL, ONE, OK);

        Preflight again = memory.recall(a, SQL, List.of(new SqlParameter.Whole(1)));

        assertThat(again).isInstanceOf(Preflight.Ok.class);
        Preflight.Ok ok = (Preflight.Ok) again;
        assertThat(ok.cost()).isEqualTo(OK.cost());
        assertThat(ok.max()).isEqualTo(OK.max());
        assertThat(ok.reused()).isTrue();
        assertThat(ok.ms()).isZero();
        assertThat(ok.note()).isEqualTo("ok(42 PostgreSQL planner cost units, limit 100000000, estimate reused)");
    }

    @Test
    void anotherTextValueConnectionOrDatabaseIsNotTheSameStatement() {
        memory.remember(a, SQL, ONE, OK);

        assertThat(memory.recall(a, SQL + " ", ONE)).isNull();
        assertThat(memory.recall(a, SQL, List.of(new SqlParameter.Whole(2)))).isNull();
        assertThat(memory.recall(a, SQL, List.of(new SqlParameter.Text("1")))).isNull();
        assertThat(memory.recall(a, SQL, List.of())).isNull();
        assertThat(memory.recall(b, SQL, ONE)).isNull();
        assertThat(memory.recall(a, SQL, ONE)).isNotNull();
    }

    @Test
    void anEstimateIsReusedForTheReuseTimeOnly() {
        memory.remember(a, SQL, ONE, OK);

        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertThat(memory.recall(a, SQL, ONE)).isNotNull();
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(memory.recall(a, SQL, ONE)).as("60 s after the EXPLAIN").isNull();
        assertThat(memory.size()).as("the stale estimate is dropped").isZero();
    }

    @Test
    void aRejectionIsReusedToo() {
        Preflight.Rejected rejected = new Preflight.Rejected(new CostEstimate(5e9, new CostUnit("PostgreSQL planner cost units", 1e8)), 1e8, 9);
        memory.remember(a, SQL, ONE, rejected);

        Preflight again = memory.recall(a, SQL, ONE);

        assertThat(again).isEqualTo(new Preflight.Rejected(rejected.cost(), rejected.max(), 0));
    }

    @Test
    void aPlanWithoutAnEstimateIsReusedAndSaysSo() {
        memory.remember(a, SQL, ONE, new Preflight.Unavailable("H2 gives no estimate for subqueries", 4, true,
                false));

        Preflight again = memory.recall(a, SQL, ONE);

        assertThat(again).isEqualTo(new Preflight.Unavailable("H2 gives no estimate for subqueries", 0, true, true));
        assertThat(again.note()).isEqualTo("unavailable(H2 gives no estimate for subqueries, reused)");
        now.addAndGet(Duration.ofSeconds(60).toNanos());
        assertThat(memory.recall(a, SQL, ONE)).as("no longer than an estimate").isNull();
    }

    @Test
    void noEstimateAndAReusedOneAreNotKept() {
        memory.remember(a, SQL, ONE, new Preflight.Unavailable("EXPLAIN failed", 3));
        memory.remember(a, "SELECT 2", ONE,
                new Preflight.Ok(OK.cost(), OK.max(), 0, true));
        memory.remember(a, "SELECT 3", ONE, new Preflight.Unavailable("no estimate", 0, true, true));

        assertThat(memory.size()).isZero();
        assertThat(memory.recall(a, SQL, ONE)).isNull();
    }

    @Test
    void theMemoryHoldsAtMostItsCapacityAndDropsTheLeastRecentlyUsed() {
        for (int i = 0; i < 3; i++) {
            memory.remember(a, "SELECT " + i, List.of(), OK);
        }
        memory.recall(a, "SELECT 0", List.of()); // 0 becomes the most recently used
        memory.remember(a, "SELECT 3", List.of(), OK);

        assertThat(memory.size()).isEqualTo(3);
        assertThat(memory.recall(a, "SELECT 1", List.of())).isNull();
        assertThat(memory.recall(a, "SELECT 0", List.of())).isNotNull();
        assertThat(memory.recall(a, "SELECT 3", List.of())).isNotNull();
    }

    @Test
    void longStatementsAreNotKept() {
        String longSql = "SELECT " + "1 + ".repeat(PreflightMemory.MAX_LENGTH / 4) + "1";

        memory.remember(a, longSql, List.of(), OK);

        assertThat(memory.size()).isZero();
    }

    @Test
    void settingsBoundTheReuseTime() {
        assertThat(ExecutorSettings.DEFAULTS.preflightReuse()).isEqualTo(Duration.ofSeconds(60));
        assertThat(ExecutorSettings.DEFAULTS.withPreflightReuse(Duration.ZERO).preflightReuse()).isZero();
        assertThatThrownBy(() -> ExecutorSettings.DEFAULTS.withPreflightReuse(Duration.ofHours(2)))
                .hasMessageContaining("preflightReuse");
        assertThatThrownBy(() -> ExecutorSettings.DEFAULTS.withPreflightReuse(Duration.ofSeconds(-1)))
                .hasMessageContaining("preflightReuse");
        assertThatThrownBy(() -> new PreflightMemory(3, Duration.ZERO, now::get)).hasMessageContaining("reuse");
        assertThat(PreflightMemory.of(ExecutorSettings.DEFAULTS)).isInstanceOf(PreflightMemory.class);
        assertThat(PreflightMemory.of(ExecutorSettings.DEFAULTS.withPreflightReuse(Duration.ZERO)))
                .isSameAs(EstimateMemory.NONE);
        assertThat(PreflightMemory.of(ExecutorSettings.DEFAULTS.withPreflight(false))).isSameAs(EstimateMemory.NONE);
    }
}
