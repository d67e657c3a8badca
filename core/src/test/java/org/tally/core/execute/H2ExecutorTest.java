package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.safety.Unvalidated;

/**
 * The executor on an H2 file database opened with {@code ACCESS_MODE_DATA=r}, as the demo hospital is: H2 has
 * no read-only transaction, so that URL setting is what stops writes.
 */
class H2ExecutorTest extends ReadOnlyExecutorContract {

    @Override
    Dialect dialect() {
        return Dialect.H2;
    }

    @Override
    String newDatabaseUrl() throws Exception {
        return "jdbc:h2:file:" + Files.createTempDirectory("tally-h2-executor").resolve("probe");
    }

    @Override
    Connection executorConnection() throws SQLException {
        return DriverManager.getConnection(url + ";ACCESS_MODE_DATA=r");
    }

    @Override
    String booleanType() {
        return "BOOLEAN";
    }

    @Override
    String timestampType() {
        return "TIMESTAMP";
    }

    @Override
    String slowQuery() {
        return "SELECT SUM(a.X + b.X) FROM SYSTEM_RANGE(1, 100000000) a, SYSTEM_RANGE(1, 100000000) b";
    }

    @Override
    String costUnit() {
        return "rows examined (H2 estimate)";
    }

    /** H2's data change delta tables are queries that write. */
    static final List<String> WRITING_QUERIES = List.of(
            "SELECT * FROM FINAL TABLE (INSERT INTO probe (id, label) VALUES (300, 'written'))",
            "SELECT * FROM NEW TABLE (UPDATE probe SET label = 'changed')",
            "SELECT * FROM OLD TABLE (DELETE FROM probe)");

    @Override
    List<String> writeAttempts() {
        List<String> writes = new ArrayList<>(super.writeAttempts());
        writes.addAll(WRITING_QUERIES);
        return writes;
    }

    @Override
    String writingQuery() {
        return WRITING_QUERIES.get(0);
    }

    /** The executor's H2 database is opened with ACCESS_MODE_DATA=r: no one writes it while it is read. */
    @Override
    List<String> snapshotTransaction() {
        return List.of();
    }

    @Override
    List<String> sessionResets() {
        return List.of("SET QUERY_TIMEOUT 0", "SET QUERY_TIMEOUT 3600000", "BEGIN", "SET AUTOCOMMIT FALSE");
    }

