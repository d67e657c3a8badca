package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.JDBCType;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.CostEstimate;
import org.tally.core.dialect.Dialect;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.safety.Unvalidated;

/**
 * What the executor must do on every database it can be tested against. Subclasses give the database, its
 * column types and a statement that runs long.
 */
abstract class ReadOnlyExecutorContract {

    /** 25 rows; row n has label "row n", amount n + 0.25, flag (n is even), seen_on 2026-05-n, seen_at 2026-05-n 08:30. */
    static final int ROWS = 25;

    String url;

    abstract Dialect dialect();

    /** A fresh database (or schema) URL with full rights, for setting up and for checking afterwards. */
    abstract String newDatabaseUrl() throws Exception;

    /** Column types: boolean and timestamp differ per database. */
    abstract String booleanType();

    abstract String timestampType();

    /** A SELECT that runs for far longer than a few seconds. */
    abstract String slowQuery();

    /** A plain full scan, whose preflight estimate must be positive. */
    String tableScan() {
        return "SELECT * FROM probe";
    }

    @BeforeEach
    void createProbeTable() throws Exception {
        url = newDatabaseUrl();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE probe (id INT PRIMARY KEY, label VARCHAR(40) NOT NULL, amount DECIMAL(10,2),"
                    + " flag " + booleanType() + ", seen_on DATE, seen_at " + timestampType() + ")");
            for (int n = 1; n <= ROWS; n++) {
                s.execute("INSERT INTO probe VALUES (" + n + ", 'row " + n + "', " + n + ".25, "
                        + (n % 2 == 0 ? "TRUE" : "FALSE") + ", DATE '2026-05-" + twoDigits(n) + "', TIMESTAMP '2026-05-"
                        + twoDigits(n) + " 08:30:00')");
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
        }
    }

    /** Opens the connection the executor reads through (subclasses may make it read-only at the source). */
    Connection executorConnection() throws SQLException {
        return DriverManager.getConnection(url);
    }

    static ExecutorSettings settings() {
        return ExecutorSettings.DEFAULTS.withStatementTimeout(Duration.ofSeconds(20));
    }

    ExecutionOutcome run(ExecutorSettings settings, String sql, List<SqlParameter> parameters) throws SQLException {
        try (Connection c = executorConnection()) {
            return new ReadOnlyExecutor(settings, PreflightMemory.of(settings)).execute(c, Unvalidated.statement(sql, dialect()), parameters);
        }
    }

    static QueryResult rowsOf(ExecutionOutcome outcome) {
        assertThat(outcome).isInstanceOf(ExecutionOutcome.Rows.class);
        return ((ExecutionOutcome.Rows) outcome).result();
    }

    @Test
    void everyParameterTypeReachesTheDatabaseWithItsOwnType() throws Exception {
        String sql = "SELECT id, label, amount, flag, seen_on, seen_at FROM probe"
                + " WHERE id = ? AND label = ? AND amount = ? AND amount > ? AND flag = ? AND seen_on = ? AND seen_at = ?"
                + " AND label = COALESCE(?, label)";
        List<SqlParameter> params = SqlParameter.all(List.of(12, "row 12", new BigDecimal("12.25"), 12.0, true,
                LocalDate.of(2026, 5, 12), LocalDateTime.of(2026, 5, 12, 8, 30)));
        List<SqlParameter> withNull = new ArrayList<>(params);
        withNull.add(new SqlParameter.Null(JDBCType.VARCHAR));

        QueryResult result = rowsOf(run(settings(), sql, withNull));

        assertThat(result.columns()).extracting(String::toLowerCase)
                .containsExactly("id", "label", "amount", "flag", "seen_on", "seen_at");
        assertThat(result.rows()).containsExactly(List.of(12L, "row 12", new BigDecimal("12.25"), true,
                "2026-05-12", "2026-05-12T08:30:00"));
        assertThat(result.truncated()).isFalse();
    }

    @Test
    void aParameterThatMatchesNothingGivesNoRowsNotAnError() throws Exception {
        QueryResult result = rowsOf(run(settings(), "SELECT id FROM probe WHERE seen_on = ? AND flag = ?",
                List.of(new SqlParameter.Day(LocalDate.of(2026, 5, 3)), new SqlParameter.Bool(true))));

        assertThat(result.rows()).isEmpty(); // the 3rd is odd, so its flag is false
    }

