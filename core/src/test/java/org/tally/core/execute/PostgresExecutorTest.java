package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.source.Dialect;
import org.tally.core.testing.RealDatabases;

/**
 * The executor on a real PostgreSQL, through a plain URL without {@code readOnlyMode}: the read-only
 * transaction the executor opens is what stops writes here.
 */
class PostgresExecutorTest extends ReadOnlyExecutorContract {

    @Override
    Dialect dialect() {
        return Dialect.POSTGRES;
    }

    @Override
    String newDatabaseUrl() {
        return RealDatabases.newPostgresDatabase();
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
        return "SELECT pg_sleep(30)";
    }

    @Override
    CostUnit costUnit() {
        return CostUnit.POSTGRES_PLANNER;
    }

    @Override
    List<String> writeAttempts() {
        List<String> writes = new ArrayList<>(super.writeAttempts());
        writes.add("WITH d AS (DELETE FROM probe RETURNING *) SELECT * FROM d");
        writes.add("WITH u AS (UPDATE probe SET label = 'changed' RETURNING id) SELECT COUNT(*) FROM u");
        writes.add("CREATE TEMPORARY TABLE scratch AS SELECT * FROM probe");
        writes.add("SELECT * INTO copied FROM probe");
        writes.add("TRUNCATE probe");
        return writes;
    }

    @Test
    void aSelectCallingAFunctionThatWritesIsRefusedByTheServer() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION tidy_up() RETURNS int LANGUAGE plpgsql AS"
                    + " $$ BEGIN DELETE FROM probe; RETURN 1; END $$");
        }
        List<String> before = snapshot();

        ExecutionOutcome outcome = run(settings(), "SELECT tidy_up()", List.of());

        assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
        assertThat(((ExecutionOutcome.Failed) outcome).sqlState()).isEqualTo("25006");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aWritingFunctionStaysRefusedWhenItsEstimateIsReusedOnAPreparedConnection() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION tidy_up() RETURNS int LANGUAGE plpgsql AS"
                    + " $$ BEGIN DELETE FROM probe; RETURN 1; END $$");
        }
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url + "&readOnlyMode=always")) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings());
            executor.prepare(c);

            ExecutionOutcome first = executor.execute(c, dialect(), "SELECT tidy_up()", List.of());
            ExecutionOutcome second = executor.execute(c, dialect(), "SELECT tidy_up()", List.of());

            assertThat(((ExecutionOutcome.Failed) first).sqlState()).isEqualTo("25006");
            assertThat(((ExecutionOutcome.Failed) second).sqlState()).isEqualTo("25006");
            assertThat(second.preflight().note()).endsWith(", estimate reused)");
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aConnectionWithReadOnlyModeAlwaysReadsAndRefusesWritesToo() throws Exception {
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url + "&readOnlyMode=always")) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings());

            QueryResult read = rowsOf(executor.execute(c, dialect(), "SELECT COUNT(*) FROM probe", List.of()));
            ExecutionOutcome write = executor.execute(c, dialect(), "DELETE FROM probe", List.of());

            assertThat(read.rows()).containsExactly(List.of((long) ROWS));
            assertThat(((ExecutionOutcome.Failed) write).sqlState()).isEqualTo("25006");
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Override
    void assertWriteRefused(String write, ExecutionOutcome.Failed failed) {
        assertThat(failed.sqlState()).as("SQLSTATE of " + write).isEqualTo("25006");
        assertThat(failed.message()).as(write).contains("refused to change data").contains("read-only transaction");
    }
}