    private static long sessionTimeoutMs(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'QUERY_TIMEOUT'")) {
            rs.next();
            return Long.parseLong(rs.getString(1));
        }
    }

    @Test
    void thePreparedSessionKeepsTheTimeoutToTheMillisecond() throws Exception {
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofMillis(1500)));
            long afterPrepare = sessionTimeoutMs(c);
            try (Statement s = c.createStatement()) {
                s.execute("SET QUERY_TIMEOUT 0");
            }

            rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of()));

            assertThat(afterPrepare).isEqualTo(1500);
            assertThat(sessionTimeoutMs(c)).as("set again before the statement, not rounded to seconds").isEqualTo(1500);
        }
    }

    @Test
    void aWritableDatabaseKeepsTheTransactionEnvelopeAndItsRollback() throws Exception {
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url)) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings()));

            Envelope envelope = executor.prepare(c, dialect());
            List<ExecutionOutcome> outcomes = new ArrayList<>();
            for (String write : WRITING_QUERIES) {
                outcomes.add(executor.execute(c, Unvalidated.statement(write, dialect()), List.of()));
            }

            assertThat(envelope).isEqualTo(Envelope.TRANSACTION);
            assertThat(outcomes).allMatch(o -> o instanceof ExecutionOutcome.Rows); // H2 runs them; nothing commits
            assertThat(c.getAutoCommit()).isFalse();
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Override
    void assertWriteRefused(String write, ExecutionOutcome.Failed failed) {
        if (write.startsWith("SELECT")) {
            assertThat(failed.sqlState()).as("SQLSTATE of " + write).isEqualTo("90097"); // the database is read only
            assertThat(failed.message()).as(write).contains("refused to change data");
        } else {
            // H2's driver runs only queries through executeQuery (90002), before the read-only database is asked
            assertThat(failed.sqlState()).as("SQLSTATE of " + write).isIn("90002", "90097");
        }
    }

    @Test
    void withoutReadOnlyDataAccessTheRollbackStillUndoesAWritingQuery() throws Exception {
        List<String> before = snapshot();
        for (String write : WRITING_QUERIES) {
            ExecutionOutcome outcome;
            try (Connection c = DriverManager.getConnection(url)) {
                outcome = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings())).execute(c, Unvalidated.statement(write, dialect()), List.of());
            }

            // H2 runs it (setReadOnly does not stop it), but the executor never commits
            assertThat(outcome).as(write).isInstanceOf(ExecutionOutcome.Rows.class);
            assertThat(snapshot()).as("content after " + write).isEqualTo(before);
        }
    }

    @Test
    void theEstimateCountsRowsExaminedByNestedLoops() throws Exception {
        ExecutionOutcome crossJoin = run(settings(), "SELECT COUNT(*) FROM probe a, probe b", List.of());
        ExecutionOutcome indexJoin = run(settings(), "SELECT a.id FROM probe a JOIN probe b ON b.id = a.id", List.of());

        // the outer scan reads 25 rows; a scanned inner table 25 per outer row, a primary-key lookup 1
        assertThat(((Preflight.Ok) crossJoin.preflight()).cost().value()).isEqualTo(25 + 25 * 25);
        assertThat(((Preflight.Ok) indexJoin.preflight()).cost().value()).isEqualTo(25 + 25);
    }

    @Test
    void aPlanWithoutAnEstimateStillRunsAndSaysWhy() throws Exception {
        ExecutionOutcome outcome = run(settings(),
                "SELECT id FROM probe WHERE id IN (SELECT id FROM probe WHERE flag) ORDER BY id", List.of());

        assertThat(rowsOf(outcome).rows()).hasSize(12);
        assertThat(outcome.preflight()).isInstanceOf(Preflight.Unavailable.class);
        assertThat(outcome.preflight().note()).startsWith("unavailable(").contains("subqueries");
    }

    @Test
    void aPlanWithoutAnEstimateIsReusedAndStillRunsReadOnly() throws Exception {
        String sql = "SELECT id FROM probe WHERE id IN (SELECT id FROM probe WHERE flag) ORDER BY id";
        List<String> before = snapshot();
        try (Connection c = executorConnection()) {
            ReadOnlyExecutor executor = prepared(c, settings());
            ExecutionOutcome first = executor.execute(c, Unvalidated.statement(sql, dialect()), List.of());
            ExecutionOutcome second = executor.execute(c, Unvalidated.statement(sql, dialect()), List.of());
            String write = "SELECT * FROM FINAL TABLE (INSERT INTO probe (id, label) SELECT id + 100, label FROM probe"
                    + " WHERE id IN (SELECT id FROM probe WHERE flag))";
            executor.execute(c, Unvalidated.statement(write, dialect()), List.of());
            ExecutionOutcome writeAgain = executor.execute(c, Unvalidated.statement(write, dialect()), List.of());

            assertThat(rowsOf(second).rows()).isEqualTo(rowsOf(first).rows()).hasSize(12);
            assertThat(first.preflight().note()).contains("subqueries").doesNotContain("reused");
            assertThat(second.preflight().note()).contains("subqueries").endsWith(", reused)");
            assertThat(writeAgain.preflight().note()).endsWith(", reused)");
            assertThat(((ExecutionOutcome.Failed) writeAgain).sqlState()).isEqualTo("90097");
        }
        assertThat(snapshot()).isEqualTo(before);
    }
}