    @Test
    void maxRowsCutsTheResultAndSaysSo() throws Exception {
        String sql = "SELECT id FROM probe ORDER BY id";

        QueryResult cut = rowsOf(run(settings().withMaxRows(10).withFetchSize(3), sql, List.of()));
        QueryResult exact = rowsOf(run(settings().withMaxRows(ROWS), sql, List.of()));
        QueryResult roomy = rowsOf(run(settings().withMaxRows(ROWS + 5), sql, List.of()));

        assertThat(cut.rows()).hasSize(10).first().isEqualTo(List.of(1L));
        assertThat(cut.rows()).last().isEqualTo(List.of(10L));
        assertThat(cut.truncated()).isTrue();
        assertThat(exact.rows()).hasSize(ROWS);
        assertThat(exact.truncated()).as("exactly max rows is not truncated").isFalse();
        assertThat(roomy.rows()).hasSize(ROWS);
        assertThat(roomy.truncated()).isFalse();
    }

    @Test
    void aSlowStatementTimesOutInsteadOfHanging() throws Exception {
        ExecutorSettings oneSecond = settings().withStatementTimeout(Duration.ofSeconds(1)).withPreflight(false);

        ExecutionOutcome outcome = run(oneSecond, slowQuery(), List.of());

        assertThat(outcome).isInstanceOf(ExecutionOutcome.Timeout.class);
        assertThat(outcome.elapsedMs()).isBetween(900L, 8_000L);
        assertThat(((ExecutionOutcome.Timeout) outcome).limitMs()).isEqualTo(1_000L);
    }

    @Test
    void theConnectionStaysUsableAfterATimeout() throws Exception {
        ExecutorSettings oneSecond = settings().withStatementTimeout(Duration.ofSeconds(1)).withPreflight(false);
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(oneSecond, PreflightMemory.of(oneSecond));
            assertThat(executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of())).isInstanceOf(ExecutionOutcome.Timeout.class);

            QueryResult after = rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of()));

            assertThat(after.rows()).containsExactly(List.of((long) ROWS));
        }
    }

    @Test
    void cancelFromAnotherThreadStopsTheStatement() throws Exception {
        ExecutorSettings patient = settings().withStatementTimeout(Duration.ofSeconds(60));
        ExecutionHandle handle = new ExecutionHandle();
        try (Connection c = executorConnection()) {
            CompletableFuture<ExecutionOutcome> running = CompletableFuture.supplyAsync(
                    () -> new ReadOnlyExecutor(patient, PreflightMemory.of(patient)).execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of(), handle));
            long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!handle.isRunning() && !running.isDone() && System.nanoTime() < waitUntil) {
                Thread.sleep(20);
            }
            Thread.sleep(500); // let the statement (not the preflight) get going
            handle.cancel();

            ExecutionOutcome outcome = running.get(20, TimeUnit.SECONDS);

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Cancelled.class);
            assertThat(outcome.elapsedMs()).isLessThan(20_000L);
        }
    }

    @Test
    void cancelStopsAStatementOnAPreparedConnectionToo() throws Exception {
        ExecutionHandle handle = new ExecutionHandle();
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(60)));
            CompletableFuture<ExecutionOutcome> running = CompletableFuture.supplyAsync(
                    () -> executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of(), handle));
            long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!handle.isRunning() && !running.isDone() && System.nanoTime() < waitUntil) {
                Thread.sleep(20);
            }
            Thread.sleep(500);
            handle.cancel();

            ExecutionOutcome outcome = running.get(20, TimeUnit.SECONDS);
            ExecutionOutcome after = executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of());

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Cancelled.class);
            assertThat(rowsOf(after).rows()).as("usable after the cancel").containsExactly(List.of((long) ROWS));
        }
    }

    @Test
    void aCancelBeforeTheStartMeansNothingRuns() throws Exception {
        ExecutionHandle handle = new ExecutionHandle();
        handle.cancel();
        try (Connection c = executorConnection()) {
            ExecutionOutcome outcome = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings())).execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of(), handle);

            assertThat(outcome).isInstanceOf(ExecutionOutcome.Cancelled.class);
            assertThat(outcome.elapsedMs()).isLessThan(1_000L);
        }
    }

    @Test
    void aFailureNamesTheStateAndNeverShowsParameterValues() throws Exception {
        // the database complains about the value it was given; the value must not reach the message
        ExecutionOutcome outcome = run(settings(), "SELECT id FROM probe WHERE seen_on = CAST(? AS DATE)",
                List.of(new SqlParameter.Text("Margaret-Okonkwo-1957")));

        if (outcome instanceof ExecutionOutcome.Failed failed) {
            assertThat(failed.message()).doesNotContain("Margaret").doesNotContain("Okonkwo").isNotBlank();
            assertThat(failed.sqlState()).isNotBlank();
        } else {
            // some databases turn a bad date into NULL instead of failing: then nothing matches
            assertThat(rowsOf(outcome).rows()).isEmpty();
        }
    }

    @Test
    void anUnknownTableIsAFailureWithTheDatabaseReason() throws Exception {
        ExecutionOutcome outcome = run(settings(), "SELECT * FROM no_such_table", List.of());

        assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
        assertThat(((ExecutionOutcome.Failed) outcome).message()).containsIgnoringCase("no_such_table");
    }

    @Test
    void theCallersConnectionKeepsItsAutocommitAndStaysReadOnly() throws Exception {
        try (Connection c = executorConnection()) {
            c.setAutoCommit(true);
            rowsOf(new ReadOnlyExecutor(settings(), PreflightMemory.of(settings())).execute(c, Unvalidated.statement("SELECT id FROM probe", dialect()), List.of()));

            assertThat(c.getAutoCommit()).isTrue();
            assertThat(c.isReadOnly()).isTrue();
        }
    }

    @Test
    void aPreparedConnectionStaysReadOnlyAndBoundedStatementAfterStatement() throws Exception {
        List<String> before = snapshot();
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings()));
            assertThat(executor.prepare(c, dialect())).isEqualTo(preparedEnvelope());
            for (String write : writeAttempts()) {
                ExecutionOutcome outcome = executor.execute(c, Unvalidated.statement(write, dialect()), List.of());

                assertThat(outcome).as(write).isInstanceOf(ExecutionOutcome.Failed.class);
                assertWriteRefused(write, (ExecutionOutcome.Failed) outcome);
            }
            assertThat(rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of())).rows())
                    .containsExactly(List.of((long) ROWS));
            ReadOnlyExecutor oneSecond = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(1)));
            assertThat(oneSecond.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of())).isInstanceOf(ExecutionOutcome.Timeout.class);
            ReadOnlyExecutor threeRows = prepared(c, settings().withMaxRows(3));
            QueryResult cut = rowsOf(threeRows.execute(c, Unvalidated.statement("SELECT id FROM probe ORDER BY id", dialect()), List.of()));
            assertThat(cut.rows()).hasSize(3);
            assertThat(cut.truncated()).isTrue();
            assertThat(rowsOf(executor.execute(c, Unvalidated.statement("SELECT id FROM probe ORDER BY id", dialect()), List.of())).rows())
                    .as("the first executor's own bounds, after others prepared the connection").hasSize(ROWS);

            assertThat(c.getAutoCommit()).as("left as prepared").isEqualTo(preparedEnvelope() == Envelope.SESSION);
            assertThat(c.isReadOnly()).isTrue();
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    /** How {@link ReadOnlyExecutor#prepare} bounds this database's connections. */
    Envelope preparedEnvelope() {
        return Envelope.SESSION;
    }

    ReadOnlyExecutor prepared(Connection c, ExecutorSettings settings) throws SQLException {
        ReadOnlyExecutor executor = new ReadOnlyExecutor(settings, PreflightMemory.of(settings));
        assertThat(executor.prepare(c, dialect())).isEqualTo(preparedEnvelope());
        return executor;
    }

    /** A query that writes when the database lets it (a data-modifying CTE, a delta table, a writing function). */
    abstract String writingQuery();

    /**
     * SQL that undoes some of the session's bounds, run on the connection directly as something other than the
     * executor could (the executor's own statements never hold such SQL: the policy refuses it).
     */
    abstract List<String> sessionResets();

    @Test
    void aPreparedSessionHoldsItsBoundsAfterSomethingUndidThem() throws Exception {
        List<String> before = snapshot();
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(1))
                    .withPreflight(false));
            List<String> resets = new ArrayList<>(sessionResets());
            resets.add("setAutoCommit(false)");
            resets.add("setReadOnly(false)");
            for (String reset : resets) {
                if (reset.equals("setAutoCommit(false)")) {
                    c.setAutoCommit(false);
                } else if (reset.equals("setReadOnly(false)")) {
                    c.setReadOnly(false);
                } else {
                    try (Statement s = c.createStatement()) {
                        s.execute(reset);
                    }
                }

                ExecutionOutcome write = executor.execute(c, Unvalidated.statement(writingQuery(), dialect()), List.of());
                ExecutionOutcome slow = executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of());

                assertThat(write).as("a write after " + reset).isInstanceOf(ExecutionOutcome.Failed.class);
                assertWriteRefused(writingQuery(), (ExecutionOutcome.Failed) write);
                assertThat(slow).as("a slow statement after " + reset).isInstanceOf(ExecutionOutcome.Timeout.class);
                assertThat(slow.elapsedMs()).as("after " + reset).isBetween(900L, 8_000L);
                assertThat(snapshot()).as("content after " + reset).isEqualTo(before);
                if (preparedEnvelope() == Envelope.SESSION) {
                    assertThat(c.getAutoCommit()).as("autocommit again after " + reset).isTrue();
                }
            }
        }
    }

    /**
     * SQL that, run on the connection directly, opens a transaction and takes its snapshot (a read in REPEATABLE
     * READ); empty where no one can write the database the executor reads while it is open.
     */
    abstract List<String> snapshotTransaction();

    @Test
    void aTransactionLeftOpenOnAPreparedConnectionHoldsNoSnapshotIntoTheNextStatement() throws Exception {
        assumeTrue(!snapshotTransaction().isEmpty(), "the database is read-only while the executor reads it");
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = prepared(c, settings());
            for (String sql : snapshotTransaction()) {
                try (Statement s = c.createStatement()) {
                    s.execute(sql);
                }
            }
            try (Connection writer = DriverManager.getConnection(url); Statement s = writer.createStatement()) {
                s.execute("INSERT INTO probe (id, label) VALUES (" + (ROWS + 1) + ", 'added later')");
                if (!writer.getAutoCommit()) {
                    writer.commit();
                }
            }

            QueryResult count = rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of()));

            assertThat(count.rows()).as("the row committed after the snapshot was taken").containsExactly(
                    List.of((long) ROWS + 1));
            assertThat(c.getAutoCommit()).isEqualTo(preparedEnvelope() == Envelope.SESSION);
        }
    }

    @Test
    void aReusedEstimateStillRunsTheStatementReadOnly() throws Exception {
        List<String> before = snapshot();
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings()));

            ExecutionOutcome first = executor.execute(c, Unvalidated.statement(tableScan(), dialect()), List.of());
            ExecutionOutcome second = executor.execute(c, Unvalidated.statement(tableScan(), dialect()), List.of());

            assertThat(rowsOf(second).rows()).hasSize(ROWS).isEqualTo(rowsOf(first).rows());
            assertThat(first.preflight().note()).startsWith("ok(").doesNotContain("reused");
            assertThat(second.preflight().note()).startsWith("ok(").endsWith(", estimate reused)");
            assertThat(((Preflight.Ok) second.preflight()).cost()).isEqualTo(((Preflight.Ok) first.preflight()).cost());
            for (String write : writeAttempts()) {
                for (int attempt = 1; attempt <= 2; attempt++) {
                    ExecutionOutcome outcome = executor.execute(c, Unvalidated.statement(write, dialect()), List.of());

                    assertThat(outcome).as(write + ", attempt " + attempt).isInstanceOf(ExecutionOutcome.Failed.class);
                    assertWriteRefused(write, (ExecutionOutcome.Failed) outcome);
                }
            }
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void withoutReuseEveryStatementGetsAFreshEstimate() throws Exception {
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings().withPreflightReuse(Duration.ZERO), PreflightMemory.of(settings().withPreflightReuse(Duration.ZERO)));
            executor.execute(c, Unvalidated.statement(tableScan(), dialect()), List.of());

            ExecutionOutcome second = executor.execute(c, Unvalidated.statement(tableScan(), dialect()), List.of());

            assertThat(second.preflight().note()).startsWith("ok(").doesNotContain("reused");
        }
    }

    /** The description of the unit this database's preflight estimates in. */
    abstract String costUnit();

    @Test
    void thePreflightEstimatesAScanAndLetsItRun() throws Exception {
        ExecutionOutcome outcome = run(settings(), tableScan(), List.of());

        assertThat(rowsOf(outcome).rows()).hasSize(ROWS);
        assertThat(outcome.preflight()).isInstanceOf(Preflight.Ok.class);
        CostEstimate cost = ((Preflight.Ok) outcome.preflight()).cost();
        assertThat(cost.unit().description()).isEqualTo(costUnit());
        assertThat(cost.value()).isPositive();
        assertThat(outcome.preflight().note()).startsWith("ok(");
    }

    @Test
    void thePreflightRejectsAStatementAboveTheLimit() throws Exception {
        ExecutionOutcome outcome = run(settings().withMaxCost(CostLimits.everywhere(0.001)), tableScan(), List.of());

        assertThat(outcome).isInstanceOf(ExecutionOutcome.CostRejected.class);
        ExecutionOutcome.CostRejected rejected = (ExecutionOutcome.CostRejected) outcome;
        assertThat(rejected.max()).isEqualTo(0.001);
        assertThat(rejected.estimate().value()).isGreaterThan(0.001);
        assertThat(rejected.estimate().unit().description()).isEqualTo(costUnit());
        assertThat(outcome.preflight().note()).startsWith("rejected(");
    }

    // --- read-only at the database: statements that a validator would stop, sent straight to the executor

    /** Statements that try to write; each must fail and leave the table as it was. */
    List<String> writeAttempts() {
        return List.of(
                "INSERT INTO probe (id, label) VALUES (100, 'written')",
                "UPDATE probe SET label = 'changed'",
                "DELETE FROM probe",
                "CREATE TABLE intruder (id INT)");
    }

    @Test
    void noWriteReachesTheTable() throws Exception {
        List<String> before = snapshot();
        for (String write : writeAttempts()) {
            ExecutionOutcome outcome = run(settings(), write, List.of());

            assertThat(outcome).as(write).isInstanceOf(ExecutionOutcome.Failed.class);
            assertWriteRefused(write, (ExecutionOutcome.Failed) outcome);
            assertThat(snapshot()).as("content after " + write).isEqualTo(before);
        }
    }

    @Test
    void sqlThatCouldEndTheTransactionIsRefusedBeforeAnythingRuns() throws Exception {
        List<String> before = snapshot();
        for (String escape : List.of(
                "COMMIT; INSERT INTO probe (id, label) VALUES (101, 'escaped')",
                "SELECT 1; DELETE FROM probe",
                "ROLLBACK; DROP TABLE probe; SELECT 1")) {
            ExecutionOutcome outcome = run(settings(), escape, List.of());

            assertThat(outcome).as(escape).isInstanceOf(ExecutionOutcome.Failed.class);
            assertThat(((ExecutionOutcome.Failed) outcome).message()).as(escape).contains("';'");
            assertThat(outcome.preflight().note()).as("nothing reached the database").isEqualTo("unavailable(not reached)");
            assertThat(snapshot()).as("content after " + escape).isEqualTo(before);
        }
    }

    @Test
    void aTrailingSemicolonIsFine() throws Exception {
        QueryResult result = rowsOf(run(settings(), "SELECT COUNT(*) FROM probe ; ", List.of()));

        assertThat(result.rows()).containsExactly(List.of((long) ROWS));
    }

    /** How the database must have refused (subclasses check the SQLSTATE the database gave). */
    abstract void assertWriteRefused(String write, ExecutionOutcome.Failed failed);

    /** The table's content and the list of tables, read over a separate normal connection. */
    List<String> snapshot() throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id, label, amount FROM probe ORDER BY id")) {
                while (rs.next()) {
                    out.add(rs.getInt(1) + "|" + rs.getString(2) + "|" + rs.getBigDecimal(3));
                }
            }
            try (ResultSet rs = c.getMetaData().getTables(c.getCatalog(), null, "%", null)) {
                while (rs.next()) {
                    String schema = String.valueOf(rs.getString("TABLE_SCHEM")).toLowerCase(java.util.Locale.ROOT);
                    if (!schema.equals("information_schema") && !schema.startsWith("pg_")) {
                        out.add(rs.getString("TABLE_TYPE") + " " + schema + "." + rs.getString("TABLE_NAME"));
                    }
                }
            }
        }
        return out;
    }

    static String twoDigits(int n) {
        return n < 10 ? "0" + n : Integer.toString(n);
    }
}
